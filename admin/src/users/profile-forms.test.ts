import { type Country, issuesToErrors } from '@flybook/schemas';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { agentFormSchema, agentFormValues } from './agent-form.ts';
import { customerFormSchema, customerFormValues } from './customer-form.ts';
import { managerFormSchema, managerFormValues } from './manager-form.ts';
import type { ProfileFormContext } from './profile-form.ts';

const text = (en: string) => ({ en, de: en, fr: en, sq: en });
const COUNTRIES: Country[] = [
  { id: 1, code: 'CH', name: text('Switzerland'), dialCode: '+41' },
  { id: 2, code: 'KV', name: text('Kosovo'), dialCode: '+383' },
];
const ALL_AGENT_ROLES = [
  'ROLE_AGENT_IS_ACTIVE',
  'ROLE_AGENT_FEE',
  'ROLE_AGENT_CREDIT_LIMIT',
  'ROLE_AGENT_MARGIN',
  'ROLE_CUSTOMER_IS_ACTIVE',
  'ROLE_MANAGER_EDIT',
];
const context = (overrides: Partial<ProfileFormContext> = {}): ProfileFormContext => ({
  mode: 'create',
  roles: ALL_AGENT_ROLES,
  countries: COUNTRIES,
  ...overrides,
});

/** The field errors a form shows: the first per field, by code and limit. */
function problems(schema: z.ZodType, values: unknown) {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const error of issuesToErrors(result.error.issues)) {
    const key = error.field ?? '';
    found[key] ??= `${error.code}${error.params?.limit === undefined ? '' : ` ${error.params.limit}`}`;
  }
  return found;
}

const person = {
  email: ' Besnik@Example.TEST ',
  salutation: 'mr',
  firstName: 'Besnik',
  lastName: 'Gashi',
  street: 'Langstrasse 10',
  zip: '8004',
  city: 'Zürich',
  country: '1',
  language: 'de',
  birthday: '1978-09-30',
  phoneMobile: '+41 79 555 12 34',
};

describe('the agent form', () => {
  it('names every required field of spec 03 §5 at once, with the password pair on create', () => {
    // Empty texts are ERROR_NOT_BLANK here; the form's resolver shows "required" for them.
    expect(
      problems(agentFormSchema(context()), {
        ...agentFormValues(undefined),
        marginType: '',
        moneyMargin: '',
      }),
    ).toEqual({
      email: 'ERROR_REQUIRED',
      salutation: 'ERROR_REQUIRED',
      firstName: 'ERROR_NOT_BLANK',
      lastName: 'ERROR_NOT_BLANK',
      street: 'ERROR_NOT_BLANK',
      zip: 'ERROR_NOT_BLANK',
      country: 'ERROR_REQUIRED',
      language: 'ERROR_REQUIRED',
      birthday: 'ERROR_REQUIRED',
      phoneMobile: 'ERROR_REQUIRED',
      marginType: 'ERROR_REQUIRED',
      moneyMargin: 'ERROR_REQUIRED',
      password: 'ERROR_REQUIRED',
      passwordConfirm: 'ERROR_REQUIRED',
    });
  });

  it('checks the phones by the dial code with the shared rule, and the confirmation together', () => {
    const values = {
      ...agentFormValues(undefined),
      ...person,
      phoneMobile: '+41 79 123 45 6',
      phoneNumberFirst: '044 123 45',
      password: 'agency-pass',
      passwordConfirm: 'agency-pas',
    };
    expect(problems(agentFormSchema(context()), values)).toEqual({
      phoneMobile: 'ERROR_MINIMUM 9',
      // no dial code: read in the chosen country, Switzerland, trunk 0 dropped → 7 digits
      phoneNumberFirst: 'ERROR_MINIMUM 9',
      passwordConfirm: 'ERROR_NOT_EQUAL_PASSWORD',
    });
    const kosovo = {
      ...values,
      country: '2',
      phoneMobile: '+41 79 123 45 67',
      phoneNumberFirst: '044 123 456',
    };
    expect(problems(agentFormSchema(context()), { ...kosovo, passwordConfirm: 'agency-pass' })).toEqual({});
  });

  it('sends the defaults of a new agent and leaves an empty credit limit and fee out', () => {
    const body = agentFormSchema(context()).parse({
      ...agentFormValues(undefined),
      ...person,
      creditLimitTotalAmount: '',
      password: 'agency-pass',
      passwordConfirm: 'agency-pass',
    });
    expect(body).toEqual({
      ...person,
      email: 'besnik@example.test',
      country: { id: 1 },
      isActive: true,
      marginType: 'percent',
      moneyMargin: 0,
      percentMargin: 0,
      password: 'agency-pass',
      passwordConfirm: 'agency-pass',
    });
  });

  it('does not send the fields whose role the editor lacks, nor any of them on the own profile', () => {
    const values = {
      ...agentFormValues(undefined),
      ...person,
      creditLimitTotalAmount: '500',
      monthlyFee: '20',
    };
    const staff = agentFormSchema(context({ mode: 'edit', id: 7, roles: ['ROLE_AGENT_CREDIT_LIMIT'] })).parse(
      values,
    );
    expect(staff).toMatchObject({ id: 7, creditLimitTotalAmount: 500 });
    for (const hidden of [
      'isActive',
      'monthlyFee',
      'marginType',
      'moneyMargin',
      'percentMargin',
      'password',
    ]) {
      expect(staff).not.toHaveProperty(hidden);
    }
    const self = agentFormSchema(
      context({ mode: 'self', id: 7, currentEmail: 'besnik@example.test', roles: ALL_AGENT_ROLES }),
    ).parse(values);
    expect(Object.keys(self).sort()).toEqual([...Object.keys(person), 'id'].sort());
  });

  it('on the own profile needs the current password to change the e-mail or password', () => {
    const own = context({ mode: 'self', id: 7, currentEmail: 'besnik@example.test' });
    const values = { ...agentFormValues(undefined), ...person };
    expect(problems(agentFormSchema(own), values)).toEqual({});
    expect(problems(agentFormSchema(own), { ...values, email: 'new@example.test' })).toEqual({
      currentPassword: 'ERROR_REQUIRED',
    });
    expect(
      problems(agentFormSchema(own), {
        ...values,
        password: 'new-password',
        passwordConfirm: 'new-password',
      }),
    ).toEqual({ currentPassword: 'ERROR_REQUIRED' });
    expect(
      agentFormSchema(own).parse({
        ...values,
        password: 'new-password',
        passwordConfirm: 'new-password',
        currentPassword: 'old-password',
      }),
    ).toMatchObject({ currentPassword: 'old-password', password: 'new-password' });
  });
});

