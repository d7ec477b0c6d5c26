import { ApiRequestError, createClient } from '@flybook/client';
import { api } from '@flybook/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `${address}/api`;
});
afterAll(() => t.close());

describe('the typed client against the real server over HTTP', () => {
  it('logs in, reads the user and their account, and logs out', async () => {
    let token: string | null = null;
    let expired = 0;
    const client = createClient({ baseUrl, getToken: () => token, onUnauthorized: () => expired++ });
    token = (
      await client.call(api.auth.login, { body: { login: 'agent@flybook.test', password: 'flybook-demo' } })
    ).token;
    const me = await client.call(api.user.me);
    expect(me).toMatchObject({ type: 'agent', displayName: 'Alpen Reisen GmbH' });
    const account = await client.call(api.account.userAccount, { params: { id: me.id } });
    expect(account.balance).toBe(0);
    const groups = await client.call(api.lookup.tariffGroupList);
    expect(groups.items.map((g) => g.code)).toEqual(['economy', 'economy-plus', 'business']);
    await client.call(api.auth.logout);
    const error = await client.call(api.user.me).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(401);
    expect(expired).toBe(1);
  });

  it('sends array filters the way the server reads them', async () => {
    let token: string | null = null;
    const admin = createClient({ baseUrl, getToken: () => token });
    token = (
      await admin.call(api.auth.login, { body: { login: 'admin@flybook.test', password: 'flybook-demo' } })
    ).token;
    const list = await admin.call(api.user.list, { query: { type: ['agent', 'customer'], sortBy: 'email' } });
    expect(list.items.map((u) => u.email)).toEqual(['agent@flybook.test', 'customer@flybook.test']);
  });
});
