import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { payWithTestCard } from '@flybook/payments-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { issueAccessKey } from '../../platform/access-keys.ts';
import { billing, booking } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readPdf } from '../reservations/documents/document-fixtures.ts';

let t: TestApp;
let manager: string;
let simUrl: string;
let createFlight: ReturnType<typeof flightMaker>;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Every look-up from an address of its own unless told: the per-address limit is tested on its own. */
let addressCount = 0;
const newAddress = () => {
  addressCount += 1;
  return `10.24.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
};

const find = (payload: object, remoteAddress = newAddress()) =>
  t.request({ method: 'POST', url: '/api/v1/public/reservation/find', payload, remoteAddress });

const read = (recordLocator: string, accessKey: string) =>
  t.request({
    method: 'GET',
    url: `/api/v1/public/reservation/manage?recordLocator=${recordLocator}&accessKey=${encodeURIComponent(accessKey)}`,
    remoteAddress: newAddress(),
  });

async function download(kind: 'ticket' | 'invoice', id: number, accessKey?: string) {
  const query = accessKey ? `?accessKey=${encodeURIComponent(accessKey)}` : '';
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/reservation/${id}/${kind}/pdf/en${query}`,
    remoteAddress: newAddress(),
  });
  const isPdf = String(response.headers['content-type']).startsWith('application/pdf');
  return {
    status: response.statusCode,
    code: isPdf ? undefined : (response.json().errors?.[0]?.code as string | undefined),
    pdf: isPdf ? readPdf(response.rawPayload) : undefined,
  };
}

const locatorOf = async (id: number) => {
  const result = (await t.database.db.execute(
    sql`select record_locator from reservations where id = ${id}`,
  )) as unknown as { rows: { record_locator: string }[] };
  return result.rows[0]!.record_locator;
};

