import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** The bugs the bad-input fuzz found (docs/security.md, "Bad input"), one regression each. */

let t: TestApp;
let admin: string;
const count = async (table: string) =>
  Number(
    (
      (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('ids beyond the database integer range', () => {
  it('are refused as invalid ids (422), in the path and in a body, instead of failing the query', async () => {
    const path = await t.api('DELETE', 'flight-company/2147483648', admin);
    expect(path.status).toBe(422);
    expect(path.body.errors[0]).toMatchObject({
      code: 'ERROR_MAXIMUM',
      field: 'id',
      params: { limit: 2147483647 },
    });

    const body = await t.api('POST', 'reservation/calculate', undefined, {
      bookedFlights: [{ flight: { id: 2147483648 }, tariff: { id: 1 } }],
      passengers: [{ ageType: 'adult' }],
    });
    expect(body.status).toBe(422);
    expect(body.body.errors[0]).toMatchObject({ code: 'ERROR_MAXIMUM', field: 'bookedFlights.0.flight.id' });
  });

  it('while the largest id that can exist is simply not found', async () => {
    const response = await t.api('DELETE', 'flight-company/2147483647', admin);
    expect(response.status).toBe(404);
  });
});

describe('text with a NUL character', () => {
  it('is refused (422) with its field, in a body and in a query string, and nothing is counted', async () => {
    const limitsBefore = await count('rate_limits');
    const login = await t.api('POST', 'auth/token', undefined, {
      login: 'admin\u0000@flybook.test',
      password: 'x',
    });
    expect(login.status).toBe(422);
    expect(login.body.errors).toEqual([
      {
        code: 'ERROR_FORMAT',
        message: 'Text must not contain NUL characters.',
        field: 'login',
        params: { format: 'text' },
      },
    ]);
    expect(await count('rate_limits')).toBe(limitsBefore);

    const search = await t.api('GET', 'airport/list?countryCode=a%00', admin);
    expect(search.status).toBe(422);
    expect(search.body.errors[0]).toMatchObject({ code: 'ERROR_FORMAT', field: 'countryCode' });
  });

  it('is found however deep it sits', async () => {
    const nested = `${'{"a":['.repeat(5000)}"a\\u0000"${']}'.repeat(5000)}`;
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/flight-company',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"X","code":"XQ","deep":${nested}}`,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].field).toMatch(/^deep\.a\.0\.a\.0\./);
    // In a key too, not only in a value.
    const key = await t.request({
      method: 'POST',
      url: '/api/v1/flight-company',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"X","code":"XQ","extra":[{"ok":1,"b\\u0000d":2}]}',
    });
    expect(key.status).toBe(422);
    expect(key.body.errors[0].field).toBe('extra.0.b\u0000d');
    expect(await count('flight_companies')).toBe(2);
    // A backslash, u and four zeros typed as text are no NUL character.
    const typed = await t.api('GET', `airport/list?countryCode=${encodeURIComponent('a\\u0000')}`, admin);
    expect(typed.body.errors ?? []).not.toContainEqual(
      expect.objectContaining({ message: 'Text must not contain NUL characters.' }),
    );
    expect(typed.status).not.toBe(500);
  });
});

describe("the router's own refusals", () => {
  it('answer a path parameter over the length limit with 414 in the error format', async () => {
    const response = await t.api('GET', `flight-company/${'1'.repeat(101)}`, admin);
    expect(response.status).toBe(414);
    expect(response.body.errors[0].code).toBe('ERROR_MALFORMED_REQUEST');
  });

  it('answer broken percent-encoding in the path with 400 in the error format', async () => {
    const response = await t.request({
      method: 'DELETE',
      url: '/api/v1/flight-company/%E0%A4%A',
      token: admin,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].code).toBe('ERROR_MALFORMED_REQUEST');
  });
});

describe('amounts the money module cannot hold exactly', () => {
  it('are refused (422) before any posting, instead of failing inside the ledger', async () => {
    const accounts = (
      (await t.database.db.execute(
        sql`select id from accounts where virtual_code in ('CASH_ZRH', 'BANK_EC') order by id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const types = await t.api('GET', 'payment/free/type/list', admin);
    const correction = types.body.items.find((type: { code: string }) => type.code === 'correction').id;
    const post = (amount: number) =>
      t.api('POST', 'payment/free/advanced', admin, {
        debitAccountId: accounts[0]?.id,
        creditAccountId: accounts[1]?.id,
        amount,
        typeId: correction,
        description: 'fuzz regression',
      });
    const expected: [number, string][] = [
      [0.1 + 0.2, 'ERROR_MONEY_PRECISION'],
      [0.1 + 0.7, 'ERROR_MONEY_PRECISION'],
      [5e-324, 'ERROR_MONEY_PRECISION'],
      [1e15, 'ERROR_MAXIMUM'],
      [1e20, 'ERROR_MAXIMUM'],
      [1e300, 'ERROR_MAXIMUM'],
    ];
    for (const [amount, code] of expected) {
      const response = await post(amount);
      expect(response.status, String(amount)).toBe(422);
      expect(
        response.body.errors.map((error: { code: string }) => error.code),
        String(amount),
      ).toContain(code);
    }
    expect(await count('balance_log_records')).toBe(0);
    // The same call with a plain amount still books.
    expect((await post(0.3)).status).toBe(201);
    expect(await count('balance_log_records')).toBe(1);
  });
});
