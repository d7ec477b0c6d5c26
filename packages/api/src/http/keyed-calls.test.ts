import { createServer } from 'node:net';
import { type ApiCall, allCalls, fillPath } from '@flybook/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { hitRateLimit } from '../platform/rate-limiter.ts';
import { billing, booking } from '../test/bookings.ts';
import { catalogueIds, flightMaker } from '../test/flights.ts';
import { createTestApp, type TestApp, type TestResponse } from '../test/harness.ts';

/**
 * Public calls keyed by an id or a secret (issue 23 §4, docs/security.md "Public calls keyed by ids
 * or secrets"): the card result page's reservation shows people only to the guest key or a session
 * that may read the booking, and every keyed call is limited per client IP with `Retry-After`.
 */

/** The keyed limit of this file: small, so a test reaches it in a few calls. */
const KEYED_MAX = 10;

let t: TestApp;
let manager: string;
let agent: string;
let customer: string;
let createFlight: ReturnType<typeof flightMaker>;

/** A port nobody listens on yet: the app's public URL must be known before it is built. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * Each test calls from addresses of its own, so the keyed counter of one test never refuses
 * another's calls; the limit test counts one address on purpose.
 */
let lastAddress = 0;
const newAddress = () => `198.51.100.${++lastAddress}`;

const call = (
  from: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
): Promise<TestResponse> =>
  t.request({
    method,
    url: `/api/v1/${url}`,
    remoteAddress: from,
    ...(token ? { token } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const defaults = loadConfig({
    NODE_ENV: 'test',
    KEYED_RATE_MAX: String(KEYED_MAX),
    KEYED_RATE_WINDOW: '60',
  });
  const simUrl = `${base}/payments-sim`;
  t = await createTestApp({
    publicUrl: base,
    datatrans: { ...defaults.datatrans, apiUrl: simUrl, payUrl: simUrl, simulated: true },
    rateLimits: { ...defaults.rateLimits, recovery: { max: 2, windowSeconds: 900 } },
  });
  await t.app.listen({ host: '127.0.0.1', port });
  manager = await t.login('manager');
  agent = await t.login('agent');
  customer = await t.login('customer');
  const ids = await catalogueIds(t, manager);
  const make = flightMaker(t, manager, ids, 5300);
  createFlight = (overrides = {}) =>
    make({ departure: '2031-08-01T05:30:00Z', arrival: '2031-08-01T07:45:00Z', ...overrides });
});
afterAll(() => t.close());

describe('the keyed limit settings', () => {
  it('default to 120 calls per 60 s per client IP, and follow KEYED_RATE_MAX and KEYED_RATE_WINDOW', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).rateLimits.keyed).toEqual({ max: 120, windowSeconds: 60 });
    expect(
      loadConfig({ NODE_ENV: 'test', KEYED_RATE_MAX: '7', KEYED_RATE_WINDOW: '30' }).rateLimits.keyed,
    ).toEqual({ max: 7, windowSeconds: 30 });
    expect(t.config.rateLimits.keyed).toEqual({ max: KEYED_MAX, windowSeconds: 60 });
  });
});

