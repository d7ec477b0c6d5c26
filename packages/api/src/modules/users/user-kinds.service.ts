import { type PermissionRule, satisfies } from '@flybook/domain';
import type { Db } from '../../db/client.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { changedFields, logEntityChange } from '../../platform/entity-log.ts';
import { hashPassword } from '../../platform/secrets.ts';
import { isForeignKeyViolation, transactionUnique } from '../../platform/sql.ts';
import type { PasswordAttempts } from '../auth/password-attempts.ts';
import * as repo from './user-kinds.repository.ts';
import { AGENT_KIND, CUSTOMER_KIND, MANAGER_KIND, type UserKind, type Who } from './user-kinds.ts';
import {
  assertBodyId,
  checkCurrentPassword,
  deleteUserWithAccount,
  emailTakenItem,
  endSessions,
  findProfile,
  ownAccountConflict,
  profileProblems,
  usageOfUser,
} from './user-profile.ts';
import { createUserWithAccount } from './users.repository.ts';

type ListQuery = repo.UserKindListFilter & {
  page: number;
  pageSize: number;
  sortBy: 'displayName' | 'id' | 'email';
  sortOrder: 'ASC' | 'DESC';
};

/**
 * Agents, customers and managers: list, read, create, change and delete one, the same steps for
 * each kind; what differs between them is the kind's policy (user-kinds.ts). Rules: docs/users.md.
 */
export function createUserKindService<
  Wire,
  Create extends { email: string; password: string; country: { id: number } },
  Update extends {
    id: number;
    email: string;
    password?: string | undefined;
    currentPassword?: string | undefined;
    country: { id: number };
  },
  Terms extends { isActive: boolean },
