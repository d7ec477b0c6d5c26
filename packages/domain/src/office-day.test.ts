import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { airportLocalTime } from './flights.ts';
import { OFFICE_TIME_ZONE, officeDayOf, officeToday, shiftDay, weekdayOfDay } from './office-day.ts';

describe('officeToday', () => {
  it('is the day in Zurich: an hour ahead of UTC in winter, two in summer', () => {
    expect(OFFICE_TIME_ZONE).toBe('Europe/Zurich');
    // Winter (CET, UTC+1): 23:00 UTC is already midnight in Zurich.
    expect(officeToday(new Date('2031-01-15T22:59:59Z'))).toBe('2031-01-15');
    expect(officeToday(new Date('2031-01-15T23:00:00Z'))).toBe('2031-01-16');
    // Summer (CEST, UTC+2): 22:00 UTC is already midnight in Zurich.
    expect(officeToday(new Date('2031-07-15T21:59:59Z'))).toBe('2031-07-15');
    expect(officeToday(new Date('2031-07-15T22:00:00Z'))).toBe('2031-07-16');
    // Midnight UTC is the same day in Zurich, never the day before.
    expect(officeToday(new Date('2031-07-16T00:00:00Z'))).toBe('2031-07-16');
  });

  it('follows the clock changes of March and October', () => {
    // Clocks go forward on 30 March 2031 at 01:00 UTC: the evening before is still CET.
    expect(officeToday(new Date('2031-03-29T22:59:00Z'))).toBe('2031-03-29');
    expect(officeToday(new Date('2031-03-29T23:00:00Z'))).toBe('2031-03-30');
    expect(officeToday(new Date('2031-03-30T21:59:00Z'))).toBe('2031-03-30');
    expect(officeToday(new Date('2031-03-30T22:00:00Z'))).toBe('2031-03-31');
    // Clocks go back on 26 October 2031 at 01:00 UTC: that evening midnight is at 23:00 UTC.
    expect(officeToday(new Date('2031-10-25T21:59:00Z'))).toBe('2031-10-25');
    expect(officeToday(new Date('2031-10-25T22:00:00Z'))).toBe('2031-10-26');
    expect(officeToday(new Date('2031-10-26T22:30:00Z'))).toBe('2031-10-26');
    expect(officeToday(new Date('2031-10-26T23:00:00Z'))).toBe('2031-10-27');
  });

  it('is the calendar day in Zurich (moved from the allotments tests)', () => {
    expect(officeToday(new Date('2032-03-31T22:30:00Z'))).toBe('2032-04-01');
    expect(officeToday(new Date('2032-03-31T21:30:00Z'))).toBe('2032-03-31');
  });

  it('is the office day of the current instant by default', () => {
    const before = officeDayOf(new Date());
    const today = officeToday();
    expect([before, officeDayOf(new Date())]).toContain(today);
  });

  it('runs from the day before the UTC day to that day, never further', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (now) => {
          const utcDay = now.toISOString().slice(0, 10);
          expect([utcDay, shiftDay(utcDay, 1)]).toContain(officeToday(now));
        },
      ),
    );
  });
});

describe('officeDayOf', () => {
  it('takes instants as dates or ISO strings', () => {
    expect(officeDayOf('2032-03-31T22:30:00Z')).toBe('2032-04-01');
    expect(officeDayOf(new Date('2032-03-31T21:30:00Z'))).toBe('2032-03-31');
  });

  it('is one day for every instant of an hour, both clock changes included, as kept for the next ask', () => {
    const hour = 3_600_000;
    const mismatches: string[] = [];
    for (let start = Date.UTC(2031, 0, 1); start < Date.UTC(2032, 0, 1); start += hour) {
      // The last millisecond first on odd hours, so either end of the hour fills what is kept.
      const ends = (start / hour) % 2 === 0 ? [start, start + hour - 1] : [start + hour - 1, start];
      for (const at of ends) {
        const expected = airportLocalTime(new Date(at), OFFICE_TIME_ZONE).date;
        if (officeDayOf(new Date(at)) !== expected) mismatches.push(new Date(at).toISOString());
      }
    }
    expect(mismatches).toEqual([]);
    // Before 1894 Zurich kept Bern's mean time (29 minutes 46 seconds ahead of UTC): one hour
    // there held two days.
    expect(officeDayOf('1890-06-01T23:29:00Z')).toBe('1890-06-01');
    expect(officeDayOf('1890-06-01T23:31:00Z')).toBe('1890-06-02');
  });

  it('is the day airportLocalTime gives in the office zone (what the API used before)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        (instant) => {
          expect(officeDayOf(instant)).toBe(airportLocalTime(instant, OFFICE_TIME_ZONE).date);
          expect(officeDayOf(instant.toISOString())).toBe(officeDayOf(instant));
        },
      ),
    );
  });
});

describe('shiftDay', () => {
  it('moves across month, year and leap days', () => {
    expect(shiftDay('2031-01-31', 1)).toBe('2031-02-01');
    expect(shiftDay('2031-12-31', 1)).toBe('2032-01-01');
    expect(shiftDay('2032-02-28', 1)).toBe('2032-02-29');
    expect(shiftDay('2032-03-01', -1)).toBe('2032-02-29');
    expect(shiftDay('2031-03-01', -1)).toBe('2031-02-28');
    expect(shiftDay('2031-06-10', 0)).toBe('2031-06-10');
  });

  it('keeps whole days over the clock changes (no hour lost in March or won in October)', () => {
    expect(shiftDay('2031-03-29', 1)).toBe('2031-03-30');
    expect(shiftDay('2031-03-30', 1)).toBe('2031-03-31');
    expect(shiftDay('2031-10-25', 2)).toBe('2031-10-27');
  });

  it('goes there and back again', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.integer({ min: -800, max: 800 }),
        (date, days) => {
          const day = date.toISOString().slice(0, 10);
          expect(shiftDay(shiftDay(day, days), -days)).toBe(day);
        },
      ),
    );
  });
});

describe('weekdayOfDay', () => {
  it('numbers Monday 1 to Sunday 7', () => {
    expect(weekdayOfDay('2031-06-02')).toBe(1);
    expect(weekdayOfDay('2031-06-08')).toBe(7);
    expect(weekdayOfDay('2031-12-31')).toBe(3);
  });
});
