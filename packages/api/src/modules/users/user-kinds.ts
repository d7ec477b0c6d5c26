import { allOf, type PermissionRule, satisfies, toChf, toRappen } from '@flybook/domain';
import {
  AGENT_FIELD_ROLES,
  AGENT_ROLE,
  type Agent,
  type AgentRoleField,
  type ApiErrorItem,
  type CreateAgentBody,
  type CreateCustomerBody,
  type CreateManagerBody,
  type Customer,
  MANAGER_ROLE,
  type Manager,
  type MarginType,
  SALUTATIONS,
  type UpdateAgentBody,
  type UpdateCustomerBody,
  type UpdateManagerBody,
} from '@flybook/schemas';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { defaultMessageSettings, notifyAccountCreated } from '../messages/notify.ts';
import type { ProfileValues, SearchColumn, UserKindType } from './user-kinds.repository.ts';
import { countryOf, forbiddenFields, type ProfileRow, requiredItem } from './user-profile.ts';

/**
 * What agents, customers and managers differ in, one policy per kind: the rules that guard
 * reading and saving one, the fields with a role of their own, how a profile is answered and
 * stored, what the list searches, what a new user sets off and what keeps one from being deleted.
 * The steps they share are user-kinds.service.ts; the roles of list, create and delete are the
 * calls' own (schemas/src/agents.ts, customers.ts, managers.ts). Rules: docs/users.md.
 */

export type Who = 'self' | 'staff';

/** The stored values of a kind's form; e-mail and display name every kind has. */
export type KindValues = ProfileValues & { email: string; displayName: string };

type UsageCount = 'reservations' | 'ledgerRecords' | 'allotments';

export interface UserKind<Wire, Create, Update, Terms> {
  type: UserKindType;
  /** Staff reading one of another user needs this rule. */
  readRule: PermissionRule;
  /** Staff saving one of another user needs this rule. */
  updateRule: PermissionRule;
  /** A user of this kind asking for another one gets 404 rather than 403. */
  hidesOthersOfKind: boolean;
  searchColumns: readonly SearchColumn[];
  /** The fields with a role of their own; `self`: the user may change their own with it. */
  guardedFields: readonly { field: keyof Terms & string; role: string; self: boolean }[];
  /** The values of the guarded fields a body sends (undefined: left out). */
  sentTerms(body: Create | Update): { [K in keyof Terms]?: Terms[K] | undefined };
  /** The 403 for guarded fields changed without leave. */
  refusal(refused: { field: string; role: string }[], who: Who): ApiError;
  /** The guarded fields of a new user, as the wire carries them. */
  newTerms: Terms;
  termsOf(row: ProfileRow): Terms;
  /** The answer, as `reader` may see it. */
  toWire(row: ProfileRow, reader: AuthUser): Wire;
  /** The stored form of the form's fields with the guarded ones resolved. */
  valuesOf(body: Create | Update, terms: Terms): KindValues;
  /** The stored values, to name the fields an update really changes. */
  storedValuesOf(row: ProfileRow): Record<string, unknown>;
  /** The phone numbers the phone rule checks, by field. */
  phones(body: Create | Update): Record<string, string | undefined>;
  /** Problems of the kind's own, reported before the shared ones. */
  extraProblems?(actor: AuthUser, who: Who, body: Create | Update): ApiErrorItem[];
  /** What a new user sets off, in the transaction that creates them. */
  afterCreate?(tx: Tx, values: KindValues): Promise<void>;
  removal: {
    /** 409 for deleting the account one is logged in with. */
    refusesOwnAccount: boolean;
    /** What keeps one from being deleted, as the 409's params name it. */
    blockers: readonly UsageCount[];
    message: string;
    /** Whether the 409 of a deletion raced by a new reference still names the counts. */
    paramsWhenRaced: boolean;
  };
}

const isSalutation = (value: string | null): value is (typeof SALUTATIONS)[number] =>
  (SALUTATIONS as readonly (string | null)[]).includes(value);

