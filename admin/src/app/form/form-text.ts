import { isMoneyAmount, toChfString, toRappen } from '@flybook/domain';
import { z } from 'zod';

const required = () => ({ message: 'This value is required.', params: { code: 'ERROR_REQUIRED' } });

// Digits with an optional decimal part; a leading minus is let through so the schema's own
// "should be greater or equal" rule can say what is wrong.
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Reads a typed number; empty is `undefined` (the caller decides whether that is allowed). */
function readDecimal(text: string, ctx: z.RefinementCtx): number | undefined {
  const normalized = text.trim().replace(',', '.');
  if (normalized === '') return undefined;
  if (!DECIMAL.test(normalized)) {
    ctx.addIssue({
      code: 'custom',
      message: 'This value is not in the right format.',
      params: { code: 'ERROR_FORMAT' },
    });
    return z.NEVER;
  }
  return Number(normalized);
}

/**
 * A number typed into a text input, checked by a shared schema: "12.5", "12.50" and "12,50" are
 * 12.5. Empty says "required", anything else that is not a number says "not in the right format",
 * and the schema judges the number (money with more than two decimals: ERROR_MONEY_PRECISION).
 */
export function decimalText<S extends z.ZodType<unknown, number>>(schema: S) {
  return z
    .string()
    .transform((text, ctx) => {
      const value = readDecimal(text, ctx);
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', ...required() });
        return z.NEVER;
      }
      return value;
    })
    .pipe(schema);
}

/**
 * An optional number typed into a text input: empty is "not given" (the field is left out of the
 * body, e.g. an empty credit limit, spec 03 §5); anything else is read as {@link decimalText} does.
 */
export function optionalDecimalText<S extends z.ZodType<unknown, number>>(schema: S) {
  return z.string().transform(readDecimal).pipe(schema.optional());
}

/**
 * A required text checked by a shared schema after `normalize` (e.g. trim and uppercase a code):
 * empty says "required" rather than the schema's pattern message.
 */
export function requiredText<S extends z.ZodType<unknown, string>>(
  schema: S,
  normalize: (text: string) => string = (text) => text,
) {
  return z
    .string()
    .transform((text, ctx) => {
      const value = normalize(text);
      if (value.trim() === '') {
        ctx.addIssue({ code: 'custom', ...required() });
        return z.NEVER;
      }
      return value;
    })
    .pipe(schema);
}

/** Codes are typed in any case and stored in capitals. */
export const upperCaseCode = (text: string) => text.trim().toUpperCase();

/** An amount from the API as a form shows it: 12.5 → "12.50". */
export function moneyText(chf: number): string {
  // Through Rappen, so the text is exact; an amount that is not one (never sent by the API) stays as is.
  return isMoneyAmount(chf) ? toChfString(toRappen(chf)) : String(chf);
}
