import {
  backOfficeRoles,
  effectiveRoles,
  isKnownRole,
  ROLE_ADMIN,
  ROLE_CATALOGUE,
  rolesForUserType,
} from '@flybook/domain';
import {
  type ApiErrorItem,
  ERROR_MESSAGES,
  type Group,
  type Me,
  type PermissionsUser,
  type UpdatePermissionsBody,
  type UserListQuery,
} from '@flybook/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { changedFields, logEntityChange } from '../../platform/entity-log.ts';
import * as repo from './users.repository.ts';

// What other modules may use of this module's queries (docs/architecture.md): its repository is its own.
export { createUserWithAccount, findUser } from './users.repository.ts';

type GroupRow = NonNullable<Awaited<ReturnType<typeof repo.findGroup>>>;

/** Role names outside the catalogue, as 422 items on their place in the list. */
function unknownRoles(field: string, roles: string[]): ApiErrorItem[] {
  return roles.flatMap((role, index) =>
    isKnownRole(role)
      ? []
      : [
          {
            code: 'ERROR_ENUM',
            message: `Unknown role ${role}`,
            field: `${field}.${index}`,
            params: { role },
          },
        ],
  );
}

/**
 * A customer may hold only the customer roles (CUSTOMER_ROLES in @flybook/domain): a group or an
 * allowed special role that gives back-office rights is refused, naming the roles.
 */
function notForCustomers(group: GroupRow | undefined, allowed: string[]): ApiErrorItem[] {
  const item = (field: string, roles: string[]): ApiErrorItem => ({
    code: 'ERROR_ROLE_NOT_FOR_CUSTOMERS',
    message: `${ERROR_MESSAGES.ERROR_ROLE_NOT_FOR_CUSTOMERS} (${roles.join(', ')})`,
    field,
    params: { roles: roles.join(',') },
  });
  const fromGroup = group ? backOfficeRoles(group.roles) : [];
  const errors = fromGroup.length > 0 ? [item('group.id', fromGroup)] : [];
  allowed.forEach((role, index) => {
    if (isKnownRole(role) && backOfficeRoles([role]).length > 0) {
      errors.push(item(`allowedSpecialRoles.${index}`, [role]));
    }
  });
  return errors;
}

