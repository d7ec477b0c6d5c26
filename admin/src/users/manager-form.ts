import { satisfies } from '@flybook/domain';
import { CreateManagerBody, MANAGER_ROLE, type Manager, ProfileMoneySchema } from '@flybook/schemas';
import { z } from 'zod';
import { optionalDecimalText } from '../app/form/form-text.ts';
import {
  amountText,
  countryChoice,
  NO_PASSWORDS,
  notSent,
  type ProfileFormContext,
  passwordShape,
  profileSchema,
  sameNameField,
  sentWhen,
  text,
} from './profile-form.ts';

const fields = CreateManagerBody.shape;

/** The manager form is editable with ROLE_MANAGER_EDIT (spec 03 §6), also on the own account. */
export const canEditManagers = (roles: readonly string[]) => satisfies(roles, MANAGER_ROLE.edit);

/** Credit limit and active flag change with ROLE_MANAGER_EDIT; nobody deactivates themself. */
export const showsManagerField = (
  field: 'isActive' | 'creditLimitTotalAmount',
  context: Pick<ProfileFormContext, 'mode' | 'roles'>,
) => canEditManagers(context.roles) && !(field === 'isActive' && context.mode === 'self');

/**
 * The manager form (spec 03 §5) → the manager body: e-mail, display name, language and country
 * required, on create the password pair. An empty credit limit is left out (0 on create,
 * unchanged after).
 */
export function managerFormSchema(context: ProfileFormContext) {
  return profileSchema(
    {
      email: text(fields.email),
      displayName: text(fields.displayName),
      language: text(fields.language),
      country: countryChoice(fields.country),
      creditLimitTotalAmount: sentWhen(
        showsManagerField('creditLimitTotalAmount', context),
        optionalDecimalText(ProfileMoneySchema),
        notSent.text,
      ),
      isActive: sentWhen(showsManagerField('isActive', context), z.boolean(), notSent.flag),
      ...passwordShape(context.mode),
    },
    context,
    false,
  );
}
export type ManagerFormSchema = ReturnType<typeof managerFormSchema>;
export type ManagerFormValues = z.input<ManagerFormSchema>;

export function managerFormValues(manager: Manager | undefined): ManagerFormValues {
  return {
    email: manager?.email ?? '',
    displayName: manager?.displayName ?? '',
    language: manager?.language ?? '',
    country: manager?.country ? String(manager.country.id) : '',
    creditLimitTotalAmount: amountText(manager ? manager.creditLimitTotalAmount : 0),
    isActive: manager?.isActive ?? true,
    ...NO_PASSWORDS,
  };
}

export const managerFieldOf = sameNameField<ManagerFormValues>(Object.keys(managerFormValues(undefined)));
