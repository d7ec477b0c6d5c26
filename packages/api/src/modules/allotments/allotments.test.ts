import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBody } from '../../test/agents.ts';
import { adult, booking } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { withoutSpecialRoles, withSpecialRoles } from '../../test/special-roles.ts';
import { ledgerCheck } from '../ledger/ledger.ts';
import { chf, line, readPdf } from '../reservations/documents/document-fixtures.ts';

let t: TestApp;
let admin: string;
let manager: string;
let agent: string;
let customer: string;
let otherAgent: string;
let agentId: number;
let otherAgentId: number;
let managerId: number;
let createFlight: ReturnType<typeof flightMaker>;

const api: TestApp['api'] = (...args) => t.api(...args);

/** Rows of a raw query (both drivers answer `{ rows }`). */
const rowsOf = async <Row>(query: Promise<unknown>) => ((await query) as { rows: Row[] }).rows;

const accountBalance = async (where: { code?: string; userId?: number }) => {
  const [row] = await rowsOf<{ balance: string }>(
    t.database.db.execute(
      where.code
        ? sql`select balance from accounts where virtual_code = ${where.code}`
        : sql`select balance from accounts where owner_user_id = ${where.userId}`,
    ),
  );
  return Number(row!.balance);
};

async function expectBalancedBooks() {
  expect(await t.database.db.transaction((tx) => ledgerCheck(tx))).toEqual({
    signedSum: 0,
    mismatchedAccounts: 0,
  });
}

let flightDay = 0;
/**
 * A flight ZRH → PRN with one allotment of economy seats; each call departs a day later in 2032,
 * at 05:30 UTC (07:30 in Zurich, summer time), so date filters can pick flights apart.
 */
async function allot(options: { agent?: number; seats?: number; cost?: number; day?: string } = {}) {
  flightDay += 1;
  const day =
    options.day ?? new Date(Date.UTC(2032, 3, 1) + flightDay * 86_400_000).toISOString().slice(0, 10);
  const flightId = await createFlight({
    departure: `${day}T05:30:00Z`,
    arrival: `${day}T07:45:00Z`,
    allotments: [
      {
        agent: { id: options.agent ?? agentId },
        tariffGroup: { id: 1 },
        seatsNumber: options.seats ?? 10,
        costPerSeat: options.cost ?? 150,
      },
    ],
  });
  const flight = (await api('GET', `flight/${flightId}`, manager)).body;
  return { flightId, day, number: flight.number as string, allotmentId: flight.allotments[0].id as number };
}

const invoiceBody = (ids: number[], overrides: Record<string, unknown> = {}) => ({
  ids,
  agent: { id: agentId },
  title: 'Allotments April 2032',
  invoiceDate: '2032-03-01',
  paymentDeadline: '2032-03-31',
  invoiceCompany: 'Alpen Reisen GmbH',
  discountDescription: '',
  discount: 0,
  ...overrides,
});

