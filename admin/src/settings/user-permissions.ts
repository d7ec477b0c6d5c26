import { effectiveRoles, ROLE_CATEGORIES, type RoleCategory, specialRolesFor } from '@flybook/domain';
import type { Group, PermissionsUser } from '@flybook/schemas';

/**
 * The user permissions page's state (spec 03 §4): a group, the roles chosen on top of it and the
 * virtual accounts the user operates besides the group's. Saving sends the difference from the
 * group. Rules: docs/users.md.
 */

/** A role of the catalogue as `user/role/list` answers it. */
export interface RoleInfo {
  role: string;
  category: string;
  title: string;
  description: string;
}

export interface PermissionsDraft {
  groupId: number | null;
  /** The roles the user ends up with (effective roles). */
  roles: ReadonlySet<string>;
  /** Virtual accounts of the user's own, besides the group's. */
  virtualAccounts: ReadonlySet<number>;
}

/** The page's starting point: the user's group, effective roles and own virtual accounts. */
export function draftOf(user: PermissionsUser, ownVirtualAccounts: readonly number[]): PermissionsDraft {
  return {
    groupId: user.group?.id ?? null,
    roles: new Set(
      effectiveRoles(user.group?.roles ?? [], user.allowedSpecialRoles, user.deniedSpecialRoles),
    ),
    virtualAccounts: new Set(ownVirtualAccounts),
  };
}

/**
 * Choosing a group loads its roles (the choice starts again from them) and its virtual accounts
 * (which the group gives anyway, so they leave the user's own list).
 */
export function chooseGroup(draft: PermissionsDraft, group: Group | null): PermissionsDraft {
  const fromGroup = new Set(group?.virtualAccounts ?? []);
  return {
    groupId: group?.id ?? null,
    roles: new Set(group?.roles ?? []),
    virtualAccounts: new Set([...draft.virtualAccounts].filter((id) => !fromGroup.has(id))),
  };
}

/** Restore: back to the group's roles (spec 03 §4); the virtual accounts stay as chosen. */
export const restoreRoles = (draft: PermissionsDraft, group: Group | null): PermissionsDraft => ({
  ...draft,
  roles: new Set(group?.roles ?? []),
});

export function toggle<T>(set: ReadonlySet<T>, value: T, on: boolean): ReadonlySet<T> {
  const next = new Set(set);
  if (on) next.add(value);
  else next.delete(value);
  return next;
}

/** What a role is on the page: from the group, added on top of it, or taken away from it. */
export type RoleState = 'group' | 'added' | 'removed' | 'off';

export function roleState(role: string, draft: PermissionsDraft, group: Group | null): RoleState {
  const inGroup = group?.roles.includes(role) ?? false;
  const chosen = draft.roles.has(role);
  if (inGroup) return chosen ? 'group' : 'removed';
  return chosen ? 'added' : 'off';
}

/** The `PUT user/{id}` body: the group and the difference from its roles (spec 03 §4). */
export function permissionsBody(user: PermissionsUser, draft: PermissionsDraft, group: Group | null) {
  return {
    id: user.id,
    email: user.email,
    group: draft.groupId === null ? null : { id: draft.groupId },
    ...specialRolesFor(group?.roles ?? [], [...draft.roles]),
  };
}

export type CategoryKey = RoleCategory | 'unknown';

/**
 * The roles by the catalogue's categories in the catalogue's order; a role the user or group has
 * that the catalogue does not know shows under "unknown" (spec 03 §6).
 */
export function rolesByCategory(
  catalogue: readonly RoleInfo[],
  extraRoles: Iterable<string>,
): { category: CategoryKey; roles: RoleInfo[] }[] {
  const known = new Set(catalogue.map((info) => info.role));
  const isCategory = (name: string): name is RoleCategory =>
    (ROLE_CATEGORIES as readonly string[]).includes(name);
  const groups = new Map<CategoryKey, RoleInfo[]>();
  for (const info of catalogue) {
    const category = isCategory(info.category) ? info.category : 'unknown';
    groups.set(category, [...(groups.get(category) ?? []), info]);
  }
  const unknown = [...new Set(extraRoles)]
    .filter((role) => !known.has(role))
    .sort()
    .map((role) => ({ role, category: 'unknown', title: role, description: '' }));
  if (unknown.length > 0) groups.set('unknown', [...(groups.get('unknown') ?? []), ...unknown]);
  const order: CategoryKey[] = [...ROLE_CATEGORIES, 'unknown'];
  return order.flatMap((category) => {
    const roles = groups.get(category);
    return roles ? [{ category, roles }] : [];
  });
}

/** The camel-case key of a category for the catalogue of texts ("aircraft template" → aircraftTemplate). */
export const categoryKey = (category: CategoryKey) =>
  category.replace(/ (\w)/g, (_whole, letter: string) => letter.toUpperCase());

/** Whether a role matches the page's role filter (title, description or the role string). */
export function roleMatches(info: { role: string; title: string; description: string }, filter: string) {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return true;
  return [info.role, info.title, info.description].some((text) => text.toLowerCase().includes(needle));
}
