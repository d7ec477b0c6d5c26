import { specialRolesFor } from '@flybook/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { catalogueIds, flightBody } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let manager: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  manager = await t.login('manager');
  for (const who of ['admin', 'manager', 'agent', 'customer']) {
    const me = await t.request({ method: 'GET', url: '/api/v1/user/me', token: await t.login(who) });
    ids[who] = me.body.id;
  }
});
afterAll(() => t.close());

describe('user/me', () => {
  it("gives each demo user their type, the group's roles and their account", async () => {
    const agent = await t.request({ method: 'GET', url: '/api/v1/user/me', token: await t.login('agent') });
    expect(agent.body).toMatchObject({ type: 'agent', email: 'agent@flybook.test', language: 'en' });
    expect(agent.body.roles).toContain('ROLE_FLIGHT_AGENT_FLIGHT_LIST');
    expect(agent.body.roles).not.toContain('ROLE_FLIGHT_LIST');
    expect(agent.body.accountId).toEqual(expect.any(Number));
  });
});

describe('permissions of a user', () => {
  it('lets an admin allow and deny special roles, which changes what the user may call', async () => {
    const before = await t.request({ method: 'GET', url: `/api/v1/user/${ids.manager}`, token: admin });
    expect(before.status).toBe(200);
    expect(before.body.group).toMatchObject({ code: 'manager' });
    expect(before.body.group.roles).toContain('ROLE_FLIGHT_LIST');

    const managerCanListUsers = await t.request({ method: 'GET', url: '/api/v1/user/list', token: manager });
    expect(managerCanListUsers.status).toBe(403);

    const put = await t.request({
      method: 'PUT',
      url: `/api/v1/user/${ids.manager}`,
      token: admin,
      payload: {
        id: ids.manager,
        group: { id: before.body.group.id },
        allowedSpecialRoles: ['ROLE_USER_LIST'],
        deniedSpecialRoles: ['ROLE_FLIGHT_LIST'],
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      allowedSpecialRoles: ['ROLE_USER_LIST'],
      deniedSpecialRoles: ['ROLE_FLIGHT_LIST'],
    });

    const roles = await t.request({ method: 'GET', url: `/api/v1/user/${ids.manager}/roles`, token: admin });
    expect(roles.body.items).toContain('ROLE_USER_LIST');
    expect(roles.body.items).not.toContain('ROLE_FLIGHT_LIST');
    // The same session sees the new roles at once: they are read per call, not cached in the token.
    expect((await t.request({ method: 'GET', url: '/api/v1/user/list', token: manager })).status).toBe(200);

    const log = await t.request({
      method: 'GET',
      url: '/api/v1/entity-log/list?entityType=user',
      token: admin,
    });
    expect(log.body.items[0]).toMatchObject({
      entityType: 'user',
      entityId: String(ids.manager),
      operationType: 'update',
      user: { id: ids.admin, displayName: 'Ada Admin' },
    });
    expect(log.body.items[0].changedFields).toEqual(
      expect.arrayContaining(['allowedSpecialRoles', 'deniedSpecialRoles']),
    );
  });

  it('refuses role changes by a non-admin even with the user list role', async () => {
    const response = await t.request({
      method: 'PUT',
      url: `/api/v1/user/${ids.agent}`,
      token: manager,
      payload: { id: ids.agent, group: null, allowedSpecialRoles: ['ROLE_ADMIN'], deniedSpecialRoles: [] },
    });
    expect(response.status).toBe(403);
    const agent = await t.request({ method: 'GET', url: `/api/v1/user/${ids.agent}/roles`, token: admin });
    expect(agent.body.items).not.toContain('ROLE_ADMIN');
  });

  it('rejects a body id that differs from the path and malformed role names', async () => {
    const wrongId = await t.request({
      method: 'PUT',
      url: `/api/v1/user/${ids.agent}`,
      token: admin,
      payload: { id: ids.customer, group: null, allowedSpecialRoles: [], deniedSpecialRoles: [] },
    });
    expect(wrongId.status).toBe(422);
    expect(wrongId.body.errors[0].field).toBe('id');
    const badRole = await t.request({
      method: 'PUT',
      url: `/api/v1/user/${ids.agent}`,
      token: admin,
      payload: { id: ids.agent, group: null, allowedSpecialRoles: ['drop table'], deniedSpecialRoles: [] },
    });
    expect(badRole.status).toBe(422);
    expect(badRole.body.errors[0]).toMatchObject({ code: 'ERROR_PATTERN', field: 'allowedSpecialRoles.0' });
  });

  it('answers 404 for an unknown user id', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/user/99999', token: admin });
    expect(response.status).toBe(404);
    expect(response.body.errors[0].code).toBe('ERROR_NOT_FOUND');
  });
});

