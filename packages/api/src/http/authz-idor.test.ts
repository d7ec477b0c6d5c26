import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { allotments } from '../db/schema/index.ts';
import { type AuthzFixture, createAuthzFixture, type Person } from '../test/authz-fixture.ts';
import { changedTables, tableSnapshot } from '../test/db-snapshot.ts';
import { createTestApp, type TestApp, type TestResponse } from '../test/harness.ts';

/**
 * Own data asked for with another user's ids (docs/security.md, "Authorization"): a customer
 * and an agent each call every own-data call with the ids of a second customer and a second
 * agent, who have reservations, invoices, allotments, card payments and accounts of their own.
 * The answer is 403 or 404, the other user's data appears nowhere in it, and no table changes.
 */

let t: TestApp;
let f: AuthzFixture;

/** A port nobody listens on yet: the card stand-in is served by the app under its public URL. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const simUrl = `${base}/payments-sim`;
  const defaults = loadConfig({ NODE_ENV: 'test' });
  t = await createTestApp({
    publicUrl: base,
    datatrans: { ...defaults.datatrans, apiUrl: simUrl, payUrl: simUrl, simulated: true },
  });
  await t.app.listen({ host: '127.0.0.1', port });
  f = await createAuthzFixture(t);
});
afterAll(() => t.close());

const call = (
  who: Person | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) => t.api(method, url, who?.token, body);

const show = (response: TestResponse) => `${response.status} ${JSON.stringify(response.body).slice(0, 400)}`;

/** Calls as `who`, expects one of `statuses`, and that no table changed. */
async function refused(
  who: Person | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  statuses = [403, 404],
) {
  const before = await tableSnapshot(t);
  const response = await call(who, method, url, body);
  expect(statuses, `${method} ${url}: ${show(response)}`).toContain(response.status);
  expect(changedTables(before, await tableSnapshot(t)), `${method} ${url} wrote`).toEqual([]);
  return response;
}

/** Grants `roles` to a user on top of their group (admin's permissions page), for one test. */
async function withRoles(who: Person, roles: string[], run: () => Promise<void>) {
  const admin = f.people.admin.token;
  const before = (await t.api('GET', `user/${who.id}`, admin)).body;
  const set = (allowed: string[]) =>
    t.api('PUT', `user/${who.id}`, admin, {
      id: who.id,
      group: before.group ? { id: before.group.id } : null,
      allowedSpecialRoles: allowed,
      deniedSpecialRoles: before.deniedSpecialRoles,
    });
  expect((await set([...before.allowedSpecialRoles, ...roles])).status).toBe(200);
  try {
    await run();
  } finally {
    await set(before.allowedSpecialRoles);
  }
}

const DOCUMENTS = ['ticket', 'invoice', 'overview', 'credit-note'];

