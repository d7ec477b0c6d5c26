import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