const textOrNull = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The personal fields agents and customers share, as answered. */
const personOf = (row: ProfileRow) => ({
  firstName: row.firstName,
  lastName: row.lastName,
  street: row.street,
  zip: row.zip,
  city: row.city,
  country: countryOf(row),
  language: row.language,
  birthday: row.birthday,
  phoneMobile: row.phoneMobile,
  phoneNumberFirst: row.phoneNumberFirst,
  phoneNumberSecond: row.phoneNumberSecond,
});

const phonesOf = (body: {
  phoneMobile: string;
  phoneNumberFirst?: string | undefined;
  phoneNumberSecond?: string | undefined;
}) => ({
  phoneMobile: body.phoneMobile,
  phoneNumberFirst: body.phoneNumberFirst,
  phoneNumberSecond: body.phoneNumberSecond,
});

// --- Agents (spec 03 §5, docs/users.md "Agents") ---

type AgentCreate = z.output<typeof CreateAgentBody>;
type AgentUpdate = z.output<typeof UpdateAgentBody>;

/** The fields with a role of their own, as the wire carries them (CHF, percent). */
type AgentTerms = {
  isActive: boolean;
  monthlyFee: number | null;
  creditLimitTotalAmount: number;
  marginType: MarginType | null;
  moneyMargin: number | null;
  percentMargin: number | null;
};

const MARGIN_FIELDS = ['marginType', 'moneyMargin', 'percentMargin'] as const;

const mayAgentField = (reader: AuthUser, field: AgentRoleField) =>
  satisfies(reader.roles, AGENT_FIELD_ROLES[field]);

const agentTermsOf = (row: ProfileRow): AgentTerms => ({
  isActive: row.isActive,
  monthlyFee: row.monthlyFee === null ? null : toChf(row.monthlyFee),
  creditLimitTotalAmount: toChf(row.creditLimitTotalAmount),
  marginType: row.marginType,
  moneyMargin: row.moneyMargin === null ? null : toChf(row.moneyMargin),
  percentMargin: row.percentMargin === null ? null : Number(row.percentMargin),
});

