import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/seed.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
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
let agent: string;
let customer: string;
let customerId: number;
let countries: Record<string, { id: number; code: string }>;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, manager, agent, customer, customerId, countries } = await signInDemoUsers(t));
});
afterAll(() => t.close());

let serial = 0;
/** A complete, valid customer form; every call gets its own e-mail. */
const form = (overrides: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    email: `vjosa.${serial}@example.test`,
    salutation: 'mrs',
    firstName: 'Vjosa',
    lastName: `Gashi${String(serial).padStart(3, '0')}`,
    street: 'Bahnhofstrasse 1',
    zip: '8001',
    city: 'Zürich',
    country: { id: countries.CH!.id },
    language: 'sq',
    birthday: '1990-04-12',
    phoneMobile: '+41 79 123 45 67',
    phoneNumberFirst: '+383 44 123 456',
    password: 'secret-pass',
    passwordConfirm: 'secret-pass',
    ...overrides,
  };
};

const create = async (overrides: Record<string, unknown> = {}, token = manager) =>
  t.api('POST', 'customer', token, form(overrides));

/** The customer's form as a client sends it back: what GET answered, plus id. */
const editForm = editFormOf(['balance', 'accountId', 'displayName']);

describe('customers by staff', () => {
  it('creates a customer with a ledger account, and logs the creation', async () => {
    const created = await create({ firstName: ' Drita ', lastName: 'Krasniqi' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      firstName: 'Drita',
      lastName: 'Krasniqi',
      displayName: 'Drita Krasniqi',
      city: 'Zürich',
      country: { id: countries.CH!.id, code: 'CH' },
      language: 'sq',
      phoneNumberFirst: '+383 44 123 456',
      phoneNumberSecond: null,
      isActive: true,
      balance: 0,
    });
    expect(created.body.accountId).toEqual(expect.any(Number));
    const account = await rowsOf(
      t.database.db.execute(
        sql`select owner_user_id, type from accounts where id = ${created.body.accountId}`,
      ),
    );
    expect(account[0]).toMatchObject({ owner_user_id: created.body.id, type: 'liability' });
    // The new customer can log in with the password given.
    expect(await t.login(created.body.email, 'secret-pass')).toEqual(expect.any(String));
    const log = await t.api('GET', 'entity-log/list?entityType=customer', admin);
    expect(log.body.items[0]).toMatchObject({
      entityId: String(created.body.id),
      operationType: 'create',
      user: { displayName: 'Mira Krasniqi' },
    });
  });

  it('names every missing required field, and a confirmation that differs', async () => {
    const empty = await t.api('POST', 'customer', manager, {
      salutation: '',
      city: '',
      password: 'secret-pass',
      passwordConfirm: 'other-pass',
    });
    expect(empty.status).toBe(422);
    const errors = fieldErrors(empty.body);
    for (const field of [
      'email',
      'salutation',
      'firstName',
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
    expect(errors.city).toEqual({ code: 'ERROR_NOT_BLANK', message: 'Value should not be empty string.' });
    expect(errors.passwordConfirm).toEqual({
      code: 'ERROR_NOT_EQUAL_PASSWORD',
      message: 'Should be equal to password',
    });

    const noPassword = await create({ password: '', passwordConfirm: '' });
    expect(fieldErrors(noPassword.body).password).toMatchObject({ code: 'ERROR_REQUIRED' });
    const shortPassword = await create({ password: 'short', passwordConfirm: 'short' });
    expect(shortPassword.body.errors[0]).toMatchObject({ code: 'ERROR_MIN_LENGTH', field: 'password' });
  });

  it('checks each phone field by its dial code with the spec messages', async () => {
    const response = await create({
      phoneMobile: '+41 79 123 45 6',
      phoneNumberFirst: '+383 44 123 4567',
      phoneNumberSecond: '+389 70 12 34 5',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        {
          code: 'ERROR_MINIMUM',
          message: 'should be greater or equal: 9',
          field: 'phoneMobile',
          params: { limit: 9, digits: 8 },
        },
        {
          code: 'ERROR_MAXIMUM',
          message: 'should be less or equal: 8',
          field: 'phoneNumberFirst',
          params: { limit: 8, digits: 9 },
        },
        expect.objectContaining({
          code: 'ERROR_MINIMUM',
          field: 'phoneNumberSecond',
          params: { limit: 8, digits: 7 },
        }),
      ]),
    );
    // A number without dial code is read in the customer's country: Kosovo has 8 digits after the trunk 0.
    const national = await create({ country: { id: countries.KV!.id }, phoneMobile: '044 123 456' });
    expect(national.status, JSON.stringify(national.body)).toBe(201);
    const short = await create({ country: { id: countries.KV!.id }, phoneMobile: '044 123 45' });
    expect(fieldErrors(short.body).phoneMobile).toEqual({
      code: 'ERROR_MINIMUM',
      message: 'should be greater or equal: 8',
    });
    const letters = await create({ phoneMobile: '+41 79 CALL ME' });
    expect(fieldErrors(letters.body).phoneMobile).toMatchObject({ code: 'ERROR_PATTERN' });
  });

  it('refuses an e-mail that another user has, in any letter case', async () => {
    const taken = await create({ email: 'Customer@FLYBOOK.test' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual([
      { code: 'ERROR_EMAIL_TAKEN', message: 'This e-mail is already in use.', field: 'email' },
    ]);
    const first = await create();
    const again = await create({ email: first.body.email.toUpperCase() });
    expect(fieldErrors(again.body).email).toMatchObject({ code: 'ERROR_EMAIL_TAKEN' });
  });

  it('lists customers paged by 15, sorted by name, with balance, query and active filter', async () => {
    for (let i = 0; i < 12; i += 1) await create({ firstName: 'Listed' });
    const { page, second } = await expectUserListPages(t, manager, 'customer');
    expect(second.body.items.map((c: { id: number }) => c.id)).not.toContain(page.body.items[14].id);

    const byIdDesc = await t.api('GET', 'customer/list?sortBy=id&sortOrder=DESC&pageSize=3', manager);
    const ids = byIdDesc.body.items.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect((await t.api('GET', 'customer/list?pageSize=50', manager)).body.items.length).toBeGreaterThan(15);

    const search = await t.api('GET', 'customer/list?query=berisha', manager);
    expect(search.body.items.map((c: { email: string }) => c.email)).toEqual(['customer@flybook.test']);
    expect(search.body.items[0]).toMatchObject({ id: customerId, country: { code: 'KV' } });
    const byPhone = await t.api('GET', 'customer/list?query=44 123 456', manager);
    expect(byPhone.body.total).toBeGreaterThan(0);
    // Only customers: the manager and agent do not appear.
    const staff = await t.api('GET', 'customer/list?query=flybook.test&pageSize=50', manager);
    expect(staff.body.items.map((c: { email: string }) => c.email)).toEqual(['customer@flybook.test']);

    const inactive = await create({ firstName: 'Sleeping', isActive: false });
    expect(inactive.body.isActive).toBe(false);
    const active = await t.api('GET', 'customer/list?isActive=true&query=sleeping', manager);
    expect(active.body.total).toBe(0);
    const all = await t.api('GET', 'customer/list?query=sleeping', manager);
    expect(all.body.items.map((c: { id: number }) => c.id)).toEqual([inactive.body.id]);
    const onlyInactive = await t.api('GET', 'customer/list?isActive=false&pageSize=50', manager);
    expect(onlyInactive.body.items.every((c: { isActive: boolean }) => !c.isActive)).toBe(true);
  });

  it('shows the balance of the ledger account in list and profile', async () => {
    const created = await create({ firstName: 'Cashback' });
    const [expense] = await rowsOf<{ id: number }>(
      t.database.db.execute(sql`select id from accounts where virtual_code = 'EXPENSE_CASHBACK'`),
    );
    const types = await t.api('GET', 'payment/free/type/list', admin);
    const cashback = types.body.items.find((type: { code: string }) => type.code === 'cashback');
    const booked = await t.api('POST', 'payment/free/basic', admin, {
      debitAccountId: expense!.id,
      creditAccountId: created.body.accountId,
      amount: 12.5,
      typeId: cashback.id,
      description: 'Delay',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await t.api('GET', `customer/${created.body.id}`, manager)).body.balance).toBe(12.5);
    const listed = await t.api('GET', `customer/list?query=${created.body.email}`, manager);
    expect(listed.body.items[0].balance).toBe(12.5);
    // A customer with account movements is kept: deactivate instead.
    const refused = await t.api('DELETE', `customer/${created.body.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ERROR_IN_USE', params: { ledgerRecords: 1 } });
  });

  it('reads and updates a customer, logging the changed fields', async () => {
    const created = await create();
    const read = await t.api('GET', `customer/${created.body.id}`, manager);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const updated = await t.api(
      'PUT',
      `customer/${created.body.id}`,
      manager,
      editForm(read.body, {
        lastName: 'Hoxha',
        city: 'Basel',
        phoneNumberFirst: '',
        password: '',
        passwordConfirm: '',
      }),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ displayName: 'Vjosa Hoxha', city: 'Basel', phoneNumberFirst: null });
    const log = await t.api('GET', `entity-log/list?entityType=customer&query=${created.body.id}`, admin);
    expect(log.body.items[0]).toMatchObject({ operationType: 'update' });
    expect([...log.body.items[0].changedFields].sort()).toEqual(
      ['city', 'displayName', 'lastName', 'phoneNumberFirst'].sort(),
    );
    // The old password still works: empty password fields were dropped.
    expect(await t.login(created.body.email, 'secret-pass')).toEqual(expect.any(String));
    const deactivated = await t.api(
      'PUT',
      `customer/${created.body.id}`,
      manager,
      editForm(updated.body, { isActive: false }),
    );
    expect(deactivated.body.isActive).toBe(false);
  });

  it('answers 404 for unknown ids and ids of other user types, 422 for a body id of another customer', async () => {
    expect((await t.api('GET', 'customer/999999', manager)).status).toBe(404);
    const managerId = (await t.api('GET', 'user/me', manager)).body.id;
    expect((await t.api('GET', `customer/${managerId}`, admin)).status).toBe(404);
    const [first, second] = [await create(), await create()];
    const wrongId = await t.api(
      'PUT',
      `customer/${first.body.id}`,
      manager,
      editForm(first.body, { id: second.body.id }),
    );
    expect(wrongId.status).toBe(422);
    expect(wrongId.body.errors[0]).toMatchObject({ field: 'id' });
  });

  it('totals the list without a search from the kept counts, equal to the customers after every change', async () => {
    const counted = async () => {
      const [row] = await rowsOf<{ all: number; active: number; inactive: number }>(
        t.database.db.execute(sql`select count(*)::int as "all",
          (count(*) filter (where is_active))::int as active,
          (count(*) filter (where not is_active))::int as inactive
          from users where type = 'customer'`),
      );
      return row!;
    };
    const listed = async () => {
      const total = async (query: string) =>
        (await t.api('GET', `customer/list?pageSize=1${query}`, manager)).body.total;
      return {
        all: await total(''),
        active: await total('&isActive=true'),
        inactive: await total('&isActive=false'),
      };
    };
    const before = await counted();
    expect(await listed()).toEqual(before);

    const created = await create({ firstName: 'Counted' });
    const dormant = await create({ firstName: 'Counted', isActive: false });
    expect(await listed()).toEqual({
      all: before.all + 2,
      active: before.active + 1,
      inactive: before.inactive + 1,
    });
    // Deactivated by staff (the form sent back with isActive off), then deleted.
    const form = editForm((await t.api('GET', `customer/${created.body.id}`, manager)).body);
    expect(
      (await t.api('PUT', `customer/${created.body.id}`, manager, { ...form, isActive: false })).status,
    ).toBe(200);
    expect(await listed()).toEqual({
      all: before.all + 2,
      active: before.active,
      inactive: before.inactive + 2,
    });
    expect((await t.api('DELETE', `customer/${dormant.body.id}`, admin)).status).toBe(204);
    expect(await listed()).toEqual(await counted());

    // One statement that changes many users at once, and one that inserts several: still exact.
    await t.database.db.execute(sql`update users set is_active = not is_active where type = 'customer'`);
    expect(await listed()).toEqual(await counted());
    await t.database.db.execute(sql`update users set is_active = not is_active where type = 'customer'`);
    await t.database.db.execute(sql`insert into users (type, email, display_name, is_active)
      select 'customer', 'bulk' || n || '@example.test', 'Bulk ' || n, n % 2 = 0 from generate_series(1, 5) n`);
    const after = await counted();
    expect(await listed()).toEqual(after);
    expect(after.all).toBe(before.all + 1 + 5);
    // A search still counts what it finds.
    expect((await t.api('GET', 'customer/list?query=counted', manager)).body.total).toBe(1);
  });

  it('deletes a customer nothing refers to, with their account, and keeps one with reservations', async () => {
    const gone = await create();
    const deleted = await t.api('DELETE', `customer/${gone.body.id}`, admin);
    expect(deleted.status).toBe(204);
    expect((await t.api('GET', `customer/${gone.body.id}`, admin)).status).toBe(404);
    const account = await rowsOf(
      t.database.db.execute(sql`select id from accounts where id = ${gone.body.accountId}`),
    );
    expect(account).toHaveLength(0);
    const log = await t.api('GET', 'entity-log/list?entityType=customer&operationType=delete', admin);
    expect(log.body.items[0]).toMatchObject({ entityId: String(gone.body.id), operationType: 'delete' });

    const booked = await create();
    await t.database.db.execute(
      sql`insert into reservations (owner_id, billing) values (${booked.body.id}, '{}'::jsonb)`,
    );
    const refused = await t.api('DELETE', `customer/${booked.body.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ERROR_IN_USE', params: { reservations: 1 } });
    expect((await t.api('GET', `customer/${booked.body.id}`, admin)).status).toBe(200);
  });

  it('guards every call by its role: an agent without customer roles gets 403', async () => {
    const existing = await create();
    const target = `customer/${existing.body.id}`;
    expect((await t.api('GET', 'customer/list', agent)).status).toBe(403);
    expect((await t.api('POST', 'customer', agent, form())).status).toBe(403);
    expect((await t.api('GET', target, agent)).status).toBe(403);
    expect((await t.api('PUT', target, agent, editForm(existing.body))).status).toBe(403);
    expect((await t.api('DELETE', target, agent)).status).toBe(403);
    expect((await t.api('GET', 'customer/list')).status).toBe(401);
  });

  it('lets staff change isActive only with ROLE_CUSTOMER_IS_ACTIVE', async () => {
    const me = await t.api('GET', 'user/me', manager);
    const users = await t.api('GET', `user/${me.body.id}`, admin);
    await t.api('PUT', `user/${me.body.id}`, admin, {
      id: me.body.id,
      group: { id: users.body.group.id },
      allowedSpecialRoles: [],
      deniedSpecialRoles: ['ROLE_CUSTOMER_IS_ACTIVE'],
    });
    try {
      const created = await create();
      const refused = await create({ isActive: false });
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0]).toMatchObject({ code: 'ERROR_FORBIDDEN', field: 'isActive' });
      const unchanged = await t.api('PUT', `customer/${created.body.id}`, manager, editForm(created.body));
      expect(unchanged.status).toBe(200);
      const changed = await t.api(
        'PUT',
        `customer/${created.body.id}`,
        manager,
        editForm(created.body, { isActive: false }),
      );
      expect(changed.status).toBe(403);
      expect((await t.api('GET', `customer/${created.body.id}`, manager)).body.isActive).toBe(true);
    } finally {
      await t.api('PUT', `user/${me.body.id}`, admin, {
        id: me.body.id,
        group: { id: users.body.group.id },
        allowedSpecialRoles: [],
        deniedSpecialRoles: [],
      });
    }
  });
});

describe('a customer editing their own profile', () => {
  it('reads their own profile', async () => {
    const own = await t.api('GET', `customer/${customerId}`, customer);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      id: customerId,
      email: 'customer@flybook.test',
      displayName: 'Arben Berisha',
      country: { code: 'KV' },
    });
  });

  it('changes city, phone and names; user/me shows the new display name', async () => {
    const own = (await t.api('GET', `customer/${customerId}`, customer)).body;
    const updated = await t.api(
      'PUT',
      `customer/${customerId}`,
      customer,
      editForm(own, {
        salutation: 'mr',
        lastName: 'Berisha-Gashi',
        street: 'Rruga Agim Ramadani 5',
        zip: '10000',
        city: 'Prishtinë',
        birthday: '1985-02-17',
        phoneMobile: '+383 49 765 432',
        language: 'sq',
      }),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      city: 'Prishtinë',
      phoneMobile: '+383 49 765 432',
      displayName: 'Arben Berisha-Gashi',
      language: 'sq',
      isActive: true,
    });
    const me = await t.api('GET', 'user/me', customer);
    expect(me.body).toMatchObject({ displayName: 'Arben Berisha-Gashi', language: 'sq' });
    const log = await t.api('GET', `entity-log/list?entityType=customer&query=${customerId}`, admin);
    expect(log.body.items[0]).toMatchObject({ user: { id: customerId }, operationType: 'update' });

    const badPhone = await t.api(
      'PUT',
      `customer/${customerId}`,
      customer,
      editForm(updated.body, { phoneMobile: '+383 49 765 4321' }),
    );
    expect(badPhone.status).toBe(422);
    expect(fieldErrors(badPhone.body).phoneMobile).toEqual({
      code: 'ERROR_MAXIMUM',
      message: 'should be less or equal: 8',
    });
  });

  it('cannot set isActive, and sending the unchanged value back is fine', async () => {
    const own = (await t.api('GET', `customer/${customerId}`, customer)).body;
    const refused = await t.api(
      'PUT',
      `customer/${customerId}`,
      customer,
      editForm(own, { isActive: false }),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ERROR_FORBIDDEN', field: 'isActive' });
    expect((await t.api('GET', `customer/${customerId}`, customer)).body.isActive).toBe(true);
    expect((await t.api('PUT', `customer/${customerId}`, customer, editForm(own))).status).toBe(200);
  });

  it('cannot read, change or list other customers: 404 for their ids, 403 for staff calls', async () => {
    const other = await create();
    const read = await t.api('GET', `customer/${other.body.id}`, customer);
    expect(read.status).toBe(404);
    const unknown = await t.api('GET', 'customer/999999', customer);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe(read.body.errors[0].code);
    const own = (await t.api('GET', `customer/${customerId}`, customer)).body;
    const write = await t.api(
      'PUT',
      `customer/${other.body.id}`,
      customer,
      editForm(own, { id: other.body.id }),
    );
    expect(write.status).toBe(404);
    expect((await t.api('GET', `customer/${other.body.id}`, manager)).body.city).toBe('Zürich');
    expect((await t.api('GET', 'customer/list', customer)).status).toBe(403);
    expect((await t.api('POST', 'customer', customer, form())).status).toBe(403);
    expect((await t.api('DELETE', `customer/${customerId}`, customer)).status).toBe(403);
  });

  it('cannot take an e-mail in use', async () => {
    const own = (await t.api('GET', `customer/${customerId}`, customer)).body;
    const taken = await t.api(
      'PUT',
      `customer/${customerId}`,
      customer,
      editForm(own, { email: 'AGENT@flybook.test', currentPassword: DEMO_PASSWORD }),
    );
    expect(taken.status).toBe(422);
    expect(fieldErrors(taken.body).email).toMatchObject({ code: 'ERROR_EMAIL_TAKEN' });
  });

  it('needs the current password to change their own password or e-mail, and changes nothing without it', async () => {
    const own = (await t.api('GET', `customer/${customerId}`, customer)).body;
    for (const change of [
      { password: 'new-secret-1', passwordConfirm: 'new-secret-1' },
      { email: 'someone.else@flybook.test' },
    ]) {
      const missing = await t.api('PUT', `customer/${customerId}`, customer, editForm(own, change));
      expect(missing.status).toBe(422);
      expect(fieldErrors(missing.body).currentPassword).toMatchObject({ code: 'ERROR_REQUIRED' });
      const wrong = await t.api(
        'PUT',
        `customer/${customerId}`,
        customer,
        editForm(own, { ...change, currentPassword: 'not-my-password' }),
      );
      expect(wrong.status).toBe(422);
      expect(fieldErrors(wrong.body).currentPassword).toEqual({
        code: 'ERROR_CURRENT_PASSWORD_WRONG',
        message: 'The current password is not correct.',
      });
    }
    expect((await t.api('GET', `customer/${customerId}`, customer)).body.email).toBe(own.email);
    expect(await t.login('customer')).toEqual(expect.any(String));
    // Staff change a customer's e-mail without knowing their password.
    const byStaff = await t.api(
      'PUT',
      `customer/${customerId}`,
      admin,
      editForm(own, { email: 'customer.new@flybook.test' }),
    );
    expect(byStaff.status).toBe(200);
    const restored = await t.api('PUT', `customer/${customerId}`, admin, editForm(own));
    expect(restored.body.email).toBe(own.email);
  });

  it('changes the password with its confirmation, logs in with it, and other sessions end', async () => {
    const own = (await t.api('GET', `customer/${customerId}`, customer)).body;
    const otherSession = await t.login('customer');
    const mismatch = await t.api(
      'PUT',
      `customer/${customerId}`,
      customer,
      editForm(own, {
        password: 'new-secret-1',
        passwordConfirm: 'new-secret-2',
        currentPassword: DEMO_PASSWORD,
      }),
    );
    expect(mismatch.status).toBe(422);
    expect(fieldErrors(mismatch.body).passwordConfirm).toEqual({
      code: 'ERROR_NOT_EQUAL_PASSWORD',
      message: 'Should be equal to password',
    });
    const changed = await t.api(
      'PUT',
      `customer/${customerId}`,
      customer,
      editForm(own, {
        password: 'new-secret-1',
        passwordConfirm: 'new-secret-1',
        currentPassword: DEMO_PASSWORD,
      }),
    );
    expect(changed.status).toBe(200);
    const login = await t.request({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: { login: 'customer@flybook.test', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(401);
    const fresh = await t.login('customer', 'new-secret-1');
    // The session that made the change goes on; the other one has ended.
    expect((await t.api('GET', 'user/me', customer)).status).toBe(200);
    expect((await t.api('GET', 'user/me', otherSession)).status).toBe(401);
    // Back to the demo password for the rest of the suite.
    const back = await t.api(
      'PUT',
      `customer/${customerId}`,
      fresh,
      editForm(own, {
        password: DEMO_PASSWORD,
        passwordConfirm: DEMO_PASSWORD,
        currentPassword: 'new-secret-1',
      }),
    );
    expect(back.status).toBe(200);
    expect(await t.login('customer')).toEqual(expect.any(String));
  });
});
