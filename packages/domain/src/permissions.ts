/**
 * Permission rules: roles are plain strings, a rule combines them. The same rule objects guard the
 * admin routes, hide or disable UI actions, and are enforced by the server on every call.
 */

/** Passes every check, including each branch of an all-of rule. */
export const ROLE_ADMIN = 'ROLE_ADMIN';

/** Accounting staff: the account picker offers them every account. */
export const ROLE_ACCOUNTING = 'ROLE_ACCOUNTING';

/** The account picker offers managers' (employees') accounts only with this role. */
export const ROLE_ACCOUNT_LIST_FREE_EXTENDED = 'ROLE_ACCOUNT_LIST_FREE_EXTENDED';

/** The account picker offers virtual accounts (cash desks, bank, revenue…) only with this role. */
export const ROLE_ACCOUNT_VIRTUAL_LIST_FREE = 'ROLE_ACCOUNT_VIRTUAL_LIST_FREE';

/** A single role, any-of, all-of, or anyone. */
export type PermissionRule =
  | string
  | { anyOf: PermissionRule[] }
  | { allOf: PermissionRule[] }
  | { anyone: true };

/** The kinds of user; `null` where a user has no type (e.g. a technical account). */
export type UserType = 'manager' | 'agent' | 'customer' | 'admin';

/** The rule that every visitor passes, logged in or not. */
export const ANYONE: { anyone: true } = Object.freeze({ anyone: true });

/** A rule that passes when at least one of `rules` passes; with no rules it never passes. */
export function anyOf(...rules: PermissionRule[]): { anyOf: PermissionRule[] } {
  return { anyOf: rules };
}

/** A rule that passes when every one of `rules` passes; with no rules it always passes. */
export function allOf(...rules: PermissionRule[]): { allOf: PermissionRule[] } {
  return { allOf: rules };
}

/** The roles a user holds, as a list or a set. */
export type RoleSet = ReadonlySet<string> | readonly string[];

function isRoleList(roles: RoleSet): roles is readonly string[] {
  return Array.isArray(roles);
}

function hasRole(roles: RoleSet, role: string): boolean {
  return isRoleList(roles) ? roles.includes(role) : roles.has(role);
}

function evaluate(roles: RoleSet, rule: PermissionRule): boolean {
  if (typeof rule === 'string') return hasRole(roles, rule);
  if ('anyone' in rule) return rule.anyone === true;
  if ('anyOf' in rule) return rule.anyOf.some((inner) => evaluate(roles, inner));
  return rule.allOf.every((inner) => evaluate(roles, inner));
}

/**
 * Whether a user holding `roles` passes `rule`. ROLE_ADMIN passes every rule; `ANYONE` passes for
 * everybody; an empty any-of fails and an empty all-of passes (the usual logic of "some" and "every").
 */
export function satisfies(roles: RoleSet, rule: PermissionRule): boolean {
  if (hasRole(roles, ROLE_ADMIN)) return true;
  return evaluate(roles, rule);
}

/** Every role string a rule mentions, each once, in order of first appearance. */
export function rolesInRule(rule: PermissionRule): string[] {
  const found = new Set<string>();
  const walk = (current: PermissionRule): void => {
    if (typeof current === 'string') found.add(current);
    else if ('anyOf' in current) current.anyOf.forEach(walk);
    else if ('allOf' in current) current.allOf.forEach(walk);
  };
  walk(rule);
  return [...found];
}

function sortedUnique(roles: Iterable<string>): string[] {
  return [...new Set(roles)].sort();
}

/**
 * The roles a user actually holds: the permission group's roles plus the allowed special roles minus
 * the denied special roles. A role both allowed and denied is denied. Deduplicated and sorted.
 */
export function effectiveRoles(
  groupRoles: readonly string[],
  allowedSpecialRoles: readonly string[],
  deniedSpecialRoles: readonly string[],
): string[] {
  const denied = new Set(deniedSpecialRoles);
  return sortedUnique([...groupRoles, ...allowedSpecialRoles]).filter((role) => !denied.has(role));
}

/**
 * The special roles to store so that the user ends up with exactly `chosenRoles` on top of a group
 * that grants `groupRoles` (the permissions page saves the difference from the group). The inverse
 * of {@link effectiveRoles}: `effectiveRoles(g, ...specialRolesFor(g, c))` equals `c` sorted.
 */
