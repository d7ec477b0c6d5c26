import { z } from 'zod';
import {
  IdParams,
  IdSchema,
  LocaleSchema,
  LocalizedTextSchema,
  listQuery,
  listResponse,
  QueryBoolean,
} from './common.ts';
import { defineCall } from './http.ts';

export const USER_TYPES = ['manager', 'agent', 'customer', 'admin'] as const;
export const UserTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof UserTypeSchema>;

/** User info (spec 01 §3). */
export const UserInfoSchema = z.object({
  id: z.number().int(),
  type: UserTypeSchema,
  displayName: z.string(),
  email: z.string(),
  birthday: z.string().nullable(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** The logged-in user: info plus what the clients need to guard routes and greet them. */
export const MeSchema = UserInfoSchema.extend({
  language: LocaleSchema,
  roles: z.array(z.string()),
  accountId: z.number().int().nullable(),
});
export type Me = z.infer<typeof MeSchema>;

export const GroupSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: LocalizedTextSchema,
  roles: z.array(z.string()),
  virtualAccounts: z.array(z.number().int()),
});
export type Group = z.infer<typeof GroupSchema>;

/** A user as the permissions pages see it (spec 03 §3 Permissions user). */
export const PermissionsUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  type: UserTypeSchema,
  isActive: z.boolean(),
  group: GroupSchema.nullable(),
  allowedSpecialRoles: z.array(z.string()),
  deniedSpecialRoles: z.array(z.string()),
});
export type PermissionsUser = z.infer<typeof PermissionsUserSchema>;

export const UpdatePermissionsBody = z.object({
  id: IdSchema,
  email: z.string().optional(),
  group: z.object({ id: IdSchema }).nullable(),
  allowedSpecialRoles: z.array(z.string().regex(/^ROLE_[A-Z0-9_]+$/)),
  deniedSpecialRoles: z.array(z.string().regex(/^ROLE_[A-Z0-9_]+$/)),
});

export const RoleInfoSchema = z.object({
  role: z.string(),
  category: z.string(),
  title: z.string(),
  description: z.string(),
});

export const UserListQuery = listQuery({
  defaultPageSize: 10,
  maxPageSize: 50,
  sortBy: ['id', 'displayName', 'email', 'type'],
  defaultSortBy: 'displayName',
  defaultSortOrder: 'ASC',
}).extend({
  query: z.string().max(100).optional(),
  isActive: QueryBoolean.optional(),
  /** Kinds of user as `type[]=manager&type[]=agent`, or a single `type=manager`; none lists all. */
  type: z
    .preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(UserTypeSchema))
    .optional(),
});

export const UserListItemSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  type: UserTypeSchema,
  isActive: z.boolean(),
  group: z.object({ id: z.number().int(), title: LocalizedTextSchema }).nullable(),
});
export type UserListItem = z.infer<typeof UserListItemSchema>;

export const VirtualAccountIdsBody = z.object({ accountIds: z.array(IdSchema).max(500) });

const ROLE_USER_LIST = 'ROLE_USER_LIST';
const ROLE_ADMIN = 'ROLE_ADMIN';

export const userCalls = {
  me: defineCall({
    method: 'GET',
    path: 'user/me',
    summary: 'The logged-in user with effective roles',
    auth: 'user',
    response: MeSchema,
  }),
  get: defineCall({
    method: 'GET',
    path: 'user/{id}',
    summary: 'A user with group and special roles (admin only: spec 03 §6, reading user roles)',
    auth: 'user',
    roles: ROLE_ADMIN,
    params: IdParams,
    response: PermissionsUserSchema,
  }),
  updatePermissions: defineCall({
    method: 'PUT',
    path: 'user/{id}',
    summary: "Set a user's permission group and special roles (admin only)",
    auth: 'user',
    roles: ROLE_ADMIN,
    params: IdParams,
    body: UpdatePermissionsBody,
    response: PermissionsUserSchema,
  }),
  roles: defineCall({
    method: 'GET',
    path: 'user/{id}/roles',
    summary: "A user's effective roles (admin only)",
    auth: 'user',
    roles: ROLE_ADMIN,
    params: IdParams,
    response: z.object({ items: z.array(z.string()) }),
  }),
  roleList: defineCall({
    method: 'GET',
    path: 'user/role/list',
    summary: 'The role catalogue',
    auth: 'user',
    roles: ROLE_USER_LIST,
    response: z.object({ items: z.array(RoleInfoSchema) }),
  }),
  groupList: defineCall({
    method: 'GET',
    path: 'user/group/list',
    summary: 'Permission groups with their roles and virtual accounts',
    auth: 'user',
    roles: ROLE_USER_LIST,
    response: z.object({ items: z.array(GroupSchema) }),
  }),
  list: defineCall({
    method: 'GET',
    path: 'user/list',
    summary: 'Users for the permissions page',
    auth: 'user',
    roles: ROLE_USER_LIST,
    query: UserListQuery,
    response: listResponse(UserListItemSchema),
  }),
  virtualAccounts: defineCall({
    method: 'GET',
    path: 'user/{id}/virtual-accounts',
    summary: 'Ids of the virtual accounts (cash desks, bank) a user may operate',
    auth: 'user',
    roles: { anyOf: ['ROLE_ACCOUNT_LIST', 'ROLE_USER_VIRTUAL_ACCOUNTS_LIST'] },
    params: IdParams,
    response: z.object({ items: z.array(z.number().int()) }),
  }),
  setVirtualAccounts: defineCall({
    method: 'POST',
    path: 'user/{id}/virtual-accounts',
    summary: 'Set the virtual accounts a user may operate (admin only)',
    auth: 'user',
    roles: ROLE_ADMIN,
    params: IdParams,
    body: VirtualAccountIdsBody,
    response: z.object({ items: z.array(z.number().int()) }),
  }),
};