export const AGENT_KIND: UserKind<Agent, AgentCreate, AgentUpdate, AgentTerms> = {
  type: 'agent',
  readRule: AGENT_ROLE.read,
  /** Saving another agent: ROLE_AGENT_UPDATE, and the form is editable only with ROLE_AGENT_UPDATE_FORM. */
  updateRule: allOf(AGENT_ROLE.update, AGENT_ROLE.updateForm),
  hidesOthersOfKind: false,
  searchColumns: [
    'displayName',
    'company',
    'contactPerson',
    'email',
    'phoneMobile',
    'phoneNumberFirst',
    'phoneNumberSecond',
  ],
  // Never the agent's own to change, whatever roles they hold.
  guardedFields: (Object.keys(AGENT_FIELD_ROLES) as AgentRoleField[]).map((field) => ({
    field,
    role: AGENT_FIELD_ROLES[field],
    self: false,
  })),
  sentTerms: (body) => body,
  refusal: (refused, who) =>
    forbiddenFields(
      refused,
      who === 'self'
        ? `An agent cannot change ${refused.map((r) => r.field).join(', ')} of their own profile`
        : undefined,
    ),
  /** A new agent: active, no monthly fee, no credit, a percent margin of 0. */
  newTerms: {
    isActive: true,
    monthlyFee: null,
    creditLimitTotalAmount: 0,
    marginType: 'percent',
    moneyMargin: 0,
    percentMargin: 0,
  },
  termsOf: agentTermsOf,
  /** The fields with their own role only for a reader with that role. */
  toWire(row, reader) {
    const terms = agentTermsOf(row);
    return {
      id: row.id,
      email: row.email,
      salutation: isSalutation(row.salutation) ? row.salutation : null,
      company: row.company,
      ...personOf(row),
      // List filters show who is active anyway; the role guards the change.
      isActive: row.isActive,
      displayName: row.displayName,
      balance: toChf(row.balance ?? 0),
      accountId: row.accountId,
      ...(mayAgentField(reader, 'monthlyFee') ? { monthlyFee: terms.monthlyFee } : {}),
      ...(mayAgentField(reader, 'creditLimitTotalAmount')
        ? { creditLimitTotalAmount: terms.creditLimitTotalAmount }
        : {}),
      ...(mayAgentField(reader, 'marginType')
        ? { marginType: terms.marginType, moneyMargin: terms.moneyMargin, percentMargin: terms.percentMargin }
        : {}),
    };
  },
  valuesOf(body, terms) {
    const firstName = body.firstName.trim();
    const lastName = body.lastName.trim();
    const company = textOrNull(body.company);
    return {
      email: body.email,
      salutation: body.salutation,
      company,
      firstName,
      lastName,
      street: body.street.trim(),
      zip: body.zip.trim(),
      city: textOrNull(body.city),
      countryId: body.country.id,
      language: body.language,
      birthday: body.birthday,
      phoneMobile: body.phoneMobile,
      phoneNumberFirst: body.phoneNumberFirst ?? null,
      phoneNumberSecond: body.phoneNumberSecond ?? null,
      // The agency's company name, or the contact person when there is none.
      displayName: company ?? `${firstName} ${lastName}`,
      isActive: terms.isActive,
      monthlyFee: terms.monthlyFee === null ? null : toRappen(terms.monthlyFee),
      creditLimitTotalAmount: toRappen(terms.creditLimitTotalAmount),
      marginType: terms.marginType,
      moneyMargin: terms.moneyMargin === null ? null : toRappen(terms.moneyMargin),
      percentMargin: terms.percentMargin === null ? null : terms.percentMargin.toFixed(2),
    };
  },
  storedValuesOf: (row) => ({
    email: row.email,
    salutation: row.salutation ?? undefined,
    company: row.company,
    firstName: row.firstName ?? undefined,
    lastName: row.lastName ?? undefined,
    street: row.street ?? undefined,
    zip: row.zip ?? undefined,
    city: row.city,
    countryId: row.countryId ?? undefined,
    language: row.language,
    birthday: row.birthday ?? undefined,
    phoneMobile: row.phoneMobile ?? undefined,
    phoneNumberFirst: row.phoneNumberFirst,
    phoneNumberSecond: row.phoneNumberSecond,
    displayName: row.displayName,
    isActive: row.isActive,
    monthlyFee: row.monthlyFee,
    creditLimitTotalAmount: row.creditLimitTotalAmount,
    marginType: row.marginType,
    moneyMargin: row.moneyMargin,
    percentMargin: row.percentMargin === null ? null : Number(row.percentMargin).toFixed(2),
  }),
  phones: phonesOf,
  /** The margin fields are required of whoever may edit them (spec 03 §5). */
  extraProblems: (actor, who, body) =>
    who === 'staff' && mayAgentField(actor, 'marginType')
      ? MARGIN_FIELDS.filter((field) => body[field] === undefined).map(requiredItem)
      : [],
  removal: {
    refusesOwnAccount: true,
    blockers: ['reservations', 'ledgerRecords', 'allotments'],
    message:
      'The agent has reservations, allotments or account movements and cannot be deleted; deactivate them instead.',
    paramsWhenRaced: true,
  },
};

// --- Customers (spec 03 §5, docs/users.md "Customers") ---

type CustomerCreate = z.output<typeof CreateCustomerBody>;
type CustomerUpdate = z.output<typeof UpdateCustomerBody>;

