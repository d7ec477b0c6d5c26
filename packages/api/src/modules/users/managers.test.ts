import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/seed.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { editFormOf, expectUserListPages, fieldErrors, signInDemoUsers } from '../../test/user-kinds.ts';

let t: TestApp;
let admin: string;
let manager: string;
let managerId: number;
let agent: string;
let countries: Record<string, { id: number; code: string }>;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, manager, agent, managerId, countries } = await signInDemoUsers(t));
});
afterAll(() => t.close());

let serial = 0;
/** A complete, valid manager form; every call gets its own e-mail. */
const form = (overrides: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    email: `employee.${serial}@example.test`,
    displayName: `Employee ${String(serial).padStart(3, '0')}`,
    language: 'fr',
    country: { id: countries.CH!.id },
    password: 'employee-pass',
    passwordConfirm: 'employee-pass',
    ...overrides,
  };
};

const create = async (overrides: Record<string, unknown> = {}, token = manager) =>
  t.api('POST', 'manager', token, form(overrides));

/** The manager's form as a client sends it back: what GET answered, plus id. */
const editForm = editFormOf(['balance', 'accountId']);

/** Sets special roles of a user (admin only), keeping their group. */
async function setSpecialRoles(userId: number, allowed: string[], denied: string[]) {
  const current = await t.api('GET', `user/${userId}`, admin);
  const response = await t.api('PUT', `user/${userId}`, admin, {
    id: userId,
    group: { id: current.body.group.id },
    allowedSpecialRoles: allowed,
    deniedSpecialRoles: denied,
  });
  expect(response.status).toBe(200);
}

