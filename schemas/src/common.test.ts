import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { IdSchema, MAX_ID, MONEY_MAX, MoneySchema } from './common.ts';
import { ProfileMoneySchema } from './user-fields.ts';
import { issuesToErrors } from './validation.ts';

/** The error codes a value gets from a schema, as the API would answer them. */
const codes = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : issuesToErrors(result.error.issues).map((error) => error.code);
};

describe('MoneySchema', () => {
  it('takes whole Rappen of either sign up to the limit', () => {
    for (const amount of [0, 0.01, 19.99, 1234.5, -0.01, -250, MONEY_MAX, -MONEY_MAX, 123_456_789.12]) {
      expect(MoneySchema.safeParse(amount).success, String(amount)).toBe(true);
    }
  });

  it('refuses fractions of a Rappen, float artefacts and denormals, which the money module cannot read', () => {
    for (const amount of [0.001, 12.345, 1.005, 0.1 + 0.2, 0.1 + 0.7, 5e-324, -0.001]) {
      expect(codes(MoneySchema, amount), String(amount)).toEqual(['ERROR_MONEY_PRECISION']);
      expect(ProfileMoneySchema.safeParse(amount).success, `profile ${amount}`).toBe(false);
    }
  });

  it('refuses amounts beyond the limit and values JSON cannot hold', () => {
    expect(codes(MoneySchema, MONEY_MAX + 0.01)).toEqual(['ERROR_MAXIMUM']);
    expect(codes(MoneySchema, -1e300)).toEqual(['ERROR_MINIMUM']);
    expect(codes(MoneySchema, 1e15)).toEqual(['ERROR_MAXIMUM']);
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, '12.50']) {
      expect(MoneySchema.safeParse(amount).success, String(amount)).toBe(false);
    }
  });
});

describe('IdSchema', () => {
  it("takes ids in PostgreSQL's integer range and refuses larger ones", () => {
    expect(IdSchema.safeParse(String(MAX_ID)).data).toBe(MAX_ID);
    expect(codes(IdSchema, '2147483648')).toEqual(['ERROR_MAXIMUM']);
    expect(IdSchema.safeParse(Number.MAX_SAFE_INTEGER).success).toBe(false);
  });
});
