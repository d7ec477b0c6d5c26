import { z } from 'zod';
import { IdParams, IdSchema, LocaleSchema, listQuery, listResponse, QueryBoolean } from './common.ts';
import { defineCall } from './http.ts';
import {
  CountryRefSchema,
  CountryViewSchema,
  CurrentPasswordSchema,
  NewPasswordSchema,
  OptionalPasswordConfirmSchema,
  OptionalPasswordSchema,
  optionalField,
  PasswordConfirmSchema,
  ProfileMoneySchema,
  passwordConfirmation,
  requiredChoice,
  UserEmailSchema,
} from './user-fields.ts';
import { notBlank } from './validation.ts';

/**
 * Managers, shown as employees (spec 03 §3 Manager, §5 manager form, §6 roles, §7 Users calls).
 * Rules the spec leaves open: docs/users.md.
 */

/** The roles of the manager calls (spec 01 §6 and 03 §6). */
export const MANAGER_ROLE = {
  list: 'ROLE_MANAGER_LIST',
  read: 'ROLE_MANAGER_READ',
  /** New manager and the editable manager form, also isActive and the credit limit. */
  edit: 'ROLE_MANAGER_EDIT',
  delete: 'ROLE_MANAGER_DELETE',
} as const;

/** A manager as staff and the manager themself read it; list items are the same. */
export const ManagerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  language: LocaleSchema,
  country: CountryViewSchema.nullable(),
  /** CHF the balance may go below zero. */
  creditLimitTotalAmount: z.number(),
  isActive: z.boolean(),
  /** CHF on the manager's ledger account (the list's balance column). */
  balance: z.number(),
  accountId: z.number().int().nullable(),
});
export type Manager = z.infer<typeof ManagerSchema>;

/** The fields of the manager form (spec 03 §5: email, displayName, language, country required). */
const ManagerFields = z.object({
  email: UserEmailSchema,
  displayName: notBlank(200),
  language: requiredChoice(LocaleSchema),
  /** By id; the resolved `{ id, code, name }` of a self-edit may be sent back. */
  country: CountryRefSchema,
  /** Empty is sent absent: 0 on create, unchanged on update. A change needs ROLE_MANAGER_EDIT. */
  creditLimitTotalAmount: optionalField(ProfileMoneySchema),
  /** New managers are active; a change needs ROLE_MANAGER_EDIT. */
  isActive: z.boolean().optional(),
});

/** A new manager: the form fields with password and its confirmation. */
export const CreateManagerBody = ManagerFields.extend({
  password: NewPasswordSchema,
  passwordConfirm: PasswordConfirmSchema,
}).refine((body) => body.password === body.passwordConfirm, passwordConfirmation('create'));
export type CreateManagerBody = z.input<typeof CreateManagerBody>;

/** A change of a manager (also the manager's own account): the form fields plus id. */
export const UpdateManagerBody = ManagerFields.extend({
  id: IdSchema,
  password: OptionalPasswordSchema,
  passwordConfirm: OptionalPasswordConfirmSchema,
  /** A manager changing their own password or e-mail confirms it with the current password. */
  currentPassword: CurrentPasswordSchema,
}).refine((body) => body.password === body.passwordConfirm, passwordConfirmation('update'));
export type UpdateManagerBody = z.input<typeof UpdateManagerBody>;

/**
 * Spec 03 §7 and §9: query, isActive (sent only for "active only"); default 15, max 50, by
 * displayName ascending. Balance is not sortable.
 */
export const ManagerListQuery = listQuery({
  defaultPageSize: 15,
  maxPageSize: 50,
  sortBy: ['displayName', 'id', 'email'],
  defaultSortBy: 'displayName',
  defaultSortOrder: 'ASC',
}).extend({
  /** Part of the name or e-mail. */
  query: z.string().max(100).optional(),
  isActive: QueryBoolean.optional(),
});

export const managerCalls = {
  list: defineCall({
    method: 'GET',
    path: 'manager/list',
    summary: 'Managers (employees) with their balance, searched and paged',
    auth: 'user',
    roles: MANAGER_ROLE.list,
    query: ManagerListQuery,
    response: listResponse(ManagerSchema),
  }),
  create: defineCall({
    method: 'POST',
    path: 'manager',
    summary: 'Register a manager (employee) with their ledger account',
    auth: 'user',
    roles: MANAGER_ROLE.edit,
    body: CreateManagerBody,
    response: ManagerSchema,
    status: 201,
  }),
  get: defineCall({
    method: 'GET',
    path: 'manager/{id}',
    summary: 'A manager: staff with ROLE_MANAGER_READ, or the manager themself',
    auth: 'user',
    params: IdParams,
    response: ManagerSchema,
  }),
  update: defineCall({
    method: 'PUT',
    path: 'manager/{id}',
    summary: "Change a manager: staff with ROLE_MANAGER_EDIT, or the manager's own account",
    auth: 'user',
    params: IdParams,
    body: UpdateManagerBody,
    response: ManagerSchema,
  }),
  delete: defineCall({
    method: 'DELETE',
    path: 'manager/{id}',
    summary: 'Delete a manager without reservations or ledger records (else deactivate)',
    auth: 'user',
    roles: MANAGER_ROLE.delete,
    params: IdParams,
    response: 'empty',
  }),
};
