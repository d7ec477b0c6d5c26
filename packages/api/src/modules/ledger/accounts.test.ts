import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const me: Record<string, { id: number; accountId: number }> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'agent', 'customer']) {
    tokens[who] = await t.login(who);
    me[who] = (await t.request({ method: 'GET', url: '/api/v1/user/me', token: tokens[who] })).body;
  }
});
afterAll(() => t.close());

describe("a user's account", () => {
  it('is readable by its owner with balance 0 and the owner info', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/user/${me.agent!.id}/account`,
      token: tokens.agent,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: me.agent!.accountId,
      balance: 0,
      type: 'liability',
      debitOnBalance: false,
      user: { id: me.agent!.id, type: 'agent', email: 'agent@flybook.test' },
      virtualAccount: null,
    });
  });

  it('is not readable by another agent or customer guessing the id, but by staff with the role', async () => {
    const byCustomer = await t.request({
      method: 'GET',
      url: `/api/v1/user/${me.agent!.id}/account`,
      token: tokens.customer,
    });
    expect(byCustomer.status).toBe(403);
    const byAgent = await t.request({
      method: 'GET',
      url: `/api/v1/user/${me.customer!.id}/account`,
      token: tokens.agent,
    });
    expect(byAgent.status).toBe(403);
    const byManager = await t.request({
      method: 'GET',
      url: `/api/v1/user/${me.customer!.id}/account`,
      token: tokens.manager,
    });
    expect(byManager.status).toBe(200);
  });
});

describe('account pickers', () => {
  it('free-list shows a manager agents, customers and cash desks but not managers without the extended role', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/account/free-list',
      token: tokens.manager,
    });
    expect(response.status).toBe(200);
    const names = response.body.items.map((a: { displayName: string }) => a.displayName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    const kinds = new Set(
      response.body.items.map((a: { user: { type: string } | null }) => a.user?.type ?? 'virtual'),
    );
    expect(kinds.has('agent') && kinds.has('customer')).toBe(true);
    expect(kinds.has('virtual')).toBe(true);
    // Manager group holds ROLE_ACCOUNT_LIST_FREE_EXTENDED in the demo set; check the rule by removing it.
    const adminToken = tokens.admin;
    await t.request({
      method: 'PUT',
      url: `/api/v1/user/${me.manager!.id}`,
      token: adminToken,
      payload: {
        id: me.manager!.id,
        group: { id: 2 },
        allowedSpecialRoles: [],
        deniedSpecialRoles: ['ROLE_ACCOUNT_LIST_FREE_EXTENDED', 'ROLE_ACCOUNT_VIRTUAL_LIST_FREE'],
      },
    });
    const narrowed = await t.request({
      method: 'GET',
      url: '/api/v1/account/free-list',
      token: tokens.manager,
    });
    const narrowedKinds = new Set(
      narrowed.body.items.map((a: { user: { type: string } | null }) => a.user?.type ?? 'virtual'),
    );
    expect([...narrowedKinds].sort()).toEqual(['agent', 'customer']);
    const search = await t.request({
      method: 'GET',
      url: '/api/v1/account/free-list?query=berisha',
      token: tokens.manager,
    });
    expect(search.body.items.map((a: { displayName: string }) => a.displayName)).toEqual(['Arben Berisha']);
  });

  it('finds a virtual account by its name in any of the four languages', async () => {
    const codesFound = async (query: string) =>
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/account/list?query=${encodeURIComponent(query)}&pageSize=50`,
          token: tokens.admin,
        })
      ).body.items.map((a: { virtualAccount: { code: string } | null }) => a.virtualAccount?.code ?? null);
    expect(await codesFound('Kasse Zürich')).toEqual(['CASH_ZRH']);
    expect(await codesFound('arka e')).toEqual(['CASH_PRN', 'CASH_SKP', 'CASH_ZRH']);
    expect(await codesFound('Produits des billets')).toEqual(['REVENUE_TICKETS']);
    // The stored English name still finds it.
    expect(await codesFound('Cash desk Zurich')).toEqual(['CASH_ZRH']);
  });

  it("payment-list gives a manager their group's cash desks and an agent none", async () => {
    const cash = await t.request({
      method: 'GET',
      url: '/api/v1/account/payment-list?paymentType=cash',
      token: tokens.manager,
    });
    expect(cash.body.total).toBe(3);
    expect(
      cash.body.items.every((a: { virtualAccount: { kind: string } }) => a.virtualAccount.kind === 'cash'),
    ).toBe(true);
    const transfer = await t.request({
      method: 'GET',
      url: '/api/v1/account/payment-list?paymentType=transfer',
      token: tokens.manager,
    });
    expect(
      transfer.body.items.map((a: { virtualAccount: { code: string } }) => a.virtualAccount.code),
    ).toEqual(['TRANSFER']);
    // The spec's names: ec is the bank, datatrans the card provider.
    const ec = await t.request({
      method: 'GET',
      url: '/api/v1/account/payment-list?paymentType=ec',
      token: tokens.manager,
    });
    expect(ec.body.items.map((a: { virtualAccount: { code: string } }) => a.virtualAccount.code)).toEqual([
      'BANK_EC',
    ]);
    const wrongType = await t.request({
      method: 'GET',
      url: '/api/v1/account/payment-list?paymentType=card',
      token: tokens.manager,
    });
    expect(wrongType.status).toBe(422);
    const agent = await t.request({
      method: 'GET',
      url: '/api/v1/account/payment-list?paymentType=cash',
      token: tokens.agent,
    });
    // Agents may open the payment page (spec 02 §6) but operate no desk.
    expect(agent.status).toBe(200);
    expect(agent.body.items).toEqual([]);
  });

  it('account/list pages all accounts for staff with ROLE_ACCOUNT_LIST', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/account/list?pageSize=5&sortBy=id',
      token: tokens.admin,
    });
    // Nine virtual accounts (receivables come with migration 0013, before the seed) and four users.
    expect(response.body.total).toBe(13);
    expect(response.body.items).toHaveLength(5);
    expect(response.body.items[0].virtualAccount.code).toBe('RECEIVABLES');
    expect(response.body.items[1].virtualAccount.code).toBe('CASH_ZRH');
  });
});
