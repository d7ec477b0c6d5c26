import { ageTypeOn, checkPhone } from '@flybook/domain';
import { IsoDateSchema, LocaleSchema, notBlank, PASSWORD_MIN_LENGTH, passwordsMatch } from '@flybook/schemas';
import type { TFunction } from 'i18next';
import { z } from 'zod';

/** Empty fields arrive as '': read as not given, so a required one says "required". */
const emptyAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);
const requiredDate = z.preprocess(emptyAsAbsent, IsoDateSchema);
const requiredChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(emptyAsAbsent, z.enum(values));

/**
 * A phone number by its dial code's digit range (spec 02 §5, `checkPhone` of @flybook/domain, the
 * server's rule too), as a zod issue the forms translate: "should be greater or equal: 9".
 */
function checkPhoneField(ctx: z.RefinementCtx, path: string, phone: string, country: string) {
  if (phone.trim() === '') return;
  const problem = checkPhone(phone, { code: country });
  if (!problem) return;
  const limit = problem.params.limit;
  if (problem.code === 'ERROR_MINIMUM' && limit !== undefined) {
    ctx.addIssue({
      code: 'too_small',
      origin: 'number',
      minimum: limit,
      inclusive: true,
      input: phone,
      path: [path],
      message: problem.message,
    });
  } else if (problem.code === 'ERROR_MAXIMUM' && limit !== undefined) {
    ctx.addIssue({
      code: 'too_big',
      origin: 'number',
      maximum: limit,
      inclusive: true,
      input: phone,
      path: [path],
      message: problem.message,
    });
  } else {
    ctx.addIssue({
      code: 'invalid_format',
      format: 'regex',
      pattern: '',
      input: phone,
      path: [path],
      message: problem.message,
    });
  }
}

/**
 * The admin billing form (spec 02 §5 Admin billing): salutation, names, e-mail, address, country,
 * birthday, mobile phone and language required; company and the other phones optional; a password
 * with its confirmation when an account is to be created.
 */
export const BillingFormSchema = z
  .object({
    salutation: requiredChoice(['mr', 'mrs'] as const),
    company: z.string().max(200),
    firstName: notBlank(100),
    lastName: notBlank(100),
    email: z.preprocess(emptyAsAbsent, z.email().max(200)),
    street: notBlank(200),
    zip: notBlank(20),
    city: notBlank(100),
    country: z.preprocess(emptyAsAbsent, z.string().length(2)),
    birthday: requiredDate,
    phoneMobile: notBlank(30),
    phoneNumberFirst: z.string().max(30),
    phoneNumberSecond: z.string().max(30),
    language: z.preprocess(emptyAsAbsent, LocaleSchema),
    isBankInformation: z.boolean(),
    isBookingInformation: z.boolean(),
    isPostInformation: z.boolean(),
    isCreateAccount: z.boolean(),
    password: z.string().max(200),
    passwordConfirm: z.string().max(200),
  })
  .superRefine((values, ctx) => {
    for (const field of ['phoneMobile', 'phoneNumberFirst', 'phoneNumberSecond'] as const) {
      checkPhoneField(ctx, field, values[field], values.country);
    }
    if (!values.isCreateAccount) return;
    if (values.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({
        code: 'too_small',
        origin: 'string',
        minimum: PASSWORD_MIN_LENGTH,
        inclusive: true,
        input: values.password,
        path: ['password'],
        message: `This value is too short. It should have ${PASSWORD_MIN_LENGTH} characters or more.`,
      });
    } else if (values.password !== values.passwordConfirm) {
      ctx.addIssue({ code: 'custom', input: values.passwordConfirm, ...passwordsMatch });
    }
  });
export type BillingFormValues = z.input<typeof BillingFormSchema>;

/**
 * One passenger of the passengers form: salutation, gender, names and birthday required; the
 * birthday must fit the passenger's age type on the day of the first flight (the server's rule,
 * ERROR_AGE_TYPE).
 */
export const passengerFormSchema = (firstFlightDay: string | null) =>
  z
    .object({
      id: z.number().optional(),
      ageType: z.enum(['adult', 'child', 'infant']),
      salutation: requiredChoice(['mr', 'mrs'] as const),
      gender: requiredChoice(['male', 'female'] as const),
      firstName: notBlank(100),
      lastName: notBlank(100),
      birthday: requiredDate,
    })
    .superRefine((passenger, ctx) => {
      if (!firstFlightDay || !passenger.birthday) return;
      const fits = ageTypeOn(passenger.birthday, firstFlightDay);
      if (fits !== passenger.ageType) {
        ctx.addIssue({
          code: 'custom',
          input: passenger.birthday,
          path: ['birthday'],
          message: 'The date of birth does not fit the age type on the day of travel',
          params: { code: 'ERROR_AGE_TYPE' },
        });
      }
    });

export const passengersFormSchema = (firstFlightDay: string | null) =>
  z.object({ passengers: z.array(passengerFormSchema(firstFlightDay)) });
export type PassengersFormValues = z.input<ReturnType<typeof passengersFormSchema>>;

/** The salutations of the billing and passenger forms. */
export const salutationOptions = (t: TFunction) => [
  { value: 'mr', label: t('reservations.wizard.mr') },
  { value: 'mrs', label: t('reservations.wizard.mrs') },
];
