import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth.ts';
import { IdSchema, IsoDateSchema, LocaleSchema } from './common.ts';
import { PhoneSchema, SalutationSchema } from './reservations.ts';
import { PersonViewFields, userKindCalls, userKindListQuery } from './user-fields.ts';
import { notBlank, passwordsMatch } from './validation.ts';

/**
 * Customers (spec 03 §3 Customer, §5 customer form, §7 Users calls). The per-country phone rule
 * lives in @flybook/domain (`checkPhone`); the server applies it after these schemas, the forms
 * beside them. Rules the spec leaves open: docs/users.md.
 */

/** A customer as staff and the customer themself read it. */
export const CustomerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  salutation: SalutationSchema.nullable(),
  ...PersonViewFields,
  isActive: z.boolean(),
  /** First and last name; follows them on every save. */
  displayName: z.string(),
  /** CHF the airline owes the customer (their ledger account); negative when they owe. */
  balance: z.number(),
  accountId: z.number().int().nullable(),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** Forms send empty fields as "" (or null): read as not given. */
const emptyAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A required field: missing, null and "" all answer ERROR_REQUIRED. */
const required = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsAbsent, schema);
/** A required choice: missing is ERROR_REQUIRED, an unknown value ERROR_ENUM. */
const requiredChoice = <T extends z.ZodType<string, string>>(schema: T) =>
  z.preprocess(emptyAsAbsent, z.string().pipe(schema));

const EmailSchema = z.preprocess(
  (value) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : emptyAsAbsent(value),
  z.email().max(200),
);
const OptionalPhone = z.preprocess(emptyAsAbsent, PhoneSchema.optional());
const OptionalPassword = z.preprocess(emptyAsAbsent, z.string().min(PASSWORD_MIN_LENGTH).max(200).optional());

/** The fields of the customer form (spec 03 §5: all required except the second and third phone). */
const CustomerFields = z.object({
  email: EmailSchema,
  salutation: requiredChoice(SalutationSchema),
  firstName: notBlank(100),
  lastName: notBlank(100),
  street: notBlank(200),
  zip: notBlank(20),
  city: notBlank(100),
  /** The country by id; the whole object read from GET may be sent back. */
  country: required(z.object({ id: IdSchema })),
  language: requiredChoice(LocaleSchema),
  birthday: required(IsoDateSchema),
  phoneMobile: required(PhoneSchema),
  phoneNumberFirst: OptionalPhone,
  phoneNumberSecond: OptionalPhone,
  /** Changing it needs ROLE_CUSTOMER_IS_ACTIVE; the unchanged value may always be sent back. */
  isActive: z.boolean().optional(),
});

// The confirmation is compared even when other fields fail, so a form shows every error at once.
const confirmationMatches = {
  ...passwordsMatch,
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null && 'password' in payload.value,
};

/** A new customer: the form fields with password and its confirmation. */
export const CreateCustomerBody = CustomerFields.extend({
  password: z.preprocess(emptyAsAbsent, z.string().min(PASSWORD_MIN_LENGTH).max(200)),
  passwordConfirm: z.preprocess(emptyAsAbsent, z.string().max(200)),
}).refine((body) => body.password === body.passwordConfirm, confirmationMatches);
export type CreateCustomerBody = z.input<typeof CreateCustomerBody>;

/**
 * A change of a customer (also the customer's own profile): the form fields plus id; the password
 * only when filled, then with its confirmation. Empty password fields are dropped.
 */
export const UpdateCustomerBody = CustomerFields.extend({
  id: IdSchema,
  password: OptionalPassword,
  passwordConfirm: z.preprocess(emptyAsAbsent, z.string().max(200).optional()),
  /** A customer changing their own password or e-mail confirms it with the current password. */
  currentPassword: z.preprocess(emptyAsAbsent, z.string().max(200).optional()),
}).refine((body) => body.password === body.passwordConfirm, {
  ...confirmationMatches,
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    ('password' in payload.value || 'passwordConfirm' in payload.value),
});
export type UpdateCustomerBody = z.input<typeof UpdateCustomerBody>;

/**
 * Spec 03 §9: default 15, max 50, sorted by name; the list page sends isActive=true for "active
 * only". The search text looks through the name, e-mail and phone numbers.
 */
export const CustomerListQuery = userKindListQuery();

export const customerCalls = userKindCalls('customer', {
  roles: { list: 'ROLE_CUSTOMER_LIST', create: 'ROLE_CUSTOMER_CREATE', delete: 'ROLE_CUSTOMER_DELETE' },
  summaries: {
    list: 'Customers with their balance, searched and paged',
    create: 'Register a customer with their ledger account',
    get: 'A customer: staff with ROLE_CUSTOMER_READ, or the customer themself',
    update: "Change a customer: staff with ROLE_CUSTOMER_UPDATE, or the customer's own profile",
    delete: 'Delete a customer without reservations or ledger records (else deactivate)',
  },
  item: CustomerSchema,
  query: CustomerListQuery,
  create: CreateCustomerBody,
  update: UpdateCustomerBody,
});
