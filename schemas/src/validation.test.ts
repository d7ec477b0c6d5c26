import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToErrors, parseRequest, requiredChoice } from './index.ts';

describe('issuesToErrors', () => {
  it("carries a refinement's own params besides its code, and the limit of a built-in rule", () => {
    const schema = z.object({ phone: z.string(), name: z.string().max(3) }).superRefine((_value, ctx) =>
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: 'should be greater or equal: 9',
        params: { code: 'ERROR_MINIMUM', limit: 9, digits: 8 },
      }),
    );
    const result = schema.safeParse({ phone: '+41 79 123 45 6', name: 'Arben' });
    expect(result.success).toBe(false);
    expect(issuesToErrors(result.error?.issues ?? [])).toEqual([
      { code: 'ERROR_MAX_LENGTH', message: expect.any(String), field: 'name', params: { limit: 3 } },
      {
        code: 'ERROR_MINIMUM',
        message: 'should be greater or equal: 9',
        field: 'phone',
        params: { limit: 9, digits: 8 },
      },
    ]);
  });

  it('gives a refinement with only a code no params', () => {
    const schema = z.string().refine(() => false, { message: 'No', params: { code: 'ERROR_NOT_BLANK' } });
    const result = schema.safeParse(' ');
    expect(issuesToErrors(result.error?.issues ?? [])).toEqual([{ code: 'ERROR_NOT_BLANK', message: 'No' }]);
  });
});

describe('parseRequest', () => {
  const Body = z.object({
    id: z.coerce.number().int().positive(),
    name: z.string(),
    kind: z.enum(['a', 'b']),
    choice: requiredChoice(z.enum(['x', 'y'])),
    config: z
      .string()
      .transform((text) => JSON.parse(text) as unknown)
      .pipe(z.object({ rateId: z.coerce.number().int() }))
      .optional(),
  });
  const codes = (value: unknown) => {
    const result = parseRequest(Body, value);
    return result.success ? {} : Object.fromEntries(result.errors.map((error) => [error.field, error.code]));
  };

  it('answers ERROR_REQUIRED for missing and null values, also where a number is coerced', () => {
    expect(codes({ name: null, choice: '' })).toEqual({
      id: 'ERROR_REQUIRED',
      name: 'ERROR_REQUIRED',
      kind: 'ERROR_REQUIRED',
      choice: 'ERROR_REQUIRED',
    });
  });

  it('answers ERROR_TYPE for a value of the wrong type and ERROR_ENUM for one outside the choices', () => {
    expect(codes({ id: 'seven', name: 7, kind: 'c', choice: 3, config: '{"rateId":"x"}' })).toEqual({
      id: 'ERROR_TYPE',
      name: 'ERROR_TYPE',
      kind: 'ERROR_ENUM',
      choice: 'ERROR_TYPE',
      'config.rateId': 'ERROR_TYPE',
    });
    const whole = parseRequest(Body, 'text');
    expect(whole.success ? null : whole.errors).toEqual([
      expect.objectContaining({ code: 'ERROR_TYPE', message: expect.not.stringContaining('text"') }),
    ]);
  });

  it('gives the parsed data when the value fits', () => {
    expect(parseRequest(Body, { id: '4', name: 'n', kind: 'a', choice: 'x' })).toEqual({
      success: true,
      data: { id: 4, name: 'n', kind: 'a', choice: 'x' },
    });
  });
});