describe('customers and back-office rights', () => {
  const groupsByCode = async () =>
    Object.fromEntries(
      (await t.request({ method: 'GET', url: '/api/v1/user/group/list', token: admin })).body.items.map(
        (group: { code: string; id: number }) => [group.code, group.id],
      ),
    );
  const save = (id: number, body: object) =>
    t.request({ method: 'PUT', url: `/api/v1/user/${id}`, token: admin, payload: { id, ...body } });

  it('refuses to put a customer in a group that gives back-office rights, naming the roles, and changes nothing', async () => {
    const groups = await groupsByCode();
    const before = await t.request({ method: 'GET', url: `/api/v1/user/${ids.customer}`, token: admin });
    for (const code of ['admin', 'manager', 'agent', 'accounting']) {
      const response = await save(ids.customer!, {
        group: { id: groups[code] },
        allowedSpecialRoles: [],
        deniedSpecialRoles: [],
      });
      expect(response.status, code).toBe(422);
      expect(response.body.errors[0]).toMatchObject({
        code: 'ERROR_ROLE_NOT_FOR_CUSTOMERS',
        field: 'group.id',
        params: { roles: expect.any(String) },
      });
    }
    const after = await t.request({ method: 'GET', url: `/api/v1/user/${ids.customer}`, token: admin });
    expect(after.body).toEqual(before.body);
    const customer = await t.login('customer');
    expect((await t.request({ method: 'GET', url: '/api/v1/flight/list', token: customer })).status).toBe(
      403,
    );
  });

  it('refuses back-office special roles for a customer, allows the customer roles, and the same for staff is fine', async () => {
    const groups = await groupsByCode();
    const refused = await save(ids.customer!, {
      group: { id: groups.customer },
      allowedSpecialRoles: ['ROLE_RESERVATION_CANCEL', 'ROLE_ADMIN', 'ROLE_FLIGHT_LIST'],
      deniedSpecialRoles: [],
    });
    expect(refused.status).toBe(422);
    expect(
      refused.body.errors.map((error: { field: string; code: string }) => [error.field, error.code]),
    ).toEqual([
      ['allowedSpecialRoles.1', 'ERROR_ROLE_NOT_FOR_CUSTOMERS'],
      ['allowedSpecialRoles.2', 'ERROR_ROLE_NOT_FOR_CUSTOMERS'],
    ]);
    const allowed = await save(ids.customer!, {
      group: { id: groups.customer },
      allowedSpecialRoles: ['ROLE_RESERVATION_CANCEL'],
      deniedSpecialRoles: [],
    });
    expect(allowed.status).toBe(200);
    const staff = await save(ids.agent!, {
      group: { id: groups.agent },
      allowedSpecialRoles: ['ROLE_FLIGHT_LIST'],
      deniedSpecialRoles: [],
    });
    expect(staff.status).toBe(200);
    const reset = { allowedSpecialRoles: [], deniedSpecialRoles: [] };
    expect((await save(ids.customer!, { group: { id: groups.customer }, ...reset })).status).toBe(200);
    expect((await save(ids.agent!, { group: { id: groups.agent }, ...reset })).status).toBe(200);
  });

  it('gives a customer session only the customer roles even when the database says more', async () => {
    const groups = await groupsByCode();
    await t.database.db
      .update(users)
      .set({ groupId: groups.manager, allowedSpecialRoles: ['ROLE_ADMIN'] })
      .where(eq(users.id, ids.customer!));
    try {
      const customer = await t.login('customer');
      const me = await t.request({ method: 'GET', url: '/api/v1/user/me', token: customer });
      expect(me.body.roles).not.toContain('ROLE_ADMIN');
      expect(me.body.roles).not.toContain('ROLE_FLIGHT_LIST');
      for (const url of ['/api/v1/flight/list', '/api/v1/user/list', '/api/v1/customer/list']) {
        expect((await t.request({ method: 'GET', url, token: customer })).status, url).toBe(403);
      }
      const roles = await t.request({
        method: 'GET',
        url: `/api/v1/user/${ids.customer}/roles`,
        token: admin,
      });
      expect(roles.body.items).not.toContain('ROLE_ADMIN');
    } finally {
      await t.database.db
        .update(users)
        .set({ groupId: groups.customer, allowedSpecialRoles: [] })
        .where(eq(users.id, ids.customer!));
    }
  });

  it('refuses unknown role names with 422 on their place, allowed or denied, and saves nothing', async () => {
    const before = await t.request({ method: 'GET', url: `/api/v1/user/${ids.manager}`, token: admin });
    const response = await save(ids.manager!, {
      group: { id: before.body.group.id },
      allowedSpecialRoles: ['ROLE_USER_LIST', 'ROLE_MAKE_COFFEE'],
      deniedSpecialRoles: ['ROLE_NOT_A_ROLE'],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        code: 'ERROR_ENUM',
        field: 'allowedSpecialRoles.1',
        params: { role: 'ROLE_MAKE_COFFEE' },
      }),
      expect.objectContaining({
        code: 'ERROR_ENUM',
        field: 'deniedSpecialRoles.0',
        params: { role: 'ROLE_NOT_A_ROLE' },
      }),
    ]);
    const after = await t.request({ method: 'GET', url: `/api/v1/user/${ids.manager}`, token: admin });
    expect(after.body).toEqual(before.body);
  });
});

