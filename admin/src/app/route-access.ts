import { type AccessUser, type AdminRouteName, adminRouteByName, satisfies } from '@flybook/domain';
import { useCurrentUser } from './use-current-user.ts';

const NOBODY: AccessUser = { type: null, roles: [] };

/**
 * The logged-in user and whether they may open a route, by the route's own rule: a page's buttons
 * and row actions are shown or enabled with the permission of the page they lead to (spec 03 §2).
 * Area pages render inside the guard, so the user is known there.
 */
export function useRouteAccess(): { user: AccessUser; canOpen: (name: AdminRouteName) => boolean } {
  const { user } = useCurrentUser();
  const access = user ?? NOBODY;
  return {
    user: access,
    canOpen: (name) => user !== null && satisfies(user.roles, adminRouteByName(name).rule),
  };
}
