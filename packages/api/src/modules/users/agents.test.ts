import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/seed.ts';
import { agentBody } from '../../test/agents.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { withoutSpecialRoles } from '../../test/special-roles.ts';
import {
  editFormOf,
  expectUserListPages,
  fieldErrors,
  rowsOf,
  signInDemoUsers,
} from '../../test/user-kinds.ts';

let t: TestApp;
let admin: string;
let manager: string;
let managerId: number;
let agent: string;
let agentId: number;
let customer: string;
let countries: Record<string, { id: number; code: string }>;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, manager, agent, customer, managerId, agentId, countries } = await signInDemoUsers(t));
});
afterAll(() => t.close());

let serial = 0;
/** A complete, valid agent form as a manager with every agent role fills it in. */
const form = (overrides: Record<string, unknown> = {}) => {
  serial += 1;
  return agentBody(countries.CH!.id, {
    email: `agency.${serial}@example.test`,
    company: `Dardania Reisen ${String(serial).padStart(3, '0')}`,
    ...overrides,
  });
};

const create = async (overrides: Record<string, unknown> = {}, token = manager) =>
  t.api('POST', 'agent', token, form(overrides));

/** The agent's form as a client sends it back: what GET answered, plus id. */
const editForm = editFormOf(['balance', 'accountId', 'displayName']);

/** Runs `work` while the demo manager lacks `roles` (denied special roles), then restores them. */
const withoutRoles = (roles: string[], work: () => Promise<void>) =>
  withoutSpecialRoles(t, admin, managerId, roles, work);

