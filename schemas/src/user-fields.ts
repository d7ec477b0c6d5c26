import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth.ts';
import { hasTwoDecimalsAtMost, IdSchema, LocalizedTextSchema } from './common.ts';
import { PhoneSchema } from './reservations.ts';
import { passwordsMatch } from './validation.ts';

/**
 * Building blocks of the user forms (agent, manager; the customer form has the same rules):
 * how empty fields, e-mails, phones, passwords and the money fields of a profile are read.
 * Rules the spec leaves open: docs/users.md.
 */

/** Forms send empty fields as "" (or null): read as not given. */
export const emptyAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A required field: missing, null and "" all answer ERROR_REQUIRED. */
export const requiredField = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsAbsent, schema);

/** A required choice: missing is ERROR_REQUIRED, an unknown value ERROR_ENUM. */
export const requiredChoice = <T extends z.ZodType<string, string>>(schema: T) =>
  z.preprocess(emptyAsAbsent, z.string().pipe(schema));

/** An optional field: "" and null count as not given. */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsAbsent, schema.optional());

/** E-mails are stored trimmed and in lower case; unique among all users regardless of case. */
export const UserEmailSchema = z.preprocess(
  (value) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : emptyAsAbsent(value),
  z.email().max(200),
);

/** A second or third phone number: optional, checked like the mobile number when given. */
export const OptionalPhoneSchema = optionalField(PhoneSchema);

/** The country of a profile by id; the whole `{ id, code, name }` read from GET may be sent back. */
export const CountryRefSchema = requiredField(z.object({ id: IdSchema }));

/** The country as profiles answer it. */
export const CountryViewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: LocalizedTextSchema,
});

/** A password set on create: required, at least PASSWORD_MIN_LENGTH characters. */
export const NewPasswordSchema = requiredField(z.string().min(PASSWORD_MIN_LENGTH).max(200));
export const PasswordConfirmSchema = requiredField(z.string().max(200));
/** A password on update: only when filled; empty password fields are dropped. */
export const OptionalPasswordSchema = optionalField(z.string().min(PASSWORD_MIN_LENGTH).max(200));
export const OptionalPasswordConfirmSchema = optionalField(z.string().max(200));
/** The user's current password, which a change of their own password or e-mail needs. */
export const CurrentPasswordSchema = optionalField(z.string().max(200));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * "Should be equal to password" on `passwordConfirm`. The confirmation is compared even when other
 * fields fail, so a form shows every error at once: on create always, on update once either
 * password field is filled.
 */
export const passwordConfirmation = (mode: 'create' | 'update') => ({
  ...passwordsMatch,
  when: (payload: { value: unknown }) =>
    isObject(payload.value) &&
    (mode === 'create'
      ? 'password' in payload.value
      : 'password' in payload.value || 'passwordConfirm' in payload.value),
});

/** The highest amount a profile's money field takes (credit limit, fees, margins): CHF 10 million. */
export const PROFILE_MONEY_MAX = 10_000_000;

/** A money field of a profile: CHF, not negative, rounded to 0.01, at most PROFILE_MONEY_MAX. */
export const ProfileMoneySchema = z
  .number()
  .min(0)
  .max(PROFILE_MONEY_MAX)
  .refine(hasTwoDecimalsAtMost, {
    message: 'Amount must be rounded to 0.01',
    params: { code: 'ERROR_MONEY_PRECISION' },
  });

/** A percentage from 0 to 100 with at most two decimals. */
export const PercentSchema = z
  .number()
  .min(0)
  .max(100)
  .refine(hasTwoDecimalsAtMost, {
    message: 'Percentage must be rounded to 0.01',
    params: { code: 'ERROR_MONEY_PRECISION' },
  });
