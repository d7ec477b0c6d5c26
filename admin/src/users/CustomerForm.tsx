import { satisfies } from '@flybook/domain';
import type { Customer } from '@flybook/schemas';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../app/form/CheckboxField.tsx';
import { FormSection } from '../app/form/FormLayout.tsx';
import {
  type CustomerFormSchema,
  type CustomerFormValues,
  customerFieldOf,
  customerFormSchema,
  customerFormValues,
  showsCustomerIsActive,
} from './customer-form.ts';
import { PasswordFields, PersonFields } from './ProfileFields.tsx';
import {
  ProfileEditPage,
  type ProfileFieldsProps,
  type ProfileKind,
  ProfileNewPage,
} from './ProfileForm.tsx';
import { CUSTOMERS } from './user-resources.ts';

function CustomerFields({ mode, roles, isReadOnly }: ProfileFieldsProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<CustomerFormValues>();
  return (
    <>
      <PersonFields withCompany={false} cityRequired isReadOnly={isReadOnly} />
      {showsCustomerIsActive({ mode, roles }) ? (
        <FormSection title={t('users.sections.account')}>
          <CheckboxField control={control} name="isActive" label={t('form.active')} isDisabled={isReadOnly} />
        </FormSection>
      ) : null}
      {isReadOnly ? null : <PasswordFields mode={mode} />}
    </>
  );
}

/** Customers (spec 03 §2, §3 Customer, §5; edit needs ROLE_CUSTOMER_UPDATE, spec 03 §6). */
export const CUSTOMER_PROFILE: ProfileKind<Customer, CustomerFormSchema> = {
  resource: CUSTOMERS,
  listRoute: 'customerList',
  idParam: 'customerId',
  texts: {
    newTitle: 'users.customers.newTitle',
    editTitle: 'users.customers.editTitle',
    back: 'users.customers.back',
  },
  schema: customerFormSchema,
  values: customerFormValues,
  fieldOf: customerFieldOf,
  mayEdit: (roles, mode) => mode !== 'edit' || satisfies(roles, 'ROLE_CUSTOMER_UPDATE'),
  Fields: CustomerFields,
};

export function CustomerNewPage() {
  return <ProfileNewPage kind={CUSTOMER_PROFILE} />;
}

export function CustomerEditPage() {
  return <ProfileEditPage kind={CUSTOMER_PROFILE} />;
}