describe('user list, groups and role catalogue', () => {
  it('pages, filters by type and searches in SQL', async () => {
    const page = await t.request({
      method: 'GET',
      url: '/api/v1/user/list?pageSize=2&page=0&sortBy=email&sortOrder=ASC',
      token: admin,
    });
    expect(page.body.total).toBe(4);
    expect(page.body.items.map((u: { email: string }) => u.email)).toEqual([
      'admin@flybook.test',
      'agent@flybook.test',
    ]);
    const second = await t.request({
      method: 'GET',
      url: '/api/v1/user/list?pageSize=2&page=1&sortBy=email&sortOrder=ASC',
      token: admin,
    });
    expect(second.body.items.map((u: { email: string }) => u.email)).toEqual([
      'customer@flybook.test',
      'manager@flybook.test',
    ]);
    const agents = await t.request({
      method: 'GET',
      url: '/api/v1/user/list?type[]=agent&type[]=customer',
      token: admin,
    });
    expect(agents.body.items.map((u: { type: string }) => u.type).sort()).toEqual(['agent', 'customer']);
    const search = await t.request({ method: 'GET', url: '/api/v1/user/list?query=krasniqi', token: admin });
    expect(search.body.items).toHaveLength(1);
    expect(search.body.items[0].group.title.de).toBe('Mitarbeitende');
    const tooBig = await t.request({ method: 'GET', url: '/api/v1/user/list?pageSize=51', token: admin });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors[0]).toMatchObject({
      code: 'ERROR_MAXIMUM',
      field: 'pageSize',
      params: { limit: 50 },
    });
  });

  it('lists groups with roles and the role catalogue with categories', async () => {
    const groups = await t.request({ method: 'GET', url: '/api/v1/user/group/list', token: admin });
    expect(groups.body.items.map((g: { code: string }) => g.code)).toEqual([
      'admin',
      'manager',
      'agent',
      'customer',
      'accounting',
    ]);
    const catalogue = await t.request({ method: 'GET', url: '/api/v1/user/role/list', token: admin });
    expect(catalogue.body.items).toContainEqual(
      expect.objectContaining({ role: 'ROLE_FLIGHT_LIST', category: 'flight' }),
    );
  });
});