/** A billed staff booking: booker Müller, passengers Vjosa Berisha and Arbën Çeku. */
async function billedBooking() {
  const flightId = await createFlight();
  const response = await t.api(
    'POST',
    'reservation',
    manager,
    booking(flightId, {
      paymentTerms: 'bill',
      passengers: [
        {
          firstName: 'Vjosa',
          lastName: 'Berisha',
          gender: 'female',
          ageType: 'adult',
          birthday: '1988-02-11',
        },
        { firstName: 'Arbën', lastName: 'Çeku', gender: 'male', ageType: 'adult', birthday: '1984-04-04' },
      ],
      passengersSeats: [{ passenger: 0, flight: { id: flightId }, seatLabel: '7A' }],
      billingInformation: billing({ firstName: 'Jürg', lastName: 'Müller', language: 'de' }),
      comment: 'staff only: VIP',
    }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const { id, invoice } = response.body as { id: number; invoice: { id: number; total: number } };
  return { id, invoice, locator: await locatorOf(id) };
}

async function payAtDesk(invoiceId: number, amount: number) {
  const [cash] = (
    (await t.database.db.execute(
      sql`select id from accounts where virtual_code = 'CASH_ZRH'`,
    )) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const paid = await t.api('POST', 'payment/reservation/invoice', manager, {
    amount,
    paymentTypeCode: 'cash',
    reservationInvoiceId: invoiceId,
    accountId: cash!.id,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
}

let a: Awaited<ReturnType<typeof billedBooking>>;
let b: Awaited<ReturnType<typeof billedBooking>>;

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const defaults = loadConfig({ NODE_ENV: 'test' });
  simUrl = `${base}/payments-sim`;
  t = await createTestApp({
    publicUrl: base,
    datatrans: { ...defaults.datatrans, apiUrl: simUrl, payUrl: simUrl, simulated: true },
    rateLimits: { ...defaults.rateLimits, keyed: { max: 100_000, windowSeconds: 60 } },
  });
  await t.app.listen({ host: '127.0.0.1', port });
  manager = await t.login('manager');
  const ids = await catalogueIds(t, manager);
  const make = flightMaker(t, manager, ids, 7100);
  createFlight = (overrides = {}) =>
    make({ departure: '2031-08-01T05:30:00Z', arrival: '2031-08-01T07:45:00Z', ...overrides });
  a = await billedBooking();
  b = await billedBooking();
});
afterAll(() => t.close());

describe('POST public/reservation/find', () => {
  it("finds a booking by a lower-case locator and the booker's last name without accents, with a key", async () => {
    const response = await find({ recordLocator: ` ${a.locator.toLowerCase()} `, lastName: 'MULLER' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { reservation, accessKey } = response.body;
    expect(accessKey).toMatch(/^[\w-]{40,}$/);
    expect(reservation).toMatchObject({
      id: a.id,
      recordLocator: a.locator,
      status: 'reserved',
      booker: { firstName: 'Jürg', lastName: 'Müller' },
      payment: { terms: 'bill', invoiceStatus: 'notPaid', paid: 0, open: a.invoice.total },
      can: { ticket: false, invoice: false, payByCard: true },
    });
    expect(reservation.flights).toHaveLength(1);
    expect(reservation.flights[0].origin).toMatchObject({
      code: expect.any(String),
      name: expect.any(String),
    });
    expect(reservation.passengers.map((p: { lastName: string }) => p.lastName)).toEqual(['Berisha', 'Çeku']);
    expect(reservation.passengers[0].tickets[0].seatLabel).toBe('7A');
    // The parts add up to the total, as on the invoice.
    const { fares, fees, seats, extras, changeFee, total } = reservation.price;
    expect(total).toBe(a.invoice.total);
    expect(Math.round((fares + fees + seats + extras + changeFee) * 100)).toBe(Math.round(total * 100));
    expect(fares).toBeGreaterThan(0);
    // Nothing for staff only: no comment, contact details, owner or reservator.
    const text = JSON.stringify(reservation);
    for (const hidden of ['VIP', 'example.test', '+41', 'Langstrasse', 'reservator', 'comment', 'owner'])
      expect(text).not.toContain(hidden);
  });

  it("finds it by a passenger's last name, ignoring case and accents", async () => {
    for (const lastName of ['ceku', 'ÇEKU', 'berisha', ' Berishá ']) {
      const response = await find({ recordLocator: a.locator, lastName });
      expect(response.status, lastName).toBe(200);
      expect(response.body.reservation.id).toBe(a.id);
    }
  });

  it('answers 404 in the error format for a wrong name, a wrong locator and a malformed one', async () => {
    const wrongLocator = a.locator === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    for (const body of [
      { recordLocator: a.locator, lastName: 'Gashi' },
      { recordLocator: a.locator, lastName: '' },
      { recordLocator: wrongLocator, lastName: 'Müller' },
      { recordLocator: 'AB1', lastName: 'Müller' },
      // The other booking's locator with this one's passenger.
      { recordLocator: b.locator, lastName: 'Gashi' },
    ]) {
      const response = await find(body);
      expect(response.status, JSON.stringify(body)).toBe(404);
      expect(response.body.errors[0].code).toBe('ERROR_NOT_FOUND');
      expect(response.body).not.toHaveProperty('accessKey');
    }
  });

  it('takes as long for a wrong name as for an unknown locator (median of many tries)', async () => {
    const timed = async (body: object) => {
      const start = performance.now();
      const response = await find(body);
      expect(response.status).toBe(404);
      return performance.now() - start;
    };
    const wrongName: number[] = [];
    const unknown: number[] = [];
    for (let n = 0; n < 25; n++) {
      wrongName.push(await timed({ recordLocator: a.locator, lastName: 'Gashi' }));
      unknown.push(await timed({ recordLocator: 'ZZZZ22', lastName: 'Gashi' }));
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    const [named, missing] = [median(wrongName), median(unknown)];
    // Generous: the same queries run on both paths, so only noise separates them.
    expect(Math.abs(named - missing)).toBeLessThan(Math.max(10, 0.5 * Math.max(named, missing)));
  });

  it('refuses guessing from one address with 429 and Retry-After within 20 tries, even the right name', async () => {
    const from = newAddress();
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof find>> | undefined;
    for (let n = 0; n < 20 && !limited; n++) {
      const response = await find({ recordLocator: `ZZZ${String(n).padStart(3, '2')}`, lastName: 'X' }, from);
      statuses.push(response.status);
      if (response.status === 429) limited = response;
    }
    expect(limited, statuses.join(',')).toBeDefined();
    expect(statuses.filter((status) => status === 404).length).toBe(10);
    const retryAfter = Number(limited!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(limited!.body.errors[0].code).toBe('ERROR_RATE_LIMITED');
    const right = await find({ recordLocator: a.locator, lastName: 'Müller' }, from);
    expect(right.status).toBe(429);
    // Another address is not affected.
    expect((await find({ recordLocator: a.locator, lastName: 'Müller' })).status).toBe(200);
  });
});

describe('GET public/reservation/manage (the e-mail link)', () => {
  it('opens the booking with a key from an e-mail link or a find, and only with its own locator', async () => {
    const emailKey = await issueAccessKey(t.database.db, a.id, 'email');
    const byLink = await read(a.locator.toLowerCase(), emailKey);
    expect(byLink.status, JSON.stringify(byLink.body)).toBe(200);
    const found = await find({ recordLocator: a.locator, lastName: 'Müller' });
    expect(byLink.body).toEqual(found.body.reservation);
    expect((await read(a.locator, found.body.accessKey)).status).toBe(200);

    expect((await read(b.locator, emailKey)).status).toBe(404);
    expect((await read(a.locator, `${emailKey}x`)).status).toBe(404);
    const answer = await read(a.locator, 'not-a-key');
    expect(answer.status).toBe(404);
    expect(answer.body.errors[0].code).toBe('ERROR_NOT_FOUND');
  });
});

describe('what the key opens', () => {
  it("opens its booking's ticket and invoice once paid, and not another booking's", async () => {
    const keyA = (await find({ recordLocator: a.locator, lastName: 'berisha' })).body.accessKey as string;
    // Not paid yet: like an owner, no ticket before payment.
    expect((await download('ticket', a.id, keyA)).status).toBe(403);
    await payAtDesk(a.invoice.id, a.invoice.total);

    const ticket = await download('ticket', a.id, keyA);
    expect(ticket.status, ticket.code).toBe(200);
    expect(ticket.pdf!.text).toContain('Vjosa Berisha');
    const invoice = await download('invoice', a.id, keyA);
    expect(invoice.status, invoice.code).toBe(200);
    expect(invoice.pdf!.text).toContain('Müller');

    await payAtDesk(b.invoice.id, b.invoice.total);
    for (const kind of ['ticket', 'invoice'] as const) {
      const other = await download(kind, b.id, keyA);
      expect(other.status).toBe(404);
      expect(other.code).toBe('ERROR_NOT_FOUND');
    }
    // Without a key or a session: as before, a session is needed.
    expect((await download('ticket', a.id)).status).toBe(401);
    const view = await read(a.locator, keyA);
    expect(view.body).toMatchObject({
      payment: { invoiceStatus: 'paid', open: 0 },
      can: { ticket: true, invoice: true, payByCard: false },
    });
  });

  it('starts the card payment of its booking only, and the paid booking then shows paid', async () => {
    const c = await billedBooking();
    const keyC = (await find({ recordLocator: c.locator, lastName: 'Müller' })).body.accessKey as string;
    const keyA = (await find({ recordLocator: a.locator, lastName: 'Müller' })).body.accessKey as string;
    const init = (accessKey: string | undefined) =>
      t.request({
        method: 'POST',
        url: '/api/v1/payment/datatrans/reservation/init',
        remoteAddress: newAddress(),
        payload: {
          source: 'customerReservation',
          reservationId: c.id,
          amount: c.invoice.total,
          locale: 'en',
          ...(accessKey ? { accessKey } : {}),
        },
      });
    for (const key of [undefined, keyA, `${keyC}x`]) {
      const refused = await init(key);
      expect(refused.status).toBe(404);
    }
    const started = await init(keyC);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const { transactionId } = started.body;
    const page = await t.api('POST', 'public/payment/datatrans/start', undefined, { transactionId });
    expect(page.status).toBe(200);
    await payWithTestCard(simUrl, transactionId, 'success');
    const status = await t.api('GET', `public/reservation/${c.id}/transaction/${transactionId}/status`);
    expect(status.body).toMatchObject({ isBooked: true, invoiceStatus: 'paid' });
    const view = await read(c.locator, keyC);
    expect(view.body).toMatchObject({
      status: 'confirmed',
      payment: { invoiceStatus: 'paid', paid: c.invoice.total, open: 0 },
      can: { ticket: true, payByCard: false },
    });
  });
});