async function invoice(ids: number[], overrides: Record<string, unknown> = {}) {
  const response = await api('POST', 'allotment/invoice', manager, invoiceBody(ids, overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function transferAccountId() {
  const list = await api('GET', 'account/payment-list?paymentType=transfer', manager);
  return list.body.items[0].id as number;
}

const pay = (token: string, body: object, headers?: Record<string, string>) =>
  api('POST', 'payment/allotment/invoice', token, body, headers);

/** Runs `work` while the demo manager lacks `roles` (denied special roles), then restores them. */
const withoutManagerRoles = (roles: string[], work: () => Promise<void>) =>
  withoutSpecialRoles(t, admin, managerId, roles, work);

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, agent, customer] = await Promise.all([
    t.login('admin'),
    t.login('manager'),
    t.login('agent'),
    t.login('customer'),
  ]);
  agentId = (await api('GET', 'user/me', agent)).body.id;
  managerId = (await api('GET', 'user/me', manager)).body.id;
  const countries = (await api('GET', 'country/entire-list', admin)).body.items;
  const ch = countries.find((country: { code: string }) => country.code === 'CH').id;
  const created = await api('POST', 'agent', admin, agentBody(ch, { company: 'Dardania Travel' }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  otherAgentId = created.body.id;
  otherAgent = await t.login('dardania@example.test', 'agency-pass');
  createFlight = flightMaker(t, manager, await catalogueIds(t, manager), 6100);
});
afterAll(async () => {
  await t.close();
});

describe('the allotment list', () => {
  it('lists every agent’s allotments by flight date, filtered by agent, local departure day and invoice', async () => {
    const later = await allot({ day: '2032-02-12', seats: 4 });
    const earlier = await allot({ day: '2032-02-10', seats: 6, agent: otherAgentId });
    const other = await allot({ day: '2032-02-11', seats: 8 });
    await invoice([other.allotmentId]);
    const list = async (query: string) =>
      (
        await api(
          'GET',
          `allotment/list?flightDateInterval[from]=2032-02-10&flightDateInterval[to]=2032-02-12${query}`,
          manager,
        )
      ).body;

    const all = await list('');
    expect(all.total).toBe(3);
    expect(all.items.map((row: { id: number }) => row.id)).toEqual([
      earlier.allotmentId,
      other.allotmentId,
      later.allotmentId,
    ]);
    expect(all.items[0]).toMatchObject({
      flight: {
        id: earlier.flightId,
        number: earlier.number,
        origin: { code: 'ZRH' },
        destination: { code: 'PRN' },
      },
      agent: { id: otherAgentId, displayName: 'Dardania Travel' },
      tariffGroup: { id: 1 },
      seatsNumber: 6,
      booked: 0,
      costPerSeat: 150,
      total: 900,
      invoice: null,
    });
    expect(all.items[1].invoice).toEqual({ id: expect.any(Number), title: 'Allotments April 2032' });

    expect((await list(`&agentId=${otherAgentId}`)).items.map((row: { id: number }) => row.id)).toEqual([
      earlier.allotmentId,
    ]);
    expect((await list('&invoicedStatus=open')).items.map((row: { id: number }) => row.id)).toEqual([
      earlier.allotmentId,
      later.allotmentId,
    ]);
    expect((await list('&invoicedStatus=invoiced')).items.map((row: { id: number }) => row.id)).toEqual([
      other.allotmentId,
    ]);
    expect((await list('&sortOrder=DESC&pageSize=2')).items.map((row: { id: number }) => row.id)).toEqual([
      later.allotmentId,
      other.allotmentId,
    ]);
    // A local day: 05:30 UTC on the 12th is the 12th in Zurich.
    const one = await api(
      'GET',
      'allotment/list?flightDateInterval[from]=2032-02-12&flightDateInterval[to]=2032-02-12',
      manager,
    );
    expect(one.body.items.map((row: { id: number }) => row.id)).toEqual([later.allotmentId]);
  });

  it('pages 30 rows by default and at most 500', async () => {
    // The demo timetable's allotments and some more: more than a page.
    while ((await api('GET', 'allotment/list', manager)).body.total <= 30) await allot();
    const page = await api('GET', 'allotment/list', manager);
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(30);
    const departures = page.body.items.map((row: { flight: { departure: string } }) => row.flight.departure);
    expect([...departures].sort()).toEqual(departures);
    expect((await api('GET', 'allotment/list?pageSize=500', manager)).status).toBe(200);
    const tooMany = await api('GET', 'allotment/list?pageSize=501', manager);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0]).toMatchObject({ code: 'ERROR_MAXIMUM', field: 'pageSize' });
    const badStatus = await api('GET', 'allotment/list?invoicedStatus=maybe', manager);
    expect(badStatus.body.errors[0]).toMatchObject({ code: 'ERROR_ENUM', field: 'invoicedStatus' });
  });

  it('shows the cost per seat only to staff with ROLE_ALLOTMENT_READ_COST_PER_SEAT', async () => {
    const { allotmentId } = await allot({ day: '2032-02-20' });
    const row = async () =>
      (
        await api(
          'GET',
          'allotment/list?flightDateInterval[from]=2032-02-20&flightDateInterval[to]=2032-02-20',
          manager,
        )
      ).body.items.find((item: { id: number }) => item.id === allotmentId);
    expect(await row()).toMatchObject({ costPerSeat: 150, total: 1500 });
    await withoutManagerRoles(['ROLE_ALLOTMENT_READ_COST_PER_SEAT'], async () => {
      const hidden = await row();
      expect(hidden.seatsNumber).toBe(10);
      expect(hidden).not.toHaveProperty('costPerSeat');
      expect(hidden).not.toHaveProperty('total');
    });
  });

  it('shows agents only their own allotments, with what they cost them', async () => {
    const own = await allot({ day: '2032-02-25', seats: 3, cost: 99.5 });
    const foreign = await allot({ day: '2032-02-25', agent: otherAgentId });
    const query = 'flightDateInterval[from]=2032-02-25&flightDateInterval[to]=2032-02-25';
    const mine = await api('GET', `agent/allotment/list?${query}&agentId=${otherAgentId}`, agent);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((row: { id: number }) => row.id)).toEqual([own.allotmentId]);
    expect(mine.body.items[0]).toMatchObject({ costPerSeat: 99.5, total: 298.5, agent: { id: agentId } });
    const theirs = await api('GET', `agent/allotment/list?${query}`, otherAgent);
    expect(theirs.body.items.map((row: { id: number }) => row.id)).toEqual([foreign.allotmentId]);
    // The full list is staff's.
    expect((await api('GET', 'allotment/list', agent)).status).toBe(403);
    expect((await api('GET', 'agent/allotment/list', customer)).status).toBe(403);
    expect((await api('GET', 'agent/allotment/list')).status).toBe(401);
  });

  it('counts allotted seats in the flight’s inventory', async () => {
    const { flightId } = await allot({ seats: 12 });
    const flight = (await api('GET', `flight/${flightId}`, manager)).body;
    const economy = flight.seatsByTariff.find(
      (row: { tariffGroup: { id: number } }) => row.tariffGroup.id === 1,
    );
    expect(economy).toMatchObject({ numberOfSeatsToSale: 150, allotted: 12, booked: 0, free: 138 });
  });
});

