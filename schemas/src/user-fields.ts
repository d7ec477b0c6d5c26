import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth.ts';
import {
  hasTwoDecimalsAtMost,
  IdParams,
  IdSchema,
  LocaleSchema,
  LocalizedTextSchema,
  listQuery,
  listResponse,
  QueryBoolean,
} from './common.ts';
import { defineCall, type RoleRule } from './http.ts';
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
/** The password pair of a new profile (agent, manager). */
export const NewPasswordFields = { password: NewPasswordSchema, passwordConfirm: PasswordConfirmSchema };

/**
 * What a change of a profile (agent, manager) sends besides its form: the id, a new password only
 * when filled, and the current password with which a user confirms a change of their own
 * password or e-mail.
 */
export const ProfileChangeFields = {
  id: IdSchema,
  password: OptionalPasswordSchema,
  passwordConfirm: OptionalPasswordConfirmSchema,
  currentPassword: CurrentPasswordSchema,
};

/** The password and its confirmation are the same (both absent too). */
export const passwordsEqual = (body: {
  password?: string | undefined;
  passwordConfirm?: string | undefined;
}) => body.password === body.passwordConfirm;

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

/** The person of an agent or a customer as they are answered: names, address, country, language, birthday, phones. */
export const PersonViewFields = {
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: CountryViewSchema.nullable(),
  language: LocaleSchema,
  birthday: z.string().nullable(),
  phoneMobile: z.string().nullable(),
  phoneNumberFirst: z.string().nullable(),
  phoneNumberSecond: z.string().nullable(),
};

/**
 * Spec 03 §7 and §9, the query of every user list: a search text (the kind says what it looks
 * through) and active only; 15 a page, at most 50, by display name ascending (or id, e-mail;
 * balance is not sortable).
 */
export const userKindListQuery = () =>
  listQuery({
    defaultPageSize: 15,
    maxPageSize: 50,
    sortBy: ['displayName', 'id', 'email'],
    defaultSortBy: 'displayName',
    defaultSortOrder: 'ASC',
  }).extend({
    query: z.string().max(100).optional(),
    isActive: QueryBoolean.optional(),
  });

/**
 * The five calls of each kind of user with a form (agent, customer, manager) under its path: the
 * list, a new one, one, a change and a deletion. Reading and changing one need no role of the
 * call's own, as a user also reads and changes their own profile; the server checks the rest.
 */
export function userKindCalls<
  Item extends z.ZodType,
  Query extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(
  kind: 'agent' | 'customer' | 'manager',
  def: {
    roles: { list: RoleRule; create: RoleRule; delete: RoleRule };
    summaries: { list: string; create: string; get: string; update: string; delete: string };
    item: Item;
    query: Query;
    create: Create;
    update: Update;
  },
) {
  return {
    list: defineCall({
      method: 'GET',
      path: `${kind}/list`,
      summary: def.summaries.list,
      auth: 'user',
      roles: def.roles.list,
      query: def.query,
      response: listResponse(def.item),
    }),
    create: defineCall({
      method: 'POST',
      path: kind,
      summary: def.summaries.create,
      auth: 'user',
      roles: def.roles.create,
      body: def.create,
      response: def.item,
      status: 201,
    }),
    get: defineCall({
      method: 'GET',
      path: `${kind}/{id}`,
      summary: def.summaries.get,
      auth: 'user',
      params: IdParams,
      response: def.item,
    }),
    update: defineCall({
      method: 'PUT',
      path: `${kind}/{id}`,
      summary: def.summaries.update,
      auth: 'user',
      params: IdParams,
      body: def.update,
      response: def.item,
    }),
    delete: defineCall({
      method: 'DELETE',
      path: `${kind}/{id}`,
      summary: def.summaries.delete,
      auth: 'user',
      roles: def.roles.delete,
      params: IdParams,
      response: 'empty',
    }),
  };
}
