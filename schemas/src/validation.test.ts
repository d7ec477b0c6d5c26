import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToErrors } from './validation.ts';

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