>(db: Db, attempts: PasswordAttempts, kind: UserKind<Wire, Create, Update, Terms>) {
  const { type } = kind;

  /**
   * Who may see or change one: the user themself, or staff with the rule. Without it the answer
   * is 403 before any lookup, so ids reveal nothing; a kind that hides its users from each other
   * answers 404 to one asking for another, as for any id that is not theirs.
   */
  function access(actor: AuthUser, id: number, staffRule: PermissionRule): Who {
    if (actor.type === type) {
      if (actor.id === id) return 'self';
      if (kind.hidesOthersOfKind) throw ApiError.notFound(type, id);
    }
    if (!satisfies(actor.roles, staffRule)) throw ApiError.forbidden();
    return 'staff';
  }

  async function load(id: number) {
    const row = await findProfile(db, type, id);
    if (!row) throw ApiError.notFound(type, id);
    return row;
  }

  /**
   * The terms after this change: a field sent with another value than it has needs its role (and
   * on the own profile, the kind's leave); sent back unchanged or left out, it keeps its value.
   * Nobody deactivates themself (409).
   */
  function resolveTerms(
    actor: AuthUser,
    who: Who,
    body: Create | Update,
    current: Terms,
    userId: number | null,
  ) {
    const next: Terms = { ...current };
    const refused: { field: string; role: string }[] = [];
    for (const { field, role, self } of kind.guardedFields) {
      const sent = kind.sentTerms(body)[field];
      if (sent === undefined || sent === current[field]) continue;
      if ((who === 'staff' || self) && satisfies(actor.roles, role)) Object.assign(next, { [field]: sent });
      else refused.push({ field, role });
    }
    if (refused.length > 0) throw kind.refusal(refused, who);
    if (actor.id === userId && current.isActive && !next.isActive) throw ownAccountConflict('isActive');
    return next;
  }

  /** The kind's own checks, then password rule, country, phone rule and e-mail: every failing field in one 422. */
  async function checkFields(actor: AuthUser, who: Who, body: Create | Update, exceptUserId?: number) {
    const errors = kind.extraProblems?.(actor, who, body) ?? [];
    const { country, errors: problems } = await profileProblems(
      db,
      { countryId: body.country.id, email: body.email, password: body.password, phones: kind.phones(body) },
      exceptUserId,
    );
    errors.push(...problems);
    if (errors.length > 0 || !country) throw new ValidationError(errors);
    return country;
  }

  return {
    async list(reader: AuthUser, query: ListQuery) {
      const { items, total } = await repo.listUsersOfKind(db, kind, query, query);
      return { items: items.map((row) => kind.toWire(row, reader)), total };
    },

    async get(actor: AuthUser, id: number): Promise<Wire> {
      access(actor, id, kind.readRule);
      return kind.toWire(await load(id), actor);
    },

    async create(actor: AuthUser, body: Create): Promise<Wire> {
      const terms = resolveTerms(actor, 'staff', body, kind.newTerms, null);
      const country = await checkFields(actor, 'staff', body);
      const values = kind.valuesOf(body, terms);
      const id = await transactionUnique(
        db,
        async (tx) => {
          const userId = await createUserWithAccount(tx, {
            email: values.email,
            type,
            group: type,
            displayName: values.displayName,
            ...(values.firstName ? { firstName: values.firstName } : {}),
            ...(values.lastName ? { lastName: values.lastName } : {}),
            ...(values.company ? { company: values.company } : {}),
            countryCode: country.code,
            password: body.password,
          });
          await repo.updateUserOfKind(tx, type, userId, values);
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: type,
            entityId: userId,
            operation: 'create',
            changedFields: [...Object.keys(values), 'password'],
          });
          await kind.afterCreate?.(tx, values);
          return userId;
        },
        () => new ValidationError([emailTakenItem()]),
      );
      return kind.toWire(await load(id), actor);
    },

    /**
     * Staff change any user of the kind; a user changes their own profile, never the fields the
     * kind keeps from them (docs/users.md).
     */
    async update(actor: AuthUser, id: number, body: Update): Promise<Wire> {
      const who = access(actor, id, kind.updateRule);
      assertBodyId(body.id, id);
      const before = await load(id);
      const terms = resolveTerms(actor, who, body, kind.termsOf(before), id);
      if (who === 'self' && (body.password || body.email !== before.email)) {
        await checkCurrentPassword(db, attempts, actor, body.currentPassword);
      }
      await checkFields(actor, who, body, id);
      const values = kind.valuesOf(body, terms);
      const changed = changedFields(kind.storedValuesOf(before), values);
      await transactionUnique(
        db,
        async (tx) => {
          await repo.updateUserOfKind(tx, type, id, {
            ...values,
            ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
          });
          if (body.password) {
            // A new password ends the user's other sessions; their own edit keeps its session.
            await endSessions(tx, id, who === 'self' ? actor.tokenHash : null);
          }
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: type,
            entityId: id,
            operation: 'update',
            changedFields: body.password ? [...changed, 'password'] : changed,
          });
        },
        () => new ValidationError([emailTakenItem()]),
      );
      return kind.toWire(await load(id), actor);
    },

    /**
     * Deletes a user nothing refers to. One with what the kind counts (reservations, ledger
     * movements, allotments) is kept (409 ERROR_IN_USE): deactivate them instead.
     */
    async remove(actor: AuthUser, id: number) {
      const { removal } = kind;
      const row = await load(id);
      if (removal.refusesOwnAccount && actor.id === id) throw ownAccountConflict();
      const usage = await usageOfUser(db, id, row.accountId);
      const blocking = Object.fromEntries(removal.blockers.map((what) => [what, usage[what]]));
      if (removal.blockers.some((what) => usage[what] > 0)) {
        throw new ApiError('ERROR_IN_USE', 409, { message: removal.message, params: blocking });
      }
      try {
        await db.transaction(async (tx) => {
          await deleteUserWithAccount(tx, type, id);
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: type,
            entityId: id,
            operation: 'delete',
            changedFields: [],
          });
        });
      } catch (error) {
        // Something was recorded for them in the meantime, or another record still names them.
        if (isForeignKeyViolation(error)) {
          throw new ApiError('ERROR_IN_USE', 409, removal.paramsWhenRaced ? { params: blocking } : {});
        }
        throw error;
      }
    },
  };
}

/** One service per kind, for the routes (users.routes.ts). */
export const createUserKindServices = (db: Db, attempts: PasswordAttempts) => ({
  agents: createUserKindService(db, attempts, AGENT_KIND),
  customers: createUserKindService(db, attempts, CUSTOMER_KIND),
  managers: createUserKindService(db, attempts, MANAGER_KIND),
});

export type UserKindServices = ReturnType<typeof createUserKindServices>;