describe('the customer form', () => {
  it('requires the city too, and shows isActive only with its role', () => {
    expect(
      problems(customerFormSchema(context()), { ...customerFormValues(undefined), ...person, city: ' ' }),
    ).toEqual({
      city: 'ERROR_NOT_BLANK',
      password: 'ERROR_REQUIRED',
      passwordConfirm: 'ERROR_REQUIRED',
    });
    const edit = (roles: string[]) =>
      customerFormSchema(context({ mode: 'edit', id: 4, roles })).parse({
        ...customerFormValues(undefined),
        ...person,
        isActive: false,
      });
    expect(edit(['ROLE_CUSTOMER_IS_ACTIVE'])).toMatchObject({ id: 4, isActive: false });
    expect(edit([])).not.toHaveProperty('isActive');
  });
});

describe('the manager form', () => {
  const manager = { email: 'mira@example.test', displayName: 'Mira K', language: 'sq', country: '2' };

  it('requires e-mail, display name, language and country, and on create the password pair', () => {
    expect(problems(managerFormSchema(context()), managerFormValues(undefined))).toEqual({
      email: 'ERROR_REQUIRED',
      displayName: 'ERROR_NOT_BLANK',
      language: 'ERROR_REQUIRED',
      country: 'ERROR_REQUIRED',
      password: 'ERROR_REQUIRED',
      passwordConfirm: 'ERROR_REQUIRED',
    });
  });

  it('drops empty password fields on edit and sends an empty credit limit as absent', () => {
    const body = managerFormSchema(context({ mode: 'edit', id: 2 })).parse({
      ...managerFormValues(undefined),
      ...manager,
      creditLimitTotalAmount: ' ',
    });
    expect(body).toEqual({ ...manager, country: { id: 2 }, id: 2, isActive: true });
    expect(
      problems(managerFormSchema(context({ mode: 'edit', id: 2 })), {
        ...managerFormValues(undefined),
        ...manager,
        creditLimitTotalAmount: '12.345',
        passwordConfirm: 'x',
      }),
    ).toEqual({
      creditLimitTotalAmount: 'ERROR_MONEY_PRECISION',
      passwordConfirm: 'ERROR_NOT_EQUAL_PASSWORD',
    });
  });

  it('never sends the active flag of the own account', () => {
    const own = managerFormSchema(context({ mode: 'self', id: 2, currentEmail: manager.email })).parse({
      ...managerFormValues(undefined),
      ...manager,
    });
    expect(own).not.toHaveProperty('isActive');
    expect(own).toMatchObject({ creditLimitTotalAmount: 0 });
  });
});