describe('virtual accounts of a user', () => {
  it('lets an admin set them, checks they are virtual, and lets the accounting roles read them', async () => {
    const virtual = await t.request({ method: 'GET', url: '/api/v1/virtual-account/list', token: admin });
    const cash = virtual.body.items
      .filter((a: { kind: string }) => a.kind === 'cash')
      .map((a: { id: number }) => a.id);
    expect(cash).toHaveLength(3);
    const set = await t.request({
      method: 'POST',
      url: `/api/v1/user/${ids.agent}/virtual-accounts`,
      token: admin,
      payload: { accountIds: [cash[0]] },
    });
    expect(set.body.items).toEqual([cash[0]]);
    const read = await t.request({
      method: 'GET',
      url: `/api/v1/user/${ids.agent}/virtual-accounts`,
      token: manager,
    });
    expect(read.status).toBe(200);
    expect(read.body.items).toEqual([cash[0]]);
    const me = await t.request({ method: 'GET', url: '/api/v1/user/me', token: admin });
    const userAccount = await t.request({
      method: 'POST',
      url: `/api/v1/user/${ids.agent}/virtual-accounts`,
      token: admin,
      payload: { accountIds: [me.body.accountId] },
    });
    expect(userAccount.status).toBe(422);
    const byManager = await t.request({
      method: 'POST',
      url: `/api/v1/user/${ids.agent}/virtual-accounts`,
      token: manager,
      payload: { accountIds: [] },
    });
    expect(byManager.status).toBe(403);
  });
});

