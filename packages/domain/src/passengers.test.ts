import { describe, expect, it } from 'vitest';
import { ageOn, canMarkAppearing, isInfantOn, seatChangeBlock } from './passengers.ts';

const adult = { isAppeared: null, ageType: 'adult', birthday: '1980-04-02' };
const open = { status: 'created' as const };
const DAY = '2026-12-05';

describe('departure control rules', () => {
  it('lets the seat of a pending adult or child change on an open flight', () => {
    expect(seatChangeBlock(adult, open, DAY)).toBeNull();
    expect(seatChangeBlock({ ...adult, isAppeared: false }, open, DAY)).toBeNull();
    expect(seatChangeBlock({ ...adult, ageType: 'child', birthday: '2020-01-01' }, open, DAY)).toBeNull();
  });

  it('blocks seats on closed, departed and cancelled flights before anything else', () => {
    for (const status of ['closed', 'departed', 'cancelled'] as const) {
      expect(seatChangeBlock({ ...adult, isAppeared: true }, { status }, DAY)).toBe(status);
    }
  });

  it('blocks the seat of a passenger who appeared, and of an infant by age type or by age', () => {
    expect(seatChangeBlock({ ...adult, isAppeared: true }, open, DAY)).toBe('appeared');
    expect(seatChangeBlock({ ...adult, ageType: 'infant', birthday: null }, open, DAY)).toBe('infant');
    // A "child" born 1 year 11 months before departure is younger than the infant age limit.
    expect(seatChangeBlock({ ...adult, ageType: 'child', birthday: '2025-01-06' }, open, DAY)).toBe('infant');
    expect(isInfantOn({ ageType: 'child', birthday: '2024-12-05' }, DAY)).toBe(false);
  });

  it('marks appearing on every flight but a cancelled one', () => {
    expect(canMarkAppearing({ status: 'departed' })).toBe(true);
    expect(canMarkAppearing({ status: 'closed' })).toBe(true);
    expect(canMarkAppearing({ status: 'cancelled' })).toBe(false);
  });

  it('counts ages in full years on the day', () => {
    expect(ageOn('1980-12-06', DAY)).toBe(45);
    expect(ageOn('1980-12-05', DAY)).toBe(46);
    expect(ageOn(null, DAY)).toBeNull();
    expect(ageOn('2027-01-01', DAY)).toBeNull();
  });
});
