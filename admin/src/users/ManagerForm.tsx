import type { Manager } from '@flybook/schemas';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../app/FormField.tsx';
import { CheckboxField } from '../app/form/CheckboxField.tsx';
import { FormSection } from '../app/form/FormLayout.tsx';
import {
  canEditManagers,
  type ManagerFormSchema,
  type ManagerFormValues,
  managerFieldOf,
  managerFormSchema,
  managerFormValues,
  showsManagerField,
} from './manager-form.ts';
import { CountryField, LanguageField, PasswordFields } from './ProfileFields.tsx';
import {
  ProfileEditPage,
  type ProfileFieldsProps,
  type ProfileKind,
  ProfileNewPage,
} from './ProfileForm.tsx';
import { MANAGERS } from './user-resources.ts';

function ManagerFields({ mode, roles, isReadOnly }: ProfileFieldsProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<ManagerFormValues>();
  const context = { mode, roles };
  return (
    <>
      <FormSection title={t('users.sections.employee')}>
        <div className="form-grid">
          <FormField
            control={control}
            name="displayName"
            label={t('users.fields.displayName')}
            isRequired
            isReadOnly={isReadOnly}
            autoComplete="name"
          />
          <FormField
            control={control}
            name="email"
            label={t('person.fields.email')}
            type="email"
            isRequired
            isReadOnly={isReadOnly}
            autoComplete="email"
          />
          <LanguageField isReadOnly={isReadOnly} />
          <CountryField isReadOnly={isReadOnly} />
          {showsManagerField('creditLimitTotalAmount', context) ? (
            <FormField
              control={control}
              name="creditLimitTotalAmount"
              className="field--short"
              label={t('users.fields.creditLimit')}
              inputMode="decimal"
              autoComplete="off"
              isReadOnly={isReadOnly}
            />
          ) : null}
        </div>
        {showsManagerField('isActive', context) ? (
          <CheckboxField control={control} name="isActive" label={t('form.active')} isDisabled={isReadOnly} />
        ) : null}
      </FormSection>
      {isReadOnly ? null : <PasswordFields mode={mode} />}
    </>
  );
}

/** Managers, shown as employees (spec 03 §2, §3 Manager, §5; editable with ROLE_MANAGER_EDIT). */
export const MANAGER_PROFILE: ProfileKind<Manager, ManagerFormSchema> = {
  resource: MANAGERS,
  listRoute: 'managerList',
  idParam: 'managerId',
  texts: {
    newTitle: 'users.managers.newTitle',
    editTitle: 'users.managers.editTitle',
    back: 'users.managers.back',
  },
  schema: managerFormSchema,
  values: managerFormValues,
  fieldOf: managerFieldOf,
  mayEdit: (roles, mode) => mode !== 'edit' || canEditManagers(roles),
  Fields: ManagerFields,
};

export function ManagerNewPage() {
  return <ProfileNewPage kind={MANAGER_PROFILE} />;
}

export function ManagerEditPage() {
  return <ProfileEditPage kind={MANAGER_PROFILE} />;
}
