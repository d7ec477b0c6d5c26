import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPhone,
  DEFAULT_PHONE_DIGIT_RANGE,
  PHONE_COUNTRIES,
  phoneDigitRange,
  readPhone,
} from './phone.ts';

const digits = (count: number) => '7'.repeat(count);

describe('phoneDigitRange', () => {
  it('has the ranges of spec 03 §5 by dial code, country code and the spec key', () => {
    expect(phoneDigitRange('+355')).toEqual({ min: 3, max: 9 });
    expect(phoneDigitRange('sq')).toEqual({ min: 3, max: 9 });
    expect(phoneDigitRange('AL')).toEqual({ min: 3, max: 9 });
    expect(phoneDigitRange('at')).toEqual({ min: 9, max: 15 });
    expect(phoneDigitRange('0041')).toEqual({ min: 9, max: 9 });
    expect(phoneDigitRange('49')).toEqual({ min: 8, max: 13 });
    expect(phoneDigitRange('FR')).toEqual({ min: 11, max: 11 });
    expect(phoneDigitRange('+39')).toEqual({ min: 8, max: 11 });
    expect(phoneDigitRange('mk')).toEqual({ min: 8, max: 8 });
  });

  it('knows Kosovo as KV (our table), XK (ISO), xk (spec key) and +383', () => {
    for (const name of ['KV', 'XK', 'xk', '+383', '383'])
      expect(phoneDigitRange(name)).toEqual({ min: 8, max: 8 });
  });

  it('gives 6-18 for every other country and for nothing', () => {
    expect(phoneDigitRange('BE')).toEqual({ min: 6, max: 18 });
    expect(phoneDigitRange('+32')).toEqual({ min: 6, max: 18 });
    expect(phoneDigitRange(null)).toEqual(DEFAULT_PHONE_DIGIT_RANGE);
  });
});

describe('checkPhone', () => {
  it('answers the spec messages with the limit', () => {
    expect(checkPhone('+41 79 123 456')).toEqual({
      code: 'ERROR_MINIMUM',
      message: 'should be greater or equal: 9',
      params: { limit: 9, digits: 8 },
    });
    expect(checkPhone('+383 44 123 4567')).toEqual({
      code: 'ERROR_MAXIMUM',
      message: 'should be less or equal: 8',
      params: { limit: 8, digits: 9 },
    });
    expect(checkPhone('+41 79 123 45 67')).toBeNull();
    expect(checkPhone('+383 44 123 456')).toBeNull();
  });

  it('counts the digits after the dial code, whatever separators are typed', () => {
    expect(checkPhone('0041 (79) 123-45.67')).toBeNull();
    expect(checkPhone('+389 70/123 456')).toBeNull();
    expect(readPhone('+41 79 123 45 67')).toEqual({
      dialCode: '41',
      national: '791234567',
      range: { min: 9, max: 9 },
    });
  });

  it('takes the range from the dial code, not from the holder’s country', () => {
    // A customer living in Kosovo with a Swiss mobile number.
    expect(checkPhone('+41 79 123 45 67', 'KV')).toBeNull();
    expect(checkPhone('+383 44 123 456', 'CH')).toBeNull();
  });

  it("reads a number without dial code as the holder's country's, dropping the trunk 0 except in Italy", () => {
    expect(checkPhone('079 123 45 67', 'CH')).toBeNull();
    expect(checkPhone('044 123 456', 'KV')).toBeNull();
    expect(checkPhone('06 1234 5678', 'IT')).toBeNull();
    expect(readPhone('06 1234 5678', 'IT')?.national).toBe('0612345678');
    expect(checkPhone('079 123 45 6', 'CH')?.message).toBe('should be greater or equal: 9');
    expect(checkPhone('079 123 45 67')).toBeNull();
  });

  it('splits an unranged dial code when the holder’s country gives it, else counts every digit', () => {
    expect(readPhone('+32 470 12 34 56', { code: 'BE', dialCode: '+32' })).toEqual({
      dialCode: '32',
      national: '470123456',
      range: { min: 6, max: 18 },
    });
    expect(readPhone('+32 470 12 34 56')?.national).toBe('32470123456');
    expect(checkPhone('+32 1234', { code: 'BE', dialCode: '+32' })?.code).toBe('ERROR_MINIMUM');
  });

  it('refuses text that is not a number', () => {
    expect(checkPhone('+41 79 abc')?.code).toBe('ERROR_PATTERN');
    expect(checkPhone('41+79')?.code).toBe('ERROR_PATTERN');
    expect(checkPhone('')?.code).toBe('ERROR_PATTERN');
  });

  it('accepts exactly the counts in each ranged country’s range (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PHONE_COUNTRIES),
        fc.integer({ min: 0, max: 25 }),
        fc.constantFrom('+', '00'),
        (country, count, prefix) => {
          const result = checkPhone(`${prefix}${country.dialCode} ${digits(count)}`);
          if (count < country.range.min) {
            expect(result).toMatchObject({ code: 'ERROR_MINIMUM', params: { limit: country.range.min } });
          } else if (count > country.range.max) {
            expect(result).toMatchObject({ code: 'ERROR_MAXIMUM', params: { limit: country.range.max } });
          } else {
            expect(result).toBeNull();
          }
        },
      ),
    );
  });

  it('holds the boundaries: min and max pass, one less and one more fail (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PHONE_COUNTRIES), (country) => {
        const number = (count: number) => `+${country.dialCode}${digits(count)}`;
        expect(checkPhone(number(country.range.min))).toBeNull();
        expect(checkPhone(number(country.range.max))).toBeNull();
        expect(checkPhone(number(country.range.min - 1))?.message).toBe(
          `should be greater or equal: ${country.range.min}`,
        );
        expect(checkPhone(number(country.range.max + 1))?.message).toBe(
          `should be less or equal: ${country.range.max}`,
        );
      }),
    );
  });

  it('uses 6-18 for numbers of other countries written without dial code (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 25 }), (count) => {
        const result = checkPhone(digits(count), 'BE');
        expect(result === null).toBe(count >= 6 && count <= 18);
      }),
    );
  });
});
