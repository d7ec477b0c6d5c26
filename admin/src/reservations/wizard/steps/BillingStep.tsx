import { type Agent, agentCalls, type Customer, customerCalls } from '@flybook/schemas';
import type { TFunction } from 'i18next';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useServices } from '../../../app/context.tsx';
import { FormField } from '../../../app/FormField.tsx';
import { CheckboxField } from '../../../app/form/CheckboxField.tsx';
import { type SearchChoice, SearchPicker } from '../../../app/form/SearchPicker.tsx';
import { SelectField } from '../../../app/form/SelectField.tsx';
import { schemaResolver } from '../../../app/forms.ts';
import { LIST_RELOAD_DEBOUNCE_MS } from '../../../app/list/use-server-list.ts';
import { useLookups } from '../use-wizard-data.ts';
import { useWizard } from '../wizard-context.ts';
import { BillingFormSchema, type BillingFormValues, salutationOptions } from '../wizard-forms.ts';
import type { OwnerChoice, StaffBillingDraft } from '../wizard-model.ts';
import { withOwnerAsPassenger } from '../wizard-rules.ts';
import { StepActions } from './StepActions.tsx';

/** A user the reservation can be booked for: a customer or an agent with their profile. */
interface OwnerRecord {
  id: number;
  displayName: string;
  type: 'agent' | 'customer';
  profile: Customer | Agent;
}

/** How many matches of each kind the billing user picker shows. */
const OWNER_MATCHES = 10;

/** The billing fields a chosen user's profile fills (their contact and address). */
function billingOf(profile: Customer | Agent, current: BillingFormValues): BillingFormValues {
  return {
    ...current,
    salutation: profile.salutation ?? '',
    company: ('company' in profile ? profile.company : null) ?? '',
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    email: profile.email,
    street: profile.street ?? '',
    zip: profile.zip ?? '',
    city: profile.city ?? '',
    country: profile.country?.code ?? current.country,
    birthday: profile.birthday ?? '',
    phoneMobile: profile.phoneMobile ?? '',
    phoneNumberFirst: profile.phoneNumberFirst ?? '',
    phoneNumberSecond: profile.phoneNumberSecond ?? '',
    language: profile.language,
  };
}

/** The billing user picker (spec 02 §6): customers and agents, by the user's list roles. */
function OwnerPicker({ onPick }: { onPick: (owner: OwnerRecord | null) => void }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const { access, draft } = useWizard();
  const [value, setValue] = useState<SearchChoice | null>(draft.owner);
  // The records the box has listed, so a choice (id and name) comes back with its profile.
  const listed = useRef(new Map<number, OwnerRecord>());
  const load = async (search: string, signal: AbortSignal): Promise<OwnerRecord[]> => {
    const query = { page: 0, pageSize: OWNER_MATCHES, isActive: true, ...(search ? { query: search } : {}) };
    const [customers, agents] = await Promise.all([
      access.pickCustomers ? client.call(customerCalls.list, { query }, { signal }) : null,
      access.pickAgents ? client.call(agentCalls.list, { query }, { signal }) : null,
    ]);
    const records: OwnerRecord[] = [
      ...(customers?.items ?? []).map((profile) => ({
        id: profile.id,
        displayName: profile.displayName,
        type: 'customer' as const,
        profile,
      })),
      ...(agents?.items ?? []).map((profile) => ({
        id: profile.id,
        displayName: profile.displayName,
        type: 'agent' as const,
        profile,
      })),
    ];
    for (const record of records) listed.current.set(record.id, record);
    return records;
  };
  return (
    <SearchPicker<OwnerRecord>
      className="wizard-owner"
      label={t('reservations.wizard.billing.owner')}
      description={t('reservations.wizard.billing.ownerHint')}
      value={value}
      onChange={(choice) => {
        const record = choice ? listed.current.get(choice.id) : undefined;
        if (!choice || !record) return;
        setValue(choice);
        onPick(record);
      }}
      onInputChange={(text) => {
        if (text.trim() === '' && value) {
          setValue(null);
          onPick(null);
        }
      }}
      queryKey={['wizardOwners', access.pickCustomers, access.pickAgents]}
      load={load}
      staleTime={30_000}
      debounceMs={LIST_RELOAD_DEBOUNCE_MS}
      detailOf={(record) =>
        `${record.type === 'agent' ? t('reservations.wizard.billing.agent') : t('reservations.wizard.billing.customer')} · ${record.profile.email}`
      }
      placeholder={t('reservations.wizard.billing.ownerPlaceholder')}
      showLabel={t('reservations.wizard.billing.ownerShow')}
      emptyText={t('reservations.filters.noUsers')}
    />
  );
}

const LANGUAGES = ['de', 'en', 'fr', 'sq'] as const;

/**
 * Step 4: who the reservation is for and how to reach them (spec 02 §5 admin billing). A chosen
 * customer or agent (the billing user picker, by role) fills the form and owns the reservation; a
 * customer owner also becomes the first passenger of a booking for one. The account and message
 * flags show with their roles.
 */