export function createUsersService(db: Db) {
  const groupOut = async (group: GroupRow | undefined): Promise<Group | null> =>
    group
      ? {
          id: group.id,
          code: group.code,
          title: group.title,
          roles: group.roles,
          virtualAccounts: await repo.groupVirtualAccountIds(db, group.id),
        }
      : null;

  const permissionsUser = async (id: number): Promise<PermissionsUser> => {
    const user = await repo.findUser(db, id);
    if (!user) throw ApiError.notFound('user', id);
    const group = user.groupId ? await repo.findGroup(db, user.groupId) : undefined;
    return {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      type: user.type,
      isActive: user.isActive,
      group: await groupOut(group),
      allowedSpecialRoles: user.allowedSpecialRoles,
      deniedSpecialRoles: user.deniedSpecialRoles,
    };
  };

  return {
    async me(auth: AuthUser): Promise<Me> {
      const user = await repo.findUser(db, auth.id);
      if (!user) throw ApiError.notFound('user', auth.id);
      return {
        id: user.id,
        type: user.type,
        displayName: user.displayName,
        email: user.email,
        birthday: user.birthday,
        language: user.language,
        roles: [...auth.roles].sort(),
        accountId: await repo.accountIdOfUser(db, user.id),
      };
    },

    permissionsUser,

    async effectiveRolesOf(id: number) {
      const user = await repo.findUser(db, id);
      if (!user) throw ApiError.notFound('user', id);
      const group = user.groupId ? await repo.findGroup(db, user.groupId) : undefined;
      const roles = effectiveRoles(group?.roles ?? [], user.allowedSpecialRoles, user.deniedSpecialRoles);
      return { items: rolesForUserType(user.type, roles) };
    },

    roleCatalogue: () => ({ items: ROLE_CATALOGUE.map((role) => ({ ...role })) }),

    async groups() {
      const rows = await repo.listGroups(db);
      return {
        items: rows.map(({ id, code, title, roles, virtualAccounts }) => ({
          id,
          code,
          title,
          roles,
          virtualAccounts,
        })),
      };
    },

    async list(query: z.output<typeof UserListQuery>) {
      const { items, total } = await repo.listUsers(db, query, query);
      return {
        total,
        items: items.map((row) => ({
          id: row.id,
          email: row.email,
          displayName: row.displayName,
          type: row.type,
          isActive: row.isActive,
          group: row.groupId !== null && row.groupTitle ? { id: row.groupId, title: row.groupTitle } : null,
        })),
      };
    },

    /** Sets group and special roles; the body's id must be the path's id. */
    async updatePermissions(actor: AuthUser, id: number, body: z.output<typeof UpdatePermissionsBody>) {
      if (body.id !== id) {
        throw new ValidationError([
          { code: 'ERROR_VALIDATION', message: 'Body id differs from the path id', field: 'id' },
        ]);
      }
      const before = await repo.findUser(db, id);
      if (!before) throw ApiError.notFound('user', id);
      const group = body.group ? await repo.findGroup(db, body.group.id) : undefined;
      if (body.group && !group) {
        throw new ValidationError([
          { code: 'ERROR_NOT_FOUND', message: `Not found group ${body.group.id}`, field: 'group.id' },
        ]);
      }
      const refused = [
        ...unknownRoles('allowedSpecialRoles', body.allowedSpecialRoles),
        ...unknownRoles('deniedSpecialRoles', body.deniedSpecialRoles),
      ];
      if (before.type === 'customer') refused.push(...notForCustomers(group, body.allowedSpecialRoles));
      if (refused.length > 0) throw new ValidationError(refused);
      const values = {
        groupId: group?.id ?? null,
        allowedSpecialRoles: [...new Set(body.allowedSpecialRoles)].sort(),
        deniedSpecialRoles: [...new Set(body.deniedSpecialRoles)].sort(),
      };
      // The admin editing their own permissions must not lock themself out of this page.
      const after = effectiveRoles(group?.roles ?? [], values.allowedSpecialRoles, values.deniedSpecialRoles);
      if (actor.id === id && !after.includes(ROLE_ADMIN)) {
        throw new ApiError('ERROR_CONFLICT', 409, {
          message: 'You cannot take away your own admin rights; ask another admin.',
          field: 'deniedSpecialRoles',
        });
      }
      await db.transaction(async (tx) => {
        await repo.updateUserPermissions(tx, id, values);
        await logEntityChange(tx, {
          userId: actor.id,
          entityType: 'user',
          entityId: id,
          operation: 'update',
          changedFields: changedFields(before, values),
        });
      });
      return permissionsUser(id);
    },

    async virtualAccounts(id: number) {
      if (!(await repo.findUser(db, id))) throw ApiError.notFound('user', id);
      return { items: await repo.userVirtualAccountIds(db, id) };
    },

    async setVirtualAccounts(actor: AuthUser, id: number, accountIds: number[]) {
      if (!(await repo.findUser(db, id))) throw ApiError.notFound('user', id);
      const unique = [...new Set(accountIds)];
      const existing = new Set(await repo.existingVirtualAccountIds(db, unique));
      const unknown = unique.filter((accountId) => !existing.has(accountId));
      if (unknown.length > 0) {
        throw new ValidationError([
          {
            code: 'ERROR_NOT_FOUND',
            message: `Not virtual accounts: ${unknown.join(', ')}`,
            field: 'accountIds',
          },
        ]);
      }
      await db.transaction(async (tx) => {
        await repo.replaceUserVirtualAccounts(tx, id, unique);
        await logEntityChange(tx, {
          userId: actor.id,
          entityType: 'user',
          entityId: id,
          operation: 'update',
          changedFields: ['virtualAccounts'],
        });
      });
      return { items: await repo.userVirtualAccountIds(db, id) };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
