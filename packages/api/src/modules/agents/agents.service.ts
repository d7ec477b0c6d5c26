import { allOf, type PermissionRule, satisfies, toChf, toRappen } from '@flybook/domain';
import {
  AGENT_FIELD_ROLES,
  AGENT_ROLE,
  type Agent,
  type AgentListQuery,
  type AgentRoleField,
  type ApiErrorItem,
  type CreateAgentBody,
  type MarginType,
  SALUTATIONS,
  type UpdateAgentBody,
} from '@flybook/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { changedFields, logEntityChange } from '../../platform/entity-log.ts';
import { hashPassword } from '../../platform/secrets.ts';
import { isForeignKeyViolation, transactionUnique } from '../../platform/sql.ts';
import type { PasswordAttempts } from '../auth/password-attempts.ts';
import {
  assertBodyId,
  checkCurrentPassword,
  countryOf,
  deleteUserWithAccount,
  emailTakenItem,
  endSessions,
  forbiddenFields,
  ownAccountConflict,
  type ProfileRow,
  profileProblems,
  requiredItem,
  usageOfUser,
} from '../users/user-profile.ts';
import { createUserWithAccount } from '../users/users.service.ts';
import * as repo from './agents.repository.ts';

type CreateBody = z.output<typeof CreateAgentBody>;
type UpdateBody = z.output<typeof UpdateAgentBody>;

const ROLE_FIELDS = Object.keys(AGENT_FIELD_ROLES) as AgentRoleField[];
const MARGIN_FIELDS = ['marginType', 'moneyMargin', 'percentMargin'] as const;
/** Saving another agent: ROLE_AGENT_UPDATE, and the form is editable only with ROLE_AGENT_UPDATE_FORM. */
const UPDATE_RULE = allOf(AGENT_ROLE.update, AGENT_ROLE.updateForm);

/** The fields with a role of their own, as the wire carries them (CHF, percent). */
type Terms = {
  isActive: boolean;
  monthlyFee: number | null;
  creditLimitTotalAmount: number;
  marginType: MarginType | null;
  moneyMargin: number | null;
  percentMargin: number | null;
};

/** A new agent: active, no monthly fee, no credit, a percent margin of 0. */
const NEW_AGENT_TERMS: Terms = {
  isActive: true,
  monthlyFee: null,
  creditLimitTotalAmount: 0,
  marginType: 'percent',
  moneyMargin: 0,
  percentMargin: 0,
};

const isSalutation = (value: string | null): value is (typeof SALUTATIONS)[number] =>
  (SALUTATIONS as readonly (string | null)[]).includes(value);

const may = (reader: AuthUser, field: AgentRoleField) => satisfies(reader.roles, AGENT_FIELD_ROLES[field]);

const termsOf = (row: ProfileRow): Terms => ({
  isActive: row.isActive,
  monthlyFee: row.monthlyFee === null ? null : toChf(row.monthlyFee),
  creditLimitTotalAmount: toChf(row.creditLimitTotalAmount),
  marginType: row.marginType,
  moneyMargin: row.moneyMargin === null ? null : toChf(row.moneyMargin),
  percentMargin: row.percentMargin === null ? null : Number(row.percentMargin),
});

/** An agent as `reader` may see them: the fields with their own role only with that role. */
function toAgent(row: ProfileRow, reader: AuthUser): Agent {
  const terms = termsOf(row);
  return {
    id: row.id,
    email: row.email,
    salutation: isSalutation(row.salutation) ? row.salutation : null,
    company: row.company,
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
    // List filters show who is active anyway; the role guards the change.
    isActive: row.isActive,
    displayName: row.displayName,
    balance: toChf(row.balance ?? 0),
    accountId: row.accountId,
    ...(may(reader, 'monthlyFee') ? { monthlyFee: terms.monthlyFee } : {}),
    ...(may(reader, 'creditLimitTotalAmount')
      ? { creditLimitTotalAmount: terms.creditLimitTotalAmount }
      : {}),
    ...(may(reader, 'marginType')
      ? { marginType: terms.marginType, moneyMargin: terms.moneyMargin, percentMargin: terms.percentMargin }
      : {}),
  };
}

