import { describe, expect, it } from 'vitest';
import {
  cancellationFeeProblem,
  canSplitParty,
  defaultPaymentDeadline,
  isDepartingSoon,
  repeatedPassengerOptions,
  splitPaidShare,
} from './reservations.ts';

describe('cancellationFeeProblem', () => {
  it('allows a fee from 0 up to the total and refuses one below or above', () => {
    expect(cancellationFeeProblem(0, 97_200)).toBeNull();
    expect(cancellationFeeProblem(97_200, 97_200)).toBeNull();
    expect(cancellationFeeProblem(200_000, 97_200)).toBe('aboveTotal');
    expect(cancellationFeeProblem(-1, 97_200)).toBe('negative');
  });
});

describe('splitPaidShare', () => {
  it('moves the whole price of the split passengers off a paid or overpaid reservation', () => {
    expect(splitPaidShare(97_200, 97_200, 48_600)).toBe(48_600);
    expect(splitPaidShare(120_000, 97_200, 48_600)).toBe(48_600);
  });
  it('moves their share of a partly paid reservation, rounded down to the Rappen', () => {
    expect(splitPaidShare(10_001, 30_000, 10_000)).toBe(3_333);
  });
  it('moves nothing off an unpaid reservation or for a free passenger', () => {
    expect(splitPaidShare(0, 97_200, 48_600)).toBe(0);
    expect(splitPaidShare(97_200, 97_200, 0)).toBe(0);
  });
});

describe('defaultPaymentDeadline', () => {
  it('is 14 days from today when the flight is further away', () => {
    expect(defaultPaymentDeadline('2031-03-01', '2031-04-10')).toBe('2031-03-15');
  });
  it('is the day before departure when that comes first', () => {
    expect(defaultPaymentDeadline('2031-03-01', '2031-03-08')).toBe('2031-03-07');
  });
  it('is never before tomorrow', () => {
    expect(defaultPaymentDeadline('2031-03-01', '2031-03-01')).toBe('2031-03-02');
    expect(defaultPaymentDeadline('2031-12-31', '2032-01-01')).toBe('2032-01-01');
  });
});

describe('isDepartingSoon', () => {
  const now = new Date('2031-03-01T12:00:00Z');
  it('counts the 48 hours before departure', () => {
    expect(isDepartingSoon(new Date('2031-03-03T11:59:00Z'), now)).toBe(true);
    expect(isDepartingSoon(new Date('2031-03-03T12:00:00Z'), now)).toBe(false);
  });
});

describe('canSplitParty', () => {
  it('keeps every infant with an adult on both sides', () => {
    expect(canSplitParty(['adult'], ['adult', 'infant'])).toBe(true);
    expect(canSplitParty(['adult'], ['child', 'infant'])).toBe(false);
    expect(canSplitParty(['infant'], ['adult', 'adult'])).toBe(false);
    expect(canSplitParty(['adult', 'infant'], ['adult'])).toBe(true);
    expect(canSplitParty([], ['adult'])).toBe(false);
  });
});

describe('repeatedPassengerOptions', () => {
  const choice = (passenger: number, flightId: number, optionId: number) => ({
    passenger,
    flight: { id: flightId },
    option: { id: optionId },
  });
  it('names every repeat of an option for the same passenger on the same flight, not the first', () => {
    expect(
      repeatedPassengerOptions([choice(0, 7, 3), choice(1, 7, 3), choice(0, 7, 3), choice(0, 7, 3)]),
    ).toEqual([2, 3]);
  });
  it('lets the option go with another passenger, another flight, or another option', () => {
    expect(
      repeatedPassengerOptions([choice(0, 7, 3), choice(1, 7, 3), choice(0, 8, 3), choice(0, 7, 4)]),
    ).toEqual([]);
    expect(repeatedPassengerOptions([])).toEqual([]);
  });
});
