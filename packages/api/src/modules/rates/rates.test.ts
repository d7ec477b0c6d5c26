import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
});
afterAll(() => t.close());

const price = (tariffId: number, priceStandard = 199.95) => ({
  tariff: { id: tariffId },
  priceStandard,
  priceRound: 179.95,
  priceChildPercent: 75,
  priceInfantPercent: 10,
  airportFee: 35.1,
  fuelFee: 12.05,
});
const allTariffs = [price(1), price(2, 239.95), price(3, 289.95), price(4, 449.95)];
const post = (payload: object, token = manager) =>
  t.request({ method: 'POST', url: '/api/v1/rate', payload, token });

describe('rates', () => {
  it('creates a rate pricing every tariff and gives the prices back exactly', async () => {
    const created = await post({ name: 'Summer 2027', priceList: allTariffs });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Summer 2027', isActive: true });
    expect(created.body.priceList).toEqual(allTariffs);
    const read = await t.request({ method: 'GET', url: `/api/v1/rate/${created.body.id}`, token: manager });
    expect(read.body).toEqual(created.body);
  });

  it('requires every tariff on create but only the first two on edit, dropping the others', async () => {
    const missing = await post({ name: 'Partial', priceList: [price(1), price(2)] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([
      ['priceList', 'ERROR_REQUIRED'],
      ['priceList', 'ERROR_REQUIRED'],
    ]);
    const id = (await post({ name: 'Winter 2027', priceList: allTariffs })).body.id;
    const edited = await t.request({
      method: 'PUT',
      url: `/api/v1/rate/${id}`,
      token: manager,
      payload: { name: 'Winter 2027', priceList: [price(2, 99), price(1, 89)] },
    });
    expect(edited.status).toBe(200);
    expect(
      edited.body.priceList.map((p: { tariff: { id: number }; priceStandard: number }) => [
        p.tariff.id,
        p.priceStandard,
      ]),
    ).toEqual([
      [1, 89],
      [2, 99],
    ]);
    const withoutFirst = await t.request({
      method: 'PUT',
      url: `/api/v1/rate/${id}`,
      token: manager,
      payload: { name: 'Winter 2027', priceList: [price(2), price(3)] },
    });
    expect(withoutFirst.status).toBe(422);
    expect(withoutFirst.body.errors[0]).toMatchObject({ field: 'priceList', code: 'ERROR_REQUIRED' });
  });

  it('names the field of every invalid price: precision, range, unknown and repeated tariffs', async () => {
    const response = await post({
      name: 'Broken',
      priceList: [
        { ...price(1), priceStandard: 10.005 },
        { ...price(2), priceChildPercent: 120 },
        price(3),
        price(3),
        { ...price(9) },
      ],
    });
    expect(response.status).toBe(422);
    const fields = response.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'priceList.0.priceStandard:ERROR_MONEY_PRECISION',
        'priceList.1.priceChildPercent:ERROR_MAXIMUM',
        'priceList.3.tariff.id:ERROR_VALIDATION',
      ]),
    );
    const unknown = await post({ name: 'Unknown tariff', priceList: [...allTariffs, price(9)] });
    expect(unknown.body.errors[0]).toMatchObject({ field: 'priceList.4.tariff.id', code: 'ERROR_NOT_FOUND' });
  });

  it('lists 15 by name ascending with filters, and entire-list only active rates', async () => {
    await post({ name: 'Retired rate', isActive: false, priceList: allTariffs });
    const list = await t.request({ method: 'GET', url: '/api/v1/rate/list', token: manager });
    const listed = list.body.items.map((r: { name: string }) => r.name);
    expect(listed).toEqual([...listed].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    expect(list.body.items[0].priceList).toHaveLength(4);
    const active = await t.request({
      method: 'GET',
      url: '/api/v1/rate/list?isActive=true&query=rate',
      token: manager,
    });
    expect(active.body.total).toBe(0);
    const entire = await t.request({ method: 'GET', url: '/api/v1/rate/entire-list', token: manager });
    expect(entire.body.items.map((r: { name: string }) => r.name)).not.toContain('Retired rate');
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/rate/list?pageSize=51', token: manager })).status,
    ).toBe(422);
  });

  it('checks roles and writes the event log with the changed fields', async () => {
    const agent = await t.login('agent');
    expect((await t.request({ method: 'GET', url: '/api/v1/rate/list', token: agent })).status).toBe(403);
    expect((await post({ name: 'Agent rate', priceList: allTariffs }, agent)).status).toBe(403);
    const id = (await post({ name: 'Logged rate', priceList: allTariffs })).body.id;
    await t.request({
      method: 'PUT',
      url: `/api/v1/rate/${id}`,
      token: manager,
      payload: { name: 'Logged rate', isActive: false, priceList: [...allTariffs].reverse() },
    });
    const admin = await t.login('admin');
    const log = await t.request({
      method: 'GET',
      url: '/api/v1/entity-log/list?entityType=rate',
      token: admin,
    });
    const mine = log.body.items.filter((e: { entityId: string }) => e.entityId === String(id));
    expect(
      mine.map((e: { operationType: string; changedFields: string[] }) => [e.operationType, e.changedFields]),
    ).toEqual([
      ['update', ['isActive']],
      ['create', ['name', 'isActive', 'priceList']],
    ]);
  });

  it('deletes a rate no flight uses with its prices, and refuses one flights use with 409', async () => {
    const flights = await t.request({ method: 'GET', url: '/api/v1/flight/list?pageSize=1', token: manager });
    const flown = flights.body.items[0].rate.id;
    const used = await t.request({ method: 'DELETE', url: `/api/v1/rate/${flown}`, token: manager });
    expect(used.status).toBe(409);
    expect(used.body.errors[0].code).toBe('ERROR_IN_USE');
    expect((await t.request({ method: 'GET', url: `/api/v1/rate/${flown}`, token: manager })).status).toBe(
      200,
    );

    const spare = await post({ name: 'Spare rate', priceList: allTariffs });
    const url = `/api/v1/rate/${spare.body.id}`;
    const agent = await t.login('agent');
    expect((await t.request({ method: 'DELETE', url, token: agent })).status).toBe(403);
    expect((await t.request({ method: 'DELETE', url, token: manager })).status).toBe(204);
    expect((await t.request({ method: 'GET', url, token: manager })).status).toBe(404);
    expect((await t.request({ method: 'DELETE', url, token: manager })).status).toBe(404);
  });
});
