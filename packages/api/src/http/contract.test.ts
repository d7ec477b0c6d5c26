import { toQueryString } from '@flybook/client';
import { isKnownRole, rolesInRule } from '@flybook/domain';
import { allCalls, fillPath } from '@flybook/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const sampleParams = (path: string) =>
  fillPath(path, { id: 1, flightId: 1, locale: 'en', status: 'cancelled' });

describe('the API contract', () => {
  it('names only roles that exist in the catalogue', () => {
    const unknown = allCalls()
      .flatMap((call) => (call.roles ? rolesInRule(call.roles) : []))
      .filter((role) => !isKnownRole(role));
    expect(unknown).toEqual([]);
  });

  it('publishes every declared call in the OpenAPI document', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs' });
    expect(response.body.openapi).toBe('3.0.3');
    for (const call of allCalls()) {
      expect(response.body.servers).toEqual([{ url: '/api/v1' }]);
      const operation = response.body.paths[`/${call.path}`]?.[call.method.toLowerCase()];
      expect(operation, `${call.method} ${call.path}`).toBeDefined();
      expect(operation.summary).toBe(call.summary);
    }
  });

  it('asks for a token on every non-public call', async () => {
    for (const call of allCalls().filter((c) => c.auth === 'user')) {
      const response = await t.request({
        method: call.method,
        url: `/api/v1/${sampleParams(call.path)}`,
        payload: call.body ? {} : undefined,
      });
      expect(response.status, `${call.method} ${call.path}`).toBe(401);
    }
  });

  it('never answers 500 to wrongly typed input, and always in the error format', async () => {
    const garbage = [
      { page: 'x', pageSize: -1, sortBy: 'nope', sortOrder: 'up' },
      { query: { nested: 'x' } },
    ];
    for (const call of allCalls()) {
      for (const junk of garbage) {
        const response = await t.request({
          method: call.method,
          url: `/api/v1/${fillPath(call.path, { id: 'abc', flightId: 'abc', reservationId: 'abc', locale: 'xx', status: 'xx' })}?${toQueryString(junk)}`,
          payload: call.method === 'GET' || call.method === 'DELETE' ? undefined : (junk as object),
          token: admin,
        });
        expect(response.status, `${call.method} ${call.path}`).toBeLessThan(500);
        if (response.status >= 400) expect(response.body.errors[0].code).toMatch(/^ERROR_/);
      }
    }
  });

  it('answers an unknown route with 404 in the error format', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/no/such/call' });
    expect(response.status).toBe(404);
    expect(response.body.errors[0].code).toBe('ERROR_NOT_FOUND');
  });
});
