import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/**
 * The scene and checks the agent, customer and manager tests share (modules/users): the demo
 * users signed in, the countries by code, and what every one of the three lists does.
 */

/** The demo admin, manager, agent and customer signed in, their ids, and the countries by code. */
export async function signInDemoUsers(t: TestApp) {
  const admin = await t.login('admin');
  const manager = await t.login('manager');
  const agent = await t.login('agent');
  const customer = await t.login('customer');
  const idOf = async (token: string): Promise<number> => (await t.api('GET', 'user/me', token)).body.id;
  const countries: Record<string, { id: number; code: string }> = {};
  const list = await t.api('GET', 'country/entire-list', admin);
  for (const country of list.body.items) countries[country.code] = country;
  return {
    admin,
    manager,
    agent,
    customer,
    managerId: await idOf(manager),
    agentId: await idOf(agent),
    customerId: await idOf(customer),
    countries,
  };
}

/** Rows of a raw query (db.execute answers differ by driver; both carry `rows`). */
export const rowsOf = async <Row>(query: Promise<unknown>) => ((await query) as { rows: Row[] }).rows;

/** A 422's items by field. */
export const fieldErrors = (body: { errors: { field?: string; code: string; message: string }[] }) =>
  Object.fromEntries(body.errors.map((error) => [error.field, { code: error.code, message: error.message }]));

/** The form as a client sends it back: what GET answered without what the server derives, plus changes. */
export const editFormOf =
  (derived: readonly string[]) =>
  (current: Record<string, unknown>, overrides: Record<string, unknown> = {}) => {
    const fields = Object.fromEntries(Object.entries(current).filter(([key]) => !derived.includes(key)));
    return { ...fields, ...overrides };
  };

/**
 * Spec 03 §9, what the agent, customer and manager lists share: 15 a page sorted by name, each with
 * its balance, the second page going on from the first, and at most 50 a page (422 beyond).
 */
export async function expectUserListPages(t: TestApp, token: string, kind: 'agent' | 'customer' | 'manager') {
  const page = await t.api('GET', `${kind}/list`, token);
  expect(page.status).toBe(200);
  expect(page.body.items).toHaveLength(15);
  expect(page.body.total).toBeGreaterThan(15);
  const names = page.body.items.map((u: { displayName: string }) => u.displayName);
  expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  expect(page.body.items.every((u: { balance: number }) => typeof u.balance === 'number')).toBe(true);
  const second = await t.api('GET', `${kind}/list?page=1`, token);
  expect(second.body.items[0].displayName >= names[14]).toBe(true);
  const tooBig = await t.api('GET', `${kind}/list?pageSize=51`, token);
  expect(tooBig.status).toBe(422);
  expect(tooBig.body.errors[0]).toMatchObject({
    code: 'ERROR_MAXIMUM',
    field: 'pageSize',
    params: { limit: 50 },
  });
  return { page, second };
}