describe('the permissions page saves the difference from the group', () => {
  it('takes a denied group role away on the manager’s next call, and restoring gives it back, without a new login', async () => {
    const ids2 = await catalogueIds(t, admin);
    const managerToken = await t.login('manager');
    const create = (number: string) => t.api('POST', 'flight', managerToken, flightBody(ids2, { number }));
    expect((await create('FB5101')).status).toBe(201);

    const user = (await t.api('GET', `user/${ids.manager}`, admin)).body;
    // What the page sends: the manager's group, nothing allowed on top, ROLE_FLIGHT_CREATE denied.
    const chosen = user.group.roles.filter((role: string) => role !== 'ROLE_FLIGHT_CREATE');
    const difference = specialRolesFor(user.group.roles, chosen);
    expect(difference).toEqual({ allowedSpecialRoles: [], deniedSpecialRoles: ['ROLE_FLIGHT_CREATE'] });
    const saved = await t.api('PUT', `user/${ids.manager}`, admin, {
      id: ids.manager,
      email: user.email,
      group: { id: user.group.id },
      ...difference,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ allowedSpecialRoles: [], deniedSpecialRoles: ['ROLE_FLIGHT_CREATE'] });

    const refused = await create('FB5102');
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('ERROR_FORBIDDEN');
    const me = await t.api('GET', 'user/me', managerToken);
    expect(me.body.roles).not.toContain('ROLE_FLIGHT_CREATE');
    expect(me.body.roles).toContain('ROLE_FLIGHT_LIST');
    expect((await t.api('GET', `user/${ids.manager}/roles`, admin)).body.items).toEqual([...chosen].sort());

    // Restore: back to the group's roles.
    const restored = await t.api('PUT', `user/${ids.manager}`, admin, {
      id: ids.manager,
      group: { id: user.group.id },
      ...specialRolesFor(user.group.roles, user.group.roles),
    });
    expect(restored.body).toMatchObject({ allowedSpecialRoles: [], deniedSpecialRoles: [] });
    expect((await create('FB5103')).status).toBe(201);
    expect((await t.api('GET', 'user/me', managerToken)).body.roles).toContain('ROLE_FLIGHT_CREATE');
  });

  it('gives a role outside the group as an allowed special role, and a group change takes the new group’s roles', async () => {
    const agentToken = await t.login('agent');
    expect((await t.api('GET', 'manager/list', agentToken)).status).toBe(403);
    const groups = (await t.api('GET', 'user/group/list', admin)).body.items;
    const agentGroup = groups.find((group: { code: string }) => group.code === 'agent');
    const saved = await t.api('PUT', `user/${ids.agent}`, admin, {
      id: ids.agent,
      group: { id: agentGroup.id },
      ...specialRolesFor(agentGroup.roles, [...agentGroup.roles, 'ROLE_MANAGER_LIST']),
    });
    expect(saved.body.allowedSpecialRoles).toEqual(['ROLE_MANAGER_LIST']);
    expect((await t.api('GET', 'manager/list', agentToken)).status).toBe(200);

    const accounting = groups.find((group: { code: string }) => group.code === 'accounting');
    await t.api('PUT', `user/${ids.agent}`, admin, {
      id: ids.agent,
      group: { id: accounting.id },
      allowedSpecialRoles: [],
      deniedSpecialRoles: [],
    });
    expect((await t.api('GET', 'entity-log/list', agentToken)).status).toBe(200);
    expect((await t.api('GET', 'manager/list', agentToken)).status).toBe(403);
    await t.api('PUT', `user/${ids.agent}`, admin, {
      id: ids.agent,
      group: { id: agentGroup.id },
      allowedSpecialRoles: [],
      deniedSpecialRoles: [],
    });
  });

  it('keeps an admin from taking away their own admin rights, and reading permissions is for admins only', async () => {
    const own = (await t.api('GET', `user/${ids.admin}`, admin)).body;
    const lockout = await t.api('PUT', `user/${ids.admin}`, admin, {
      id: ids.admin,
      group: { id: own.group.id },
      allowedSpecialRoles: [],
      deniedSpecialRoles: ['ROLE_ADMIN'],
    });
    expect(lockout.status).toBe(409);
    expect(lockout.body.errors[0]).toMatchObject({ code: 'ERROR_CONFLICT', field: 'deniedSpecialRoles' });
    expect((await t.api('GET', `user/${ids.admin}/roles`, admin)).body.items).toContain('ROLE_ADMIN');

    // A manager who may list users (ROLE_USER_LIST) still reads nobody's roles.
    const user = (await t.api('GET', `user/${ids.manager}`, admin)).body;
    await t.api('PUT', `user/${ids.manager}`, admin, {
      id: ids.manager,
      group: { id: user.group.id },
      allowedSpecialRoles: ['ROLE_USER_LIST'],
      deniedSpecialRoles: [],
    });
    const managerToken = await t.login('manager');
    expect((await t.api('GET', 'user/list', managerToken)).status).toBe(200);
    expect((await t.api('GET', 'user/role/list', managerToken)).status).toBe(200);
    expect((await t.api('GET', 'user/group/list', managerToken)).status).toBe(200);
    expect((await t.api('GET', `user/${ids.agent}`, managerToken)).status).toBe(403);
    expect((await t.api('GET', `user/${ids.agent}/roles`, managerToken)).status).toBe(403);
    await t.api('PUT', `user/${ids.manager}`, admin, {
      id: ids.manager,
      group: { id: user.group.id },
      allowedSpecialRoles: [],
      deniedSpecialRoles: [],
    });
  });

  it('answers 422 for an unknown group and 404 for an unknown user, and changes nothing', async () => {
    const unknownGroup = await t.api('PUT', `user/${ids.agent}`, admin, {
      id: ids.agent,
      group: { id: 9999 },
      allowedSpecialRoles: [],
      deniedSpecialRoles: [],
    });
    expect(unknownGroup.status).toBe(422);
    expect(unknownGroup.body.errors[0]).toMatchObject({ code: 'ERROR_NOT_FOUND', field: 'group.id' });
    expect((await t.api('GET', `user/${ids.agent}`, admin)).body.group.code).toBe('agent');
    const unknownUser = await t.api('PUT', 'user/99999', admin, {
      id: 99999,
      group: null,
      allowedSpecialRoles: [],
      deniedSpecialRoles: [],
    });
    expect(unknownUser.status).toBe(404);
  });
});

