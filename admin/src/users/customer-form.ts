import { satisfies } from '@flybook/domain';
import { CreateCustomerBody, type Customer } from '@flybook/schemas';
import { z } from 'zod';
import {
  countryChoice,
  notSent,
  type ProfileFormContext,
  passwordShape,
  refineProfile,
  sameNameField,
  sentWhen,
  text,
  withoutAbsent,
} from './profile-form.ts';

const fields = CreateCustomerBody.shape;

/** Changing whether a customer is active has a role of its own (spec 03 §6); never on the own profile. */
export const CUSTOMER_IS_ACTIVE_ROLE = 'ROLE_CUSTOMER_IS_ACTIVE';

export const showsCustomerIsActive = (context: Pick<ProfileFormContext, 'mode' | 'roles'>) =>
  context.mode !== 'self' && satisfies(context.roles, CUSTOMER_IS_ACTIVE_ROLE);

/**
 * The customer form (spec 03 §5) → the customer body: the agent's personal fields, all required
 * but the second and third phone, city included; on create the password pair.
 */
export function customerFormSchema(context: ProfileFormContext) {
  return z
    .object({
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
      isActive: sentWhen(showsCustomerIsActive(context), z.boolean(), notSent.flag),
      ...passwordShape(context.mode),
    })
    .superRefine(refineProfile(context, true))
    .transform((values) => withoutAbsent({ ...values, id: context.id }));
}
export type CustomerFormSchema = ReturnType<typeof customerFormSchema>;
export type CustomerFormValues = z.input<CustomerFormSchema>;

/** The form's values: a new customer (active by default, spec 03 §9) or the customer's. */
export function customerFormValues(customer: Customer | undefined): CustomerFormValues {
  return {
    email: customer?.email ?? '',
    salutation: customer?.salutation ?? '',
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    street: customer?.street ?? '',
    zip: customer?.zip ?? '',
    city: customer?.city ?? '',
    country: customer?.country ? String(customer.country.id) : '',
    language: customer?.language ?? '',
    birthday: customer?.birthday ?? '',
    phoneMobile: customer?.phoneMobile ?? '',
    phoneNumberFirst: customer?.phoneNumberFirst ?? '',
    phoneNumberSecond: customer?.phoneNumberSecond ?? '',
    isActive: customer?.isActive ?? true,
    password: '',
    passwordConfirm: '',
    currentPassword: '',
  };
}

export const customerFieldOf = sameNameField<CustomerFormValues>(Object.keys(customerFormValues(undefined)));