describe('agents booking', () => {
  it('use their own allotment first, and parallel bookings never take more than it and the sale hold', async () => {
    const flightId = await createFlight({
      departure: '2032-06-01T05:30:00Z',
      arrival: '2032-06-01T07:45:00Z',
      seatsByTariff: [
        {
          tariffGroup: { id: 1 },
          totalSeats: 168,
          numberOfSeatsToSale: 4,
          costPerSeat: 90,
          agentSeatsLimit: 4,
        },
      ],
      allotments: [{ agent: { id: agentId }, tariffGroup: { id: 1 }, seatsNumber: 3, costPerSeat: 120 }],
    });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        api(
          'POST',
          'reservation',
          agent,
          booking(flightId, { passengers: [adult(`A${index}`)], paymentTerms: 'later' }),
        ),
      ),
    );
    // Three seats of the allotment and the one seat left on sale.
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(4);
    expect(
      new Set(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body.errors[0].code)),
    ).toEqual(new Set(['ERROR_AVAILABLE_SEATS_NOT_ENOUGH']));
    const [counts] = await rowsOf<{
      in_allotment: number;
      on_sale: number;
      allotment_booked: number;
      sale_booked: number;
    }>(
      t.database.db.execute(sql`
        select
          (select count(*) from tickets where flight_id = ${flightId} and is_active and allotment_id is not null)::int as in_allotment,
          (select count(*) from tickets where flight_id = ${flightId} and is_active and allotment_id is null)::int as on_sale,
          (select booked from allotments where flight_id = ${flightId}) as allotment_booked,
          (select booked from flight_seats where flight_id = ${flightId} and tariff_group_id = 1) as sale_booked`),
    );
    expect(counts).toEqual({ in_allotment: 3, on_sale: 1, allotment_booked: 3, sale_booked: 1 });
    // Another agent finds nothing: the allotment is not theirs and the sale is sold out.
    const other = await api('POST', 'reservation', otherAgent, booking(flightId, { paymentTerms: 'later' }));
    expect(other.body.errors?.[0]?.code).toBe('ERROR_AVAILABLE_SEATS_NOT_ENOUGH');
  });
});