describe('user/list defaults', () => {
  it('pages by 10 by default; a single type or none (all types); active only when asked', async () => {
    const groupId = (await t.api('GET', `user/${ids.manager}`, admin)).body.group.id;
    await t.database.db.insert(users).values(
      Array.from({ length: 11 }, (_, index) => ({
        email: `employee.${index}@example.test`,
        type: 'manager' as const,
        displayName: `Employee ${String(index).padStart(2, '0')}`,
        groupId,
        isActive: index !== 3,
      })),
    );
    const all = await t.api('GET', 'user/list', admin);
    expect(all.body.items).toHaveLength(10);
    expect(all.body.total).toBe(15);
    const managers = await t.api('GET', 'user/list?type=manager&pageSize=50', admin);
    expect(managers.body.total).toBe(12);
    expect(managers.body.items.every((item: { type: string }) => item.type === 'manager')).toBe(true);
    expect(managers.body.items.map((item: { displayName: string }) => item.displayName)).toEqual(
      [...managers.body.items.map((item: { displayName: string }) => item.displayName)].sort(),
    );
    const active = await t.api('GET', 'user/list?type[]=manager&isActive=true&pageSize=50', admin);
    expect(active.body.total).toBe(11);
    expect(active.body.items.map((item: { email: string }) => item.email)).not.toContain(
      'employee.3@example.test',
    );
    const unknownType = await t.api('GET', 'user/list?type=pilot', admin);
    expect(unknownType.status).toBe(422);
    expect(unknownType.body.errors[0]).toMatchObject({ code: 'ERROR_ENUM', field: 'type.0' });
  });
});

describe('virtual accounts by role', () => {
  it('are read with ROLE_ACCOUNT_LIST or ROLE_USER_VIRTUAL_ACCOUNTS_LIST, written by admins only', async () => {
    const user = (await t.api('GET', `user/${ids.manager}`, admin)).body;
    const setRoles = (allowed: string[], denied: string[]) =>
      t.api('PUT', `user/${ids.manager}`, admin, {
        id: ids.manager,
        group: { id: user.group.id },
        allowedSpecialRoles: allowed,
        deniedSpecialRoles: denied,
      });
    const managerToken = await t.login('manager');
    const read = () => t.api('GET', `user/${ids.agent}/virtual-accounts`, managerToken);
    const list = () => t.api('GET', 'virtual-account/list', managerToken);

    // The manager group holds both reading roles; either one alone is enough.
    await setRoles([], ['ROLE_ACCOUNT_LIST', 'ROLE_USER_VIRTUAL_ACCOUNTS_LIST']);
    expect((await read()).status).toBe(403);
    expect((await list()).status).toBe(403);
    await setRoles([], ['ROLE_ACCOUNT_LIST']);
    expect((await read()).status).toBe(200);
    expect((await list()).status).toBe(200);
    await setRoles([], ['ROLE_USER_VIRTUAL_ACCOUNTS_LIST']);
    expect((await read()).status).toBe(200);

    // Writing: not even with every reading role and ROLE_USER_VIRTUAL_ACCOUNTS_UPDATE, only ROLE_ADMIN.
    await setRoles(['ROLE_USER_VIRTUAL_ACCOUNTS_UPDATE'], []);
    const write = await t.api('POST', `user/${ids.agent}/virtual-accounts`, managerToken, { accountIds: [] });
    expect(write.status).toBe(403);
    await setRoles([], []);
    expect((await t.api('GET', `user/${ids.agent}/virtual-accounts`, await t.login('agent'))).status).toBe(
      403,
    );

    const virtual = (await t.api('GET', 'virtual-account/list', admin)).body.items;
    const bank = virtual.find((account: { code: string }) => account.code === 'BANK_EC');
    const saved = await t.api('POST', `user/${ids.agent}/virtual-accounts`, admin, {
      accountIds: [bank.id, bank.id],
    });
    expect(saved.body.items).toEqual([bank.id]);
    const log = await t.api('GET', `entity-log/list?entityType=user&query=${ids.agent}`, admin);
    expect(log.body.items[0]).toMatchObject({ operationType: 'update', changedFields: ['virtualAccounts'] });
    expect((await t.api('GET', 'user/99999/virtual-accounts', admin)).status).toBe(404);
  });
});
