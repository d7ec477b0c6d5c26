import { describe, expect, it } from 'vitest';
import { ageTypeOn, travelDayOf, yearsOn } from './ages.ts';

describe('age types on the day of travel', () => {
  it('counts full years the way a birthday does', () => {
    expect(yearsOn('2014-12-20', '2026-12-19')).toBe(11);
    expect(yearsOn('2014-12-19', '2026-12-19')).toBe(12);
    expect(yearsOn('2016-02-29', '2026-02-28')).toBe(9);
  });

  it('makes under-2s infants, 2 to 11 children and 12 and older adults, both edges', () => {
    expect(ageTypeOn('2024-12-20', '2026-12-19')).toBe('infant');
    expect(ageTypeOn('2024-12-19', '2026-12-19')).toBe('child');
    expect(ageTypeOn('2014-12-20', '2026-12-19')).toBe('child');
    expect(ageTypeOn('2014-12-19', '2026-12-19')).toBe('adult');
    expect(ageTypeOn('2026-12-20', '2026-12-19')).toBeNull();
  });

  it("takes the day of travel from the first flight's departure where it departs", () => {
    const zurich = { timezone: 'Europe/Zurich' };
    // Summer (UTC+2), winter (UTC+1), and the west of UTC, where the local day is the one before.
    expect(travelDayOf({ departure: '2031-06-01T22:30:00Z', origin: zurich })).toBe('2031-06-02');
    expect(travelDayOf({ departure: '2031-06-01T21:59:00Z', origin: zurich })).toBe('2031-06-01');
    expect(travelDayOf({ departure: new Date('2031-12-31T23:10:00Z'), origin: zurich })).toBe('2032-01-01');
    expect(travelDayOf({ departure: '2031-12-31T22:59:00Z', origin: zurich })).toBe('2031-12-31');
    expect(travelDayOf({ departure: '2031-03-01T02:00:00Z', origin: { timezone: 'America/New_York' } })).toBe(
      '2031-02-28',
    );
    // Born on 1 January 2030: an infant on 31 December 2031 (the UTC day), a child on the local day.
    const newYear = travelDayOf({ departure: '2031-12-31T23:10:00Z', origin: zurich });
    expect(ageTypeOn('2030-01-01', '2031-12-31')).toBe('infant');
    expect(ageTypeOn('2030-01-01', newYear)).toBe('child');
  });
});
