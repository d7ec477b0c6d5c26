import { TZDate } from '@date-fns/tz';
import { format, getISODay } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  airportInstant,
  airportLocalTime,
  canCancelFlight,
  canDelayFlight,
  canMarkFlightDeparted,
  canUndelayFlight,
  sequenceDates,
  sequenceSchedule,
} from './flights.ts';

const now = new Date('2026-12-01T10:00:00Z');
const flight = (
  status: 'created' | 'closed' | 'cancelled' | 'departed',
  isDelayed = false,
  departure = '2026-12-05T10:00:00Z',
) => ({
  status,
  isDelayed,
  departure,
});

describe('flight state rules', () => {
  it('cancels only created flights', () => {
    expect(canCancelFlight(flight('created'))).toBe(true);
    for (const status of ['closed', 'cancelled', 'departed'] as const)
      expect(canCancelFlight(flight(status))).toBe(false);
  });

  it('marks departed after a delay or once the departure window has begun, never after departed or cancelled', () => {
    expect(canMarkFlightDeparted(flight('created'), now)).toBe(false);
    expect(canMarkFlightDeparted(flight('created', true), now)).toBe(true);
    expect(canMarkFlightDeparted(flight('closed', false, '2026-12-01T10:45:00Z'), now)).toBe(true);
    expect(canMarkFlightDeparted(flight('created', false, '2026-12-01T11:30:00Z'), now)).toBe(false);
    expect(canMarkFlightDeparted(flight('departed', true), now)).toBe(false);
    expect(canMarkFlightDeparted(flight('cancelled', true), now)).toBe(false);
  });

  it('delays flights still to come and takes back only an existing delay', () => {
    expect(canDelayFlight(flight('closed'))).toBe(true);
    expect(canDelayFlight(flight('departed'))).toBe(false);
    expect(canUndelayFlight(flight('created'))).toBe(false);
    expect(canUndelayFlight(flight('created', true))).toBe(true);
  });
});

describe('airport-local time', () => {
  it('reads an instant in the airport time zone', () => {
    expect(airportLocalTime('2026-07-01T04:30:00Z', 'Europe/Zurich')).toEqual({
      date: '2026-07-01',
      time: '06:30',
      weekday: 3,
    });
    expect(airportLocalTime('2026-12-31T23:30:00Z', 'Europe/Tirane')).toEqual({
      date: '2027-01-01',
      time: '00:30',
      weekday: 5,
    });
  });

  it('answers an instant asked again, in another zone or past the answers it keeps, as the first time', () => {
    const first = airportLocalTime('2026-07-01T04:30:00Z', 'Europe/Zurich');
    expect(airportLocalTime(new Date('2026-07-01T04:30:00Z'), 'Europe/Zurich')).toEqual(first);
    // The same instant in London is an hour earlier: one zone's answers are not another's.
    expect(airportLocalTime('2026-07-01T04:30:00Z', 'Europe/London').time).toBe('05:30');
    expect(Object.isFrozen(first)).toBe(true);
    for (let minute = 0; minute < 5_000; minute += 1)
      airportLocalTime(new Date(Date.UTC(2027, 0, 1, 0, minute)), 'Europe/Zurich');
    expect(airportLocalTime('2026-07-01T04:30:00Z', 'Europe/Zurich')).toEqual(first);
    expect(airportLocalTime(new Date(Date.UTC(2027, 0, 1, 0, 4_999)), 'Europe/Zurich').time).toBe('12:19');
    expect(() => airportLocalTime('not a date', 'Europe/Zurich')).toThrow(RangeError);
  });

  // date-fns' zoned format is the cost here (about 3 s quiet): room for a loaded machine.
  it('reads every instant as date-fns does in the zone, across the clock changes', {
    timeout: 30_000,
  }, () => {
    const zones = ['Europe/Zurich', 'Europe/Tirane', 'Europe/London', 'America/New_York', 'Asia/Kolkata'];
    // every 97 minutes over two years: both clock changes of each year, midnights, year ends
    // Mismatches are gathered and compared once: 54,000 expects took seconds on a loaded machine.
    const mismatches: string[] = [];
    let compared = 0;
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2028, 0, 1); at += 97 * 60_000) {
      for (const zone of zones) {
        const local = new TZDate(at, zone);
        const ours = airportLocalTime(new Date(at), zone);
        const theirs = {
          date: format(local, 'yyyy-MM-dd'),
          time: format(local, 'HH:mm'),
          weekday: getISODay(local),
        };
        compared += 1;
        if (ours.date !== theirs.date || ours.time !== theirs.time || ours.weekday !== theirs.weekday)
          mismatches.push(
            `${new Date(at).toISOString()} ${zone}: ${JSON.stringify(ours)} ≠ ${JSON.stringify(theirs)}`,
          );
      }
    }
    expect(compared).toBeGreaterThan(50_000);
    expect(mismatches).toEqual([]);
  });

  it('turns a wall-clock time into the instant, summer and winter', () => {
    expect(airportInstant('2026-07-01', '06:30', 'Europe/Zurich').toISOString()).toBe(
      '2026-07-01T04:30:00.000Z',
    );
    expect(airportInstant('2026-12-01', '06:30', 'Europe/Zurich').toISOString()).toBe(
      '2026-12-01T05:30:00.000Z',
    );
  });
});

describe('sequence dates', () => {
  it('includes the first and last date and keeps only the weekdays asked for', () => {
    // 2026-12-01 is a Tuesday.
    expect(
      sequenceDates({ firstDate: '2026-12-01', lastDate: '2026-12-15', period: 1, weekdays: [2, 5] }),
    ).toEqual(['2026-12-01', '2026-12-04', '2026-12-08', '2026-12-11', '2026-12-15']);
  });

  it('counts every other week from the week of the first date', () => {
    expect(
      sequenceDates({ firstDate: '2026-12-03', lastDate: '2026-12-31', period: 2, weekdays: [1, 4] }),
    ).toEqual(['2026-12-03', '2026-12-14', '2026-12-17', '2026-12-28', '2026-12-31']);
  });

  it('is empty when no date matches', () => {
    expect(
      sequenceDates({ firstDate: '2026-12-01', lastDate: '2026-12-02', period: 1, weekdays: [7] }),
    ).toEqual([]);
  });

  it('keeps the local departure time across a clock change and the block time of the template', () => {
    const schedule = sequenceSchedule(
      { firstDate: '2026-10-24', lastDate: '2026-10-25', period: 1, weekdays: [6, 7] },
      { departure: '2026-10-01T04:30:00Z', arrival: '2026-10-01T06:45:00Z', originTimezone: 'Europe/Zurich' },
    );
    expect(schedule.map((flight) => flight.departure.toISOString())).toEqual([
      '2026-10-24T04:30:00.000Z',
      '2026-10-25T05:30:00.000Z',
    ]);
    expect(schedule.map((flight) => flight.arrival.getTime() - flight.departure.getTime())).toEqual([
      135 * 60_000,
      135 * 60_000,
    ]);
  });
});