export function BillingStep() {
  const { t } = useTranslation();
  const { draft, update, goNext, access, mode, locale } = useWizard();
  const { translateError } = useServices();
  const { countries = [] } = useLookups();
  const form = useForm<BillingFormValues, unknown, z.output<typeof BillingFormSchema>>({
    defaultValues: draft.billing,
    resolver: schemaResolver(BillingFormSchema, translateError),
  });
  const { control, handleSubmit, reset, getValues, watch } = form;
  const [owner, setOwner] = useState<OwnerChoice | null>(draft.owner);
  const createAccount = watch('isCreateAccount');

  const countryOptions = useMemo(
    () => countries.map((country) => ({ value: country.code, label: country.name[locale] || country.code })),
    [countries, locale],
  );
  const languageOptions = LANGUAGES.map((language) => ({
    value: language,
    label: languageName(t, language),
  }));

  const pick = (record: OwnerRecord | null) => {
    if (!record) {
      setOwner(null);
      return;
    }
    setOwner({ id: record.id, type: record.type, displayName: record.displayName });
    reset(billingOf(record.profile, getValues()));
    // Spec 02 §4: a customer owner of a booking for one is its passenger.
    update((current) => ({
      ...current,
      passengers: withOwnerAsPassenger(current.passengers, { type: record.type }, record.profile),
    }));
  };

  const submit = handleSubmit((values) => {
    const billing: StaffBillingDraft = {
      ...draft.billing,
      ...values,
      salutation: values.salutation,
      company: values.company.trim(),
    };
    update((current) => ({ ...current, billing, billingDone: true, owner }));
    goNext();
  });

  return (
    <form
      className="wizard-step form-card"
      noValidate
      onSubmit={(event: FormEvent) => void submit(event)}
      aria-labelledby="wizard-step-title"
    >
      {mode === 'new' && (access.pickAgents || access.pickCustomers) ? <OwnerPicker onPick={pick} /> : null}
      {mode === 'edit' && draft.owner ? (
        <p className="wizard-note">
          {t('reservations.wizard.billing.ownedBy', { name: draft.owner.displayName })}
        </p>
      ) : null}
      <div className="wizard-grid">
        <SelectField
          control={control}
          name="salutation"
          label={t('reservations.history.billing.salutation')}
          placeholder={t('reservations.wizard.choose')}
          options={salutationOptions(t)}
          isRequired
        />
        <FormField control={control} name="company" label={t('reservations.history.billing.company')} />
        <FormField
          control={control}
          name="firstName"
          label={t('reservations.history.billing.firstName')}
          isRequired
        />
        <FormField
          control={control}
          name="lastName"
          label={t('reservations.history.billing.lastName')}
          isRequired
        />
        <FormField
          control={control}
          name="email"
          label={t('reservations.history.billing.email')}
          type="email"
          isRequired
        />
        <FormField
          control={control}
          name="birthday"
          label={t('reservations.history.billing.birthday')}
          type="date"
          isRequired
        />
        <FormField
          control={control}
          name="street"
          label={t('reservations.history.billing.street')}
          isRequired
        />
        <FormField control={control} name="zip" label={t('reservations.history.billing.zip')} isRequired />
        <FormField control={control} name="city" label={t('reservations.history.billing.city')} isRequired />
        <SelectField
          control={control}
          name="country"
          label={t('reservations.history.billing.country')}
          placeholder={t('reservations.wizard.choose')}
          options={countryOptions}
          isRequired
        />
        <FormField
          control={control}
          name="phoneMobile"
          label={t('reservations.history.billing.phoneMobile')}
          description={t('reservations.wizard.billing.phoneHint')}
          type="tel"
          isRequired
        />
        <FormField
          control={control}
          name="phoneNumberFirst"
          label={t('reservations.history.billing.phoneNumberFirst')}
          type="tel"
        />
        <FormField
          control={control}
          name="phoneNumberSecond"
          label={t('reservations.history.billing.phoneNumberSecond')}
          type="tel"
        />
        <SelectField
          control={control}
          name="language"
          label={t('reservations.wizard.billing.language')}
          placeholder={t('reservations.wizard.choose')}
          options={languageOptions}
          isRequired
        />
      </div>
      {access.informationFlags ? (
        <fieldset className="wizard-flags">
          <legend className="fb-field__label">{t('reservations.wizard.billing.messages')}</legend>
          <CheckboxField
            control={control}
            name="isBookingInformation"
            label={t('reservations.wizard.billing.bookingInformation')}
          />
          <CheckboxField
            control={control}
            name="isPostInformation"
            label={t('reservations.wizard.billing.postInformation')}
          />
          <CheckboxField
            control={control}
            name="isBankInformation"
            label={t('reservations.wizard.billing.bankInformation')}
          />
        </fieldset>
      ) : null}
      {access.createAccount && mode === 'new' && !owner ? (
        <div className="wizard-flags">
          <CheckboxField
            control={control}
            name="isCreateAccount"
            label={t('reservations.wizard.billing.createAccount')}
          />
          {createAccount ? (
            <div className="wizard-grid">
              <FormField
                control={control}
                name="password"
                label={t('reservations.wizard.billing.password')}
                password
                isRequired
              />
              <FormField
                control={control}
                name="passwordConfirm"
                label={t('reservations.wizard.billing.passwordConfirm')}
                password
                isRequired
              />
            </div>
          ) : null}
        </div>
      ) : null}
      <StepActions />
    </form>
  );
}

function languageName(t: TFunction, language: (typeof LANGUAGES)[number]): string {
  switch (language) {
    case 'de':
      return t('reservations.wizard.languages.de');
    case 'en':
      return t('reservations.wizard.languages.en');
    case 'fr':
      return t('reservations.wizard.languages.fr');
    case 'sq':
      return t('reservations.wizard.languages.sq');
  }
}
