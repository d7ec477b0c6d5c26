import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** The bugs the bad-input fuzz found (docs/security.md, "Bad input"), one regression each. */

let t: TestApp;
let admin: string;

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
