import { customerCalls } from '@flybook/schemas/customers';
import type { Country } from '@flybook/schemas/lookups';
import { userCalls } from '@flybook/schemas/users';
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { countryName, loadCountries } from '../../lib/countries.ts';
import { fill } from '../../lib/message.ts';
import {
  checkPersonFields,
  type FieldProblems,
  focusFirstInvalid,
  problemText,
} from '../../lib/person-form.ts';
import { $session, client } from '../../lib/session.ts';
import { type BillingDraft, withBilling } from '../draft.ts';
import { updateDraft } from '../state.ts';
import { useWizard } from '../wizard-context.ts';

/** Spec 02 §5 public billing: these are required; salutation, company and two phones are not. */
const REQUIRED = [
  'lastName',
  'firstName',
  'email',
  'street',
  'zip',
  'city',
  'country',
  'birthday',
  'phoneMobile',
];
/** Spec 02 §9: the billing country starts as Switzerland. */
const DEFAULT_COUNTRY = 'CH';

const EMPTY_BILLING: BillingDraft = {
  salutation: '',
  company: '',
  firstName: '',
  lastName: '',
  email: '',
  street: '',
  zip: '',
  city: '',
  country: DEFAULT_COUNTRY,
  birthday: '',
  phoneMobile: '',
  phoneNumberFirst: '',
  phoneNumberSecond: '',
  isCreateAccount: false,
  password: '',
  passwordConfirm: '',
};

/**
 * Step 6: who books and pays (spec 02 §5). A logged-in customer finds their profile filled in; a
 * guest may open a customer account with a password. Phones follow the rule by dial code.
 */
export default function BillingStep() {
  const { draft, texts, errorTexts, locale, goNext } = useWizard();
  const session = useStore($session);
  const [values, setValues] = useState<BillingDraft>(draft.billing ?? EMPTY_BILLING);
  const [countries, setCountries] = useState<Country[]>([]);
  const [customerName, setCustomerName] = useState<string | null>(null);
  const [problems, setProblems] = useState<FieldProblems>({});

  useEffect(() => {
    loadCountries()
      .then(setCountries)
      .catch(() => undefined);
  }, []);

  // A logged-in customer books for themself: their profile fills what is still empty.
  useEffect(() => {
    if (!session) return;
    (async () => {
      const me = await client.call(userCalls.me);
      if (me.type !== 'customer') return;
      const profile = await client.call(customerCalls.get, { params: { id: me.id } });
      setCustomerName(profile.displayName);
      setValues((current) => {
        const known: Partial<BillingDraft> = {
          salutation: profile.salutation ?? '',
          firstName: profile.firstName ?? '',
          lastName: profile.lastName ?? '',
          email: profile.email,
          street: profile.street ?? '',
          zip: profile.zip ?? '',
          city: profile.city ?? '',
          country: profile.country?.code ?? DEFAULT_COUNTRY,
          birthday: profile.birthday ?? '',
          phoneMobile: profile.phoneMobile ?? '',
          phoneNumberFirst: profile.phoneNumberFirst ?? '',
          phoneNumberSecond: profile.phoneNumberSecond ?? '',
        };
        const merged = { ...current, isCreateAccount: false };
        for (const [key, value] of Object.entries(known) as [keyof BillingDraft, string][]) {
          if (!current[key] || (key === 'country' && current.country === DEFAULT_COUNTRY)) {
            (merged as Record<string, unknown>)[key] = value;
          }
        }
        return merged;
      });
    })().catch(() => undefined);
  }, [session]);

  const set = (field: keyof BillingDraft, value: string | boolean) =>
    setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const country = countries.find((item) => item.code === values.country);
    const found = checkPersonFields({
      values: {
        ...Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])),
        ...(values.isCreateAccount ? {} : { password: '', passwordConfirm: '' }),
      },
      required: [...REQUIRED, ...(values.isCreateAccount ? ['password', 'passwordConfirm'] : [])],
      country: country ? { code: country.code, dialCode: country.dialCode } : values.country,
    });
    setProblems(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid('.billing-form');
      return;
    }
    updateDraft((current) =>
      withBilling(
        current,
        values.isCreateAccount ? values : { ...values, password: '', passwordConfirm: '' },
      ),
    );
    goNext();
  }

  const field = (name: keyof BillingDraft, type = 'text', autoComplete = 'off', hint?: string) => {
    const id = `billing-${name}`;
    const problem = problems[name];
    const optional = !REQUIRED.includes(name) && !name.startsWith('password');
    const noteId = problem || hint ? `${id}-note` : undefined;
    return (
      <div className="site-field">
        <label htmlFor={id}>
          {texts[name as keyof typeof texts]}
          {optional && <span className="field-optional"> ({texts.optional})</span>}
        </label>
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          value={String(values[name])}
          onChange={(event) => set(name, event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={noteId}
          required={!optional}
        />
        {noteId && (
          <span id={noteId} className={problem ? 'field-error' : 'field-hint'}>
            {problem ? problemText(problem, errorTexts) : hint}
          </span>
        )}
      </div>
    );
  };

  const countryProblem = problems.country;
  return (
    <form className="site-form billing-form details-form" onSubmit={submit} noValidate>
      {customerName && <p className="form-success">{fill(texts.loggedInAs, { name: customerName })}</p>}
      <fieldset>
        <legend>{texts.billingTitle}</legend>
        <div className="site-field">
          <label htmlFor="billing-salutation">
            {texts.salutation} <span className="field-optional">({texts.optional})</span>
          </label>
          <select
            id="billing-salutation"
            autoComplete="honorific-prefix"
            value={values.salutation}
            onChange={(event) => set('salutation', event.target.value)}
          >
            <option value="">{texts.choose}</option>
            <option value="mr">{texts.mr}</option>
            <option value="mrs">{texts.mrs}</option>
          </select>
        </div>
        {field('company', 'text', 'organization')}
        {field('firstName', 'text', 'given-name')}
        {field('lastName', 'text', 'family-name')}
        {field('birthday', 'date', 'bday')}
        {field('email', 'email', 'email')}
        {field('phoneMobile', 'tel', 'tel', texts.phoneHint)}
        {field('phoneNumberFirst', 'tel')}
        {field('phoneNumberSecond', 'tel')}
        {field('street', 'text', 'street-address')}
        {field('zip', 'text', 'postal-code')}
        {field('city', 'text', 'address-level2')}
        <div className="site-field">
          <label htmlFor="billing-country">{texts.country}</label>
          <select
            id="billing-country"
            autoComplete="country"
            value={values.country}
            onChange={(event) => set('country', event.target.value)}
            aria-invalid={countryProblem ? true : undefined}
            required
          >
            {countries.length === 0 && <option value={values.country}>{values.country}</option>}
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {countryName(country, locale)}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      {!session && (
        <fieldset>
          <label className="check">
            <input
              type="checkbox"
              checked={values.isCreateAccount}
              onChange={(event) => set('isCreateAccount', event.target.checked)}
            />
            {texts.createAccount}
          </label>
          {values.isCreateAccount && field('password', 'password', 'new-password')}
          {values.isCreateAccount && field('passwordConfirm', 'password', 'new-password')}
        </fieldset>
      )}
      <p className="wizard-actions">
        <button className="button button-primary" type="submit">
          {texts.continue}
        </button>
      </p>
    </form>
  );
}