export const CUSTOMER_KIND: UserKind<Customer, CustomerCreate, CustomerUpdate, { isActive: boolean }> = {
  type: 'customer',
  readRule: 'ROLE_CUSTOMER_READ',
  updateRule: 'ROLE_CUSTOMER_UPDATE',
  hidesOthersOfKind: true,
  searchColumns: ['displayName', 'email', 'phoneMobile', 'phoneNumberFirst', 'phoneNumberSecond'],
  // Staff with the role; a customer never, not even their own.
  guardedFields: [{ field: 'isActive', role: 'ROLE_CUSTOMER_IS_ACTIVE', self: false }],
  sentTerms: (body) => body,
  refusal: () =>
    new ApiError('ERROR_FORBIDDEN', 403, {
      message: 'Changing isActive needs ROLE_CUSTOMER_IS_ACTIVE',
      field: 'isActive',
    }),
  newTerms: { isActive: true },
  termsOf: (row) => ({ isActive: row.isActive }),
  toWire: (row) => ({
    id: row.id,
    email: row.email,
    salutation: isSalutation(row.salutation) ? row.salutation : null,
    ...personOf(row),
    isActive: row.isActive,
    displayName: row.displayName,
    balance: toChf(row.balance ?? 0),
    accountId: row.accountId,
  }),
  /** The display name follows first and last name. */
  valuesOf(body, terms) {
    const firstName = body.firstName.trim();
    const lastName = body.lastName.trim();
    return {
      email: body.email,
      salutation: body.salutation,
      firstName,
      lastName,
      street: body.street.trim(),
      zip: body.zip.trim(),
      city: body.city.trim(),
      countryId: body.country.id,
      language: body.language,
      birthday: body.birthday,
      phoneMobile: body.phoneMobile,
      phoneNumberFirst: body.phoneNumberFirst ?? null,
      phoneNumberSecond: body.phoneNumberSecond ?? null,
      isActive: terms.isActive,
      displayName: `${firstName} ${lastName}`,
    };
  },
  storedValuesOf: (row) => row,
  phones: phonesOf,
  afterCreate: (tx, values) =>
    notifyAccountCreated(tx, defaultMessageSettings(), {
      email: values.email,
      name: values.displayName,
      language: values.language ?? 'en',
      byStaff: true,
    }),
  removal: {
    refusesOwnAccount: false,
    blockers: ['reservations', 'ledgerRecords'],
    message:
      'The customer has reservations or account movements and cannot be deleted; deactivate them instead.',
    paramsWhenRaced: true,
  },
};

// --- Managers (spec 03 §5, docs/users.md "Managers") ---

type ManagerCreate = z.output<typeof CreateManagerBody>;
type ManagerUpdate = z.output<typeof UpdateManagerBody>;
type ManagerTerms = { isActive: boolean; creditLimitTotalAmount: number };

export const MANAGER_KIND: UserKind<Manager, ManagerCreate, ManagerUpdate, ManagerTerms> = {
  type: 'manager',
  readRule: MANAGER_ROLE.read,
  updateRule: MANAGER_ROLE.edit,
  hidesOthersOfKind: false,
  searchColumns: ['displayName', 'email'],
  // Only ROLE_MANAGER_EDIT changes them, on the own account too; My account leaves them alone.
  guardedFields: [
    { field: 'isActive', role: MANAGER_ROLE.edit, self: true },
    { field: 'creditLimitTotalAmount', role: MANAGER_ROLE.edit, self: true },
  ],
  sentTerms: (body) => body,
  refusal: (refused) => forbiddenFields(refused),
  newTerms: { isActive: true, creditLimitTotalAmount: 0 },
  termsOf: (row) => ({ isActive: row.isActive, creditLimitTotalAmount: toChf(row.creditLimitTotalAmount) }),
  toWire: (row) => ({
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    language: row.language,
    country: countryOf(row),
    creditLimitTotalAmount: toChf(row.creditLimitTotalAmount),
    isActive: row.isActive,
    balance: toChf(row.balance ?? 0),
    accountId: row.accountId,
  }),
  valuesOf: (body, terms) => ({
    email: body.email,
    displayName: body.displayName.trim(),
    language: body.language,
    countryId: body.country.id,
    creditLimitTotalAmount: toRappen(terms.creditLimitTotalAmount),
    isActive: terms.isActive,
  }),
  storedValuesOf: (row) => ({
    email: row.email,
    displayName: row.displayName,
    language: row.language,
    countryId: row.countryId ?? undefined,
    creditLimitTotalAmount: row.creditLimitTotalAmount,
    isActive: row.isActive,
  }),
  phones: () => ({}),
  removal: {
    refusesOwnAccount: true,
    blockers: ['reservations', 'ledgerRecords'],
    message:
      'The manager has reservations or account movements and cannot be deleted; deactivate them instead.',
    paramsWhenRaced: false,
  },
};
