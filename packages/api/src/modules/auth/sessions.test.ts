import { ApiRequestError, createClient } from '@flybook/client';
import { CUSTOMER_ROLES, effectiveRoles, rolesForUserType } from '@flybook/domain';
import { api, type CallInput } from '@flybook/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { hashToken } from '../../platform/secrets.ts';
import { booking } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sessionRoles } from './auth.service.ts';

let t: TestApp;
let manager: string;
let createFlight: () => Promise<number>;

beforeAll(async () => {
  t = await createTestApp({ sessionMaxHours: 48 });
  manager = await t.login('manager');
  const makeFlight = flightMaker(t, manager, await catalogueIds(t, manager), 5200);
  createFlight = () => makeFlight({ departure: '2031-09-01T05:30:00Z', arrival: '2031-09-01T07:45:00Z' });
});
afterAll(() => t.close());

/** A public booking as the typed client sends it (the helper's literals are plain strings). */
const bookingBody = (flightId: number) =>
  booking(flightId) as CallInput<typeof api.reservation.create>['body'];

/** Sets when a session was created, keeping its sliding expiry in the future. */
const loggedInHoursAgo = (token: string, hours: number) =>
  t.database.db.execute(
    sql`UPDATE auth_tokens SET created_at = now() - make_interval(mins => ${Math.round(hours * 60)}), expires_at = now() + interval '1 hour' WHERE token_hash = ${hashToken(token)}`,
  );

const reservationCount = async () =>
  Number(
    (
      (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM reservations`)) as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe('the absolute lifetime of a session', () => {
  it('reads SESSION_MAX_HOURS, 72 hours unless set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).sessionMaxHours).toBe(72);
    expect(loadConfig({ NODE_ENV: 'test', SESSION_MAX_HOURS: '24' }).sessionMaxHours).toBe(24);
  });

  it('keeps an active session up to SESSION_MAX_HOURS after its login and refuses it after, however active', async () => {
    const token = await t.login('agent');
    await loggedInHoursAgo(token, 47);
    const young = await t.api('GET', 'user/me', token);
    expect(young.status).toBe(200);
    // In use all the time: the sliding expiry keeps moving, the login time does not.
    await loggedInHoursAgo(token, 48.1);
    for (let i = 0; i < 2; i++) {
      const old = await t.api('GET', 'user/me', token);
      expect(old.status).toBe(401);
      expect(old.body.errors).toEqual([
        { code: 'ERROR_SESSION_EXPIRED', message: 'The session has expired. Login again.' },
      ]);
    }
    // A new login is a new session with a lifetime of its own.
    expect((await t.api('GET', 'user/me', await t.login('agent'))).status).toBe(200);
  });
});

describe('a lapsed session on a public call', () => {
  it('answers 401 ERROR_SESSION_EXPIRED to an unknown or expired token instead of serving a guest', async () => {
    expect((await t.api('GET', 'public/country/list')).status).toBe(200);
    const live = await t.login('customer');
    expect((await t.api('GET', 'public/country/list', live)).status).toBe(200);
    for (const token of ['no-such-session', live]) {
      if (token === live) await loggedInHoursAgo(live, 49);
      const response = await t.api('GET', 'public/country/list', token);
      expect(response.status, token).toBe(401);
      expect(response.body.errors[0].code).toBe('ERROR_SESSION_EXPIRED');
    }
  });

  it('books nothing as a guest for a customer whose session lapsed; without the token it is a guest booking', async () => {
    const flightId = await createFlight();
    const token = await t.login('customer');
    const before = await reservationCount();
    await t.database.db.execute(
      sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(token)}`,
    );
    const lapsed = await t.api('POST', 'reservation', token, booking(flightId));
    expect(lapsed.status).toBe(401);
    expect(lapsed.body.errors[0].code).toBe('ERROR_SESSION_EXPIRED');
    expect(await reservationCount()).toBe(before);

    // The customer chose to go on as a guest: the client sends no token.
    const guest = await t.api('POST', 'reservation', undefined, booking(flightId));
    expect(guest.status).toBe(201);
    expect(guest.body.owner).toBeNull();
    // Signed in again, the booking is theirs.
    const fresh = await t.login('customer');
    const mine = await t.api('POST', 'reservation', fresh, booking(flightId));
    expect(mine.status).toBe(201);
    const me = (await t.api('GET', 'user/me', fresh)).body;
    expect(mine.body.owner).toMatchObject({ id: me.id });
  });

  it('still logs in and sends recovery links when the client sends a stale token along', async () => {
    const stale = { 'x-auth-token': 'left-over-from-yesterday' };
    const fresh = await t.request({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: { login: 'agent@flybook.test', password: 'flybook-demo' },
      headers: stale,
    });
    expect(fresh.status).toBe(200);
    const recovery = await t.request({
      method: 'POST',
      url: '/api/v1/auth/recover-password/en',
      payload: { email: 'agent@flybook.test' },
      headers: stale,
    });
    expect(recovery.status).toBe(204);
  });
});

