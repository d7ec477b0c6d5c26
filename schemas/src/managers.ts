import { z } from 'zod';
import { LocaleSchema } from './common.ts';
import {
  CountryRefSchema,
  CountryViewSchema,
  NewPasswordFields,
  optionalField,
  ProfileChangeFields,
  ProfileMoneySchema,
  passwordConfirmation,
  passwordsEqual,
  requiredChoice,
  UserEmailSchema,
  userKindCalls,
  userKindListQuery,
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
export const CreateManagerBody = ManagerFields.extend(NewPasswordFields).refine(
  passwordsEqual,
  passwordConfirmation('create'),
);
export type CreateManagerBody = z.input<typeof CreateManagerBody>;

/** A change of a manager (also the manager's own account): the form fields plus id. */
export const UpdateManagerBody = ManagerFields.extend(ProfileChangeFields).refine(
  passwordsEqual,
  passwordConfirmation('update'),
);
export type UpdateManagerBody = z.input<typeof UpdateManagerBody>;

/**
 * Spec 03 §7 and §9: query, isActive (sent only for "active only"); default 15, max 50, by
 * displayName ascending. Balance is not sortable. The search text looks through the name and e-mail.
 */
export const ManagerListQuery = userKindListQuery();

export const managerCalls = userKindCalls('manager', {
  roles: { list: MANAGER_ROLE.list, create: MANAGER_ROLE.edit, delete: MANAGER_ROLE.delete },
  summaries: {
    list: 'Managers (employees) with their balance, searched and paged',
    create: 'Register a manager (employee) with their ledger account',
    get: 'A manager: staff with ROLE_MANAGER_READ, or the manager themself',
    update: "Change a manager: staff with ROLE_MANAGER_EDIT, or the manager's own account",
    delete: 'Delete a manager without reservations or ledger records (else deactivate)',
  },
  item: ManagerSchema,
  query: ManagerListQuery,
  create: CreateManagerBody,
  update: UpdateManagerBody,
});
