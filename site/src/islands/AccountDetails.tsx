import { ApiRequestError, RequestSchemaError } from '@flybook/client';
import type { Locale } from '@flybook/locales';
import { type Customer, customerCalls } from '@flybook/schemas/customers';
import type { Country } from '@flybook/schemas/lookups';
import { userCalls } from '@flybook/schemas/users';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { AccountHead } from '../lib/AccountHead.tsx';
import { useAccountSession } from '../lib/account-session.ts';
import { countryName, loadCountries } from '../lib/countries.ts';
import {
  checkPersonFields,
  type FieldErrorTexts,
  type FieldProblems,
  focusFirstInvalid,
  problemsOfResponse,
  problemText,
} from '../lib/person-form.ts';
import { client } from '../lib/session.ts';

/** Where each text is in the catalogue; the page translates them at build time. */
export const ACCOUNT_DETAILS_TEXTS = {
  title: 'site.accountDetails.title',
  loading: 'site.accountDetails.loading',
  error: 'site.accountDetails.error',
  personal: 'site.accountDetails.personal',
  address: 'site.accountDetails.address',
  contact: 'site.accountDetails.contact',
  password: 'site.accountDetails.password',
  passwordIntro: 'site.accountDetails.passwordIntro',
  save: 'site.accountDetails.save',
  saving: 'site.accountDetails.saving',
  saved: 'site.accountDetails.saved',
  notCustomer: 'site.accountDetails.notCustomer',
  toBackOffice: 'site.accountDetails.toBackOffice',
  optional: 'site.accountDetails.optional',
  logout: 'site.account.logout',
  issue: 'site.account.issue',
  choose: 'form.choose',
  phoneHint: 'person.phoneHint',
  mr: 'person.salutation.mr',
  mrs: 'person.salutation.mrs',
  ...Object.fromEntries(
    [
      'salutation',
      'firstName',
      'lastName',
      'birthday',
      'email',
      'street',
      'zip',
      'city',
      'country',
      'language',
      'phoneMobile',
      'phoneNumberFirst',
      'phoneNumberSecond',
      'currentPassword',
    ].map((field) => [`field.${field}`, `person.fields.${field}`]),
  ),
  'field.password': 'site.accountDetails.newPassword',
  'field.passwordConfirm': 'site.accountDetails.newPasswordConfirm',
} as const;
export type AccountDetailsTexts = Record<keyof typeof ACCOUNT_DETAILS_TEXTS, string>;

/** The customer form's required fields (spec 03 §5: all but the second and third phone). */
const REQUIRED = [
  'email',
  'salutation',
  'firstName',
  'lastName',
  'street',
  'zip',
  'city',
  'country',
  'language',
  'birthday',
  'phoneMobile',
] as const;

type Values = Record<string, string>;
type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'notCustomer' }
  | { state: 'ready'; customer: Customer; countries: Country[] };

const valuesOf = (customer: Customer): Values => ({
  email: customer.email,
  salutation: customer.salutation ?? '',
  firstName: customer.firstName ?? '',
  lastName: customer.lastName ?? '',
  street: customer.street ?? '',
  zip: customer.zip ?? '',
  city: customer.city ?? '',
  country: customer.country ? String(customer.country.id) : '',
  language: customer.language,
  birthday: customer.birthday ?? '',
  phoneMobile: customer.phoneMobile ?? '',
  phoneNumberFirst: customer.phoneNumberFirst ?? '',
  phoneNumberSecond: customer.phoneNumberSecond ?? '',
  currentPassword: '',
  password: '',
  passwordConfirm: '',
});

/**
 * The customer's own profile (spec 01 §2 /account/details): the customer form of spec 03 §5 on
 * `customer/{id}`, with a password change that needs the current password (docs/site.md).
 */
