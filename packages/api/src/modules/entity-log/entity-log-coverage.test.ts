import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking } from '../../test/bookings.ts';
import { catalogueIds, flightBody } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createFlightOperationsService } from '../flights/flight-operations.service.ts';

/**
 * DESIGN §4: every create, update and delete of a main entity writes the event log, in each area.
 * The users area's own entries (agents, customers, managers) are in entity-log.test.ts.
 */

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  adminId = (await t.api('GET', 'user/me', admin)).body.id;
});
afterAll(() => t.close());

type Entry = {
  user: { id: number; displayName: string } | null;
  entityType: string;
  entityId: string;
  operationType: string;
  changedFields: string[];
};

/** The log of one entity, newest first. */
async function logOf(entityType: string, id: number | string): Promise<Entry[]> {
  const response = await t.api(
    'GET',
    `entity-log/list?entityType=${entityType}&query=${id}&pageSize=50`,
    admin,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items;
}

const byAdmin = (operationType: string, changedFields: unknown = expect.any(Array)) => ({
  operationType,
  user: { id: adminId, displayName: 'Ada Admin' },
  changedFields,
});

/** A POST/PUT that must succeed; answers the body. */
async function ok(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const response = await t.api(method, url, admin, payload);
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

describe('every main entity writes the event log', () => {
  it('airline companies: create, update, delete', async () => {
    const company = await ok('POST', 'flight-company', { name: 'Log Air', code: 'L9' });
    await ok('PUT', `flight-company/${company.id}`, { name: 'Log Air Two', code: 'L9', isActive: true });
    await ok('DELETE', `flight-company/${company.id}`);
    expect(await logOf('flightCompany', company.id)).toMatchObject([
      byAdmin('delete'),
      byAdmin('update', ['name']),
      byAdmin('create'),
    ]);
  });

  it('aircraft templates: create and update', async () => {
    const templates = (await t.api('GET', 'aircraft-template-generic/list', admin)).body.items;
    const full = (await t.api('GET', `aircraft-template-generic/${templates[0].id}`, admin)).body;
    const created = await ok('POST', 'aircraft-template-generic', {
      label: 'Log jet',
      sections: full.sections,
    });
    await ok('PUT', `aircraft-template-generic/${created.id}`, {
      label: 'Log jet 2',
      sections: full.sections,
    });
    expect(await logOf('aircraftTemplate', created.id)).toMatchObject([
      byAdmin('update', ['label']),
      byAdmin('create'),
    ]);
  });

  it('rates and options: create and update', async () => {
    const rates = (await t.api('GET', 'rate/entire-list', admin)).body.items;
    const rate = (await t.api('GET', `rate/${rates[0].id}`, admin)).body;
    const created = await ok('POST', 'rate', { name: 'Log rate', isActive: true, priceList: rate.priceList });
    await ok('PUT', `rate/${created.id}`, { name: 'Log rate 2', isActive: true, priceList: rate.priceList });
    expect(await logOf('rate', created.id)).toMatchObject([byAdmin('update', ['name']), byAdmin('create')]);

    const options = (await t.api('GET', 'option/list', admin)).body.items;
    const { id: _id, type, code: _code, ...rest } = options[0];
    const option = await ok('POST', 'option', { ...rest, code: 'LOG-1', type: { id: type.id } });
    await ok('PUT', `option/${option.id}`, { ...rest, code: 'LOG-2' });
    expect(await logOf('option', option.id)).toMatchObject([byAdmin('update', ['code']), byAdmin('create')]);
  });

  it('flights: create, update, state changes, sequences and delete; the closing job without a user', async () => {
    const ids = await catalogueIds(t, admin);
    const flight = await ok('POST', 'flight', flightBody(ids, { number: 'FB7001' }));
    await ok('PUT', `flight/${flight.id}`, flightBody(ids, { number: 'FB7001', comment: 'Log me' }));
    await ok('PUT', `flight/${flight.id}/booked-out`);
    expect(await logOf('flight', flight.id)).toMatchObject([
      byAdmin('update', ['isBookedOut']),
      byAdmin('update', ['comment']),
      byAdmin('create'),
    ]);

    const sequence = await ok('POST', 'flight/sequence', {
      flight: flightBody(ids, { number: 'FB7002' }),
      repeating: { firstDate: '2031-05-05', lastDate: '2031-05-12', period: 1, weekdays: [1] },
    });
    expect(sequence.flightIds).toHaveLength(2);
    for (const id of sequence.flightIds) expect(await logOf('flight', id)).toMatchObject([byAdmin('create')]);
    const removed = await t.api('DELETE', `flight/list?ids[]=${sequence.flightIds[0]}`, admin);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await logOf('flight', sequence.flightIds[0]))[0]).toMatchObject(byAdmin('delete', []));

    const soon = await ok(
      'POST',
      'flight',
      flightBody(ids, {
        number: 'FB7003',
        departure: new Date(Date.now() + 30 * 60_000).toISOString(),
        arrival: new Date(Date.now() + 150 * 60_000).toISOString(),
      }),
    );
    const closed = await createFlightOperationsService(t.database.db).closeDueFlights(
      new Date(Date.now() + 60 * 60_000),
    );
    expect(closed).toBeGreaterThanOrEqual(1);
    expect((await logOf('flight', soon.id))[0]).toMatchObject({
      operationType: 'update',
      user: null,
      changedFields: ['status'],
    });
  });

  it('reservations: create and cancel', async () => {
    const ids = await catalogueIds(t, admin);
    const flight = await ok('POST', 'flight', flightBody(ids, { number: 'FB7010' }));
    const reservation = await ok('POST', 'reservation', booking(flight.id));
    await ok('POST', `reservation/${reservation.id}/cancel`, {});
    expect(await logOf('reservation', reservation.id)).toMatchObject([
      byAdmin('update', expect.arrayContaining(['status'])),
      byAdmin('create'),
    ]);
  });

  it('permissions of a user and transactions booked by hand', async () => {
    const managerId = (await t.api('GET', 'user/me', await t.login('manager'))).body.id;
    const before = (await t.api('GET', `user/${managerId}`, admin)).body;
    await ok('PUT', `user/${managerId}`, {
      id: managerId,
      group: { id: before.group.id },
      allowedSpecialRoles: [],
      deniedSpecialRoles: ['ROLE_FLIGHT_CREATE'],
    });
    expect((await logOf('user', managerId))[0]).toMatchObject(byAdmin('update', ['deniedSpecialRoles']));

    const virtual = (await t.api('GET', 'virtual-account/list', admin)).body.items;
    const cash = virtual.find((account: { code: string }) => account.code === 'CASH_ZRH');
    const bank = virtual.find((account: { code: string }) => account.code === 'BANK_EC');
    const types = (await t.api('GET', 'payment/free/type/list', admin)).body.items;
    const transaction = await ok('POST', 'payment/free/advanced', {
      debitAccountId: bank.id,
      creditAccountId: cash.id,
      amount: 120.5,
      typeId: types[0].id,
      description: 'Cash to the bank',
    });
    expect(await logOf('balanceLogRecord', transaction.id)).toMatchObject([
      byAdmin('create', expect.arrayContaining(['amount', 'debitAccountId', 'creditAccountId'])),
    ]);

    const entityTypes = (await t.api('GET', 'entity-log/entity-type/list', admin)).body.items;
    expect(entityTypes).toEqual(
      expect.arrayContaining([
        'aircraftTemplate',
        'balanceLogRecord',
        'flight',
        'flightCompany',
        'option',
        'rate',
        'reservation',
        'user',
      ]),
    );
  });
});
