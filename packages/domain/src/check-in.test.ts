import { describe, expect, it } from 'vitest';
import { encodeBcbp } from './bcbp.ts';
import {
  CHECKIN_OPENS_HOURS_DEFAULT,
  type CheckInFacts,
  checkInOpensHoursOf,
  checkInRefusal,
  checkInWindow,
  passFlightFields,
  passIsForFlight,
} from './check-in.ts';

const departure = '2026-12-01T06:30:00Z';
const HOUR = 3_600_000;
const at = (hoursBefore: number) => new Date(new Date(departure).getTime() - hoursBefore * HOUR);
const facts = (
  changes: {
    reservation?: Partial<CheckInFacts['reservation']>;
    flight?: Partial<CheckInFacts['flight']>;
  } = {},
): CheckInFacts => ({
  reservation: { status: 'confirmed', invoice: { status: 'paid' }, ...changes.reservation },
  flight: { status: 'created', isActive: true, isOnlineCheckInEnabled: true, departure, ...changes.flight },
});

describe('when check-in is open', () => {
  it('opens the configured hours before departure and closes 60 minutes before', () => {
    expect(checkInWindow(departure, 24)).toEqual({ opensAt: at(24), closesAt: at(1) });
    expect(checkInRefusal(facts(), at(24.01), 24)).toBe('notOpen');
    expect(checkInRefusal(facts(), at(24), 24)).toBeNull();
    expect(checkInRefusal(facts(), at(1.01), 24)).toBeNull();
    expect(checkInRefusal(facts(), at(1), 24)).toBe('closed');
    expect(checkInRefusal(facts(), at(30), 48)).toBeNull();
  });

  it('answers the first reason: cancelled, not offered, unpaid, closed, not open', () => {
    const now = at(30);
    const everything = facts({
      reservation: { status: 'cancelled', invoice: { status: 'partly' } },
      flight: { isOnlineCheckInEnabled: false },
    });
    expect(checkInRefusal(everything, now, 24)).toBe('cancelled');
    expect(checkInRefusal(facts({ flight: { status: 'cancelled' } }), now, 24)).toBe('cancelled');
    expect(checkInRefusal(facts({ flight: { isActive: false } }), now, 24)).toBe('cancelled');
    expect(
      checkInRefusal(
        facts({ flight: { isOnlineCheckInEnabled: false }, reservation: { invoice: { status: 'notPaid' } } }),
        now,
        24,
      ),
    ).toBe('notOffered');
    expect(checkInRefusal(facts({ reservation: { invoice: { status: 'partly' } } }), now, 24)).toBe('unpaid');
    expect(checkInRefusal(facts({ reservation: { invoice: { status: 'overpaid' } } }), at(2), 24)).toBeNull();
    expect(checkInRefusal(facts({ flight: { status: 'closed' } }), at(2), 24)).toBe('closed');
    expect(checkInRefusal(facts({ flight: { status: 'departed' } }), at(2), 24)).toBe('closed');
    expect(checkInRefusal(facts(), now, 24)).toBe('notOpen');
  });
});

describe('a boarding pass and its flight', () => {
  const flight = { carrier: 'FB', number: 'FB1402', from: 'ZRH', to: 'PRN', localDate: '2026-12-01' };
  const pass = {
    passengerName: 'GASHI/ILIR',
    eTicket: true,
    recordLocator: 'K7QX2M',
    ...passFlightFields(flight),
    compartment: 'Y',
    seat: '12A',
    sequenceNumber: 7,
    passengerStatus: '1',
  };

  it('names the flight without its carrier and the day of the year of the local date', () => {
    expect(passFlightFields(flight)).toEqual({
      carrier: 'FB',
      flightNumber: '1402',
      from: 'ZRH',
      to: 'PRN',
      dayOfYear: 335,
    });
    expect(encodeBcbp(pass)).toBe('M1GASHI/ILIR          EK7QX2M ZRHPRNFB 1402 335Y012A0007 100');
  });

  it('is for its flight only: another number, route or day is another flight', () => {
    expect(passIsForFlight(pass, flight)).toBe(true);
    expect(passIsForFlight(pass, { ...flight, number: 'FB1403' })).toBe(false);
    expect(passIsForFlight(pass, { ...flight, to: 'SKP' })).toBe(false);
    expect(passIsForFlight(pass, { ...flight, localDate: '2026-12-08' })).toBe(false);
    expect(passIsForFlight(pass, { ...flight, carrier: 'AQ', number: 'AQ1402' })).toBe(false);
  });
});

describe('the CHECKIN_OPENS_HOURS setting', () => {
  it('is the default when unset, a whole number from 2 to 336, and nothing else', () => {
    expect(checkInOpensHoursOf(undefined)).toBe(CHECKIN_OPENS_HOURS_DEFAULT);
    expect(checkInOpensHoursOf('')).toBe(CHECKIN_OPENS_HOURS_DEFAULT);
    expect(checkInOpensHoursOf('48')).toBe(48);
    expect(checkInOpensHoursOf(' 2 ')).toBe(2);
    expect(checkInOpensHoursOf('336')).toBe(336);
    for (const bad of ['1', '337', '24.5', '-24', '24h', 'abc', '0x18'])
      expect(checkInOpensHoursOf(bad), bad).toBeNull();
  });
});
