import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/**
 * Runs `work` while the user also holds `roles` as allowed special roles (granted by an admin
 * through the permissions call, on top of their group), then takes them back, also on failure.
 */
export async function withSpecialRoles(
  t: TestApp,
  adminToken: string,
  userId: number,
  roles: string[],
  work: () => Promise<void>,
) {
  const { group } = (await t.api('GET', `user/${userId}`, adminToken)).body;
  const grant = (allowed: string[]) =>
    t.api('PUT', `user/${userId}`, adminToken, {
      id: userId,
      group: { id: group.id },
      allowedSpecialRoles: allowed,
      deniedSpecialRoles: [],
    });
  expect((await grant(roles)).status).toBe(200);
  try {
    await work();
  } finally {
    await grant([]);
  }
}