describe('agents by staff', () => {
  it('creates an agent with a ledger account and the defaults, and logs the creation', async () => {
    const created = await create({ firstName: ' Besnik ', creditLimitTotalAmount: '', monthlyFee: null });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      firstName: 'Besnik',
      company: expect.stringMatching(/^Dardania Reisen/),
      displayName: created.body.company,
      city: 'Zürich',
      country: { id: countries.CH!.id, code: 'CH' },
      language: 'de',
      phoneMobile: '+41 79 555 12 34',
      phoneNumberFirst: null,
      isActive: true,
      balance: 0,
      monthlyFee: null,
      creditLimitTotalAmount: 0,
      marginType: 'percent',
      moneyMargin: 0,
      percentMargin: 5,
    });
    const [account] = await rowsOf<{ owner_user_id: number; type: string }>(
      t.database.db.execute(
        sql`select owner_user_id, type from accounts where id = ${created.body.accountId}`,
      ),
    );
    expect(account).toMatchObject({ owner_user_id: created.body.id, type: 'liability' });
    const [stored] = await rowsOf<{ credit_limit_total_amount: string; percent_margin: string }>(
      t.database.db.execute(
        sql`select credit_limit_total_amount, percent_margin from users where id = ${created.body.id}`,
      ),
    );
    expect(String(stored?.credit_limit_total_amount)).toBe('0');
    expect(Number(stored?.percent_margin)).toBe(5);
    expect(await t.login(created.body.email, 'agency-pass')).toEqual(expect.any(String));
    const me = await t.api('GET', 'user/me', await t.login(created.body.email, 'agency-pass'));
    expect(me.body).toMatchObject({
      type: 'agent',
      roles: expect.arrayContaining(['ROLE_FLIGHT_AGENT_FLIGHT_LIST']),
    });
    const log = await t.api('GET', `entity-log/list?entityType=agent&query=${created.body.id}`, admin);
    expect(log.body.items[0]).toMatchObject({
      entityId: String(created.body.id),
      operationType: 'create',
      user: { id: managerId, displayName: 'Mira Krasniqi' },
    });
    expect(log.body.items[0].changedFields).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('names the contact person when there is no company, and takes no city', async () => {
    const created = await create({ company: '', city: '' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ company: null, city: null, displayName: 'Besnik Gashi' });
    const noCity = await create({ city: undefined });
    expect(noCity.status).toBe(201);
  });

  it('names every missing required field, and a confirmation that differs', async () => {
    const empty = await t.api('POST', 'agent', manager, {
      salutation: '',
      firstName: '',
      password: 'agency-pass',
      passwordConfirm: 'other-pass',
    });
    expect(empty.status).toBe(422);
    const errors = fieldErrors(empty.body);
    for (const field of [
      'email',
      'salutation',
      'lastName',
      'street',
      'zip',
      'country',
      'language',
      'birthday',
      'phoneMobile',
    ]) {
      expect(errors[field], field).toEqual({ code: 'ERROR_REQUIRED', message: 'This value is required.' });
    }
    expect(errors.firstName).toEqual({
      code: 'ERROR_NOT_BLANK',
      message: 'Value should not be empty string.',
    });
    expect(errors.passwordConfirm).toEqual({
      code: 'ERROR_NOT_EQUAL_PASSWORD',
      message: 'Should be equal to password',
    });
    expect(errors.city).toBeUndefined();

    const noPassword = await create({ password: '', passwordConfirm: '' });
    expect(fieldErrors(noPassword.body).password).toMatchObject({ code: 'ERROR_REQUIRED' });
    expect(fieldErrors(noPassword.body).passwordConfirm).toMatchObject({ code: 'ERROR_REQUIRED' });
    const shortPassword = await create({ password: 'short', passwordConfirm: 'short' });
    expect(shortPassword.body.errors).toEqual([
      expect.objectContaining({ code: 'ERROR_MIN_LENGTH', field: 'password', params: { limit: 8 } }),
    ]);
  });

  it('requires the margin fields of whoever may edit them, together with the other field problems', async () => {
    const missing = await create({
      marginType: '',
      moneyMargin: null,
      percentMargin: undefined,
      phoneMobile: '+41 79 555 12 3',
    });
    expect(missing.status).toBe(422);
    expect(fieldErrors(missing.body)).toEqual({
      marginType: { code: 'ERROR_REQUIRED', message: 'This value is required.' },
      moneyMargin: { code: 'ERROR_REQUIRED', message: 'This value is required.' },
      percentMargin: { code: 'ERROR_REQUIRED', message: 'This value is required.' },
      phoneMobile: { code: 'ERROR_MINIMUM', message: 'should be greater or equal: 9' },
    });
    const count = await rowsOf<{ n: string }>(
      t.database.db.execute(sql`select count(*)::text as n from users where type = 'agent'`),
    );
    const again = await create({ marginType: undefined });
    expect(again.status).toBe(422);
    const after = await rowsOf<{ n: string }>(
      t.database.db.execute(sql`select count(*)::text as n from users where type = 'agent'`),
    );
    expect(after).toEqual(count);
  });

  it('checks money and margin fields: not negative, rounded to 0.01, percent up to 100, a known margin type', async () => {
    const bad = await create({
      creditLimitTotalAmount: -1,
      monthlyFee: 10.005,
      moneyMargin: 10_000_000.01,
      percentMargin: 100.5,
      marginType: 'commission',
    });
    expect(bad.status).toBe(422);
    expect(fieldErrors(bad.body)).toMatchObject({
      creditLimitTotalAmount: { code: 'ERROR_MINIMUM' },
      monthlyFee: { code: 'ERROR_MONEY_PRECISION', message: 'Amount must be rounded to 0.01' },
      moneyMargin: { code: 'ERROR_MAXIMUM' },
      percentMargin: { code: 'ERROR_MAXIMUM' },
      marginType: { code: 'ERROR_ENUM' },
    });
    const fine = await create({
      creditLimitTotalAmount: 2500.5,
      monthlyFee: 49.9,
      marginType: 'money',
      moneyMargin: 12.35,
      percentMargin: 0,
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
    expect(fine.body).toMatchObject({
      creditLimitTotalAmount: 2500.5,
      monthlyFee: 49.9,
      marginType: 'money',
      moneyMargin: 12.35,
      percentMargin: 0,
    });
    const [stored] = await rowsOf<{ credit: string; fee: string; margin: string }>(
      t.database.db.execute(
        sql`select credit_limit_total_amount::text as credit, monthly_fee::text as fee, money_margin::text as margin
            from users where id = ${fine.body.id}`,
      ),
    );
    expect(stored).toEqual({ credit: '250050', fee: '4990', margin: '1235' });
  });

  it('checks each phone field by its dial code: a Swiss number has exactly 9 digits after +41', async () => {
    const nine = await create({ phoneMobile: '+41 79 123 45 67' });
    expect(nine.status, JSON.stringify(nine.body)).toBe(201);
    const eight = await create({ phoneMobile: '+41 79 123 45 6' });
    expect(eight.status).toBe(422);
    expect(eight.body.errors).toEqual([
      {
        code: 'ERROR_MINIMUM',
        message: 'should be greater or equal: 9',
        field: 'phoneMobile',
        params: { limit: 9, digits: 8 },
      },
    ]);
    const ten = await create({ phoneMobile: '+41 79 123 45 678' });
    expect(ten.body.errors[0]).toMatchObject({
      code: 'ERROR_MAXIMUM',
      message: 'should be less or equal: 9',
      params: { limit: 9, digits: 10 },
    });
    const others = await create({
      phoneNumberFirst: '+383 44 123 4567',
      phoneNumberSecond: '+389 70 12 34 5',
    });
    expect(fieldErrors(others.body)).toEqual({
      phoneNumberFirst: { code: 'ERROR_MAXIMUM', message: 'should be less or equal: 8' },
      phoneNumberSecond: { code: 'ERROR_MINIMUM', message: 'should be greater or equal: 8' },
    });
    // Without a dial code the number is read in the agent's country: Kosovo, 8 digits after the trunk 0.
    const national = await create({ country: { id: countries.KV!.id }, phoneMobile: '044 123 456' });
    expect(national.status, JSON.stringify(national.body)).toBe(201);
    const letters = await create({ phoneMobile: '+41 79 CALL ME' });
    expect(fieldErrors(letters.body).phoneMobile).toMatchObject({ code: 'ERROR_PATTERN' });
  });

  it('takes each dial code’s digit range at both edges (spec 03 §5) and refuses one digit fewer or more', async () => {
    const created = await create();
    expect(created.status).toBe(201);
    // Spec key → dial code and range; `null` is every other dial code (6-18), here the US +1.
    const ranges: [string, string | null, number, number][] = [
      ['sq', '355', 3, 9],
      ['at', '43', 9, 15],
      ['ch', '41', 9, 9],
      ['de', '49', 8, 13],
      ['fr', '33', 11, 11],
      ['it', '39', 8, 11],
      ['xk', '383', 8, 8],
      ['mk', '389', 8, 8],
      ['other', null, 6, 18],
    ];
    // The digits after the dial code; an unknown dial code's digits all count (docs/users.md).
    const number = (dial: string | null, digits: number) =>
      dial === null ? `+1 ${'7'.repeat(digits - 1)}` : `+${dial} ${'7'.repeat(digits)}`;
    const save = (phoneMobile: string) =>
      t.api('PUT', `agent/${created.body.id}`, manager, editForm(created.body, { phoneMobile }));
    for (const [key, dial, min, max] of ranges) {
      for (const digits of [min, max]) {
        const accepted = await save(number(dial, digits));
        expect(accepted.status, `${key} ${digits}: ${JSON.stringify(accepted.body)}`).toBe(200);
        expect(accepted.body.phoneMobile).toBe(number(dial, digits));
      }
      const short = await save(number(dial, min - 1));
      expect(short.status, `${key} ${min - 1}`).toBe(422);
      expect(short.body.errors).toEqual([
        {
          code: 'ERROR_MINIMUM',
          message: `should be greater or equal: ${min}`,
          field: 'phoneMobile',
          params: { limit: min, digits: min - 1 },
        },
      ]);
      const long = await save(number(dial, max + 1));
      expect(long.status, `${key} ${max + 1}`).toBe(422);
      expect(long.body.errors).toEqual([
        {
          code: 'ERROR_MAXIMUM',
          message: `should be less or equal: ${max}`,
          field: 'phoneMobile',
          params: { limit: max, digits: max + 1 },
        },
      ]);
    }
    // A refused number changed nothing.
    const stored = await t.api('GET', `agent/${created.body.id}`, manager);
    expect(stored.body.phoneMobile).toBe(number(null, 18));
  });

  it('refuses an e-mail that another user has, in any letter case, and an unknown country', async () => {
    const taken = await create({ email: 'Manager@FLYBOOK.test', country: { id: 99999 } });
    expect(taken.status).toBe(422);
    expect(fieldErrors(taken.body)).toEqual({
      email: { code: 'ERROR_EMAIL_TAKEN', message: 'This e-mail is already in use.' },
      country: { code: 'ERROR_NOT_FOUND', message: 'Not found country 99999' },
    });
  });

  it('reads and updates an agent, logging the fields that really changed', async () => {
    const created = await create({ creditLimitTotalAmount: 1000 });
    const read = await t.api('GET', `agent/${created.body.id}`, manager);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const updated = await t.api(
      'PUT',
      `agent/${created.body.id}`,
      manager,
      editForm(read.body, {
        company: '',
        lastName: 'Hoxha',
        phoneNumberFirst: '+49 30 1234 5678',
        creditLimitTotalAmount: 1500.25,
        percentMargin: 7.5,
        password: '',
        passwordConfirm: '',
      }),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      company: null,
      displayName: 'Besnik Hoxha',
      phoneNumberFirst: '+49 30 1234 5678',
      creditLimitTotalAmount: 1500.25,
      percentMargin: 7.5,
    });
    const log = await t.api('GET', `entity-log/list?entityType=agent&query=${created.body.id}`, admin);
    expect(log.body.items[0]).toMatchObject({ operationType: 'update', user: { id: managerId } });
    expect([...log.body.items[0].changedFields].sort()).toEqual(
      [
        'company',
        'creditLimitTotalAmount',
        'displayName',
        'lastName',
        'percentMargin',
        'phoneNumberFirst',
      ].sort(),
    );
    // The old password still works: empty password fields were dropped.
    expect(await t.login(created.body.email, 'agency-pass')).toEqual(expect.any(String));
    // Sending the answer back changes nothing, and the log says so.
    const same = await t.api('PUT', `agent/${created.body.id}`, manager, editForm(updated.body));
    expect(same.status).toBe(200);
    const again = await t.api('GET', `entity-log/list?entityType=agent&query=${created.body.id}`, admin);
    expect(again.body.items[0].changedFields).toEqual([]);
    // A credit limit left out keeps its value (the form sends an empty one absent).
    const { creditLimitTotalAmount: _c, ...withoutLimit } = editForm(updated.body);
    const kept = await t.api('PUT', `agent/${created.body.id}`, manager, withoutLimit);
    expect(kept.body.creditLimitTotalAmount).toBe(1500.25);
  });

  it('sets a new password with its confirmation, which ends the agent’s sessions', async () => {
    const created = await create();
    const session = await t.login(created.body.email, 'agency-pass');
    const mismatch = await t.api(
      'PUT',
      `agent/${created.body.id}`,
      manager,
      editForm(created.body, { password: 'new-agency-1', passwordConfirm: 'new-agency-2' }),
    );
    expect(mismatch.status).toBe(422);
    expect(fieldErrors(mismatch.body).passwordConfirm).toEqual({
      code: 'ERROR_NOT_EQUAL_PASSWORD',
      message: 'Should be equal to password',
    });
    const onlyConfirm = await t.api(
      'PUT',
      `agent/${created.body.id}`,
      manager,
      editForm(created.body, { passwordConfirm: 'new-agency-1' }),
    );
    expect(fieldErrors(onlyConfirm.body).passwordConfirm).toMatchObject({ code: 'ERROR_NOT_EQUAL_PASSWORD' });
    const changed = await t.api(
      'PUT',
      `agent/${created.body.id}`,
      manager,
      editForm(created.body, { password: 'new-agency-1', passwordConfirm: 'new-agency-1' }),
    );
    expect(changed.status).toBe(200);
    expect((await t.api('GET', 'user/me', session)).status).toBe(401);
    expect(await t.login(created.body.email, 'new-agency-1')).toEqual(expect.any(String));
  });

  it('answers 404 for unknown ids and ids of other user types, 422 for a body id of another agent', async () => {
    expect((await t.api('GET', 'agent/999999', manager)).status).toBe(404);
    expect((await t.api('GET', `agent/${managerId}`, admin)).status).toBe(404);
    const [first, second] = [await create(), await create()];
    const wrongId = await t.api(
      'PUT',
      `agent/${first.body.id}`,
      manager,
      editForm(first.body, { id: second.body.id }),
    );
    expect(wrongId.status).toBe(422);
    expect(wrongId.body.errors[0]).toMatchObject({ field: 'id' });
  });

  it('deletes an agent nothing refers to, with their account, and keeps one with allotments', async () => {
    const gone = await create();
    expect((await t.api('DELETE', `agent/${gone.body.id}`, admin)).status).toBe(204);
    expect((await t.api('GET', `agent/${gone.body.id}`, admin)).status).toBe(404);
    const account = await rowsOf(
      t.database.db.execute(sql`select id from accounts where id = ${gone.body.accountId}`),
    );
    expect(account).toHaveLength(0);
    const log = await t.api('GET', `entity-log/list?entityType=agent&operationType=delete`, admin);
    expect(log.body.items[0]).toMatchObject({ entityId: String(gone.body.id), operationType: 'delete' });
    // The demo agent holds allotments on the demo flights.
    const refused = await t.api('DELETE', `agent/${agentId}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ERROR_IN_USE' });
    expect(refused.body.errors[0].params.allotments).toBeGreaterThan(0);
    expect((await t.api('GET', `agent/${agentId}`, admin)).status).toBe(200);
  });

  it('guards every call by its role: a customer gets 403, no token 401', async () => {
    const existing = await create();
    const target = `agent/${existing.body.id}`;
    expect((await t.api('GET', 'agent/list', customer)).status).toBe(403);
    expect((await t.api('POST', 'agent', customer, form())).status).toBe(403);
    expect((await t.api('GET', target, customer)).status).toBe(403);
    expect((await t.api('PUT', target, customer, editForm(existing.body))).status).toBe(403);
    expect((await t.api('DELETE', target, customer)).status).toBe(403);
    expect((await t.api('GET', 'agent/list')).status).toBe(401);
    // The manager group holds every agent role; without them each call is refused.
    await withoutRoles(
      ['ROLE_AGENT_DELETE', 'ROLE_AGENT_READ', 'ROLE_AGENT_CREATE', 'ROLE_AGENT_LIST'],
      async () => {
        expect((await t.api('DELETE', target, manager)).status).toBe(403);
        expect((await t.api('GET', target, manager)).status).toBe(403);
        expect((await t.api('POST', 'agent', manager, form())).status).toBe(403);
        expect((await t.api('GET', 'agent/list', manager)).status).toBe(403);
      },
    );
  });

  it('saves another agent only with ROLE_AGENT_UPDATE and ROLE_AGENT_UPDATE_FORM', async () => {
    const existing = await create();
    for (const role of ['ROLE_AGENT_UPDATE', 'ROLE_AGENT_UPDATE_FORM']) {
      await withoutRoles([role], async () => {
        const refused = await t.api(
          'PUT',
          `agent/${existing.body.id}`,
          manager,
          editForm(existing.body, { lastName: 'Other' }),
        );
        expect(refused.status, role).toBe(403);
      });
    }
    expect((await t.api('GET', `agent/${existing.body.id}`, manager)).body.lastName).toBe('Gashi');
  });
});

describe('fields with a role of their own', () => {
  it('hides credit limit, fee and margins from readers without their roles, in profile and list', async () => {
    const created = await create({ creditLimitTotalAmount: 300, monthlyFee: 20 });
    await withoutRoles(['ROLE_AGENT_CREDIT_LIMIT', 'ROLE_AGENT_FEE', 'ROLE_AGENT_MARGIN'], async () => {
      const read = await t.api('GET', `agent/${created.body.id}`, manager);
      expect(read.status).toBe(200);
      for (const field of [
        'creditLimitTotalAmount',
        'monthlyFee',
        'marginType',
        'moneyMargin',
        'percentMargin',
      ]) {
        expect(read.body, field).not.toHaveProperty(field);
      }
      expect(read.body).toMatchObject({ isActive: true, balance: 0 });
      const listed = await t.api('GET', `agent/list?query=${created.body.email}`, manager);
      expect(listed.body.items[0]).not.toHaveProperty('creditLimitTotalAmount');
      expect(listed.body.items[0]).toMatchObject({ id: created.body.id, balance: 0 });
    });
  });

  it('refuses a change of each field without its role with 403 naming the field, and changes nothing', async () => {
    const cases = [
      { role: 'ROLE_AGENT_IS_ACTIVE', change: { isActive: false }, field: 'isActive' },
      { role: 'ROLE_AGENT_FEE', change: { monthlyFee: 30 }, field: 'monthlyFee' },
      {
        role: 'ROLE_AGENT_CREDIT_LIMIT',
        change: { creditLimitTotalAmount: 900 },
        field: 'creditLimitTotalAmount',
      },
      { role: 'ROLE_AGENT_MARGIN', change: { marginType: 'money' }, field: 'marginType' },
      { role: 'ROLE_AGENT_MARGIN', change: { moneyMargin: 3 }, field: 'moneyMargin' },
      { role: 'ROLE_AGENT_MARGIN', change: { percentMargin: 9 }, field: 'percentMargin' },
    ];
    const existing = await create({ creditLimitTotalAmount: 100, monthlyFee: 10 });
    for (const { role, change, field } of cases) {
      await withoutRoles([role], async () => {
        const onCreate = await create(change);
        expect(onCreate.status, `${field} on create`).toBe(403);
        expect(onCreate.body.errors[0]).toMatchObject({ code: 'ERROR_FORBIDDEN', field });
        expect(onCreate.body.errors[0].message).toContain(role);
        const onUpdate = await t.api(
          'PUT',
          `agent/${existing.body.id}`,
          manager,
          editForm(existing.body, change),
        );
        expect(onUpdate.status, `${field} on update`).toBe(403);
        expect(onUpdate.body.errors[0]).toMatchObject({ code: 'ERROR_FORBIDDEN', field });
        // The unchanged value may be sent back (the values GET gave an admin).
        const unchanged = await t.api('PUT', `agent/${existing.body.id}`, manager, editForm(existing.body));
        expect(unchanged.status, `${field} unchanged`).toBe(200);
      });
    }
    expect((await t.api('GET', `agent/${existing.body.id}`, admin)).body).toMatchObject({
      isActive: true,
      monthlyFee: 10,
      creditLimitTotalAmount: 100,
      marginType: 'percent',
      moneyMargin: 0,
      percentMargin: 5,
    });
  });

  it('lists every refused field at once', async () => {
    await withoutRoles(['ROLE_AGENT_FEE', 'ROLE_AGENT_CREDIT_LIMIT'], async () => {
      const refused = await create({ monthlyFee: 5, creditLimitTotalAmount: 5 });
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0]).toMatchObject({
        field: 'monthlyFee',
        params: {
          fields: 'monthlyFee,creditLimitTotalAmount',
          roles: 'ROLE_AGENT_FEE,ROLE_AGENT_CREDIT_LIMIT',
        },
      });
    });
  });

  it('lets staff without the margin role create an agent without margins, which get the defaults', async () => {
    await withoutRoles(['ROLE_AGENT_MARGIN', 'ROLE_AGENT_CREDIT_LIMIT'], async () => {
      const created = await create({
        marginType: undefined,
        moneyMargin: undefined,
        percentMargin: undefined,
        creditLimitTotalAmount: 0,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).not.toHaveProperty('marginType');
      const full = await t.api('GET', `agent/${created.body.id}`, admin);
      expect(full.body).toMatchObject({
        marginType: 'percent',
        moneyMargin: 0,
        percentMargin: 0,
        creditLimitTotalAmount: 0,
      });
    });
  });
});

describe('agent lists', () => {
  it('pages by 15 sorted by name, with balance, and at most 50 per page', async () => {
    for (let i = 0; i < 16; i += 1) await create({ company: `Listed Travel ${String(i).padStart(2, '0')}` });
    const { page, second } = await expectUserListPages(t, manager, 'agent');
    expect(second.body.items.map((a: { id: number }) => a.id)).not.toContain(page.body.items[14].id);

    const byIdDesc = await t.api('GET', 'agent/list?sortBy=id&sortOrder=DESC&pageSize=4', manager);
    const ids = byIdDesc.body.items.map((a: { id: number }) => a.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect((await t.api('GET', 'agent/list?pageSize=50', manager)).body.items.length).toBeGreaterThan(15);
    expect((await t.api('GET', 'agent/list?sortBy=balance', manager)).status).toBe(422);
  });

  it('searches company, contact person, e-mail and phone; filters by active and by country', async () => {
    const kosovo = await create({
      company: 'Rugova Tours',
      firstName: 'Valbona',
      lastName: 'Morina',
      country: { id: countries.KV!.id },
      phoneMobile: '+383 49 111 222',
    });
    const ids = async (query: string) =>
      (await t.api('GET', `agent/list?${query}`, manager)).body.items.map((a: { id: number }) => a.id);
    expect(await ids('query=rugova')).toEqual([kosovo.body.id]);
    expect(await ids('query=valbona morina')).toEqual([kosovo.body.id]);
    expect(await ids(`query=${kosovo.body.email.toUpperCase()}`)).toEqual([kosovo.body.id]);
    expect(await ids('query=49 111 222')).toEqual([kosovo.body.id]);
    expect(await ids('query=agent@flybook')).toEqual([agentId]);
    // Only agents: customers and managers do not appear.
    expect(await ids('query=flybook.test&pageSize=50')).toEqual([agentId]);

    const inKosovo = await ids('countries[]=KV&pageSize=50');
    expect(inKosovo).toContain(kosovo.body.id);
    expect(inKosovo).not.toContain(agentId);
    expect(await ids('countries=kv&pageSize=50')).toEqual(inKosovo);
    const both = await ids('countries[]=KV&countries[]=CH&pageSize=50');
    expect(both).toEqual(expect.arrayContaining([kosovo.body.id, agentId]));
    expect((await t.api('GET', 'agent/list?countries[]=Kosovo', manager)).status).toBe(422);

    const sleeping = await create({ company: 'Sleeping Travel', isActive: false });
    expect(sleeping.body.isActive).toBe(false);
    expect(await ids('query=sleeping travel&isActive=true')).toEqual([]);
    expect(await ids('query=sleeping travel')).toEqual([sleeping.body.id]);
    const inactive = (await t.api('GET', 'agent/list?isActive=false&pageSize=50', manager)).body.items;
    expect(inactive.every((a: { isActive: boolean }) => !a.isActive)).toBe(true);
  });

  it('shows the balance of the agent’s ledger account', async () => {
    const created = await create({ company: 'Prepaid Travel' });
    const [cash] = await rowsOf<{ id: number }>(
      t.database.db.execute(sql`select id from accounts where virtual_code = 'CASH_ZRH'`),
    );
    const types = await t.api('GET', 'payment/free/type/list', admin);
    const deposit = types.body.items.find((type: { code: string }) => type.code === 'prepaid_deposit');
    const booked = await t.api('POST', 'payment/free/basic', admin, {
      debitAccountId: cash!.id,
      creditAccountId: created.body.accountId,
      amount: 250.5,
      typeId: deposit.id,
      description: 'Prepaid',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await t.api('GET', `agent/${created.body.id}`, manager)).body.balance).toBe(250.5);
    expect((await t.api('GET', 'agent/list?query=prepaid travel', manager)).body.items[0].balance).toBe(
      250.5,
    );
    const refused = await t.api('DELETE', `agent/${created.body.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ERROR_IN_USE', params: { ledgerRecords: 1 } });
  });
});

describe('an agent and their own profile', () => {
  it('reads their own profile without the fields of other roles', async () => {
    const own = await t.api('GET', `agent/${agentId}`, agent);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      id: agentId,
      email: 'agent@flybook.test',
      displayName: 'Alpen Reisen GmbH',
    });
    expect(own.body).not.toHaveProperty('creditLimitTotalAmount');
    expect(own.body).not.toHaveProperty('marginType');
  });

  it('completes their profile; the display name follows the company', async () => {
    const own = (await t.api('GET', `agent/${agentId}`, agent)).body;
    const updated = await t.api(
      'PUT',
      `agent/${agentId}`,
      agent,
      editForm(own, {
        salutation: 'mr',
        street: 'Bahnhofplatz 2',
        zip: '3011',
        city: 'Bern',
        birthday: '1975-03-03',
        phoneMobile: '+41 78 765 43 21',
        company: 'Alpen Reisen AG',
      }),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ displayName: 'Alpen Reisen AG', city: 'Bern' });
    expect((await t.api('GET', 'user/me', agent)).body.displayName).toBe('Alpen Reisen AG');
    const log = await t.api('GET', `entity-log/list?entityType=agent&query=${agentId}`, admin);
    expect(log.body.items[0]).toMatchObject({ user: { id: agentId }, operationType: 'update' });
    const back = await t.api(
      'PUT',
      `agent/${agentId}`,
      agent,
      editForm(updated.body, { company: 'Alpen Reisen GmbH' }),
    );
    expect(back.status).toBe(200);
  });

  it('cannot change their own active flag, credit limit or margin', async () => {
    const own = (await t.api('GET', `agent/${agentId}`, agent)).body;
    for (const change of [{ isActive: false }, { creditLimitTotalAmount: 100000 }, { percentMargin: 50 }]) {
      const refused = await t.api('PUT', `agent/${agentId}`, agent, editForm(own, change));
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'ERROR_FORBIDDEN',
        field: Object.keys(change)[0],
      });
    }
    const full = (await t.api('GET', `agent/${agentId}`, admin)).body;
    expect(full).toMatchObject({ isActive: true, creditLimitTotalAmount: 0 });
  });

  it('needs the current password to change their own password or e-mail', async () => {
    const own = (await t.api('GET', `agent/${agentId}`, agent)).body;
    const missing = await t.api(
      'PUT',
      `agent/${agentId}`,
      agent,
      editForm(own, { password: 'new-agent-pass', passwordConfirm: 'new-agent-pass' }),
    );
    expect(missing.status).toBe(422);
    expect(fieldErrors(missing.body).currentPassword).toMatchObject({ code: 'ERROR_REQUIRED' });
    const wrong = await t.api(
      'PUT',
      `agent/${agentId}`,
      agent,
      editForm(own, { email: 'alpen@example.test', currentPassword: 'not-mine-at-all' }),
    );
    expect(fieldErrors(wrong.body).currentPassword).toMatchObject({ code: 'ERROR_CURRENT_PASSWORD_WRONG' });
    const other = await t.login('agent');
    const changed = await t.api(
      'PUT',
      `agent/${agentId}`,
      agent,
      editForm(own, {
        password: 'new-agent-pass',
        passwordConfirm: 'new-agent-pass',
        currentPassword: DEMO_PASSWORD,
      }),
    );
    expect(changed.status).toBe(200);
    expect((await t.api('GET', 'user/me', agent)).status).toBe(200);
    expect((await t.api('GET', 'user/me', other)).status).toBe(401);
    const back = await t.api(
      'PUT',
      `agent/${agentId}`,
      agent,
      editForm(own, {
        password: DEMO_PASSWORD,
        passwordConfirm: DEMO_PASSWORD,
        currentPassword: 'new-agent-pass',
      }),
    );
    expect(back.status).toBe(200);
  });

  it('cannot read, change or list other agents', async () => {
    const other = await create();
    expect((await t.api('GET', `agent/${other.body.id}`, agent)).status).toBe(403);
    expect((await t.api('GET', 'agent/999999', agent)).status).toBe(403);
    const own = (await t.api('GET', `agent/${agentId}`, agent)).body;
    expect(
      (await t.api('PUT', `agent/${other.body.id}`, agent, editForm(own, { id: other.body.id }))).status,
    ).toBe(403);
    expect((await t.api('GET', 'agent/list', agent)).status).toBe(403);
    expect((await t.api('DELETE', `agent/${agentId}`, agent)).status).toBe(403);
  });
});
