import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBody } from '../../test/agents.ts';
import { booking } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ledgerCheck } from '../ledger/ledger.ts';

let t: TestApp;
let admin: string;
let manager: string;
let agent: string;
let otherAgent: string;
let agentId: number;
let createFlight: () => Promise<number>;

/** The first row of a query (both drivers answer `{ rows }`). */
const firstRow = async <Row>(query: Promise<unknown>) => ((await query) as { rows: Row[] }).rows[0]!;

const deskId = async (code: string) =>
  (
    await firstRow<{ id: number }>(
      t.database.db.execute(sql`select id from accounts where virtual_code = ${code}`),
    )
  ).id;

/** Money paid into an agent's account at the desk (a prepaid deposit), as the accounting does it. */
async function deposit(userId: number, amount: number) {
  const account = await t.api('GET', `user/${userId}/account`, admin);
  const types = await t.api('GET', 'payment/free/type/list', admin);
  const type = types.body.items.find((item: { code: string }) => item.code === 'prepaid_deposit');
  const booked = await t.api('POST', 'payment/free/basic', admin, {
    debitAccountId: await deskId('CASH_ZRH'),
    creditAccountId: account.body.id,
    amount,
    typeId: type.id,
    description: 'Prepaid',
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
}

/** A booking an agent makes for itself, to be paid later. */
async function agentBooking(token: string) {
  const made = await t.api(
    'POST',
    'reservation',
    token,
    booking(await createFlight(), { paymentTerms: 'later' }),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: number; invoice: { id: number; total: number } };
}

const payByAccount = (token: string, reservation: { invoice: { id: number; total: number } }) =>
  t.api('POST', 'payment/reservation/invoice', token, {
    amount: reservation.invoice.total,
    paymentTypeCode: 'account',
    reservationInvoiceId: reservation.invoice.id,
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  manager = await t.login('manager');
  agent = await t.login('agent');
  agentId = (await t.api('GET', 'user/me', agent)).body.id;
  const countries = await t.api('GET', 'country/entire-list', admin);
  const ch = countries.body.items.find((country: { code: string }) => country.code === 'CH');
  const other = await t.api('POST', 'agent', manager, agentBody(ch.id, { email: 'ilirian@example.test' }));
  expect(other.status, JSON.stringify(other.body)).toBe(201);
  otherAgent = await t.login('ilirian@example.test', 'agency-pass');
  await deposit(agentId, 2000);
  await deposit(other.body.id, 2000);
  const make = flightMaker(t, manager, await catalogueIds(t, manager), 7300);
  createFlight = () => make({ departure: '2031-08-04T05:30:00Z', arrival: '2031-08-04T07:45:00Z' });
});
afterAll(() => t.close());

describe('agents at the payment page', () => {
  it('the shipped agent group holds the payment page roles and no desk', async () => {
    const me = await t.api('GET', 'user/me', agent);
    expect(me.body.roles).toEqual(
      expect.arrayContaining([
        'ROLE_RESERVATION_INVOICE_ADD_PAYMENT',
        'ROLE_ACCOUNT_LIST_PAYMENT',
        'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_ACCOUNT',
        'ROLE_PAYMENT_DATATRANS',
        'ROLE_RESERVATION_SNAPSHOT_LIST',
      ]),
    );
    for (const role of [
      'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_CASH',
      'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_BANK',
      'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_TRANSFER',
      'ROLE_RESERVATION_INVOICE_ADD_PARTIAL_PAYMENT',
    ]) {
      expect(me.body.roles).not.toContain(role);
    }
    for (const paymentType of ['cash', 'bank', 'transfer']) {
      const desks = await t.api('GET', `account/payment-list?paymentType=${paymentType}`, agent);
      expect(desks.status).toBe(200);
      expect(desks.body.items).toEqual([]);
    }
  });

  it('pays its own booking from its account, reads its history and prints its ticket and invoice', async () => {
    const reservation = await agentBooking(agent);
    const before = (await t.api('GET', `user/${agentId}/account`, agent)).body.balance as number;
    const invoiceBefore = await t.request({
      method: 'GET',
      url: `/api/v1/reservation/${reservation.id}/invoice/pdf/en`,
      token: agent,
    });
    expect(invoiceBefore.status).toBe(200);
    const paid = await payByAccount(agent, reservation);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.reservation.invoice.status).toBe('paid');
    const after = (await t.api('GET', `user/${agentId}/account`, agent)).body.balance as number;
    expect(Math.round((before - after) * 100)).toBe(Math.round(reservation.invoice.total * 100));
    const history = await t.api('GET', `reservation/${reservation.id}/snapshot/list`, agent);
    expect(history.status).toBe(200);
    expect(history.body.items.length).toBeGreaterThanOrEqual(2);
    const ticket = await t.request({
      method: 'GET',
      url: `/api/v1/reservation/${reservation.id}/ticket/pdf/en`,
      token: agent,
    });
    expect(ticket.status).toBe(200);
    expect(String(ticket.headers['content-type'])).toContain('application/pdf');
  });

  it('neither pays, reads nor prints another agent’s reservation', async () => {
    const foreign = await agentBooking(otherAgent);
    expect((await payByAccount(agent, foreign)).status).toBe(404);
    expect((await t.api('GET', `reservation/${foreign.id}/snapshot/list`, agent)).status).toBe(404);
    const ticket = await t.request({
      method: 'GET',
      url: `/api/v1/reservation/${foreign.id}/invoice/pdf/en`,
      token: agent,
    });
    expect(ticket.status).toBe(404);
    const card = await t.api('POST', 'payment/datatrans/reservation/init', agent, {
      source: 'reservationPayment',
      reservationId: foreign.id,
      amount: foreign.invoice.total,
    });
    expect(card.status).toBe(404);
    const fresh = await t.api('GET', `reservation/${foreign.id}`, otherAgent);
    expect(fresh.body.invoice.payments).toEqual([]);
  });

  it('takes no cash from an agent, and no money from an account that is not the agent’s own', async () => {
    const own = await agentBooking(agent);
    const cash = await t.api('POST', 'payment/reservation/invoice', agent, {
      amount: own.invoice.total,
      paymentTypeCode: 'cash',
      reservationInvoiceId: own.invoice.id,
      accountId: await deskId('CASH_ZRH'),
    });
    expect(cash.status).toBe(403);
    // Reserved by the agent, then handed to a customer at the desk: the customer's account is not
    // the agent's to spend, though the agent still reads the booking as its reservator.
    const customerId = (await t.api('GET', 'user/me', await t.login('customer'))).body.id;
    await deposit(customerId, 2000);
    const forCustomer = { body: await agentBooking(agent) };
    await t.database.db.execute(
      sql`update reservations set owner_id = ${customerId} where id = ${forCustomer.body.id}`,
    );
    const spent = await payByAccount(agent, forCustomer.body);
    expect(spent.status).toBe(403);
    const fresh = await t.api('GET', `reservation/${forCustomer.body.id}`, agent);
    expect(fresh.body.invoice.payments).toEqual([]);
    expect(await t.database.db.transaction((tx) => ledgerCheck(tx))).toEqual({
      signedSum: 0,
      mismatchedAccounts: 0,
    });
  });

  it('the demo agent has a complete profile', async () => {
    const profile = await t.api('GET', `agent/${agentId}`, agent);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      salutation: 'mr',
      company: 'Alpen Reisen GmbH',
      street: expect.any(String),
      zip: expect.any(String),
      city: expect.any(String),
      birthday: expect.any(String),
      phoneMobile: expect.any(String),
    });
    const staffView = await t.api('GET', `agent/${agentId}`, manager);
    expect(staffView.body).toMatchObject({ marginType: 'percent', percentMargin: 5 });
  });
});
