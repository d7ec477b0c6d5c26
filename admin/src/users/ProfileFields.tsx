import { LOCALES, type Locale } from '@flybook/schemas';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../app/FormField.tsx';
import { FormSection } from '../app/form/FormLayout.tsx';
import { SelectField } from '../app/form/SelectField.tsx';
import { useLocale } from '../app/layout-parts.tsx';
import { useCountries } from './countries.ts';
import type { ProfileFormMode } from './profile-form.ts';

/** The fields the person forms (agent, customer) share; the agent form adds the company. */
type PersonValues = {
  email: string;
  salutation: string;
  company?: string;
  firstName: string;
  lastName: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  language: string;
  birthday: string;
  phoneMobile: string;
  phoneNumberFirst: string;
  phoneNumberSecond: string;
};

/** Each language is offered in its own name, as in a language switch. */
const LANGUAGE_NAMES: Record<Locale, string> = { de: 'Deutsch', en: 'English', fr: 'Français', sq: 'Shqip' };
export const LANGUAGE_OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }));

/** The countries as choices, named in the interface language. */
export function useCountryOptions() {
  const countries = useCountries();
  const locale = useLocale();
  return countries?.map((country) => ({
    value: String(country.id),
    label: country.name[locale] || country.code,
  }));
}

/** The country select of a user form, over the form's `country` field (the country's id). */
export function CountryField({ isReadOnly }: { isReadOnly: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<{ country: string }>();
  return (
    <SelectField
      control={control}
      name="country"
      label={t('person.fields.country')}
      placeholder={t('form.choose')}
      options={useCountryOptions() ?? []}
      isRequired
      isDisabled={isReadOnly}
    />
  );
}

/** The language select (the user's e-mails, PDFs and interface). */
export function LanguageField({ isReadOnly }: { isReadOnly: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<{ language: string }>();
  return (
    <SelectField
      control={control}
      name="language"
      label={t('person.fields.language')}
      placeholder={t('form.choose')}
      options={LANGUAGE_OPTIONS}
      isRequired
      isDisabled={isReadOnly}
    />
  );
}

/**
 * Person, address and contact of an agent or customer (spec 03 §3, §5). Only the agent has a
 * company; the city is required of customers only.
 */
export function PersonFields({
  withCompany,
  cityRequired,
  isReadOnly,
}: {
  withCompany: boolean;
  cityRequired: boolean;
  isReadOnly: boolean;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<PersonValues>();
  const text = { control, isReadOnly } as const;
  return (
    <>
      <FormSection title={t('users.sections.person')}>
        <div className="form-grid">
          <SelectField
            control={control}
            name="salutation"
            label={t('person.fields.salutation')}
            placeholder={t('form.choose')}
            options={[
              { value: 'mr', label: t('person.salutation.mr') },
              { value: 'mrs', label: t('person.salutation.mrs') },
            ]}
            isRequired
            isDisabled={isReadOnly}
          />
          {withCompany ? (
            <FormField
              {...text}
              name="company"
              label={t('person.fields.company')}
              autoComplete="organization"
            />
          ) : null}
          <FormField
            {...text}
            name="firstName"
            label={t('person.fields.firstName')}
            isRequired
            autoComplete="given-name"
          />
          <FormField
            {...text}
            name="lastName"
            label={t('person.fields.lastName')}
            isRequired
            autoComplete="family-name"
          />
          <FormField {...text} name="birthday" label={t('person.fields.birthday')} type="date" isRequired />
          <LanguageField isReadOnly={isReadOnly} />
        </div>
      </FormSection>
      <FormSection title={t('users.sections.address')}>
        <div className="form-grid">
          <FormField
            {...text}
            name="street"
            label={t('person.fields.street')}
            isRequired
            autoComplete="street-address"
          />
          <FormField
            {...text}
            name="zip"
            label={t('person.fields.zip')}
            isRequired
            autoComplete="postal-code"
          />
          <FormField
            {...text}
            name="city"
            label={t('person.fields.city')}
            isRequired={cityRequired}
            autoComplete="address-level2"
          />
          <CountryField isReadOnly={isReadOnly} />
        </div>
      </FormSection>
      <FormSection title={t('users.sections.contact')}>
        <div className="form-grid">
          <FormField
            {...text}
            name="email"
            label={t('person.fields.email')}
            type="email"
            isRequired
            autoComplete="email"
          />
          <FormField
            {...text}
            name="phoneMobile"
            label={t('person.fields.phoneMobile')}
            description={t('person.phoneHint')}
            type="tel"
            isRequired
            autoComplete="tel"
          />
          <FormField
            {...text}
            name="phoneNumberFirst"
            label={t('person.fields.phoneNumberFirst')}
            type="tel"
          />
          <FormField
            {...text}
            name="phoneNumberSecond"
            label={t('person.fields.phoneNumberSecond')}
            type="tel"
          />
        </div>
      </FormSection>
    </>
  );
}

/**
 * The password: required with its confirmation for a new user; on edit "only if entered"; on the
 * own account with the current password, which a change of e-mail or password needs.
 */
export function PasswordFields({ mode }: { mode: ProfileFormMode }) {
  const { t } = useTranslation();
  const { control } = useFormContext<{
    password: string;
    passwordConfirm: string;
    currentPassword: string;
  }>();
  const isNew = mode === 'create';
  return (
    <FormSection title={t(isNew ? 'users.sections.password' : 'users.sections.changePassword')}>
      {isNew ? null : <p className="form-hint">{t('users.passwordKeep')}</p>}
      <div className="form-grid">
        <FormField
          control={control}
          name="password"
          password
          label={t('person.fields.password')}
          isRequired={isNew}
          autoComplete="new-password"
        />
        <FormField
          control={control}
          name="passwordConfirm"
          password
          label={t('person.fields.passwordConfirm')}
          isRequired={isNew}
          autoComplete="new-password"
        />
        {mode === 'self' ? (
          <FormField
            control={control}
            name="currentPassword"
            password
            label={t('person.fields.currentPassword')}
            description={t('users.currentPasswordHint')}
            autoComplete="current-password"
          />
        ) : null}
      </div>
    </FormSection>
  );
}
