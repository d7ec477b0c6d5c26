import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let manager: string;
let agent: string;
let chId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  manager = await t.login('manager');
  agent = await t.login('agent');
  adminId = (await t.api('GET', 'user/me', admin)).body.id;
  const countries = await t.api('GET', 'country/entire-list', admin);
  chId = countries.body.items.find((country: { code: string }) => country.code === 'CH').id;
});
afterAll(() => t.close());

type Entry = {
  id: number;
  timestamp: string;
  user: { id: number; displayName: string } | null;
  entityType: string;
  entityId: string;
  operationType: string;
  changedFields: string[];
};

const list = async (query = '', token = admin) => {
  const response = await t.api('GET', `entity-log/list${query ? `?${query}` : ''}`, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { items: Entry[]; total: number };
};

/** Writes a log entry at a given instant, as a change at that time would have. */
const logAt = (
  at: string,
  entityType: string,
  entityId: string,
  operation = 'update',
  fields: string[] = [],
) =>
  t.database.db.execute(sql`
    insert into entity_log (created_at, user_id, entity_type, entity_id, operation, changed_fields)
    values (${at}::timestamptz, ${adminId}, ${entityType}, ${entityId}, ${operation},
            ${`{${fields.join(',')}}`}::text[])`);

const personal = {
  salutation: 'mrs',
  firstName: 'Teuta',
  lastName: 'Rexhepi',
  street: 'Marktgasse 3',
  zip: '3011',
  city: 'Bern',
  country: { id: 0 },
  language: 'de',
  birthday: '1982-11-02',
  phoneMobile: '+41 76 222 33 44',
};

describe('the event log of users', () => {
  it('records creating and updating agents, managers and customers, with who and what changed', async () => {
    const newAgent = await t.api('POST', 'agent', admin, {
      ...personal,
      country: { id: chId },
      email: 'teuta.agency@example.test',
      company: 'Teuta Travel',
      marginType: 'money',
      moneyMargin: 15,
      percentMargin: 0,
      password: 'agency-pass',
      passwordConfirm: 'agency-pass',
    });
    expect(newAgent.status, JSON.stringify(newAgent.body)).toBe(201);
    const newManager = await t.api('POST', 'manager', admin, {
      email: 'teuta.employee@example.test',
      displayName: 'Teuta Employee',
      language: 'sq',
      country: { id: chId },
      password: 'employee-pass',
      passwordConfirm: 'employee-pass',
    });
    expect(newManager.status, JSON.stringify(newManager.body)).toBe(201);
    const newCustomer = await t.api('POST', 'customer', admin, {
      ...personal,
      country: { id: chId },
      email: 'teuta.customer@example.test',
      password: 'customer-pass',
      passwordConfirm: 'customer-pass',
    });
    expect(newCustomer.status, JSON.stringify(newCustomer.body)).toBe(201);

    const { balance: _ab, accountId: _aa, displayName: _ad, ...agentForm } = newAgent.body;
    const agentUpdate = await t.api('PUT', `agent/${newAgent.body.id}`, admin, { ...agentForm, zip: '3012' });
    expect(agentUpdate.status).toBe(200);
    const { balance: _mb, accountId: _ma, ...managerForm } = newManager.body;
    const managerUpdate = await t.api('PUT', `manager/${newManager.body.id}`, admin, {
      ...managerForm,
      creditLimitTotalAmount: 200,
    });
    expect(managerUpdate.status).toBe(200);
    const { balance: _cb, accountId: _ca, displayName: _cd, ...customerForm } = newCustomer.body;
    const customerUpdate = await t.api('PUT', `customer/${newCustomer.body.id}`, admin, {
      ...customerForm,
      city: 'Thun',
    });
    expect(customerUpdate.status).toBe(200);

    const byEntity = async (entityType: string, id: number) =>
      (await list(`entityType=${entityType}&query=${id}`)).items.map((entry) => ({
        operationType: entry.operationType,
        user: entry.user,
        changedFields: entry.changedFields,
      }));
    const who = { id: adminId, displayName: 'Ada Admin' };
    const agentLog = await byEntity('agent', newAgent.body.id);
    expect(agentLog).toEqual([
      { operationType: 'update', user: who, changedFields: ['zip'] },
      {
        operationType: 'create',
        user: who,
        changedFields: expect.arrayContaining(['email', 'marginType', 'password']),
      },
    ]);
    const managerLog = await byEntity('manager', newManager.body.id);
    expect(managerLog).toEqual([
      { operationType: 'update', user: who, changedFields: ['creditLimitTotalAmount'] },
      {
        operationType: 'create',
        user: who,
        changedFields: expect.arrayContaining(['displayName', 'password']),
      },
    ]);
    const customerLog = await byEntity('customer', newCustomer.body.id);
    expect(customerLog).toEqual([
      { operationType: 'update', user: who, changedFields: ['city'] },
      { operationType: 'create', user: who, changedFields: expect.arrayContaining(['email', 'password']) },
    ]);

    const types = await t.api('GET', 'entity-log/entity-type/list', admin);
    expect(types.status).toBe(200);
    expect(types.body.items).toEqual(expect.arrayContaining(['agent', 'customer', 'manager']));
    expect(types.body.items).toEqual([...types.body.items].sort());
    expect(new Set(types.body.items).size).toBe(types.body.items.length);
  });

  it('keeps the entries of a deleted user, without the user', async () => {
    const created = await t.api('POST', 'manager', admin, {
      email: 'short.lived@example.test',
      displayName: 'Short Lived',
      language: 'en',
      country: { id: chId },
      password: 'employee-pass',
      passwordConfirm: 'employee-pass',
    });
    const token = await t.login('short.lived@example.test', 'employee-pass');
    const { balance: _b, accountId: _a, ...fields } = created.body;
    await t.api('PUT', `manager/${created.body.id}`, token, { ...fields, displayName: 'Short Lived Too' });
    expect((await t.api('DELETE', `manager/${created.body.id}`, admin)).status).toBe(204);
    const entries = (await list(`entityType=manager&query=${created.body.id}`)).items;
    expect(entries.map((entry) => entry.operationType)).toEqual(['delete', 'update', 'create']);
    expect(entries[1]!.user).toBeNull();
  });
});

describe('entity-log/list', () => {
  beforeAll(async () => {
    // 23:30 UTC on 5 January is already 6 January in Zurich, the office's day.
    await logAt('2026-01-05T22:30:00Z', 'flight', '12', 'create', ['number']);
    await logAt('2026-01-05T23:30:00Z', 'flight', '112', 'update', ['departure', 'arrival']);
    await logAt('2026-01-06T12:00:00Z', 'rate', '12', 'delete');
    await logAt('2026-01-07T08:00:00Z', 'rate', '7', 'update', ['name']);
    for (let i = 0; i < 40; i += 1) {
      await logAt(`2026-02-01T08:${String(i).padStart(2, '0')}:00Z`, 'option', String(100 + i), 'update', [
        'price',
      ]);
    }
  });

  it('pages by 15, newest first, and at most 50 per page', async () => {
    const first = await list();
    expect(first.items).toHaveLength(15);
    expect(first.total).toBeGreaterThanOrEqual(44);
    const stamps = [...first.items, ...(await list('page=1')).items].map((entry) => entry.timestamp);
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect(new Set([...(await list('page=1')).items, ...first.items].map((entry) => entry.id)).size).toBe(30);
    const oldest = await list('sortOrder=ASC&pageSize=2');
    expect(oldest.items.map((entry) => entry.entityId)).toEqual(['12', '112']);
    const tooBig = await t.api('GET', 'entity-log/list?pageSize=51', admin);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors[0]).toMatchObject({
      code: 'ERROR_MAXIMUM',
      field: 'pageSize',
      params: { limit: 50 },
    });
    expect((await list('pageSize=50')).items).toHaveLength(50);
  });

  it('sorts by entity type or operation, newest first within each', async () => {
    const byType = (await list('sortBy=entityType&sortOrder=ASC&pageSize=50&dateInterval[to]=2026-01-31'))
      .items;
    expect(byType.map((entry) => `${entry.entityType}:${entry.entityId}`)).toEqual([
      'flight:112',
      'flight:12',
      'rate:7',
      'rate:12',
    ]);
    const byOperation = (await list('sortBy=operationType&sortOrder=DESC&dateInterval[to]=2026-01-31')).items;
    expect(byOperation.map((entry) => entry.operationType)).toEqual(['update', 'update', 'delete', 'create']);
  });

  it('filters by entity type, operation type and office days in Zurich', async () => {
    const ids = async (query: string) =>
      (await list(query)).items.map((entry) => `${entry.entityType}:${entry.entityId}`);
    expect(await ids('entityType=rate')).toEqual(['rate:7', 'rate:12']);
    expect(await ids('entityType=flight&operationType=create')).toEqual(['flight:12']);
    expect(await ids('operationType=delete&entityType=rate')).toEqual(['rate:12']);
    expect(await ids('dateInterval[from]=2026-01-06&dateInterval[to]=2026-01-06')).toEqual([
      'rate:12',
      'flight:112',
    ]);
    expect(await ids('dateInterval[to]=2026-01-05')).toEqual(['flight:12']);
    expect(await ids('dateInterval[from]=2026-01-07&dateInterval[to]=2026-01-07')).toEqual(['rate:7']);
    expect((await list('dateInterval[from]=2026-02-01&dateInterval[to]=2026-02-01')).total).toBe(40);
    expect(await ids('entityType=unknown')).toEqual([]);
    const reversed = await t.api(
      'GET',
      'entity-log/list?dateInterval[from]=2026-01-07&dateInterval[to]=2026-01-06',
      admin,
    );
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors[0]).toMatchObject({ field: 'dateInterval.to' });
    const badDate = await t.api(
      'GET',
      'entity-log/list?dateInterval[from]=6.1.2026&operationType=rename',
      admin,
    );
    expect(badDate.status).toBe(422);
    expect(badDate.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'dateInterval.from',
      'operationType',
    ]);
  });

  it('searches an entity id exactly, and words in the user name, entity type and changed fields', async () => {
    const found = async (query: string) =>
      (await list(`query=${encodeURIComponent(query)}&dateInterval[to]=2026-01-31`)).items.map(
        (entry) => `${entry.entityType}:${entry.entityId}`,
      );
    expect(await found('12')).toEqual(['rate:12', 'flight:12']);
    expect(await found('departure')).toEqual(['flight:112']);
    expect(await found('RAT')).toEqual(['rate:7', 'rate:12']);
    expect(await found('ada adm')).toHaveLength(4);
    expect(await found('100%')).toEqual([]);
  });

  it('counts exactly up to 10,000 entries and reports more as a capped total, paging the newest', async () => {
    const exact = await t.api('GET', 'entity-log/list?entityType=flight', admin);
    expect(exact.body.total).toBeGreaterThan(0);
    expect(exact.body).not.toHaveProperty('totalIsCapped');
    expect((await list()).total).toBeLessThan(10_000);
    await t.database.db.execute(sql`
      insert into entity_log (created_at, user_id, entity_type, entity_id, operation, changed_fields)
      select timestamptz '2001-01-01' + n * interval '1 minute', null, 'bulkImport', n::text, 'create', '{}'
      from generate_series(1, 10000) as n`);
    const capped = await t.api('GET', 'entity-log/list', admin);
    expect(capped.body).toMatchObject({ total: 10_000, totalIsCapped: true });
    expect(capped.body.items[0].timestamp > '2001-12-31').toBe(true);
    // A filter that matches fewer than the cap is counted exactly again.
    const few = await list('entityType=flight');
    expect(few).not.toHaveProperty('totalIsCapped');
    expect(few.total).toBe(exact.body.total);
    expect(few.total).toBeLessThan(10_000);
    // Exactly at the cap is still exact.
    const atCap = await t.api('GET', 'entity-log/list?entityType=bulkImport&pageSize=50&page=199', admin);
    expect(atCap.body.total).toBe(10_000);
    expect(atCap.body).not.toHaveProperty('totalIsCapped');
    expect(atCap.body.items.map((entry: Entry) => entry.entityId).at(-1)).toBe('1');
  });

  it('lists the operation types', async () => {
    const operations = await t.api('GET', 'entity-log/operation-type/list', admin);
    expect(operations.body).toEqual({ items: ['create', 'update', 'delete'] });
    const types = await t.api('GET', 'entity-log/entity-type/list', admin);
    expect(types.body.items).toEqual(expect.arrayContaining(['flight', 'option', 'rate']));
  });

  it('needs ROLE_ENTITY_LOG_LIST: managers and agents get 403, accounting staff read it', async () => {
    for (const path of ['entity-log/list', 'entity-log/entity-type/list', 'entity-log/operation-type/list']) {
      expect((await t.api('GET', path, manager)).status, path).toBe(403);
      expect((await t.api('GET', path, agent)).status, path).toBe(403);
      expect((await t.api('GET', path)).status, path).toBe(401);
    }
    const groups = await t.api('GET', 'user/group/list', admin);
    const accounting = groups.body.items.find((group: { code: string }) => group.code === 'accounting');
    const managerId = (await t.api('GET', 'user/me', manager)).body.id;
    await t.api('PUT', `user/${managerId}`, admin, {
      id: managerId,
      group: { id: accounting.id },
      allowedSpecialRoles: [],
      deniedSpecialRoles: [],
    });
    expect((await t.api('GET', 'entity-log/list', manager)).status).toBe(200);
  });
});