describe.each([
  ['customer', 'customer2', 'customerReservation', 'customer2Reservation'],
  ['agent', 'agent2', 'agentReservation', 'agent2Reservation'],
] as const)('a %s asking for %s’s data', (me, other, mine, theirs) => {
  const caller = () => f.people[me];
  const victim = () => f.people[other];

  it('reads their own reservation, and gets 404 for the other one and its documents', async () => {
    expect((await call(caller(), 'GET', `reservation/${f[mine].reservationId}`)).status).toBe(200);
    const id = f[theirs].reservationId;
    const response = await refused(caller(), 'GET', `reservation/${id}`, undefined, [404]);
    expect(JSON.stringify(response.body)).not.toContain('Authz');
    for (const document of DOCUMENTS) {
      await refused(caller(), 'GET', `reservation/${id}/${document}/pdf/en`, undefined, [404]);
    }
  });

  it('lists only their own reservations', async () => {
    const own = await call(caller(), 'GET', 'user/me/reservation/list?pageSize=500&isActive=true');
    expect(own.status).toBe(200);
    const ids = own.body.items.map((item: { id: number }) => item.id);
    expect(ids).toContain(f[mine].reservationId);
    expect(ids).not.toContain(f[theirs].reservationId);
    expect(ids).not.toContain(f.guestReservation.reservationId);
  });

  it('cannot read or change the other one’s profile or account', async () => {
    const kind = me === 'customer' ? 'customer' : 'agent';
    const target = victim().id;
    const profile = (await t.api('GET', `${kind}/${target}`, f.people.admin.token)).body;
    await refused(caller(), 'GET', `${kind}/${target}`);
    await refused(caller(), 'PUT', `${kind}/${target}`, { ...profile, firstName: 'Changed' });
    await refused(caller(), 'GET', `user/${target}/account`);
    await refused(caller(), 'GET', `user/${target}`, undefined, [403]);
    const me2 = await call(caller(), 'GET', 'user/me');
    expect(me2.body.id).toBe(caller().id);
  });

  it('sees only their own balance log', async () => {
    const own = await call(caller(), 'GET', 'user/me/balance-log/list?pageSize=50');
    expect(own.status).toBe(200);
    const reservations = own.body.items.map((item: { reservationId: number | null }) => item.reservationId);
    expect(reservations).not.toContain(f[theirs].reservationId);
    // The own list takes no account id: one sent is ignored, never another user's account.
    const account = (await t.api('GET', `user/${victim().id}/account`, f.people.admin.token)).body;
    const steered = await call(caller(), 'GET', `user/me/balance-log/list?selectedAccountId=${account.id}`);
    expect(JSON.stringify(steered.body)).not.toContain(`"id":${account.id},`);
    await refused(caller(), 'GET', `balance-log/list?selectedAccountId=${account.id}`, undefined, [403]);
  });

  it('cannot start a card payment of the other one’s reservation', async () => {
    await refused(caller(), 'POST', 'payment/datatrans/reservation/init', {
      source: 'customerReservation',
      reservationId: f[theirs].reservationId,
      amount: 10,
    });
  });

  it('cannot read, confirm or update the other one’s card transaction', async () => {
    const other = victim();
    // The other one pays their booking by card (started, not paid): a transaction of theirs.
    const extra = await t.api('POST', 'reservation', other.token, {
      bookedFlights: [{ flight: { id: f.flightId }, tariff: { id: 1 } }],
      passengers: [
        { firstName: 'Fisnik', lastName: 'Authz', gender: 'male', ageType: 'adult', birthday: '1980-01-01' },
      ],
      billingInformation: {
        salutation: 'mr',
        firstName: 'Fisnik',
        lastName: 'Authz',
        email: 'fisnik.authz@example.test',
        street: 'Langstrasse 10',
        zip: '8004',
        city: 'Zürich',
        country: 'CH',
        birthday: '1980-01-01',
        phoneMobile: '+41 79 555 12 12',
        language: 'en',
      },
      paymentTerms: me === 'customer' ? 'now' : 'later',
    });
    expect(extra.status, show(extra)).toBe(201);
    const init = await call(other, 'POST', 'payment/datatrans/reservation/init', {
      source: 'customerReservation',
      reservationId: extra.body.id,
      amount: extra.body.invoice.total,
    });
    expect(init.status, show(init)).toBe(201);
    const { transactionId } = init.body;
    expect((await call(other, 'GET', `payment/datatrans/transaction/${transactionId}`)).status).toBe(200);
    await refused(caller(), 'GET', `payment/datatrans/transaction/${transactionId}`, undefined, [404]);
    await refused(caller(), 'POST', 'payment/datatrans/transaction/confirm', { transactionId }, [404]);
    await refused(caller(), 'POST', 'payment/datatrans/transaction/update', { transactionId }, [404]);
  });

  it('cannot change, cancel or split the other one’s reservation, even holding the change roles', async () => {
    const roles = ['ROLE_RESERVATION_UPDATE', 'ROLE_RESERVATION_CANCEL', 'ROLE_RESERVATION_SPLIT'];
    const id = f[theirs].reservationId;
    const current = (await t.api('GET', `reservation/${id}`, f.people.admin.token)).body;
    await withRoles(caller(), roles, async () => {
      const { billingInformation } = current;
      await refused(caller(), 'PUT', `reservation/${id}`, {
        bookedFlights: [{ flight: { id: f.flightId }, tariff: { id: 1 } }],
        passengers: current.passengers.map(
          ({ tickets: _t, ...passenger }: { tickets: unknown }) => passenger,
        ),
        billingInformation: { ...billingInformation, language: 'en' },
      });
      await refused(caller(), 'POST', `reservation/${id}/cancel`, { fee: 0 }, [404]);
      const passengerId = current.passengers[0].id;
      await refused(caller(), 'POST', `reservation/${id}/split`, { passengerId }, [404]);
    });
    expect((await t.api('GET', `reservation/${id}`, f.people.admin.token)).body.status).toBe(current.status);
  });

  it('gets 403 for the other one’s known passengers, even with the passenger search', async () => {
    await withRoles(caller(), ['ROLE_RESERVATION_PASSENGER_LIST_FILTERS'], async () => {
      const mineList = await call(caller(), 'GET', `reservation/passenger/list?ownerId=${caller().id}`);
      expect(mineList.status, show(mineList)).toBe(200);
      const response = await refused(
        caller(),
        'GET',
        `reservation/passenger/list?ownerId=${victim().id}`,
        undefined,
        [403],
      );
      expect(JSON.stringify(response.body)).not.toContain('Authz');
    });
  });
});

