import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('lookups', () => {
  it('lists countries with CH, KV, FR, DE, AT, IT, MK first, then by name, publicly too', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/public/country/list' });
    const codes = response.body.items.map((c: { code: string }) => c.code);
    expect(codes.slice(0, 7)).toEqual(['CH', 'KV', 'FR', 'DE', 'AT', 'IT', 'MK']);
    const rest = response.body.items.slice(7).map((c: { name: { en: string } }) => c.name.en);
    expect(rest).toEqual([...rest].sort((a: string, b: string) => (a < b ? -1 : 1)));
    expect(response.body.items[1]).toMatchObject({ code: 'KV', dialCode: '+383', name: { sq: 'Kosovë' } });
    expect((await t.request({ method: 'GET', url: '/api/v1/country/entire-list' })).status).toBe(401);
  });

  it('lists airports with timezones and filters main ones', async () => {
    const all = await t.request({ method: 'GET', url: '/api/v1/airport/entire-list' });
    const byCode = Object.fromEntries(
      all.body.items.map((a: { code: string; timezone: string }) => [a.code, a.timezone]),
    );
    expect(byCode).toMatchObject({
      ZRH: 'Europe/Zurich',
      BSL: 'Europe/Zurich',
      GVA: 'Europe/Zurich',
      PRN: 'Europe/Belgrade',
      SKP: 'Europe/Skopje',
      OHD: 'Europe/Skopje',
      TIA: 'Europe/Tirane',
    });
    const main = await t.request({ method: 'GET', url: '/api/v1/airport/list?isMain=true' });
    expect(main.body.items.map((a: { code: string }) => a.code)).not.toContain('OHD');
    const search = await t.request({ method: 'GET', url: '/api/v1/airport/list?query=prishtin' });
    expect(search.body.items.map((a: { code: string }) => a.code)).toEqual(['PRN']);
  });

  it('lists tariffs 1 and 2 as economy, 3 economy-plus, 4 business', async () => {
    const token = await t.login('manager');
    const tariffs = await t.request({ method: 'GET', url: '/api/v1/tariff/entire-list', token });
    expect(
      tariffs.body.items.map((x: { id: number; tariffGroup: { code: string } }) => [
        x.id,
        x.tariffGroup.code,
      ]),
    ).toEqual([
      [1, 'economy'],
      [2, 'economy'],
      [3, 'economy-plus'],
      [4, 'business'],
    ]);
    const agent = await t.login('agent');
    expect((await t.request({ method: 'GET', url: '/api/v1/tariff/entire-list', token: agent })).status).toBe(
      403,
    );
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/tariff-group/entire-list', token: agent })).body.items,
    ).toHaveLength(3);
  });
});
