import {
  type Country,
  CurrentPasswordSchema,
  emptyAsAbsent,
  NewPasswordSchema,
  OptionalPasswordConfirmSchema,
  OptionalPasswordSchema,
  PasswordConfirmSchema,
  passwordsMatch,
} from '@flybook/schemas';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { moneyText } from '../app/form/form-text.ts';
import { refinePhones } from './phone-rule.ts';

/**
 * What the three user forms (agent, customer, manager) share: how a form's texts are checked by the
 * shared schemas' field rules, the country picked by id, the password pair and, on the own
 * account, the current password. Rules the spec leaves open: docs/users.md.
 */

/**
 * Who fills the form: staff creating or editing a user, or the user on their own account (My
 * account), who confirms a change of their e-mail or password with the current password.
 */
export type ProfileFormMode = 'create' | 'edit' | 'self';

export interface ProfileFormContext {
  mode: ProfileFormMode;
  /** The user edited (edit, self): the update body names it. */
  id?: number;
  /** The e-mail the user has now (self): changing it needs the current password. */
  currentEmail?: string;
  /** The editor's effective roles: fields with a role of their own show only with it. */
  roles: readonly string[];
  countries: readonly Country[];
}

/**
 * A field typed as text, checked by a shared schema (which reads "" as not given), `read` first
 * turning the text into what the schema takes. Its problems do not stop the checks across fields,
 * so the form shows every problem at once, as the server does.
 */
export function text<S extends z.ZodType>(schema: S, read: (value: string) => unknown = (value) => value) {
  return z.string().transform((value, ctx): z.output<S> | undefined => {
    const result = schema.safeParse(read(value));
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, continue: true });
    return undefined;
  });
}

/** The country select: its value is the country's id, the body takes `{ id }`. */
export const countryChoice = <S extends z.ZodType>(schema: S) =>
  text(schema, (id) => (id === '' ? undefined : { id: Number(id) }));

/** A field the form has but does not send (hidden by a role, or not part of this mode). */
export const notSent = {
  text: z.string().transform(() => undefined),
  flag: z.boolean().transform(() => undefined),
};

/** `shown` when the form sends the field, else {@link notSent}: one form type for every mode. */
export const sentWhen = <A extends z.ZodType, B extends z.ZodType>(
  condition: boolean,
  shown: A,
  hidden: B,
) => (condition ? shown : hidden);

/** The password fields of a mode: required pair on create, optional pair after, current on self. */
export function passwordShape(mode: ProfileFormMode) {
  return {
    password: mode === 'create' ? text(NewPasswordSchema) : text(OptionalPasswordSchema),
    passwordConfirm: mode === 'create' ? text(PasswordConfirmSchema) : text(OptionalPasswordConfirmSchema),
    currentPassword: sentWhen(mode === 'self', text(CurrentPasswordSchema), notSent.text),
  };
}

/**
 * The checks across fields, the server's own: "Should be equal to password" (always on create,
 * once either field is filled after), the current password for a change of the own e-mail or
 * password, and, with `countries`, the phone rule of the chosen country.
 */
export function refineProfile(context: ProfileFormContext, phones: boolean) {
  const phoneCheck = phones ? refinePhones(context.countries) : null;
  return (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const password = emptyAsAbsent(body.password);
    const confirmation = emptyAsAbsent(body.passwordConfirm);
    const compares = context.mode === 'create' || password !== undefined || confirmation !== undefined;
    if (compares && password !== confirmation) {
      ctx.addIssue({ code: 'custom', ...passwordsMatch });
    }
    if (context.mode === 'self' && emptyAsAbsent(body.currentPassword) === undefined) {
      const emailChanged = typeof body.email === 'string' && body.email !== context.currentEmail;
      if (password !== undefined || emailChanged) {
        ctx.addIssue({
          code: 'custom',
          path: ['currentPassword'],
          message: 'This value is required.',
          params: { code: 'ERROR_REQUIRED' },
        });
      }
    }
    phoneCheck?.(body, ctx);
  };
}

/** The personal fields the agent and customer forms share (spec 03 §5), in form order. */
const PERSON_FIELDS = [
  'email',
  'salutation',
  'firstName',
  'lastName',
  'street',
  'zip',
  'city',
  'country',
  'language',
  'birthday',
  'phoneMobile',
  'phoneNumberFirst',
  'phoneNumberSecond',
] as const;
type PersonField = (typeof PERSON_FIELDS)[number];

/** The personal fields typed as text, each checked by the body schema's own rule for it. */
export function personShape<F extends Record<PersonField, z.ZodType>>(fields: F) {
  return {
    email: text(fields.email),
    salutation: text(fields.salutation),
    firstName: text(fields.firstName),
    lastName: text(fields.lastName),
    street: text(fields.street),
    zip: text(fields.zip),
    city: text(fields.city),
    country: countryChoice(fields.country),
    language: text(fields.language),
    birthday: text(fields.birthday),
    phoneMobile: text(fields.phoneMobile),
    phoneNumberFirst: text(fields.phoneNumberFirst),
    phoneNumberSecond: text(fields.phoneNumberSecond),
  };
}

/** A person as the API answers it (agent or customer). */
type PersonRecord = { [K in Exclude<PersonField, 'country'>]: string | null } & {
  country: { id: number } | null;
};

/** The personal fields' values of a record, "" where it has none. */
export function personValues(person: PersonRecord | undefined): Record<PersonField, string> {
  const values = Object.fromEntries(PERSON_FIELDS.map((field) => [field, ''])) as Record<PersonField, string>;
  if (!person) return values;
  for (const field of PERSON_FIELDS) {
    if (field !== 'country') values[field] = person[field] ?? '';
  }
  values.country = person.country ? String(person.country.id) : '';
  return values;
}

/** The password fields start empty (and are sent only when filled after the first save). */
export const NO_PASSWORDS = { password: '', passwordConfirm: '', currentPassword: '' };

/**
 * A user form's schema: its fields, the checks across them (with the phone rule when it has
 * phones), and the body without what was not given, with the id of the user edited.
 */
export function profileSchema<S extends z.ZodRawShape>(
  shape: S,
  context: ProfileFormContext,
  phones: boolean,
) {
  return z
    .object(shape)
    .superRefine(refineProfile(context, phones))
    .transform((values) => withoutAbsent({ ...values, id: context.id }));
}

/** Leaves out what was not given, so the server keeps or defaults it (spec 03 §5). */
export function withoutAbsent<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** An amount as the form shows it: "" for none. */
export const amountText = (chf: number | null | undefined) =>
  chf === null || chf === undefined ? '' : moneyText(chf);

/** A form field for an API field of the same name, when the form has it. */
export function sameNameField<T extends FieldValues>(names: readonly string[]) {
  return (apiField: string): FieldPath<T> | null => {
    const field = apiField === 'country.id' ? 'country' : apiField;
    return names.includes(field) ? (field as FieldPath<T>) : null;
  };
}
