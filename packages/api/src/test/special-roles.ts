import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/**
 * Runs `work` while the user holds `allowed` and lacks `denied` as special roles (set by an admin
 * through the permissions call, on top of their group), then takes them back, also on failure.
 */
async function withPermissions(
  t: TestApp,
  adminToken: string,
  userId: number,
  roles: { allowed: string[]; denied: string[] },
  work: () => Promise<void>,
) {
  const { group } = (await t.api('GET', `user/${userId}`, adminToken)).body;
  const set = (allowed: string[], denied: string[]) =>
    t.api('PUT', `user/${userId}`, adminToken, {
      id: userId,
      group: { id: group.id },
      allowedSpecialRoles: allowed,
      deniedSpecialRoles: denied,
    });
  expect((await set(roles.allowed, roles.denied)).status).toBe(200);
  try {
    await work();
  } finally {
    await set([], []);
  }
}

/** Runs `work` while the user also holds `roles` as allowed special roles, then takes them back. */
export const withSpecialRoles = (
  t: TestApp,
  adminToken: string,
  userId: number,
  roles: string[],
  work: () => Promise<void>,
) => withPermissions(t, adminToken, userId, { allowed: roles, denied: [] }, work);

/** Runs `work` while the user lacks `roles` (denied special roles), then gives them back. */
export const withoutSpecialRoles = (
  t: TestApp,
  adminToken: string,
  userId: number,
  roles: string[],
  work: () => Promise<void>,
) => withPermissions(t, adminToken, userId, { allowed: [], denied: roles }, work);