describe('creating an allotment invoice', () => {
  it('invoices the allotments of one agent: total, discount, the allotments, the event log', async () => {
    const first = await allot({ seats: 20, cost: 150 });
    const second = await allot({ seats: 5, cost: 99.95 });
    const created = await invoice([second.allotmentId, first.allotmentId], {
      discount: 99.75,
      discountDescription: 'Early booking',
    });
    expect(created).toMatchObject({
      title: 'Allotments April 2032',
      invoiceDate: '2032-03-01',
      paymentDeadline: '2032-03-31',
      invoiceCompany: 'Alpen Reisen GmbH',
      discountDescription: 'Early booking',
      discount: 99.75,
      total: 3499.75,
      totalWithDiscount: 3400,
      totalPaid: 0,
      outstanding: 3400,
      status: 'pending',
      agent: { id: agentId, displayName: 'Alpen Reisen GmbH' },
      seats: 25,
      payments: [],
    });
    expect(created.allotments.map((row: { id: number; total: number }) => [row.id, row.total])).toEqual([
      [first.allotmentId, 3000],
      [second.allotmentId, 499.75],
    ]);
    const flight = (await api('GET', `flight/${first.flightId}`, manager)).body;
    expect(flight.allotments[0].invoice).toEqual({ id: created.id });
    expect((await api('GET', `allotment/invoice/${created.id}`, manager)).body).toEqual(created);
    const log = await api('GET', `entity-log/list?entityType=allotmentInvoice&query=${created.id}`, admin);
    expect(log.body.items[0]).toMatchObject({ operationType: 'create', user: { id: managerId } });
  });

  it('refuses a deadline before the invoice date and a discount above the debt, changing nothing', async () => {
    const { allotmentId } = await allot({ seats: 2, cost: 100 });
    const early = await api(
      'POST',
      'allotment/invoice',
      manager,
      invoiceBody([allotmentId], { invoiceDate: '2032-03-10', paymentDeadline: '2032-03-09' }),
    );
    expect(early.status).toBe(422);
    expect(early.body.errors[0]).toEqual({
      code: 'ERROR_PAYMENT_DEADLINE_EARLIER_INVOICE_DATE',
      message: 'Payment deadline is earlier than invoice date.',
      field: 'paymentDeadline',
    });
    const tooMuch = await api(
      'POST',
      'allotment/invoice',
      manager,
      invoiceBody([allotmentId], { discount: 200.01 }),
    );
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors[0]).toMatchObject({
      code: 'ERROR_DISCOUNT_MORE_INVOICE_DEBT',
      message: 'Discount is more than invoice debt.',
      field: 'discount',
    });
    const listed = await api(
      'GET',
      `allotment/list?invoicedStatus=invoiced&agentId=${agentId}&pageSize=500`,
      manager,
    );
    expect(listed.body.items.map((row: { id: number }) => row.id)).not.toContain(allotmentId);
    // The whole debt may be taken off: the invoice is then settled.
    expect((await invoice([allotmentId], { discount: 200 })).status).toBe('paid');
  });

  it('refuses allotments of another agent, invoiced ones and unknown ones', async () => {
    const own = await allot();
    const foreign = await allot({ agent: otherAgentId });
    const mixed = await api(
      'POST',
      'allotment/invoice',
      manager,
      invoiceBody([own.allotmentId, foreign.allotmentId]),
    );
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors[0]).toMatchObject({ code: 'ERROR_ALLOTMENT_OTHER_AGENT', field: 'ids' });
    const wrongAgent = await api(
      'POST',
      'allotment/invoice',
      manager,
      invoiceBody([own.allotmentId], { agent: { id: otherAgentId } }),
    );
    expect(wrongAgent.body.errors[0].code).toBe('ERROR_ALLOTMENT_OTHER_AGENT');
    const notAnAgent = await api(
      'POST',
      'allotment/invoice',
      manager,
      invoiceBody([own.allotmentId], { agent: { id: managerId } }),
    );
    expect(notAnAgent.body.errors[0]).toMatchObject({ code: 'ERROR_NOT_FOUND', field: 'agent.id' });
    const unknown = await api('POST', 'allotment/invoice', manager, invoiceBody([own.allotmentId, 987_654]));
    expect(unknown.body.errors[0]).toMatchObject({ code: 'ERROR_NOT_FOUND', field: 'ids' });
    const twice = await api(
      'POST',
      'allotment/invoice',
      manager,
      invoiceBody([own.allotmentId, own.allotmentId]),
    );
    expect(twice.body.errors[0]).toMatchObject({ code: 'ERROR_NOT_UNIQUE', field: 'ids' });
    const none = await api('POST', 'allotment/invoice', manager, invoiceBody([]));
    expect(none.body.errors[0]).toMatchObject({ code: 'ERROR_MIN_LENGTH', field: 'ids' });

    await invoice([own.allotmentId]);
    const again = await api('POST', 'allotment/invoice', manager, invoiceBody([own.allotmentId]));
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: 'ERROR_ALLOTMENT_ALREADY_INVOICED', field: 'ids' });
    expect((await api('POST', 'allotment/invoice', agent, invoiceBody([foreign.allotmentId]))).status).toBe(
      403,
    );
  });

  it('gives an allotment to exactly one of several invoices made at the same time', async () => {
    const { allotmentId } = await allot();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        api('POST', 'allotment/invoice', manager, invoiceBody([allotmentId], { title: `Race ${index}` })),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(
      new Set(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body.errors[0].code)),
    ).toEqual(new Set(['ERROR_ALLOTMENT_ALREADY_INVOICED']));
    const [count] = await rowsOf<{ n: number }>(
      t.database.db.execute(sql`select count(*)::int as n from allotment_invoices where title like 'Race %'`),
    );
    expect(count!.n).toBe(1);
  });

  it('freezes the invoiced allotment on the flight', async () => {
    const { flightId, allotmentId } = await allot({ seats: 10 });
    await invoice([allotmentId]);
    const flight = (await api('GET', `flight/${flightId}`, manager)).body;
    const changed = await api('PUT', `flight/${flightId}`, manager, {
      flightCompany: { id: flight.flightCompany.id },
      number: flight.number,
      origin: { code: 'ZRH' },
      destination: { code: 'PRN' },
      departure: flight.departure,
      arrival: flight.arrival,
      aircraftTemplate: { id: flight.aircraftTemplate.id },
      rate: { id: flight.rate.id },
      seatsByTariff: flight.seatsByTariff.map((row: Record<string, unknown>) => ({
        tariffGroup: row.tariffGroup,
        totalSeats: row.totalSeats,
        numberOfSeatsToSale: row.numberOfSeatsToSale,
        costPerSeat: row.costPerSeat,
        agentSeatsLimit: row.agentSeatsLimit,
        onlineSeatsLimit: row.onlineSeatsLimit,
      })),
      allotments: [
        {
          id: allotmentId,
          agent: { id: agentId },
          tariffGroup: { id: 1 },
          seatsNumber: 11,
          costPerSeat: 150,
        },
      ],
    });
    expect(changed.status).toBe(409);
    expect(changed.body.errors[0].code).toBe('ERROR_IMMUTABLE_PROPERTY_IS_CHANGED');
  });
});

