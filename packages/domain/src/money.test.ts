import { describe, expect, it } from 'vitest';
import {
  addMoney,
  isMoneyAmount,
  isRappen,
  MoneyError,
  multiplyMoney,
  percentOfMoney,
  subtractMoney,
  sumMoney,
  toChf,
  toChfString,
  toRappen,
} from './money.ts';

describe('toRappen', () => {
  it('reads CHF numbers and decimal strings exactly', () => {
    expect(toRappen(19.99)).toBe(1999);
    expect(toRappen('19.99')).toBe(1999);
    expect(toRappen(1.15)).toBe(115); // 1.15 * 100 is 114.99999999999999 in floats
    expect(toRappen(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996
    expect(toRappen('1234.5')).toBe(123450);
    expect(toRappen(' 7 ')).toBe(700);
    expect(toRappen('12.')).toBe(1200);
    expect(toRappen(0)).toBe(0);
  });

  it('reads negative amounts and never returns negative zero', () => {
    expect(toRappen(-19.99)).toBe(-1999);
    expect(toRappen('-0.05')).toBe(-5);
    expect(Object.is(toRappen(-0), 0)).toBe(true);
    expect(Object.is(toRappen('-0.00'), 0)).toBe(true);
  });

  it('accepts trailing zeros beyond two decimals, as a database numeric prints them', () => {
    expect(toRappen('19.9900')).toBe(1999);
    expect(toRappen('1e2')).toBe(10000);
  });

  it('rejects float artefacts such as 0.1 + 0.2 instead of rounding them silently', () => {
    expect(() => toRappen(0.1 + 0.2)).toThrow(MoneyError);
    expect(addMoney(toRappen(0.1), toRappen(0.2))).toBe(toRappen(0.3));
  });

  it('rejects more than two decimals, NaN, infinities and text', () => {
    for (const bad of [
      1.005,
      '1.005',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -Infinity,
      5e-324,
      '',
      'abc',
      '1,50',
      '0x10',
    ]) {
      expect(() => toRappen(bad), String(bad)).toThrow(MoneyError);
    }
  });

  it('rejects amounts beyond the safe integer range of Rappen', () => {
    expect(toRappen('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toRappen('90071992547409.92')).toThrow(MoneyError);
    expect(() => toRappen(1e21)).toThrow(MoneyError);
  });
});

describe('isMoneyAmount', () => {
  it('is true for numbers with at most two decimals', () => {
    for (const good of [0, 1, 19.99, -4.5, 0.01, 1234567.89])
      expect(isMoneyAmount(good), String(good)).toBe(true);
  });

  it('is false for more decimals, float artefacts and non-finite numbers', () => {
    for (const bad of [0.001, 1.005, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isMoneyAmount(bad), String(bad)).toBe(false);
    }
  });
});

describe('toChf and toChfString', () => {
  it('turns Rappen into CHF for the wire', () => {
    expect(toChf(1999)).toBe(19.99);
    expect(toChf(-5)).toBe(-0.05);
    expect(toChf(100)).toBe(1);
    expect(JSON.stringify({ amount: toChf(123450) })).toBe('{"amount":1234.5}');
  });

  it('round-trips through the wire for every amount in a wide range', () => {
    for (let r = -100_000; r <= 100_000; r += 7) expect(toRappen(toChf(r))).toBe(r);
    for (const r of [999_999_999_999_99, 123_456_789_012_34, -999_999_999_999_99])
      expect(toRappen(toChf(r))).toBe(r);
  });

  it('prints a plain two-decimal string', () => {
    expect(toChfString(1999)).toBe('19.99');
    expect(toChfString(5)).toBe('0.05');
    expect(toChfString(-5)).toBe('-0.05');
    expect(toChfString(-123450)).toBe('-1234.50');
    expect(toChfString(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('refuses values that are not whole Rappen', () => {
    expect(() => toChf(19.5)).toThrow(MoneyError);
    expect(() => toChfString(Number.NaN)).toThrow(MoneyError);
    expect(isRappen(19.5)).toBe(false);
    expect(isRappen(1999)).toBe(true);
  });
});

describe('arithmetic', () => {
  it('adds, sums and subtracts exactly, including negative amounts', () => {
    expect(addMoney(1999, 1, -500)).toBe(1500);
    expect(addMoney()).toBe(0);
    expect(sumMoney([10, 20, 30])).toBe(60);
    expect(sumMoney([])).toBe(0);
    expect(subtractMoney(1000, 2550)).toBe(-1550);
  });

  it('multiplies by whole counts only', () => {
    expect(multiplyMoney(1999, 3)).toBe(5997);
    expect(multiplyMoney(-250, 4)).toBe(-1000);
    expect(() => multiplyMoney(1999, 1.5)).toThrow(MoneyError);
  });

  it('throws instead of losing precision beyond the safe range', () => {
    expect(() => addMoney(Number.MAX_SAFE_INTEGER, 1)).toThrow(MoneyError);
    expect(() => multiplyMoney(Number.MAX_SAFE_INTEGER, 2)).toThrow(MoneyError);
    expect(() => subtractMoney(-Number.MAX_SAFE_INTEGER, 1)).toThrow(MoneyError);
    expect(() => sumMoney([1, 0.5])).toThrow(MoneyError);
  });
});

describe('percentOfMoney', () => {
  it('takes decimal percentages exactly', () => {
    expect(percentOfMoney(10000, 12.5)).toBe(1250);
    expect(percentOfMoney(1999, 12.5)).toBe(250); // 249.875
    expect(percentOfMoney(10000, 0)).toBe(0);
    expect(percentOfMoney(10000, 100)).toBe(10000);
    expect(percentOfMoney(10000, 150)).toBe(15000);
  });

  it('rounds exact halves away from zero', () => {
    expect(percentOfMoney(50, 1)).toBe(1); // 0.5
    expect(percentOfMoney(-50, 1)).toBe(-1); // -0.5
    expect(percentOfMoney(150, 1)).toBe(2); // 1.5
    expect(percentOfMoney(250, 1)).toBe(3); // 2.5, not banker's 2
    expect(percentOfMoney(49, 1)).toBe(0); // 0.49
    expect(percentOfMoney(-49, 1)).toBe(0);
  });

  it('is not fooled where float multiplication lands just below the half', () => {
    // CHF 15.00 × 33.3 % = CHF 4.995 → 5.00, while 1500 * 33.3 / 100 is 499.49999999999994 in floats
    expect(percentOfMoney(1500, 33.3)).toBe(500);
    expect(percentOfMoney(-1500, 33.3)).toBe(-500);
    expect(percentOfMoney(3500, 33.3)).toBe(1166);
  });

  it('accepts negative percentages and rejects non-finite ones', () => {
    expect(percentOfMoney(1000, -10)).toBe(-100);
    expect(() => percentOfMoney(1000, Number.NaN)).toThrow(MoneyError);
    expect(() => percentOfMoney(1000, Number.POSITIVE_INFINITY)).toThrow(MoneyError);
  });
});