describe('the reservation of a card transaction (GET transaction/{id}/reservation)', () => {
  /** What a guest typed into the booking: none of it may reach someone holding only the transaction id. */
  const booker = billing({
    firstName: 'Lirie',
    lastName: 'Kastrati',
    email: 'lirie.kastrati@example.test',
    street: 'Seefeldstrasse 77',
    phoneMobile: '+41 79 444 55 66',
    birthday: '1979-09-23',
  });
  const traveller = {
    firstName: 'Ardit',
    lastName: 'Kastrati',
    gender: 'male',
    ageType: 'adult',
    birthday: '2001-06-14',
  };
  const personal = [
    'Lirie',
    'Kastrati',
    'Ardit',
    'lirie.kastrati@example.test',
    'Seefeldstrasse',
    '444 55 66',
    '1979-09-23',
    '2001-06-14',
  ];

  let guest: { reservationId: number; guestKey: string; transactionId: string };
  let otherGuestKey: string;
  let owned: { reservationId: number; transactionId: string };

  beforeAll(async () => {
    const from = newAddress();
    const flightId = await createFlight();
    const body = booking(flightId, { passengers: [traveller], billingInformation: booker });
    const made = await call(from, 'POST', 'reservation', undefined, body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const init = await call(from, 'POST', 'payment/datatrans/reservation/init', undefined, {
      source: 'customerReservation',
      reservationId: made.body.id,
      amount: made.body.invoice.total,
      guestKey: made.body.guestKey,
    });
    expect(init.status, JSON.stringify(init.body)).toBe(201);
    guest = {
      reservationId: made.body.id,
      guestKey: made.body.guestKey,
      transactionId: init.body.transactionId,
    };
    const other = await call(from, 'POST', 'reservation', undefined, booking(flightId));
    otherGuestKey = other.body.guestKey;

    // The demo customer's own booking, paid by card from their session.
    const mine = await call(from, 'POST', 'reservation', customer, body);
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const started = await call(from, 'POST', 'payment/datatrans/reservation/init', customer, {
      source: 'customerReservation',
      reservationId: mine.body.id,
      amount: mine.body.invoice.total,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    owned = { reservationId: mine.body.id, transactionId: started.body.transactionId };
  });

  const read = (transactionId: string, options: { guestKey?: string; token?: string } = {}) =>
    call(
      newAddress(),
      'GET',
      `transaction/${transactionId}/reservation${options.guestKey === undefined ? '' : `?guestKey=${encodeURIComponent(options.guestKey)}`}`,
      options.token,
    );

  /** The public part: what the result page needs, and not one thing about the people. */
  function expectNoPeople(response: TestResponse, reservationId: number) {
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      id: reservationId,
      status: 'created',
      flights: [expect.objectContaining({ number: expect.any(String), direction: 'outbound' })],
      invoice: { status: 'notPaid', total: expect.any(Number), totalPaid: 0 },
    });
    for (const field of ['passengers', 'billingInformation', 'owner', 'reservator', 'comment', 'guestKey']) {
      expect(response.body, field).not.toHaveProperty(field);
    }
    const text = JSON.stringify(response.body);
    for (const value of personal) expect(text, value).not.toContain(value);
  }

  it('shows only the booking, no passengers nor contact details, to whoever holds only the transaction id', async () => {
    expectNoPeople(await read(guest.transactionId), guest.reservationId);
    // An empty key is no key.
    expectNoPeople(await read(guest.transactionId, { guestKey: '' }), guest.reservationId);
  });

  it('shows the same with a wrong key: another booking’s, a made-up one, or the right one altered', async () => {
    for (const guestKey of [otherGuestKey, 'x'.repeat(43), `${guest.guestKey.slice(0, -1)}A`]) {
      if (guestKey === guest.guestKey) continue;
      expectNoPeople(await read(guest.transactionId, { guestKey }), guest.reservationId);
    }
    // The guest's key opens no other booking's people.
    expectNoPeople(await read(owned.transactionId, { guestKey: guest.guestKey }), owned.reservationId);
  });

  it('shows passengers and contact details with the booking’s guest key', async () => {
    const response = await read(guest.transactionId, { guestKey: guest.guestKey });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      id: guest.reservationId,
      passengers: [{ firstName: 'Ardit', lastName: 'Kastrati', birthday: '2001-06-14' }],
      billingInformation: {
        firstName: 'Lirie',
        email: 'lirie.kastrati@example.test',
        street: 'Seefeldstrasse 77',
        birthday: '1979-09-23',
      },
      owner: null,
      reservator: null,
      comment: expect.any(String),
      invoice: { total: expect.any(Number) },
    });
    // The key itself is never answered back.
    expect(response.body).not.toHaveProperty('guestKey');
  });

  it('shows everything to the owner’s session and to staff, and only the booking to another user', async () => {
    for (const token of [customer, manager]) {
      const response = await read(owned.transactionId, { token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toMatchObject({
        id: owned.reservationId,
        passengers: [{ firstName: 'Ardit' }],
        billingInformation: { email: 'lirie.kastrati@example.test' },
        owner: { id: expect.any(Number) },
      });
    }
    // The agent is logged in but neither owner, reservator nor staff: a stranger here.
    expectNoPeople(await read(owned.transactionId, { token: agent }), owned.reservationId);
    expectNoPeople(await read(owned.transactionId), owned.reservationId);
  });

  it('still answers 404 for a transaction id nobody was given', async () => {
    const response = await read('123456789012345678901234567890');
    expect(response.status).toBe(404);
    expect(response.body.errors[0].code).toBe('ERROR_TRANSACTION_NOT_FOUND');
  });
});

describe('the keyed limit per client IP', () => {
  /** Path values of a keyed call: made-up ids are enough, the limit counts before anything is read. */
  const pathOf = (path: string) =>
    fillPath(path, { id: '424242', reservationId: '424242', locale: 'en', flightId: '424242' });
  const keyedCalls = () => allCalls().filter((declared) => declared.keyed);
  /** A keyed call with made-up values and an empty body: refused later (404, 422) if not by the limit. */
  const send = (from: string, declared: ApiCall) =>
    call(from, declared.method, pathOf(declared.path), undefined, declared.method === 'GET' ? undefined : {});

  it('covers every public call that takes an id or a secret, and only public calls', () => {
    const secretField = /^(guestKey|recoveryToken|token|transactionId)$/;
    const fieldsOf = (schema: unknown) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);
    for (const declared of allCalls()) {
      const name = `${declared.method} ${declared.path}`;
      if (declared.auth !== 'public') {
        expect(declared.keyed, name).toBeUndefined();
        continue;
      }
      const ids = fieldsOf(declared.params).filter((param) => param !== 'locale');
      const secrets = [...fieldsOf(declared.query), ...fieldsOf(declared.body)].filter((field) =>
        secretField.test(field),
      );
      if (ids.length > 0 || secrets.length > 0) expect(declared.keyed, name).toBe(true);
    }
    expect(keyedCalls().map((declared) => `${declared.method} ${declared.path}`)).toEqual(
      expect.arrayContaining([
        'POST payment/datatrans/reservation/init',
        'POST public/payment/datatrans/start',
        'GET transaction/{id}/reservation',
        'GET public/reservation/{reservationId}/transaction/{id}/status',
        'GET public/flight/{id}/aircraft-passengers-seats',
        'POST auth/update-password/{locale}',
      ]),
    );
  });

  it(`refuses the keyed call after ${KEYED_MAX} from one address with 429, Retry-After and the error format`, async () => {
    const from = newAddress();
    const keyed = keyedCalls();
    // The calls share one counter, whichever they are, and are counted whatever they answer.
    for (let n = 0; n < KEYED_MAX; n++) {
      const declared = keyed[n % keyed.length]!;
      const response = await send(from, declared);
      expect(response.status, `${declared.method} ${declared.path}`).not.toBe(429);
    }
    for (const declared of keyed) {
      const response = await send(from, declared);
      expect(response.status, `${declared.method} ${declared.path}`).toBe(429);
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(response.body).toEqual({
        errors: [
          {
            code: 'ERROR_RATE_LIMITED',
            message: expect.any(String),
            params: { retryAfterSeconds: retryAfter },
          },
        ],
      });
    }
    // A logged-in caller from that address is counted the same: a session is not a way around it.
    expect((await call(from, 'GET', `transaction/424242/reservation`, customer)).status).toBe(429);
    // Other addresses are served, and so are calls keyed by nothing from the limited one.
    expect((await call(newAddress(), 'GET', 'transaction/424242/reservation')).status).toBe(404);
    expect((await call(from, 'GET', 'public/country/list')).status).toBe(200);
  });

  it('answers the seconds left of the window, not its length', async () => {
    const limit = { max: 1, windowSeconds: 60 };
    const key = 'keyed:ip:test-seconds-left';
    expect(await hitRateLimit(t.database.db, key, limit)).toEqual({ count: 1, retryAfterSeconds: 60 });
    // The window began 50 s ago: 10 s are left.
    await t.database.db.execute(
      sql`update rate_limits set window_start = now() - interval '50 seconds' where key = ${key}`,
    );
    const refused = await hitRateLimit(t.database.db, key, limit).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ status: 429, code: 'ERROR_RATE_LIMITED' });
    const seconds = Number((refused as { params: { retryAfterSeconds: number } }).params.retryAfterSeconds);
    expect(seconds).toBeGreaterThanOrEqual(9);
    expect(seconds).toBeLessThanOrEqual(11);
    // Once the window has passed the key starts again.
    await t.database.db.execute(
      sql`update rate_limits set window_start = now() - interval '61 seconds' where key = ${key}`,
    );
    expect((await hitRateLimit(t.database.db, key, limit)).count).toBe(1);
  });

  it('sends Retry-After on the other 429s too (password recovery per e-mail)', async () => {
    const from = newAddress();
    const ask = () =>
      call(from, 'POST', 'auth/recover-password/en', undefined, { email: 'customer@flybook.test' });
    let refused: TestResponse | undefined;
    for (let n = 0; n < 4 && !refused; n++) {
      const response = await ask();
      if (response.status === 429) refused = response;
    }
    expect(refused?.status).toBe(429);
    const retryAfter = Number(refused!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(refused!.body.errors[0].code).toBe('ERROR_RATE_LIMITED');
  });
});
