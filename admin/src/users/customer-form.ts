import { satisfies } from '@flybook/domain';
import { CreateCustomerBody, type Customer } from '@flybook/schemas';
import { z } from 'zod';
import {
  NO_PASSWORDS,
  notSent,
  type ProfileFormContext,
  passwordShape,
  personShape,
  personValues,
  profileSchema,
  sameNameField,
  sentWhen,
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
  return profileSchema(
    {
      ...personShape(fields),
      isActive: sentWhen(showsCustomerIsActive(context), z.boolean(), notSent.flag),
      ...passwordShape(context.mode),
    },
    context,
    true,
  );
}
export type CustomerFormSchema = ReturnType<typeof customerFormSchema>;
export type CustomerFormValues = z.input<CustomerFormSchema>;

/** The form's values: a new customer (active by default, spec 03 §9) or the customer's. */
export function customerFormValues(customer: Customer | undefined): CustomerFormValues {
  return {
    ...personValues(customer),
    isActive: customer?.isActive ?? true,
    ...NO_PASSWORDS,
  };
}

export const customerFieldOf = sameNameField<CustomerFormValues>(Object.keys(customerFormValues(undefined)));