describe('changing and deleting an allotment invoice', () => {
  it('changes title, dates, company and discount by the same rules, and logs what changed', async () => {
    const { allotmentId } = await allot({ seats: 4, cost: 250 });
    const created = await invoice([allotmentId]);
    const changes = {
      title: 'Allotments May',
      invoiceDate: '2032-03-05',
      paymentDeadline: '2032-04-05',
      invoiceCompany: 'Alpen Reisen AG',
      discountDescription: 'Loyalty',
      discount: 100,
    };
    const updated = await api('PUT', `allotment/invoice/${created.id}`, manager, changes);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ ...changes, total: 1000, totalWithDiscount: 900, outstanding: 900 });
    const early = await api('PUT', `allotment/invoice/${created.id}`, manager, {
      ...changes,
      paymentDeadline: '2032-03-04',
    });
    expect(early.body.errors[0].code).toBe('ERROR_PAYMENT_DEADLINE_EARLIER_INVOICE_DATE');
    const tooMuch = await api('PUT', `allotment/invoice/${created.id}`, manager, {
      ...changes,
      discount: 1000.05,
    });
    expect(tooMuch.body.errors[0].code).toBe('ERROR_DISCOUNT_MORE_INVOICE_DEBT');
    expect((await api('GET', `allotment/invoice/${created.id}`, manager)).body).toMatchObject(changes);
    const log = await api(
      'GET',
      `entity-log/list?entityType=allotmentInvoice&operationType=update&query=${created.id}`,
      admin,
    );
    expect(log.body.items[0].changedFields).toEqual(
      expect.arrayContaining(['title', 'invoiceDate', 'paymentDeadline', 'invoiceCompany', 'discount']),
    );
    expect((await api('PUT', `allotment/invoice/${created.id}`, agent, changes)).status).toBe(403);
    expect((await api('PUT', 'allotment/invoice/987654', manager, changes)).status).toBe(404);
  });

  it('deletes an invoice nothing was paid on and opens its allotments again', async () => {
    const { allotmentId, flightId } = await allot();
    const created = await invoice([allotmentId]);
    expect((await api('DELETE', `allotment/invoice/${created.id}`, agent)).status).toBe(403);
    const removed = await api('DELETE', `allotment/invoice/${created.id}`, manager);
    expect(removed.status).toBe(204);
    expect((await api('GET', `allotment/invoice/${created.id}`, manager)).status).toBe(404);
    const flight = (await api('GET', `flight/${flightId}`, manager)).body;
    expect(flight.allotments[0].invoice).toBeNull();
    const log = await api(
      'GET',
      `entity-log/list?entityType=allotmentInvoice&operationType=delete&query=${created.id}`,
      admin,
    );
    expect(log.body.total).toBe(1);
    expect((await api('DELETE', `allotment/invoice/${created.id}`, manager)).status).toBe(404);
    // Open again: it can be invoiced anew.
    expect((await invoice([allotmentId])).allotments).toHaveLength(1);
  });
});

describe('an agent holding the invoice role', () => {
  /** Runs `work` while the other agent also holds ROLE_ALLOTMENT_INVOICE_EDIT, then takes it back. */
  const withInvoiceRole = (work: () => Promise<void>) =>
    withSpecialRoles(t, admin, otherAgentId, ['ROLE_ALLOTMENT_INVOICE_EDIT'], work);

  it('changes and deletes only their own invoices, and invoices no one else’s allotments', async () => {
    const demoAgents = await invoice([(await allot()).allotmentId]);
    const open = await allot();
    const own = await invoice([(await allot({ agent: otherAgentId })).allotmentId], {
      agent: { id: otherAgentId },
    });
    const changes = { title: 'Taken over', invoiceDate: '2032-03-01', paymentDeadline: '2032-03-31' };
    await withInvoiceRole(async () => {
      // Another agent's invoice is as unknown to them as to its reader (404), and stays as it was.
      expect((await api('PUT', `allotment/invoice/${demoAgents.id}`, otherAgent, changes)).status).toBe(404);
      expect((await api('DELETE', `allotment/invoice/${demoAgents.id}`, otherAgent)).status).toBe(404);
      const theirs = await api('POST', 'allotment/invoice', otherAgent, invoiceBody([open.allotmentId]));
      expect(theirs.status).toBe(403);
      const mine = await api('PUT', `allotment/invoice/${own.id}`, otherAgent, changes);
      expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    });
    const after = (await api('GET', `allotment/invoice/${demoAgents.id}`, manager)).body;
    expect(after.title).toBe(demoAgents.title);
    expect((await api('GET', `flight/${open.flightId}`, manager)).body.allotments[0].invoice).toBeNull();
    // Leave the agents' invoice lists as the list tests expect them.
    for (const id of [demoAgents.id, own.id]) {
      expect((await api('DELETE', `allotment/invoice/${id}`, manager)).status).toBe(204);
    }
  });
});