describe('the typed client with a lapsed session, over HTTP', () => {
  it('forgets the session, reads public data as a guest, and refuses to book until the user chooses', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    let stored: string | null = await t.login('customer');
    const client = createClient({
      baseUrl: `${address}/api`,
      getToken: () => stored,
      onUnauthorized: () => {
        stored = null;
      },
    });
    await t.database.db.execute(
      sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(stored!)}`,
    );
    const countries = await client.call(api.lookup.publicCountryList);
    expect(countries.items.length).toBeGreaterThan(0);
    expect(stored).toBeNull();

    stored = 'a-token-the-server-never-issued';
    const flightId = await createFlight();
    const before = await reservationCount();
    const lapsed = await client
      .call(api.reservation.create, { body: bookingBody(flightId) })
      .catch((error: unknown) => error);
    expect(lapsed).toBeInstanceOf(ApiRequestError);
    expect(lapsed).toMatchObject({ status: 401, code: 'ERROR_SESSION_EXPIRED' });
    expect(stored).toBeNull();
    expect(await reservationCount()).toBe(before);
    // Going on as a guest is the user's choice: the same call again, now without a session.
    const guest = await client.call(api.reservation.create, { body: bookingBody(flightId) });
    expect(guest.owner).toBeNull();
    expect(await reservationCount()).toBe(before + 1);
  });
});

describe('the roles of a session', () => {
  it('are the group’s plus the allowed minus the denied, for the type of user, worked out once', () => {
    const group = 'ROLE_FLIGHT_LIST ROLE_RESERVATION_LIST';
    expect([...sessionRoles('manager', group, 'ROLE_ADMIN', 'ROLE_FLIGHT_LIST')]).toEqual(
      effectiveRoles(group.split(' '), ['ROLE_ADMIN'], ['ROLE_FLIGHT_LIST']),
    );
    expect([...sessionRoles('manager', '', '', '')]).toEqual([]);
    expect([...sessionRoles(null, group, '', '')]).toEqual(['ROLE_FLIGHT_LIST', 'ROLE_RESERVATION_LIST']);
    // A customer keeps only the customer roles, whatever the group grants.
    expect([...sessionRoles('customer', `${group} ${CUSTOMER_ROLES[0]}`, 'ROLE_ADMIN', '')]).toEqual(
      rolesForUserType(
        'customer',
        effectiveRoles([...group.split(' '), CUSTOMER_ROLES[0]!], ['ROLE_ADMIN'], []),
      ),
    );
    // The same combination answers the same set; a changed one is worked out anew.
    const before = sessionRoles('agent', group, '', '');
    expect(sessionRoles('agent', group, '', '')).toBe(before);
    expect([...sessionRoles('agent', group, '', 'ROLE_RESERVATION_LIST')]).toEqual(['ROLE_FLIGHT_LIST']);
  });
});
