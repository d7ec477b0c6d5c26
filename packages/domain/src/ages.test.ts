import { describe, expect, it } from 'vitest';
import { ageTypeOn, yearsOn } from './ages.ts';

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
});