/** The display name: the agency's company name, or the contact person when there is none. */
const displayNameOf = (company: string | null, firstName: string, lastName: string) =>
  company ?? `${firstName} ${lastName}`;

const textOrNull = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The stored form of an agent's fields: the form's values, with the terms the caller may set. */
function valuesOf(body: CreateBody | UpdateBody, terms: Terms): repo.AgentValues {
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
    displayName: displayNameOf(company, firstName, lastName),
    isActive: terms.isActive,
    monthlyFee: terms.monthlyFee === null ? null : toRappen(terms.monthlyFee),
    creditLimitTotalAmount: toRappen(terms.creditLimitTotalAmount),
    marginType: terms.marginType,
    moneyMargin: terms.moneyMargin === null ? null : toRappen(terms.moneyMargin),
    percentMargin: terms.percentMargin === null ? null : terms.percentMargin.toFixed(2),
  };
}

/** The stored values of an agent, to name the fields an update really changes. */
const storedValuesOf = (row: ProfileRow): Partial<repo.AgentValues> => ({
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
});

export function createAgentsService(db: Db, attempts: PasswordAttempts) {
  /**
   * Who may see or change an agent: the agent themself (their own profile), or staff with the
   * rule. Without it the answer is 403 before any lookup, so ids reveal nothing.
   */
  function access(actor: AuthUser, id: number, staffRule: PermissionRule): 'self' | 'staff' {
    if (actor.type === 'agent' && actor.id === id) return 'self';
    if (!satisfies(actor.roles, staffRule)) throw ApiError.forbidden();
    return 'staff';
  }

  async function load(id: number) {
    const row = await repo.findAgent(db, id);
    if (!row) throw ApiError.notFound('agent', id);
    return row;
  }

  /**
   * The terms after this change: a field sent with another value than it has needs its role (and
   * is never the agent's own to change); sent back unchanged or left out, it keeps its value.
   */
  function resolveTerms(
    actor: AuthUser,
    who: 'self' | 'staff',
    body: CreateBody | UpdateBody,
    current: Terms,
  ) {
    const next: Terms = { ...current };
    const refused: { field: string; role: string }[] = [];
    for (const field of ROLE_FIELDS) {
      const sent = body[field];
      if (sent === undefined || sent === current[field]) continue;
      if (who === 'staff' && may(actor, field)) {
        Object.assign(next, { [field]: sent });
      } else {
        refused.push({ field, role: AGENT_FIELD_ROLES[field] });
      }
    }
    if (refused.length > 0) {
      throw forbiddenFields(
        refused,
        who === 'self'
          ? `An agent cannot change ${refused.map((r) => r.field).join(', ')} of their own profile`
          : undefined,
      );
    }
    return next;
  }

  /** The margin fields are required of whoever may edit them (spec 03 §5). */
  const missingMargins = (actor: AuthUser, who: 'self' | 'staff', body: CreateBody | UpdateBody) =>
    who === 'staff' && may(actor, 'marginType')
      ? MARGIN_FIELDS.filter((field) => body[field] === undefined).map(requiredItem)
      : [];

  /** Margins, country, phone rule and e-mail uniqueness: every failing field in one 422. */
  async function checkFields(
    actor: AuthUser,
    who: 'self' | 'staff',
    body: CreateBody | UpdateBody,
    exceptUserId?: number,
  ) {
    const errors: ApiErrorItem[] = missingMargins(actor, who, body);
    const { country, errors: problems } = await profileProblems(
      db,
      {
        countryId: body.country.id,
        email: body.email,
        password: body.password,
        phones: {
          phoneMobile: body.phoneMobile,
          phoneNumberFirst: body.phoneNumberFirst,
          phoneNumberSecond: body.phoneNumberSecond,
        },
      },
      exceptUserId,
    );
    errors.push(...problems);
    if (errors.length > 0 || !country) throw new ValidationError(errors);
    return country;
  }

  return {
    async list(reader: AuthUser, query: z.output<typeof AgentListQuery>) {
      const { items, total } = await repo.listAgents(db, query, query);
      return { items: items.map((row) => toAgent(row, reader)), total };
    },

    async get(actor: AuthUser, id: number): Promise<Agent> {
      access(actor, id, AGENT_ROLE.read);
      return toAgent(await load(id), actor);
    },

    async create(actor: AuthUser, body: CreateBody): Promise<Agent> {
      const terms = resolveTerms(actor, 'staff', body, NEW_AGENT_TERMS);
      const country = await checkFields(actor, 'staff', body);
      const values = valuesOf(body, terms);
      const id = await transactionUnique(
        db,
        async (tx) => {
          const userId = await createUserWithAccount(tx, {
            email: values.email,
            type: 'agent',
            group: 'agent',
            displayName: values.displayName,
            firstName: values.firstName,
            lastName: values.lastName,
            ...(values.company ? { company: values.company } : {}),
            countryCode: country.code,
            password: body.password,
          });
          await repo.updateAgent(tx, userId, values);
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'agent',
            entityId: userId,
            operation: 'create',
            changedFields: [...Object.keys(values), 'password'],
          });
          return userId;
        },
        () => new ValidationError([emailTakenItem()]),
      );
      return toAgent(await load(id), actor);
    },

    /**
     * Staff change any agent; an agent changes their own personal fields, language, e-mail and
     * password, never the fields with a role of their own (docs/users.md).
     */
    async update(actor: AuthUser, id: number, body: UpdateBody): Promise<Agent> {
      const who = access(actor, id, UPDATE_RULE);
      assertBodyId(body.id, id);
      const before = await load(id);
      const terms = resolveTerms(actor, who, body, termsOf(before));
      if (who === 'self' && (body.password || body.email !== before.email)) {
        await checkCurrentPassword(db, attempts, actor, body.currentPassword);
      }
      await checkFields(actor, who, body, id);
      const values = valuesOf(body, terms);
      const changed = changedFields(storedValuesOf(before), values);
      await transactionUnique(
        db,
        async (tx) => {
          await repo.updateAgent(tx, id, {
            ...values,
            ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
          });
          if (body.password) {
            // A new password ends the agent's other sessions; their own edit keeps its session.
            await endSessions(tx, id, who === 'self' ? actor.tokenHash : null);
          }
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'agent',
            entityId: id,
            operation: 'update',
            changedFields: body.password ? [...changed, 'password'] : changed,
          });
        },
        () => new ValidationError([emailTakenItem()]),
      );
      return toAgent(await load(id), actor);
    },

    /**
     * Deletes an agent nothing refers to. One with reservations, allotments or ledger movements is
     * kept (409 ERROR_IN_USE): deactivate them instead.
     */
    async remove(actor: AuthUser, id: number) {
      const row = await load(id);
      if (actor.id === id) throw ownAccountConflict();
      const usage = await usageOfUser(db, id, row.accountId);
      if (usage.reservations > 0 || usage.ledgerRecords > 0 || usage.allotments > 0) {
        throw new ApiError('ERROR_IN_USE', 409, {
          message:
            'The agent has reservations, allotments or account movements and cannot be deleted; deactivate them instead.',
          params: usage,
        });
      }
      try {
        await db.transaction(async (tx) => {
          await deleteUserWithAccount(tx, 'agent', id);
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'agent',
            entityId: id,
            operation: 'delete',
            changedFields: [],
          });
        });
      } catch (error) {
        // Something was booked for them in the meantime, or another record still names them.
        if (isForeignKeyViolation(error)) throw new ApiError('ERROR_IN_USE', 409, { params: usage });
        throw error;
      }
    },
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