describe('an agent and another agent’s allotments', () => {
  const agent = () => f.people.agent;

  it('lists only their own allotments and allotment invoices', async () => {
    const range = 'flightDateInterval[from]=2000-01-01&flightDateInterval[to]=2099-12-31';
    for (const status of ['open', 'invoiced']) {
      const list = await call(
        agent(),
        'GET',
        `agent/allotment/list?invoicedStatus=${status}&pageSize=50&${range}`,
      );
      expect(list.status, show(list)).toBe(200);
      for (const item of list.body.items) expect(item.agent.id).toBe(agent().id);
    }
    const invoices = await call(
      agent(),
      'GET',
      'agent/allotment/invoice/list?paymentStatus[]=unpaid&paymentStatus[]=paid',
    );
    expect(invoices.status, show(invoices)).toBe(200);
    const ids = invoices.body.items.map((item: { id: number }) => item.id);
    expect(ids).toContain(f.agentAllotmentInvoiceId);
    expect(ids).not.toContain(f.agent2AllotmentInvoiceId);
  });

  it('reads their own allotment invoice and its PDF, and gets 404 for the other agent’s', async () => {
    expect((await call(agent(), 'GET', `allotment/invoice/${f.agentAllotmentInvoiceId}`)).status).toBe(200);
    const pdf = await call(agent(), 'GET', `agent/allotment/invoice/${f.agentAllotmentInvoiceId}/pdf/en`);
    expect(pdf.status).toBe(200);
    await refused(agent(), 'GET', `allotment/invoice/${f.agent2AllotmentInvoiceId}`, undefined, [404]);
    await refused(
      agent(),
      'GET',
      `agent/allotment/invoice/${f.agent2AllotmentInvoiceId}/pdf/en`,
      undefined,
      [404],
    );
    await refused(
      agent(),
      'GET',
      `allotment/invoice/${f.agent2AllotmentInvoiceId}/pdf/en`,
      undefined,
      [403, 404],
    );
  });

  it('sees only their own allotment balance', async () => {
    const own = await call(agent(), 'GET', 'agent/allotment/invoice/balance');
    expect(own.status, show(own)).toBe(200);
    expect(own.body.agent.id).toBe(agent().id);
    await refused(agent(), 'GET', `allotment/invoice/agent/${f.people.agent2.id}/balance`, undefined, [403]);
  });

  it('cannot change, delete or take over the other agent’s invoice, even holding the invoice role', async () => {
    const id = f.agent2AllotmentInvoiceId;
    const today = new Date().toISOString().slice(0, 10);
    const edit = { title: 'Taken over', invoiceDate: today, paymentDeadline: today, discount: 0 };
    await withRoles(agent(), ['ROLE_ALLOTMENT_INVOICE_EDIT'], async () => {
      await refused(agent(), 'PUT', `allotment/invoice/${id}`, edit, [404]);
      await refused(agent(), 'DELETE', `allotment/invoice/${id}`, undefined, [404]);
      const [open] = await t.database.db
        .insert(allotments)
        .values({ flightId: f.flightId, agentId: f.people.agent2.id, tariffGroupId: 1, seatsNumber: 1 })
        .returning({ id: allotments.id });
      await refused(
        agent(),
        'POST',
        'allotment/invoice',
        { ...edit, ids: [open!.id], agent: { id: f.people.agent2.id } },
        [403],
      );
    });
    const after = await t.api('GET', `allotment/invoice/${id}`, f.people.admin.token);
    expect(after.body.title).toBe('Second agent');
  });

  it('cannot top up another agent’s account by card', async () => {
    await refused(
      agent(),
      'POST',
      'payment/datatrans/agent/init',
      { source: 'agentAccount', amount: 10, agentId: f.people.agent2.id },
      [403],
    );
  });
});

describe('a guest booking', () => {
  const init = (body: object) => t.api('POST', 'payment/datatrans/reservation/init', undefined, body);

  it('starts its card payment only with the key its booker got', async () => {
    const { reservationId, guestKey, total } = f.guestReservation;
    expect(guestKey, 'the booking answer carries the guest key').toMatch(/^[0-9A-Za-z_-]{20,}$/);
    const body = { source: 'customerReservation', reservationId, amount: total };
    await refused(undefined, 'POST', 'payment/datatrans/reservation/init', body, [404]);
    await refused(
      undefined,
      'POST',
      'payment/datatrans/reservation/init',
      { ...body, guestKey: 'x'.repeat(43) },
      [404],
    );
    const paid = await init({ ...body, guestKey });
    expect(paid.status, show(paid)).toBe(201);
    // The transaction id is the key to the public result pages of that booking, and only that one.
    const status = await t.api(
      'GET',
      `public/reservation/${reservationId}/transaction/${paid.body.transactionId}/status`,
    );
    expect(status.status).toBe(200);
    await refused(
      undefined,
      'GET',
      `public/reservation/${f.customerReservation.reservationId}/transaction/${paid.body.transactionId}/status`,
      undefined,
      [404],
    );
  });

  it('a key opens no other booking', async () => {
    const { guestKey } = f.guestReservation;
    await refused(
      undefined,
      'POST',
      'payment/datatrans/reservation/init',
      {
        source: 'customerReservation',
        reservationId: f.customerReservation.reservationId,
        amount: 10,
        guestKey,
      },
      [404],
    );
  });
});
