import { z } from 'zod';
import { IsoDateSchema, LocaleSchema } from './common.ts';
import { PhoneSchema, SalutationSchema } from './reservations.ts';
import {
  CountryRefSchema,
  NewPasswordFields,
  OptionalPhoneSchema,
  optionalField,
  PercentSchema,
  PersonViewFields,
  ProfileChangeFields,
  ProfileMoneySchema,
  passwordConfirmation,
  passwordsEqual,
  requiredChoice,
  requiredField,
  UserEmailSchema,
  userKindCalls,
  userKindListQuery,
} from './user-fields.ts';
import { notBlank } from './validation.ts';

/**
 * Agents (spec 03 §3 Agent, §5 agent form, §6 roles, §7 Users calls): travel agencies that book
 * for their clients on their own ledger account. The per-country phone rule lives in
 * @flybook/domain (`checkPhone`); the server applies it after these schemas. Rules the spec leaves
 * open: docs/users.md.
 */

export const MARGIN_TYPES = ['percent', 'money'] as const;
export const MarginTypeSchema = z.enum(MARGIN_TYPES);
export type MarginType = z.infer<typeof MarginTypeSchema>;

/** The roles of the agent calls (spec 03 §6 "agent read/list/create"; catalogue in @flybook/domain). */
export const AGENT_ROLE = {
  list: 'ROLE_AGENT_LIST',
  read: 'ROLE_AGENT_READ',
  create: 'ROLE_AGENT_CREATE',
  update: 'ROLE_AGENT_UPDATE',
  /** The agent form is editable; saving another agent needs it with ROLE_AGENT_UPDATE. */
  updateForm: 'ROLE_AGENT_UPDATE_FORM',
  delete: 'ROLE_AGENT_DELETE',
} as const;

/**
 * Fields of the agent form with a role of their own (spec 03 §6: "is-active, fee, credit limit and
 * margin fields hidden without their own roles"). The server leaves them out of answers to callers
 * without the role (isActive excepted, which list filters show anyway) and refuses a change of them
 * with 403 naming the field; the unchanged value may be sent back.
 */
export const AGENT_FIELD_ROLES = {
  isActive: 'ROLE_AGENT_IS_ACTIVE',
  monthlyFee: 'ROLE_AGENT_FEE',
  creditLimitTotalAmount: 'ROLE_AGENT_CREDIT_LIMIT',
  marginType: 'ROLE_AGENT_MARGIN',
  moneyMargin: 'ROLE_AGENT_MARGIN',
  percentMargin: 'ROLE_AGENT_MARGIN',
} as const;
export type AgentRoleField = keyof typeof AGENT_FIELD_ROLES;

/** An agent as staff and the agent themself read it; list items are the same. */
export const AgentSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  salutation: SalutationSchema.nullable(),
  company: z.string().nullable(),
  ...PersonViewFields,
  isActive: z.boolean(),
  /** The company when given, else first and last name; follows them on every save. */
  displayName: z.string(),
  /** CHF on the agent's ledger account (what the airline owes them); negative when they owe. */
  balance: z.number(),
  accountId: z.number().int().nullable(),
  /** CHF per month; only with ROLE_AGENT_FEE. */
  monthlyFee: z.number().nullable().optional(),
  /** CHF the balance may go below zero; only with ROLE_AGENT_CREDIT_LIMIT. */
  creditLimitTotalAmount: z.number().optional(),
  /** Margin fields only with ROLE_AGENT_MARGIN. */
  marginType: MarginTypeSchema.nullable().optional(),
  moneyMargin: z.number().nullable().optional(),
  percentMargin: z.number().nullable().optional(),
});
export type Agent = z.infer<typeof AgentSchema>;

/** An item of `agent/list`: a whole agent with balance (the agent picker reads id and displayName). */
export const AgentListItemSchema = AgentSchema;
export type AgentListItem = Agent;

/**
 * The fields of the agent form (spec 03 §5). marginType, moneyMargin and percentMargin are
 * required of whoever may edit them (ROLE_AGENT_MARGIN): the server answers ERROR_REQUIRED for
 * them, as the admin form removes the fields a user may not edit.
 */