export function specialRolesFor(
  groupRoles: readonly string[],
  chosenRoles: readonly string[],
): { allowedSpecialRoles: string[]; deniedSpecialRoles: string[] } {
  const group = new Set(groupRoles);
  const chosen = new Set(chosenRoles);
  return {
    allowedSpecialRoles: sortedUnique(chosenRoles).filter((role) => !group.has(role)),
    deniedSpecialRoles: sortedUnique(groupRoles).filter((role) => !chosen.has(role)),
  };
}

/**
 * The only roles a customer may hold (docs/security.md, "Sessions and passwords"): their own account
 * statement and card payment, and the reservation roles whose calls act on the caller's own
 * reservations only (the services check ownership). Every other role opens back-office data or
 * calls, so a customer can be given none of them, neither by a group nor as a special role, and a
 * customer's session holds only these whatever the database says.
 */
export const CUSTOMER_ROLES: readonly string[] = Object.freeze([
  'ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST',
  'ROLE_PAYMENT_DATATRANS',
  'ROLE_RESERVATION_CANCEL',
  'ROLE_RESERVATION_INVOICE_PDF_BEFORE_PAID',
  'ROLE_RESERVATION_PASSENGER_LIST_FILTERS',
  'ROLE_RESERVATION_SPLIT',
  'ROLE_RESERVATION_TICKET_PDF_BEFORE_PAID',
  'ROLE_RESERVATION_UPDATE',
]);

const CUSTOMER_ROLE_SET: ReadonlySet<string> = new Set(CUSTOMER_ROLES);

/** The roles of `roles` a customer may not hold (they give back-office access), each once, sorted. */
export function backOfficeRoles(roles: readonly string[]): string[] {
  return sortedUnique(roles).filter((role) => !CUSTOMER_ROLE_SET.has(role));
}

/**
 * The roles a user of `type` holds of `roles`: all of them, except for a customer, who keeps only
 * {@link CUSTOMER_ROLES}.
 */
export function rolesForUserType(type: UserType | null, roles: readonly string[]): string[] {
  return type === 'customer' ? roles.filter((role) => CUSTOMER_ROLE_SET.has(role)) : [...roles];
}

/** Whether a user holds ROLE_ADMIN. */
export function isAdmin(user: { readonly roles: RoleSet }): boolean {
  return hasRole(user.roles, ROLE_ADMIN);
}

/**
 * Whether a user may use the back office at all: managers and agents may; any other non-customer
 * (an admin-type user or one without a type) only when they hold ROLE_ADMIN. Customers never may,
 * not even with ROLE_ADMIN, because the back office must never open to the public side's accounts.
 */
export function hasAdminSiteAccess(user: { type: UserType | null; roles: readonly string[] }): boolean {
  if (user.type === 'customer') return false;
  if (user.type === 'manager' || user.type === 'agent') return true;
  return isAdmin(user);
}

/** Which kinds of account the account picker (account/free-list) offers to a user. */
export type AccountPickerScope = {
  /** agents' and customers' accounts */
  userAccounts: boolean;
  /** managers' (employees') and admins' accounts */
  managerAccounts: boolean;
  /** the airline's virtual accounts (cash desks, bank, revenue…) */
  virtualAccounts: boolean;
};

/**
 * The account picker's scope: the accountant (ROLE_ACCOUNTING, or an admin) sees all accounts;
 * manager accounts need ROLE_ACCOUNT_LIST_FREE_EXTENDED; virtual accounts need
 * ROLE_ACCOUNT_VIRTUAL_LIST_FREE; agent and customer accounts are visible to whoever may use the
 * picker at all (that permission is checked by the route or call, not here).
 */
export function accountPickerScope(roles: RoleSet): AccountPickerScope {
  const all = satisfies(roles, ROLE_ACCOUNTING);
  return {
    userAccounts: true,
    managerAccounts: all || satisfies(roles, ROLE_ACCOUNT_LIST_FREE_EXTENDED),
    virtualAccounts: all || satisfies(roles, ROLE_ACCOUNT_VIRTUAL_LIST_FREE),
  };
}

/**
 * Whether the account picker may show `account` to a user with `roles`. A virtual account follows the
 * virtual-account rule whoever it is linked to. An admin's account, and a non-virtual account with
 * no owner, count as staff accounts and need the same role as managers' accounts, so nothing outside
 * agents and customers is shown without an explicit role.
 */
export function canSeeAccount(
  roles: RoleSet,
  account: { ownerType: UserType | null; isVirtual: boolean },
): boolean {
  const scope = accountPickerScope(roles);
  if (account.isVirtual) return scope.virtualAccounts;
  if (account.ownerType === 'agent' || account.ownerType === 'customer') return scope.userAccounts;
  return scope.managerAccounts;
}