describe('the allotment invoice list', () => {
  it('maps the payment filter: unpaid = pending + overDeadline, overDeadline, paid = paid + overpaid', async () => {
    const past = await invoice([(await allot({ agent: otherAgentId })).allotmentId], {
      agent: { id: otherAgentId },
      title: 'Past',
      invoiceDate: '2020-01-01',
      paymentDeadline: '2020-01-31',
    });
    const open = await invoice([(await allot({ agent: otherAgentId })).allotmentId], {
      agent: { id: otherAgentId },
      title: 'Open',
      invoiceDate: '2031-12-01',
      paymentDeadline: '2099-12-31',
    });
    const settled = await invoice([(await allot({ agent: otherAgentId, cost: 10, seats: 1 })).allotmentId], {
      agent: { id: otherAgentId },
      title: 'Settled',
      invoiceDate: '2031-11-01',
      discount: 10,
    });
    const partly = await invoice([(await allot({ agent: otherAgentId, cost: 100, seats: 1 })).allotmentId], {
      agent: { id: otherAgentId },
      title: 'Over',
      invoiceDate: '2031-10-01',
      paymentDeadline: '2099-01-01',
    });
    // Paid in part, then more discount is given than is left to pay: the agent has overpaid.
    expect(
      (
        await pay(manager, {
          amount: 60,
          paymentTypeCode: 'transfer',
          allotmentInvoiceId: partly.id,
          accountId: await transferAccountId(),
        })
      ).status,
    ).toBe(201);
    const overpaid = await api('PUT', `allotment/invoice/${partly.id}`, manager, {
      title: 'Over',
      invoiceDate: '2031-10-01',
      paymentDeadline: '2099-01-01',
      discount: 50,
      discountDescription: 'Goodwill',
    });
    expect(overpaid.body).toMatchObject({
      status: 'overpaid',
      totalWithDiscount: 50,
      totalPaid: 60,
      outstanding: -10,
    });
    expect(past.status).toBe('overDeadline');
    expect((await api('GET', `allotment/invoice/${past.id}`, manager)).body.status).toBe('overDeadline');

    const ids = async (query: string) =>
      (await api('GET', `allotment/invoice/list?agentId=${otherAgentId}${query}`, manager)).body.items.map(
        (item: { id: number }) => item.id,
      );
    // Newest invoice date first; unpaid by default.
    expect(await ids('')).toEqual([open.id, past.id]);
    expect(await ids('&paymentStatus[]=overDeadline')).toEqual([past.id]);
    expect(await ids('&paymentStatus[]=paid')).toEqual([settled.id, partly.id]);
    expect(await ids('&paymentStatus[]=unpaid&paymentStatus[]=paid')).toEqual([
      open.id,
      settled.id,
      partly.id,
      past.id,
    ]);
    expect(await ids('&paymentStatus[]=paid&sortBy=invoiceDate&sortOrder=ASC')).toEqual([
      partly.id,
      settled.id,
    ]);
    const page = await api(
      'GET',
      `allotment/invoice/list?agentId=${otherAgentId}&paymentStatus[]=unpaid&paymentStatus[]=paid&pageSize=2&page=1`,
      manager,
    );
    expect(page.body).toMatchObject({ total: 4 });
    expect(page.body.items.map((item: { id: number }) => item.id)).toEqual([partly.id, past.id]);
    expect((await api('GET', 'allotment/invoice/list?pageSize=51', manager)).status).toBe(422);
    expect((await api('GET', 'allotment/invoice/list?paymentStatus[]=someday', manager)).status).toBe(422);

    const balance = await api('GET', `allotment/invoice/agent/${otherAgentId}/balance`, manager);
    expect(balance.body).toEqual({
      agent: { id: otherAgentId, displayName: 'Dardania Travel' },
      // 1500 (past) + 1500 (open) + 0 (settled) − 10 (overpaid)
      outstanding: 2990,
      overDeadline: 1500,
      unpaidInvoices: 2,
    });
    const own = await api('GET', 'agent/allotment/invoice/balance', otherAgent);
    expect(own.body).toEqual(balance.body);
    const ownList = await api('GET', 'agent/allotment/invoice/list?paymentStatus[]=overDeadline', otherAgent);
    expect(ownList.body.items.map((item: { id: number }) => item.id)).toEqual([past.id]);
  });

  it('keeps each agent to their own invoices and balance', async () => {
    const { allotmentId } = await allot();
    const created = await invoice([allotmentId]);
    expect((await api('GET', `allotment/invoice/${created.id}`, agent)).status).toBe(200);
    expect((await api('GET', `allotment/invoice/${created.id}`, otherAgent)).status).toBe(404);
    expect((await api('GET', `agent/allotment/invoice/${created.id}/pdf/en`, otherAgent)).status).toBe(404);
    expect((await api('GET', `allotment/invoice/${created.id}/pdf/en`, otherAgent)).status).toBe(404);
    expect((await api('GET', `agent/allotment/invoice/${created.id}/pdf/en`, agent)).status).toBe(200);
    const theirs = await api(
      'GET',
      'agent/allotment/invoice/list?paymentStatus[]=unpaid&paymentStatus[]=paid&pageSize=50',
      otherAgent,
    );
    expect(theirs.body.items.map((item: { id: number }) => item.id)).not.toContain(created.id);
    expect(theirs.body.items.every((item: { agent: { id: number } }) => item.agent.id === otherAgentId)).toBe(
      true,
    );
    // The staff calls are refused to agents, whatever id they guess.
    expect((await api('GET', 'allotment/invoice/list', agent)).status).toBe(403);
    expect((await api('GET', `allotment/invoice/agent/${agentId}/balance`, otherAgent)).status).toBe(403);
    expect((await api('GET', 'agent/allotment/invoice/list', customer)).status).toBe(403);
    expect((await api('GET', `allotment/invoice/agent/${managerId}/balance`, manager)).status).toBe(404);
  });
});