describe('managers by staff', () => {
  it('creates a manager with a ledger account, active with no credit, and logs the creation', async () => {
    const created = await create({ displayName: ' Drenusha Berisha ', creditLimitTotalAmount: '' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      displayName: 'Drenusha Berisha',
      language: 'fr',
      country: { id: countries.CH!.id, code: 'CH' },
      creditLimitTotalAmount: 0,
      isActive: true,
      balance: 0,
      accountId: expect.any(Number),
    });
    const token = await t.login(created.body.email, 'employee-pass');
    const me = await t.api('GET', 'user/me', token);
    expect(me.body).toMatchObject({ type: 'manager', displayName: 'Drenusha Berisha', language: 'fr' });
    expect(me.body.roles).toContain('ROLE_MANAGER_LIST');
    const log = await t.api('GET', `entity-log/list?entityType=manager&query=${created.body.id}`, admin);
    expect(log.body.items[0]).toMatchObject({
      entityId: String(created.body.id),
      operationType: 'create',
      user: { id: managerId },
    });
  });

  it('names every missing required field, and a confirmation that differs', async () => {
    const empty = await t.api('POST', 'manager', manager, {
      displayName: '   ',
      language: '',
      password: 'employee-pass',
      passwordConfirm: 'employee-other',
    });
    expect(empty.status).toBe(422);
    expect(fieldErrors(empty.body)).toEqual({
      email: { code: 'ERROR_REQUIRED', message: 'This value is required.' },
      displayName: { code: 'ERROR_NOT_BLANK', message: 'Value should not be empty string.' },
      language: { code: 'ERROR_REQUIRED', message: 'This value is required.' },
      country: { code: 'ERROR_REQUIRED', message: 'This value is required.' },
      passwordConfirm: { code: 'ERROR_NOT_EQUAL_PASSWORD', message: 'Should be equal to password' },
    });
    const noPassword = await create({ password: '', passwordConfirm: '' });
    expect(fieldErrors(noPassword.body)).toMatchObject({
      password: { code: 'ERROR_REQUIRED' },
      passwordConfirm: { code: 'ERROR_REQUIRED' },
    });
    const badChoices = await create({ language: 'it', email: 'not-an-email', country: { id: 99999 } });
    expect(fieldErrors(badChoices.body)).toMatchObject({
      language: { code: 'ERROR_ENUM' },
      email: { code: 'ERROR_FORMAT' },
    });
    const unknownCountry = await create({ country: { id: 99999 }, email: 'AGENT@flybook.test' });
    expect(fieldErrors(unknownCountry.body)).toEqual({
      country: { code: 'ERROR_NOT_FOUND', message: 'Not found country 99999' },
      email: { code: 'ERROR_EMAIL_TAKEN', message: 'This e-mail is already in use.' },
    });
  });

  it('takes a credit limit in CHF, rounded to 0.01 and not negative', async () => {
    const withLimit = await create({ creditLimitTotalAmount: 750.25 });
    expect(withLimit.body.creditLimitTotalAmount).toBe(750.25);
    const [stored] = (
      (await t.database.db.execute(
        sql`select credit_limit_total_amount::text as limit from users where id = ${withLimit.body.id}`,
      )) as unknown as { rows: { limit: string }[] }
    ).rows;
    expect(stored?.limit).toBe('75025');
    const bad = await create({ creditLimitTotalAmount: 1.001 });
    expect(fieldErrors(bad.body).creditLimitTotalAmount).toMatchObject({ code: 'ERROR_MONEY_PRECISION' });
    const negative = await create({ creditLimitTotalAmount: -5 });
    expect(fieldErrors(negative.body).creditLimitTotalAmount).toMatchObject({ code: 'ERROR_MINIMUM' });
    const text = await create({ creditLimitTotalAmount: 'lots' });
    expect(text.status).toBe(422);
    expect(fieldErrors(text.body)).toHaveProperty('creditLimitTotalAmount');
  });

  it('reads and updates a manager; a credit limit left out keeps its value; changed fields are logged', async () => {
    const created = await create({ creditLimitTotalAmount: 100 });
    const read = await t.api('GET', `manager/${created.body.id}`, manager);
    expect(read.body).toEqual(created.body);
    const { creditLimitTotalAmount: _c, ...withoutLimit } = editForm(read.body, {
      displayName: 'Arta Employee',
      language: 'sq',
      country: { id: countries.KV!.id },
      password: '',
      passwordConfirm: '',
    });
    const updated = await t.api('PUT', `manager/${created.body.id}`, manager, withoutLimit);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      displayName: 'Arta Employee',
      language: 'sq',
      country: { code: 'KV' },
      creditLimitTotalAmount: 100,
    });
    const log = await t.api('GET', `entity-log/list?entityType=manager&query=${created.body.id}`, admin);
    expect(log.body.items[0]).toMatchObject({ operationType: 'update' });
    expect([...log.body.items[0].changedFields].sort()).toEqual(['countryId', 'displayName', 'language']);
    const deactivated = await t.api(
      'PUT',
      `manager/${created.body.id}`,
      manager,
      editForm(updated.body, { isActive: false, creditLimitTotalAmount: 0 }),
    );
    expect(deactivated.body).toMatchObject({ isActive: false, creditLimitTotalAmount: 0 });
    // An inactive manager cannot log in.
    const login = await t.request({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: { login: created.body.email, password: 'employee-pass' },
    });
    expect(login.status).toBe(401);
  });

  it('sets a new password for another manager without theirs, ending their sessions', async () => {
    const created = await create();
    const session = await t.login(created.body.email, 'employee-pass');
    const changed = await t.api(
      'PUT',
      `manager/${created.body.id}`,
      manager,
      editForm(created.body, { password: 'employee-new', passwordConfirm: 'employee-new' }),
    );
    expect(changed.status).toBe(200);
    expect((await t.api('GET', 'user/me', session)).status).toBe(401);
    expect(await t.login(created.body.email, 'employee-new')).toEqual(expect.any(String));
    const log = await t.api('GET', `entity-log/list?entityType=manager&query=${created.body.id}`, admin);
    expect(log.body.items[0].changedFields).toEqual(['password']);
  });

  it('answers 404 for unknown ids and for ids of agents and admins', async () => {
    const agentId = (await t.api('GET', 'user/me', agent)).body.id;
    const adminId = (await t.api('GET', 'user/me', admin)).body.id;
    expect((await t.api('GET', 'manager/999999', admin)).status).toBe(404);
    expect((await t.api('GET', `manager/${agentId}`, admin)).status).toBe(404);
    expect((await t.api('GET', `manager/${adminId}`, admin)).status).toBe(404);
    expect((await t.api('DELETE', `manager/${adminId}`, admin)).status).toBe(404);
  });

  it('deletes a manager nothing refers to; keeps one with account movements; nobody deletes themself', async () => {
    const gone = await create();
    expect((await t.api('DELETE', `manager/${gone.body.id}`, admin)).status).toBe(204);
    expect((await t.api('GET', `manager/${gone.body.id}`, admin)).status).toBe(404);
    const log = await t.api('GET', 'entity-log/list?entityType=manager&operationType=delete', admin);
    expect(log.body.items[0]).toMatchObject({ entityId: String(gone.body.id) });

    const paid = await create();
    const types = await t.api('GET', 'payment/free/type/list', admin);
    const deposit = types.body.items.find((type: { code: string }) => type.code === 'prepaid_deposit');
    const [cash] = (
      (await t.database.db.execute(
        sql`select id from accounts where virtual_code = 'CASH_ZRH'`,
      )) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    await t.api('POST', 'payment/free/basic', admin, {
      debitAccountId: cash!.id,
      creditAccountId: paid.body.accountId,
      amount: 20,
      typeId: deposit.id,
      description: 'Advance',
    });
    const refused = await t.api('DELETE', `manager/${paid.body.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ERROR_IN_USE', params: { ledgerRecords: 1 } });

    // The demo manager does not hold ROLE_MANAGER_DELETE; with it they still cannot delete themself.
    expect((await t.api('DELETE', `manager/${paid.body.id}`, manager)).status).toBe(403);
    await setSpecialRoles(managerId, ['ROLE_MANAGER_DELETE'], []);
    try {
      const self = await t.api('DELETE', `manager/${managerId}`, manager);
      expect(self.status).toBe(409);
      expect(self.body.errors[0]).toMatchObject({ code: 'ERROR_CONFLICT' });
    } finally {
      await setSpecialRoles(managerId, [], []);
    }
  });

  it('guards every call by its role: an agent gets 403', async () => {
    const existing = await create();
    const target = `manager/${existing.body.id}`;
    expect((await t.api('GET', 'manager/list', agent)).status).toBe(403);
    expect((await t.api('POST', 'manager', agent, form())).status).toBe(403);
    expect((await t.api('GET', target, agent)).status).toBe(403);
    expect((await t.api('PUT', target, agent, editForm(existing.body))).status).toBe(403);
    expect((await t.api('DELETE', target, agent)).status).toBe(403);
    expect((await t.api('GET', 'manager/list')).status).toBe(401);
  });
});

describe('manager lists', () => {
  it('pages by 15 sorted by name with balance; active only when asked; at most 50 per page', async () => {
    for (let i = 0; i < 15; i += 1)
      await create({ displayName: `Listed Employee ${String(i).padStart(2, '0')}` });
    await expectUserListPages(t, manager, 'manager');
    const byEmailDesc = await t.api('GET', 'manager/list?sortBy=email&sortOrder=DESC&pageSize=5', manager);
    const emails = byEmailDesc.body.items.map((m: { email: string }) => m.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect((await t.api('GET', 'manager/list?sortBy=balance', manager)).status).toBe(422);

    const search = await t.api('GET', 'manager/list?query=krasniqi', manager);
    expect(search.body.items.map((m: { id: number }) => m.id)).toEqual([managerId]);
    // Only managers: the agent, customer and admin do not appear.
    const staff = await t.api('GET', 'manager/list?query=flybook.test', manager);
    expect(staff.body.items.map((m: { email: string }) => m.email)).toEqual(['manager@flybook.test']);

    const sleeping = await create({ displayName: 'Sleeping Employee', isActive: false });
    const ids = async (query: string) =>
      (await t.api('GET', `manager/list?${query}`, manager)).body.items.map((m: { id: number }) => m.id);
    expect(await ids('query=sleeping')).toEqual([sleeping.body.id]);
    expect(await ids('query=sleeping&isActive=true')).toEqual([]);
    expect(await ids('query=sleeping&isActive=false')).toEqual([sleeping.body.id]);
  });
});

describe('a manager and their own account', () => {
  let own: Record<string, unknown>;
  let token: string;
  let id: number;

  beforeAll(async () => {
    // A manager who may not read or edit other managers: only their own account.
    const created = await create({ displayName: 'Self Service', creditLimitTotalAmount: 50 });
    id = created.body.id;
    await setSpecialRoles(id, [], ['ROLE_MANAGER_READ', 'ROLE_MANAGER_EDIT', 'ROLE_MANAGER_LIST']);
    token = await t.login(created.body.email, 'employee-pass');
    own = (await t.api('GET', `manager/${id}`, token)).body;
  });

  it('reads and edits their own account without the manager roles; user/me follows', async () => {
    expect(own).toMatchObject({ id, displayName: 'Self Service', creditLimitTotalAmount: 50 });
    const updated = await t.api(
      'PUT',
      `manager/${id}`,
      token,
      editForm(own, { displayName: 'Self Service Renamed', language: 'de', country: own.country }),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await t.api('GET', 'user/me', token)).body).toMatchObject({
      displayName: 'Self Service Renamed',
      language: 'de',
    });
    own = updated.body;
  });

  it('cannot change their own credit limit or active flag without ROLE_MANAGER_EDIT', async () => {
    for (const change of [{ creditLimitTotalAmount: 5000 }, { isActive: false }]) {
      const refused = await t.api('PUT', `manager/${id}`, token, editForm(own, change));
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'ERROR_FORBIDDEN',
        field: Object.keys(change)[0],
        params: { roles: 'ROLE_MANAGER_EDIT' },
      });
    }
    expect((await t.api('GET', `manager/${id}`, admin)).body).toMatchObject({
      creditLimitTotalAmount: 50,
      isActive: true,
    });
  });

  it('cannot read, change or list other managers', async () => {
    expect((await t.api('GET', `manager/${managerId}`, token)).status).toBe(403);
    expect((await t.api('PUT', `manager/${managerId}`, token, editForm(own, { id: managerId }))).status).toBe(
      403,
    );
    expect((await t.api('GET', 'manager/list', token)).status).toBe(403);
    expect((await t.api('POST', 'manager', token, form())).status).toBe(403);
  });

  it('needs the current password to change their own password or e-mail', async () => {
    const missing = await t.api(
      'PUT',
      `manager/${id}`,
      token,
      editForm(own, { password: 'employee-new-1', passwordConfirm: 'employee-new-1' }),
    );
    expect(fieldErrors(missing.body).currentPassword).toMatchObject({ code: 'ERROR_REQUIRED' });
    const wrong = await t.api(
      'PUT',
      `manager/${id}`,
      token,
      editForm(own, { email: 'self.service@example.test', currentPassword: DEMO_PASSWORD }),
    );
    expect(fieldErrors(wrong.body).currentPassword).toMatchObject({ code: 'ERROR_CURRENT_PASSWORD_WRONG' });
    const changed = await t.api(
      'PUT',
      `manager/${id}`,
      token,
      editForm(own, { email: 'self.service@example.test', currentPassword: 'employee-pass' }),
    );
    expect(changed.status).toBe(200);
    expect(await t.login('self.service@example.test', 'employee-pass')).toEqual(expect.any(String));
  });

  it('cannot deactivate themself even with ROLE_MANAGER_EDIT', async () => {
    const me = (await t.api('GET', `manager/${managerId}`, manager)).body;
    const refused = await t.api('PUT', `manager/${managerId}`, manager, editForm(me, { isActive: false }));
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ERROR_CONFLICT', field: 'isActive' });
    expect((await t.api('GET', 'user/me', manager)).status).toBe(200);
    // Their own credit limit they may change with the role, as for any manager.
    const limit = await t.api(
      'PUT',
      `manager/${managerId}`,
      manager,
      editForm(me, { creditLimitTotalAmount: 10 }),
    );
    expect(limit.status).toBe(200);
  });
});
