import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueIds, flightBody } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let manager: string;
let agent: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
  agent = await t.login('agent');
});
afterAll(() => t.close());

const create = (payload: object, token = manager) =>
  t.request({ method: 'POST', url: '/api/v1/flight-company', payload, token });
const names = (body: { items: { name: string }[] }) => body.items.map((c) => c.name);

describe('airline companies', () => {
  it('lists by name ascending, 15 per page by default, with the total', async () => {
    for (let i = 0; i < 16; i++) {
      const response = await create({
        name: `Test Air ${String(i).padStart(2, '0')}`,
        code: `T${i.toString(36).toUpperCase()}`,
      });
      expect(response.status).toBe(201);
    }
    const list = await t.request({ method: 'GET', url: '/api/v1/flight-company/list', token: manager });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(18); // 16 here + 2 demo airlines
    expect(list.body.items).toHaveLength(15);
    expect(names(list.body)).toEqual([...names(list.body)].sort((a, b) => a.localeCompare(b, 'en')));
    const page2 = await t.request({
      method: 'GET',
      url: '/api/v1/flight-company/list?page=1',
      token: manager,
    });
    expect(page2.body.items).toHaveLength(3);
  });

  it('refuses a page size above 50 and sorts by code descending on request', async () => {
    const big = await t.request({
      method: 'GET',
      url: '/api/v1/flight-company/list?pageSize=51',
      token: manager,
    });
    expect(big.status).toBe(422);
    expect(big.body.errors[0]).toMatchObject({
      field: 'pageSize',
      code: 'ERROR_MAXIMUM',
      params: { limit: 50 },
    });
    const byCode = await t.request({
      method: 'GET',
      url: '/api/v1/flight-company/list?sortBy=code&sortOrder=DESC&pageSize=3',
      token: manager,
    });
    const codes = byCode.body.items.map((c: { code: string }) => c.code);
    expect(codes).toEqual([...codes].sort().reverse());
  });

  it('filters by search text and active state', async () => {
    const id = (await create({ name: 'Sleepy Wings', code: 'SW', isActive: false })).body.id;
    const search = await t.request({
      method: 'GET',
      url: '/api/v1/flight-company/list?query=sleepy',
      token: manager,
    });
    expect(names(search.body)).toEqual(['Sleepy Wings']);
    const activeOnly = await t.request({
      method: 'GET',
      url: '/api/v1/flight-company/list?query=sleepy&isActive=true',
      token: manager,
    });
    expect(activeOnly.body.total).toBe(0);
    const entire = await t.request({
      method: 'GET',
      url: '/api/v1/flight-company/entire-list',
      token: manager,
    });
    expect(entire.body.items.map((c: { id: number }) => c.id)).not.toContain(id);
  });

  it('validates with field names: blank name, code pattern, duplicate code', async () => {
    const bad = await create({ name: '  ', code: 'fb1' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([
      ['name', 'ERROR_NOT_BLANK'],
      ['code', 'ERROR_PATTERN'],
    ]);
    const duplicate = await create({ name: 'Another Flybook', code: 'FB' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors[0]).toMatchObject({ field: 'code', code: 'ERROR_NOT_UNIQUE' });
  });

  it('keeps the PNL originator and addresses, each a Type-B address, with defaults for none', async () => {
    const plain = await create({ name: 'Plain Air', code: 'P1' });
    expect(plain.body).toMatchObject({ pnlOriginator: null, pnlAddresses: [] });
    const bad = await create({
      name: 'Bad Air',
      code: 'P2',
      pnlOriginator: 'ZRH',
      pnlAddresses: ['zrhkkp2'],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([
      ['pnlOriginator', 'ERROR_PATTERN'],
      ['pnlAddresses.0', 'ERROR_PATTERN'],
    ]);
    const set = await create({
      name: 'Set Air',
      code: 'P3',
      pnlOriginator: 'ZRHRPP3',
      pnlAddresses: ['ZRHKKP3', 'PRNKKP3', 'ZRHKKP3'],
    });
    expect(set.status).toBe(201);
    expect(set.body).toMatchObject({ pnlOriginator: 'ZRHRPP3', pnlAddresses: ['ZRHKKP3', 'PRNKKP3'] });
    const read = await t.request({
      method: 'GET',
      url: `/api/v1/flight-company/${set.body.id}`,
      token: manager,
    });
    expect(read.body).toEqual(set.body);
  });

  it('reads, updates and deletes, writing the event log for each', async () => {
    const created = await create({ name: 'Kosova Express', code: 'KX' });
    const id = created.body.id;
    const admin = await t.login('admin');
    const payload = { name: 'Kosova Express Air', code: 'KX', isActive: true };
    const url = `/api/v1/flight-company/${id}`;
    // Editing airlines is for admins (spec 03 §6: edit needs ROLE_FLIGHT_COMPANY_READ and admin).
    expect((await t.request({ method: 'PUT', url, token: manager, payload })).status).toBe(403);
    const updated = await t.request({ method: 'PUT', url, token: admin, payload });
    expect(updated.body).toEqual({ id, pnlOriginator: null, pnlAddresses: [], ...payload });
    expect((await t.request({ method: 'GET', url, token: manager })).body.name).toBe('Kosova Express Air');
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v1/flight-company/${id}`, token: admin })).status,
    ).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: `/api/v1/flight-company/${id}`, token: manager })).status,
    ).toBe(404);
    const log = await t.request({
      method: 'GET',
      url: '/api/v1/entity-log/list?entityType=flightCompany&sortOrder=ASC&pageSize=50',
      token: admin,
    });
    const mine = log.body.items.filter((e: { entityId: string }) => e.entityId === String(id));
    expect(mine.map((e: { operationType: string }) => e.operationType)).toEqual([
      'create',
      'update',
      'delete',
    ]);
    expect(mine[1].changedFields).toEqual(['name']);
  });

  it('refuses to delete a company a flight flies (409 ERROR_IN_USE) and keeps it', async () => {
    const admin = await t.login('admin');
    const created = await create({ name: 'Dardania Wings', code: 'DW' });
    const id = created.body.id;
    const ids = { ...(await catalogueIds(t, admin)), companyId: id };
    const flight = await t.request({
      method: 'POST',
      url: '/api/v1/flight',
      token: manager,
      payload: flightBody(ids, { number: 'DW120' }),
    });
    expect(flight.status, JSON.stringify(flight.body)).toBe(201);
    const refused = await t.request({ method: 'DELETE', url: `/api/v1/flight-company/${id}`, token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('ERROR_IN_USE');
    const kept = await t.request({ method: 'GET', url: `/api/v1/flight-company/${id}`, token: manager });
    expect(kept.status).toBe(200);
    expect(kept.body.name).toBe('Dardania Wings');
    // No such company: 404.
    expect(
      (await t.request({ method: 'DELETE', url: '/api/v1/flight-company/999999', token: admin })).status,
    ).toBe(404);
  });

  it('checks roles: agents may not list, managers may not delete', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/flight-company/list', token: agent })).status,
    ).toBe(403);
    expect((await create({ name: 'Agent Air', code: 'AG' }, agent)).status).toBe(403);
    expect(
      (await t.request({ method: 'DELETE', url: '/api/v1/flight-company/1', token: manager })).status,
    ).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/flight-company/list?query=agent', token: manager }))
        .body.total,
    ).toBe(0);
  });
});