describe('paying an allotment invoice', () => {
  it('takes a transfer through the agent’s account into revenue, in part and then in full', async () => {
    const { allotmentId } = await allot({ seats: 10, cost: 200 });
    const created = await invoice([allotmentId], { discount: 500 });
    const transfer = await transferAccountId();
    const before = {
      desk: await accountBalance({ code: 'TRANSFER' }),
      revenue: await accountBalance({ code: 'REVENUE_TICKETS' }),
      agent: await accountBalance({ userId: agentId }),
    };
    const first = await pay(manager, {
      amount: 500.5,
      paymentTypeCode: 'transfer',
      allotmentInvoiceId: created.id,
      accountId: transfer,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.invoice).toMatchObject({ status: 'pending', totalPaid: 500.5, outstanding: 999.5 });
    const rest = await pay(manager, {
      amount: 999.5,
      paymentTypeCode: 'transfer',
      allotmentInvoiceId: created.id,
      accountId: transfer,
    });
    expect(rest.body.invoice).toMatchObject({ status: 'paid', totalPaid: 1500, outstanding: 0 });
    expect(
      rest.body.invoice.payments.map((payment: { amount: number; method: string }) => [
        payment.amount,
        payment.method,
      ]),
    ).toEqual([
      [500.5, 'transfer'],
      [999.5, 'transfer'],
    ]);
    expect(await accountBalance({ code: 'TRANSFER' })).toBe(before.desk + 150_000);
    expect(await accountBalance({ code: 'REVENUE_TICKETS' })).toBe(before.revenue + 150_000);
    expect(await accountBalance({ userId: agentId })).toBe(before.agent);
    await expectBalancedBooks();

    // The agent finds both movements of each payment in their own balance log.
    const log = await api(
      'GET',
      `user/me/balance-log/list?query=${encodeURIComponent(`Allotment invoice ${created.id}`)}`,
      agent,
    );
    expect(
      log.body.items.map((record: { type: { code: string }; amount: number }) => [
        record.type.code,
        record.amount,
      ]),
    ).toEqual([
      ['payment', 999.5],
      ['prepaid_deposit', 999.5],
      ['payment', 500.5],
      ['prepaid_deposit', 500.5],
    ]);

    // Paid: no more payments, no change, no delete.
    const again = await pay(manager, {
      amount: 1,
      paymentTypeCode: 'transfer',
      allotmentInvoiceId: created.id,
      accountId: transfer,
    });
    expect(again.status).toBe(422);
    expect(again.body.errors[0].code).toBe('ERROR_INVOICE_ALREADY_PAID');
    const edit = await api('PUT', `allotment/invoice/${created.id}`, manager, {
      title: 'x',
      invoiceDate: '2032-03-01',
      paymentDeadline: '2032-03-31',
    });
    expect(edit.status).toBe(409);
    expect(edit.body.errors[0].code).toBe('ERROR_ALLOTMENT_INVOICE_PAID');
    const removed = await api('DELETE', `allotment/invoice/${created.id}`, manager);
    expect(removed.status).toBe(409);
    expect(removed.body.errors[0].code).toBe('ERROR_ALLOTMENT_INVOICE_HAS_PAYMENTS');
  });

  it('refuses too much, other methods, a missing or unfit desk, and strangers, changing nothing', async () => {
    const { allotmentId } = await allot({ seats: 1, cost: 300 });
    const created = await invoice([allotmentId]);
    const transfer = await transferAccountId();
    const cash = (await api('GET', 'account/payment-list?paymentType=cash', manager)).body.items[0].id;
    const body = (changes: object) => ({
      amount: 100,
      paymentTypeCode: 'cash',
      allotmentInvoiceId: created.id,
      accountId: cash,
      ...changes,
    });
    const refusals: [object, number, string, string?][] = [
      [{ amount: 300.05 }, 422, 'ERROR_PAYMENT_AMOUNT_TOO_BIG', 'amount'],
      [{ paymentTypeCode: 'account' }, 422, 'ERROR_PAYMENT_UNEXPECTED_METHOD', 'paymentTypeCode'],
      [{ paymentTypeCode: 'BANK_EC' }, 422, 'ERROR_PAYMENT_UNEXPECTED_METHOD', 'paymentTypeCode'],
      [{ accountId: undefined }, 422, 'ERROR_PAYMENT_ACCOUNT_REQUIRED', 'accountId'],
      [{ accountId: transfer }, 422, 'ERROR_ACCOUNT_NOT_ALLOWED', 'accountId'],
      [{ amount: 0 }, 422, 'ERROR_MONEY_NOT_POSITIVE', 'amount'],
      [{ amount: 10.005 }, 422, 'ERROR_MONEY_PRECISION', 'amount'],
      [{ allotmentInvoiceId: 987_654 }, 404, 'ERROR_NOT_FOUND'],
    ];
    for (const [changes, status, code, field] of refusals) {
      const answer = await pay(manager, body(changes));
      expect(answer.status, code).toBe(status);
      expect(answer.body.errors[0], code).toMatchObject({ code, ...(field ? { field } : {}) });
    }
    expect(answerMessage(await pay(manager, body({ amount: 300.05 })))).toBe(
      'Partial amount should be less than price to pay.',
    );
    expect((await pay(agent, body({}))).status).toBe(403);
    expect((await pay(customer, body({}))).status).toBe(403);
    expect((await api('GET', `allotment/invoice/${created.id}`, manager)).body).toMatchObject({
      totalPaid: 0,
      status: 'pending',
      payments: [],
    });
    await expectBalancedBooks();
  });

  it('takes a repeated payment with the same Idempotency-Key once', async () => {
    const { allotmentId } = await allot({ seats: 2, cost: 100 });
    const created = await invoice([allotmentId]);
    const body = {
      amount: 50,
      paymentTypeCode: 'transfer',
      allotmentInvoiceId: created.id,
      accountId: await transferAccountId(),
    };
    const answers = await Promise.all([
      pay(manager, body, { 'idempotency-key': `allotment-${created.id}` }),
      pay(manager, body, { 'idempotency-key': `allotment-${created.id}` }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers[0]!.body.id).toBe(answers[1]!.body.id);
    expect((await api('GET', `allotment/invoice/${created.id}`, manager)).body).toMatchObject({
      totalPaid: 50,
    });
    await expectBalancedBooks();
  });
});

describe('the allotment invoice PDF', () => {
  it('prints the title, agent, flights, seats, totals and discount (English and German)', async () => {
    const first = await allot({ seats: 20, cost: 150, day: '2032-07-03' });
    const second = await allot({ seats: 4, cost: 149.9, day: '2032-07-10' });
    const created = await invoice([first.allotmentId, second.allotmentId], {
      title: 'Sommerblock Juli 2032',
      discount: 99.6,
      discountDescription: 'Frühbucher',
      paymentDeadline: '2099-12-31',
    });
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/allotment/invoice/${created.id}/pdf/en`,
      token: manager,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toContain('filename="AllotmentInvoice.pdf"');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/allotment/invoice/${created.id}/pdf/en`,
      headers: { 'x-auth-token': manager },
    });
    const { text, info } = readPdf(pdf.rawPayload);
    expect(info).toMatch(/Title:\s+Allotment invoice \d+ – Sommerblock Juli 2032/);
    expect(text).toMatch(line('Sommerblock Juli 2032', 'PENDING'));
    expect(text).toContain('Alpen Reisen GmbH');
    expect(text).toMatch(line('Agent', 'Alpen Reisen GmbH'));
    expect(text).toMatch(line('Invoice no.', String(created.id)));
    expect(text).toMatch(line('Payment deadline', '31.12.2099'));
    expect(text).toMatch(
      line(
        first.number,
        'ZRH–PRN',
        'Sat 03.07.2032 07:30',
        'Economy',
        '20',
        chf(15_000, 'en'),
        chf(300_000, 'en'),
      ),
    );
    expect(text).toMatch(
      line(
        second.number,
        'ZRH–PRN',
        'Sat 10.07.2032 07:30',
        'Economy',
        '4',
        chf(14_990, 'en'),
        chf(59_960, 'en'),
      ),
    );
    expect(text).toMatch(line('Total (24 seats)', chf(359_960, 'en')));
    expect(text).toMatch(line('Discount: Frühbucher', `− ${chf(9_960, 'en')}`));
    expect(text).toMatch(line('Total with discount', chf(350_000, 'en')));
    expect(text).toMatch(line('Paid so far', chf(0, 'en')));
    expect(text).toMatch(line('Still to pay', chf(350_000, 'en')));
    expect(text).toContain(`AI-${String(created.id).padStart(6, '0')}`);

    const german = await t.app.inject({
      method: 'GET',
      url: `/api/v1/agent/allotment/invoice/${created.id}/pdf/de`,
      headers: { 'x-auth-token': agent },
    });
    expect(german.statusCode).toBe(200);
    const de = readPdf(german.rawPayload).text;
    expect(de).toMatch(line('Total (24 Sitze)', chf(359_960, 'de')));
    expect(de).toMatch(line('Rabatt: Frühbucher', `− ${chf(9_960, 'de')}`));
    expect(de).toMatch(line('Noch zu bezahlen', chf(350_000, 'de')));
  });
});

function answerMessage(answer: { body: { errors: { message: string }[] } }) {
  return answer.body.errors[0]!.message;
}