export default function AccountDetails({
  texts,
  errorTexts,
  languages,
  locale,
  loginPath,
  homePath,
}: {
  texts: AccountDetailsTexts;
  /** `errors.<CODE>` of the catalogue, by code. */
  errorTexts: FieldErrorTexts;
  languages: { value: Locale; label: string }[];
  locale: Locale;
  loginPath: string;
  homePath: string;
}) {
  const { session, logout } = useAccountSession({ loginPath, homePath });
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [values, setValues] = useState<Values>({});
  const [problems, setProblems] = useState<FieldProblems>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  useEffect(() => {
    if (!session) return;
    const controller = new AbortController();
    const options = { signal: controller.signal };
    (async () => {
      const me = await client.call(userCalls.me, {}, options);
      if (me.type !== 'customer') return setLoad({ state: 'notCustomer' });
      const [customer, countries] = await Promise.all([
        client.call(customerCalls.get, { params: { id: me.id } }, options),
        loadCountries(options),
      ]);
      setValues(valuesOf(customer));
      setLoad({ state: 'ready', customer, countries });
    })().catch(() => {
      if (!controller.signal.aborted) setLoad({ state: 'failed' });
    });
    return () => controller.abort();
  }, [session]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (load.state !== 'ready') return;
    const country = load.countries.find((item) => String(item.id) === values.country);
    const emailChanged = values.email?.trim().toLowerCase() !== load.customer.email;
    const found = checkPersonFields({
      values,
      required: [...REQUIRED, ...(values.password || emailChanged ? ['currentPassword'] : [])],
      country: country ? { code: country.code, dialCode: country.dialCode } : null,
    });
    setProblems(found);
    setStatus('idle');
    if (Object.keys(found).length > 0) {
      focusFirstInvalid('.details-form');
      return;
    }
    setStatus('saving');
    try {
      const saved = await client.call(customerCalls.update, {
        params: { id: load.customer.id },
        body: {
          id: load.customer.id,
          email: values.email ?? '',
          salutation: values.salutation as 'mr' | 'mrs',
          firstName: values.firstName ?? '',
          lastName: values.lastName ?? '',
          street: values.street ?? '',
          zip: values.zip ?? '',
          city: values.city ?? '',
          country: { id: Number(values.country) },
          language: values.language as Locale,
          birthday: values.birthday ?? '',
          phoneMobile: values.phoneMobile ?? '',
          phoneNumberFirst: values.phoneNumberFirst ?? '',
          phoneNumberSecond: values.phoneNumberSecond ?? '',
          password: values.password ?? '',
          passwordConfirm: values.passwordConfirm ?? '',
          currentPassword: values.currentPassword ?? '',
        },
      });
      setLoad({ ...load, customer: saved });
      setValues(valuesOf(saved));
      setStatus('saved');
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.status === 422 && failure.body) {
        setProblems(problemsOfResponse(failure.body.errors));
        focusFirstInvalid('.details-form');
      } else if (failure instanceof ApiRequestError && failure.status === 429) {
        // Too many wrong current passwords from this session: the check waits (docs/security.md).
        setProblems({ currentPassword: { code: 'ERROR_RATE_LIMITED' } });
        focusFirstInvalid('.details-form');
      } else if (failure instanceof RequestSchemaError) {
        setProblems(
          Object.fromEntries(
            failure.issues.map((issue) => [String(issue.path[0]), { code: 'ERROR_FORMAT' }]),
          ),
        );
        focusFirstInvalid('.details-form');
      }
      setStatus('failed');
    }
  }

  const set = (name: string) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (status === 'saved') setStatus('idle');
  };

  const field = (
    name: string,
    input: (props: {
      id: string;
      value: string;
      onChange: (value: string) => void;
      invalid: boolean;
      describedBy: string | undefined;
    }) => ReactNode,
    hint?: string,
  ) => {
    const problem = problems[name];
    const optional =
      !(REQUIRED as readonly string[]).includes(name) && !name.toLowerCase().includes('password');
    const noteId = problem || hint ? `${name}-note` : undefined;
    return (
      <div className="site-field">
        <label htmlFor={`details-${name}`}>
          {texts[`field.${name}` as keyof AccountDetailsTexts]}
          {optional && <span className="field-optional"> ({texts.optional})</span>}
        </label>
        {input({
          id: `details-${name}`,
          value: values[name] ?? '',
          onChange: set(name),
          invalid: Boolean(problem),
          describedBy: noteId,
        })}
        {noteId && (
          <span id={noteId} className={problem ? 'field-error' : 'field-hint'}>
            {problem ? problemText(problem, errorTexts) : hint}
          </span>
        )}
      </div>
    );
  };

  const text = (name: string, type = 'text', autoComplete?: string, hint?: string) =>
    field(
      name,
      ({ id, value, onChange, invalid, describedBy }) => (
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          required={(REQUIRED as readonly string[]).includes(name)}
        />
      ),
      hint,
    );

  const select = (name: string, options: { value: string; label: string }[], autoComplete?: string) =>
    field(name, ({ id, value, onChange, invalid, describedBy }) => (
      <select
        id={id}
        name={name}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        required
      >
        <option value="">{texts.choose}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    ));

  return (
    <section className="account">
      <AccountHead
        title={texts.title}
        logoutText={texts.logout}
        onLogout={logout}
        loggedIn={Boolean(session)}
      />
      {load.state === 'loading' && <p role="status">{texts.loading}</p>}
      {load.state === 'failed' && <p role="alert">{texts.error}</p>}
      {load.state === 'notCustomer' && (
        <div className="empty-state">
          <p>{texts.notCustomer}</p>
          <a className="button button-primary" href="/admin/settings/account">
            {texts.toBackOffice}
          </a>
        </div>
      )}
      {load.state === 'ready' && (
        <form className="site-form details-form" onSubmit={submit} noValidate>
          <fieldset>
            <legend>{texts.personal}</legend>
            {select(
              'salutation',
              [
                { value: 'mr', label: texts.mr },
                { value: 'mrs', label: texts.mrs },
              ],
              'honorific-prefix',
            )}
            {text('firstName', 'text', 'given-name')}
            {text('lastName', 'text', 'family-name')}
            {text('birthday', 'date', 'bday')}
            {select('language', languages)}
          </fieldset>
          <fieldset>
            <legend>{texts.contact}</legend>
            {text('email', 'email', 'email')}
            {text('phoneMobile', 'tel', 'tel', texts.phoneHint)}
            {text('phoneNumberFirst', 'tel', 'off')}
            {text('phoneNumberSecond', 'tel', 'off')}
          </fieldset>
          <fieldset>
            <legend>{texts.address}</legend>
            {text('street', 'text', 'street-address')}
            {text('zip', 'text', 'postal-code')}
            {text('city', 'text', 'address-level2')}
            {select(
              'country',
              load.countries.map((country) => ({
                value: String(country.id),
                label: countryName(country, locale),
              })),
              'country',
            )}
          </fieldset>
          <fieldset>
            <legend>{texts.password}</legend>
            <p className="field-hint">{texts.passwordIntro}</p>
            {text('currentPassword', 'password', 'current-password')}
            {text('password', 'password', 'new-password')}
            {text('passwordConfirm', 'password', 'new-password')}
          </fieldset>
          <div className="form-actions">
            <button className="button button-primary" type="submit" disabled={status === 'saving'}>
              {status === 'saving' ? texts.saving : texts.save}
            </button>
            <span role="status" className={status === 'saved' ? 'form-success' : 'form-error'}>
              {status === 'saved' ? texts.saved : status === 'failed' ? texts.issue : ''}
            </span>
          </div>
        </form>
      )}
    </section>
  );
}
