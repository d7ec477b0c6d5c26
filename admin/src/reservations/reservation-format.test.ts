import { describe, expect, it } from 'vitest';
import { flightParts } from './reservation-format.ts';

const flight = {
  number: 'FB101',
  departure: '2031-06-09T04:30:00.000Z',
  origin: { code: 'ZRH', timezone: 'Europe/Zurich' },
  destination: { code: 'PRN' },
};

describe('a booked flight in the reservation lists', () => {
  it('prints the departure at the origin in 24-hour time with the weekday, in each language', () => {
    expect(flightParts(flight, 'en')).toEqual({
      route: 'FB101 ZRH → PRN',
      departure: 'Mon 9 Jun 2031, 06:30',
    });
    expect(flightParts(flight, 'de').departure).toBe('Mo., 9. Juni 2031, 06:30');
    expect(flightParts(flight, 'fr').departure).toBe('lun. 9 juin 2031, 06:30');
    expect(flightParts(flight, 'sq').departure).toBe('hën, 9 qer 2031, 06:30');
  });

  it('falls back to UTC, marked so, when the snapshot has no time zone', () => {
    const old = { ...flight, origin: { code: 'ZRH' } };
    expect(flightParts(old, 'sq').departure).toBe('hën, 9 qer 2031, 04:30 UTC');
  });
});