/** What the OpenAPI document says of the margin fields, whose requirement depends on the caller. */
const MARGIN_RULE =
  'Required (ERROR_REQUIRED) when staff holding ROLE_AGENT_MARGIN create or change another agent; ' +
  'without that role, or on the own profile, a value other than the current one is refused (403).';

const AgentFields = z.object({
  email: UserEmailSchema,
  salutation: requiredChoice(SalutationSchema),
  company: optionalField(z.string().trim().max(200)),
  firstName: notBlank(100),
  lastName: notBlank(100),
  street: notBlank(200),
  zip: notBlank(20),
  /** Optional for agents (required for customers). */
  city: optionalField(z.string().trim().max(100)),
  country: CountryRefSchema,
  language: requiredChoice(LocaleSchema),
  birthday: requiredField(IsoDateSchema),
  phoneMobile: requiredField(PhoneSchema),
  phoneNumberFirst: OptionalPhoneSchema,
  phoneNumberSecond: OptionalPhoneSchema,
  /** New agents are active; a change needs ROLE_AGENT_IS_ACTIVE. */
  isActive: z.boolean().optional(),
  /** Empty means none; a change needs ROLE_AGENT_FEE. */
  monthlyFee: optionalField(ProfileMoneySchema),
  /** Empty is sent absent: 0 on create, unchanged on update; a change needs ROLE_AGENT_CREDIT_LIMIT. */
  creditLimitTotalAmount: optionalField(ProfileMoneySchema),
  /** percent by default; a change of any margin field needs ROLE_AGENT_MARGIN. */
  marginType: optionalField(z.string().pipe(MarginTypeSchema)).describe(MARGIN_RULE),
  moneyMargin: optionalField(ProfileMoneySchema).describe(MARGIN_RULE),
  percentMargin: optionalField(PercentSchema).describe(MARGIN_RULE),
});

/** A new agent: the form fields with password and its confirmation. */
export const CreateAgentBody = AgentFields.extend(NewPasswordFields).refine(
  passwordsEqual,
  passwordConfirmation('create'),
);
export type CreateAgentBody = z.input<typeof CreateAgentBody>;

/**
 * A change of an agent (also the agent's own profile): the form fields plus id; the password only
 * when filled, then with its confirmation. Fields with their own role that are left out keep
 * their value.
 */
export const UpdateAgentBody = AgentFields.extend(ProfileChangeFields).refine(
  passwordsEqual,
  passwordConfirmation('update'),
);
export type UpdateAgentBody = z.input<typeof UpdateAgentBody>;

/** Country codes as `countries[]=CH&countries[]=KV`; a single `countries=CH` is read as one. */
const CountryCodes = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  z.array(
    z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .transform((code) => code.toUpperCase()),
  ),
);

/**
 * Spec 03 §7 and §9: query, isActive, countries; default 15, max 50, by displayName ascending. The
 * list page sends isActive=true for "active only"; the agent picker does too.
 */
export const AgentListQuery = userKindListQuery().extend({
  // The search text looks through the name, company, contact person, e-mail and phone numbers.
  /** Codes of the agents' countries (CH, KV, …). */
  countries: CountryCodes.optional(),
});

export const agentCalls = userKindCalls('agent', {
  roles: { list: AGENT_ROLE.list, create: AGENT_ROLE.create, delete: AGENT_ROLE.delete },
  summaries: {
    list: 'Agents with their balance, searched and paged (also the agent picker of allotments)',
    create: 'Register an agent with their ledger account',
    get: 'An agent: staff with ROLE_AGENT_READ, or the agent themself',
    update:
      "Change an agent: staff with ROLE_AGENT_UPDATE and ROLE_AGENT_UPDATE_FORM, or the agent's own profile",
    delete: 'Delete an agent without reservations, allotments or ledger records (else deactivate)',
  },
  item: AgentSchema,
  query: AgentListQuery,
  create: CreateAgentBody,
  update: UpdateAgentBody,
});
