import { satisfies, toChf, toRappen } from '@flybook/domain';
import {
  type CreateManagerBody,
  MANAGER_ROLE,
  type Manager,
  type ManagerListQuery,
  type UpdateManagerBody,
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
  usageOfUser,
} from '../users/user-profile.ts';
import { createUserWithAccount } from '../users/users.service.ts';
import * as repo from './managers.repository.ts';

type CreateBody = z.output<typeof CreateManagerBody>;
type UpdateBody = z.output<typeof UpdateManagerBody>;

/** Fields only ROLE_MANAGER_EDIT changes; a manager's own account form leaves them alone. */
const EDIT_ROLE_FIELDS = ['isActive', 'creditLimitTotalAmount'] as const;
type Terms = { isActive: boolean; creditLimitTotalAmount: number };

function toManager(row: ProfileRow): Manager {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    language: row.language,
    country: countryOf(row),
    creditLimitTotalAmount: toChf(row.creditLimitTotalAmount),
    isActive: row.isActive,
    balance: toChf(row.balance ?? 0),
    accountId: row.accountId,
  };
}

const valuesOf = (body: CreateBody | UpdateBody, terms: Terms): repo.ManagerValues => ({
  email: body.email,
  displayName: body.displayName.trim(),
  language: body.language,
  countryId: body.country.id,
  creditLimitTotalAmount: toRappen(terms.creditLimitTotalAmount),
  isActive: terms.isActive,
});

const storedValuesOf = (row: ProfileRow): Partial<repo.ManagerValues> => ({
  email: row.email,
  displayName: row.displayName,
  language: row.language,
  countryId: row.countryId ?? undefined,
  creditLimitTotalAmount: row.creditLimitTotalAmount,
  isActive: row.isActive,
});

export function createManagersService(db: Db, attempts: PasswordAttempts) {
  /**
   * Who may see or change a manager: the manager themself (My account), or staff with the role.
   * Without it the answer is 403 before any lookup, so ids reveal nothing.
   */
  function access(actor: AuthUser, id: number, staffRole: string): 'self' | 'staff' {
    if (actor.type === 'manager' && actor.id === id) return 'self';
    if (!satisfies(actor.roles, staffRole)) throw ApiError.forbidden();
    return 'staff';
  }

  async function load(id: number) {
    const row = await repo.findManager(db, id);
    if (!row) throw ApiError.notFound('manager', id);
    return row;
  }

  /**
   * isActive and the credit limit after this change: another value than the current one needs
   * ROLE_MANAGER_EDIT (403 naming the field); nobody deactivates themself (409).
   */
  function resolveTerms(
    actor: AuthUser,
    body: CreateBody | UpdateBody,
    current: Terms,
    managerId: number | null,
  ): Terms {
    const next: Terms = { ...current };
    const refused: { field: string; role: string }[] = [];
    for (const field of EDIT_ROLE_FIELDS) {
      const sent = body[field];
      if (sent === undefined || sent === current[field]) continue;
      if (satisfies(actor.roles, MANAGER_ROLE.edit)) Object.assign(next, { [field]: sent });
      else refused.push({ field, role: MANAGER_ROLE.edit });
    }
    if (refused.length > 0) throw forbiddenFields(refused);
    if (actor.id === managerId && current.isActive && !next.isActive) throw ownAccountConflict('isActive');
    return next;
  }

  /** Password rule, country, e-mail uniqueness: every failing field in one 422. */
  async function checkFields(body: CreateBody | UpdateBody, exceptUserId?: number) {
    const { country, errors } = await profileProblems(
      db,
      { countryId: body.country.id, email: body.email, phones: {}, password: body.password },
      exceptUserId,
    );
    if (errors.length > 0 || !country) throw new ValidationError(errors);
    return country;
  }

  return {
    async list(query: z.output<typeof ManagerListQuery>) {
      const { items, total } = await repo.listManagers(db, query, query);
      return { items: items.map(toManager), total };
    },

    async get(actor: AuthUser, id: number): Promise<Manager> {
      access(actor, id, MANAGER_ROLE.read);
      return toManager(await load(id));
    },

    async create(actor: AuthUser, body: CreateBody): Promise<Manager> {
      const terms = resolveTerms(actor, body, { isActive: true, creditLimitTotalAmount: 0 }, null);
      const country = await checkFields(body);
      const values = valuesOf(body, terms);
      const id = await transactionUnique(
        db,
        async (tx) => {
          const userId = await createUserWithAccount(tx, {
            email: values.email,
            type: 'manager',
            group: 'manager',
            displayName: values.displayName,
            countryCode: country.code,
            password: body.password,
          });
          await repo.updateManager(tx, userId, values);
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'manager',
            entityId: userId,
            operation: 'create',
            changedFields: [...Object.keys(values), 'password'],
          });
          return userId;
        },
        () => new ValidationError([emailTakenItem()]),
      );
      return toManager(await load(id));
    },

    /**
     * Staff with ROLE_MANAGER_EDIT change any manager; a manager changes their own e-mail, name,
     * language, country and password (docs/users.md).
     */
    async update(actor: AuthUser, id: number, body: UpdateBody): Promise<Manager> {
      const who = access(actor, id, MANAGER_ROLE.edit);
      assertBodyId(body.id, id);
      const before = await load(id);
      const terms = resolveTerms(
        actor,
        body,
        { isActive: before.isActive, creditLimitTotalAmount: toChf(before.creditLimitTotalAmount) },
        id,
      );
      if (who === 'self' && (body.password || body.email !== before.email)) {
        await checkCurrentPassword(db, attempts, actor, body.currentPassword);
      }
      await checkFields(body, id);
      const values = valuesOf(body, terms);
      const changed = changedFields(storedValuesOf(before), values);
      await transactionUnique(
        db,
        async (tx) => {
          await repo.updateManager(tx, id, {
            ...values,
            ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
          });
          if (body.password) {
            // A new password ends the manager's other sessions; their own edit keeps its session.
            await endSessions(tx, id, who === 'self' ? actor.tokenHash : null);
          }
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'manager',
            entityId: id,
            operation: 'update',
            changedFields: body.password ? [...changed, 'password'] : changed,
          });
        },
        () => new ValidationError([emailTakenItem()]),
      );
      return toManager(await load(id));
    },

    /**
     * Deletes a manager nothing refers to. One with reservations or ledger movements is kept
     * (409 ERROR_IN_USE): deactivate them instead. Nobody deletes themself.
     */
    async remove(actor: AuthUser, id: number) {
      const row = await load(id);
      if (actor.id === id) throw ownAccountConflict();
      const usage = await usageOfUser(db, id, row.accountId);
      if (usage.reservations > 0 || usage.ledgerRecords > 0) {
        throw new ApiError('ERROR_IN_USE', 409, {
          message:
            'The manager has reservations or account movements and cannot be deleted; deactivate them instead.',
          params: { reservations: usage.reservations, ledgerRecords: usage.ledgerRecords },
        });
      }
      try {
        await db.transaction(async (tx) => {
          await deleteUserWithAccount(tx, 'manager', id);
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'manager',
            entityId: id,
            operation: 'delete',
            changedFields: [],
          });
        });
      } catch (error) {
        // Something recorded them in the meantime (a payment they took, a flight they created…).
        if (isForeignKeyViolation(error)) throw new ApiError('ERROR_IN_USE', 409);
        throw error;
      }
    },
  };
}

export type ManagersService = ReturnType<typeof createManagersService>;
