import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/seed.ts';
import { agentBody } from '../../test/agents.ts';
import { billing, booking } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The password rule (@flybook/domain passwords.ts) at every place that sets a password, and the
 * throttle of current-password checks (docs/security.md, "Sessions and passwords").
 */
let t: TestApp;
let admin: string;
let manager: string;
let countryId: number;
let createFlight: () => Promise<number>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  manager = await t.login('manager');
  const countries = (await t.api('GET', 'country/entire-list', admin)).body.items;
  countryId = countries.find((country: { code: string }) => country.code === 'CH').id;
  const makeFlight = flightMaker(t, manager, await catalogueIds(t, manager), 5300);
  createFlight = () => makeFlight({ departure: '2031-10-01T05:30:00Z', arrival: '2031-10-01T07:45:00Z' });
});
afterAll(() => t.close());

const count = async (table: 'users' | 'reservations') =>
  Number(
    (
      (await t.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

const customerForm = (overrides: Record<string, unknown> = {}) => ({
  email: 'drita.hoxha@example.test',
  salutation: 'mrs',
  firstName: 'Drita',
  lastName: 'Hoxha',
  street: 'Bahnhofstrasse 1',
  zip: '8001',
  city: 'Zürich',
  country: { id: countryId },
  language: 'sq',
  birthday: '1990-04-12',
  phoneMobile: '+41 79 123 45 67',
  ...overrides,
});

const withPassword = (password: string) => ({ password, passwordConfirm: password });

describe('the password rule wherever a password is set', () => {
  it('refuses staff creating a customer, agent or manager with a common or own-e-mail password, creating nobody', async () => {
    const users = await count('users');
    const attempts = [
      t.api('POST', 'customer', manager, customerForm(withPassword('Password1'))),
      t.api('POST', 'agent', manager, agentBody(countryId, withPassword('qwertyuiop'))),
      t.api('POST', 'manager', admin, {
        email: 'blerta.berisha@example.test',
        displayName: 'Blerta Berisha',
        language: 'fr',
        country: { id: countryId },
        ...withPassword('BLERTA.BERISHA@example.test'),
      }),
    ];
    const [customer, agent, employee] = await Promise.all(attempts);
    expect(customer!.status).toBe(422);
    expect(customer!.body.errors).toEqual([
      {
        code: 'ERROR_PASSWORD_TOO_COMMON',
        message: 'This password is too common. Please choose another one.',
        field: 'password',
      },
    ]);
    expect(agent!.status).toBe(422);
    expect(agent!.body.errors).toEqual([
      expect.objectContaining({ code: 'ERROR_PASSWORD_TOO_COMMON', field: 'password' }),
    ]);
    expect(employee!.status).toBe(422);
    expect(employee!.body.errors).toEqual([
      {
        code: 'ERROR_PASSWORD_IS_EMAIL',
        message: 'The password must not be your e-mail address.',
        field: 'password',
      },
    ]);
    expect(await count('users')).toBe(users);
    // The same forms with a password of one's own pass.
    const accepted = await t.api(
      'POST',
      'customer',
      manager,
      customerForm(withPassword('Drita flies to Prishtina')),
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  });

  it('names the password problem together with the other field problems', async () => {
    const response = await t.api(
      'POST',
      'customer',
      manager,
      customerForm({ email: 'admin@flybook.test', ...withPassword('           ') }),
    );
    expect(response.status).toBe(422);
    const codes = Object.fromEntries(
      response.body.errors.map((error: { field: string; code: string }) => [error.field, error.code]),
    );
    expect(codes).toEqual({ password: 'ERROR_NOT_BLANK', email: 'ERROR_EMAIL_TAKEN' });
  });

  it("refuses a customer's own change to a common password or to their e-mail's local part", async () => {
    const customer = await t.login('customer');
    const id = (await t.api('GET', 'user/me', customer)).body.id;
    const {
      balance: _b,
      accountId: _a,
      displayName: _d,
      ...own
    } = (await t.api('GET', `customer/${id}`, customer)).body;
    for (const [password, code] of [
      ['letmein1', 'ERROR_PASSWORD_TOO_COMMON'],
      ['Customer', 'ERROR_PASSWORD_IS_EMAIL'],
    ]) {
      const response = await t.api('PUT', `customer/${id}`, customer, {
        ...own,
        ...withPassword(password!),
        currentPassword: DEMO_PASSWORD,
      });
      expect(response.status, password).toBe(422);
      expect(response.body.errors, password).toEqual([expect.objectContaining({ code, field: 'password' })]);
    }
    expect(await t.login('customer')).toEqual(expect.any(String));
  });

  it('refuses a public booking that opens an account with a common password, booking nothing', async () => {
    const flightId = await createFlight();
    const [users, reservations] = [await count('users'), await count('reservations')];
    const response = await t.api(
      'POST',
      'reservation',
      undefined,
      booking(flightId, {
        billingInformation: billing({
          email: 'arben.krasniqi@example.test',
          isCreateAccount: true,
          ...withPassword('football'),
        }),
      }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      expect.objectContaining({ code: 'ERROR_PASSWORD_TOO_COMMON', field: 'billingInformation.password' }),
    ]);
    expect([await count('users'), await count('reservations')]).toEqual([users, reservations]);
  });
});

describe('checks of the current password', () => {
  it('are throttled per account and session like logins: failures only, then 429 with Retry-After', async () => {
    const session = await t.login('customer');
    const other = await t.login('customer');
    const id = (await t.api('GET', 'user/me', session)).body.id;
    const {
      balance: _b,
      accountId: _a,
      displayName: _d,
      ...own
    } = (await t.api('GET', `customer/${id}`, session)).body;
    const change = (token: string, currentPassword: string, email = 'vjosa.new@example.test') =>
      t.api('PUT', `customer/${id}`, token, { ...own, email, currentPassword });

    // Right answers do not count: more confirmations than LOGIN_RATE_MAX, all accepted.
    for (let i = 0; i < 8; i++) {
      const email = i % 2 === 0 ? 'vjosa.new@example.test' : own.email;
      const response = await change(session, DEMO_PASSWORD, email);
      expect(response.status, `confirmation ${i}: ${JSON.stringify(response.body)}`).toBe(200);
    }
    // LOGIN_RATE_MAX (5) wrong guesses are checked, then the session must wait.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await change(session, `guess-${i}`)).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
    const refused = await change(session, DEMO_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].code).toBe('ERROR_RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await t.api('GET', `customer/${id}`, admin)).body.email).toBe(own.email);
    // Another session of the same user is not held back by this one's failures.
    const elsewhere = await change(other, DEMO_PASSWORD);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.email).toBe('vjosa.new@example.test');
  });
});
