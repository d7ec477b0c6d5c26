import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { IdSchema, MAX_ID } from './common.ts';
import { issuesToErrors } from './validation.ts';

/** The error codes a value gets from a schema, as the API would answer them. */
const codes = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : issuesToErrors(result.error.issues).map((error) => error.code);
};

describe('IdSchema', () => {
  it("takes ids in PostgreSQL's integer range and refuses larger ones", () => {
    expect(IdSchema.safeParse(String(MAX_ID)).data).toBe(MAX_ID);
    expect(codes(IdSchema, '2147483648')).toEqual(['ERROR_MAXIMUM']);
    expect(IdSchema.safeParse(Number.MAX_SAFE_INTEGER).success).toBe(false);
  });
});
