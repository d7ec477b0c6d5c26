import { createServer } from 'node:net';
import { payWithTestCard, signWebhookBody } from '@flybook/payments-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { adult, billing, booking } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { invoiceCheck, ledgerCheck } from '../ledger/ledger.ts';
import { chf, readPdf } from '../reservations/documents/document-fixtures.ts';
import { createReservationsService } from '../reservations/reservations.service.ts';

let t: TestApp;
let manager: string;
let agent: string;
let customer: string;
let createFlight: ReturnType<typeof flightMaker>;
let simUrl: string;

const api: TestApp['api'] = (...args) => t.api(...args);

/** A port nobody listens on yet: the app's public URL must be known before it is built. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The first row of a query (both drivers answer `{ rows }`). */
const firstRow = async <Row>(query: Promise<unknown>) => ((await query) as { rows: Row[] }).rows[0]!;

const accountOf = (code: string) =>
  firstRow<{ id: number; balance: string }>(
    t.database.db.execute(sql`select id, balance from accounts where virtual_code = ${code}`),
  );

const userAccount = (email: string) =>
  firstRow<{ id: number; balance: string; user_id: number }>(
    t.database.db.execute(
      sql`select a.id, a.balance, u.id as user_id from accounts a join users u on u.id = a.owner_user_id where u.email = ${email}`,
    ),
  );

/** A billed staff booking of one adult (owner optional); answers the reservation. */
async function billed(overrides: object = {}) {
  const flightId = await createFlight();
  const response = await api(
    'POST',
    'reservation',
    manager,
    booking(flightId, { paymentTerms: 'bill', ...overrides }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Calls the payment stand-in's own API, as the app does (Basic auth with the merchant). */
async function provider(method: 'GET' | 'POST', path: string, body?: object) {
  const auth = `Basic ${Buffer.from(`${t.config.datatrans.merchantId}:${t.config.datatrans.password}`).toString('base64')}`;
  const response = await fetch(`${simUrl}${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return response.json();
}

/** A card transaction as the provider reports it. */
const remote = (transactionId: string) => provider('GET', `/v1/transactions/${transactionId}`);

const pay = (token: string, body: object, headers?: Record<string, string>) =>
  api('POST', 'payment/reservation/invoice', token, body, headers);

/** The ledger's invariants: debits equal credits, balances equal records, invoices equal their payments. */
async function expectBalancedBooks() {
  expect(await t.database.db.transaction((tx) => ledgerCheck(tx))).toEqual({
    signedSum: 0,
    mismatchedAccounts: 0,
  });
  expect(await t.database.db.transaction((tx) => invoiceCheck(tx))).toEqual({ mismatchedInvoiceIds: [] });
}

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const defaults = loadConfig({ NODE_ENV: 'test' });
  simUrl = `${base}/payments-sim`;
  t = await createTestApp({
    publicUrl: base,
    datatrans: { ...defaults.datatrans, apiUrl: simUrl, payUrl: simUrl, simulated: true },
  });
  await t.app.listen({ host: '127.0.0.1', port });
  manager = await t.login('manager');
  agent = await t.login('agent');
  customer = await t.login('customer');
  const ids = await catalogueIds(t, manager);
  const make = flightMaker(t, manager, ids, 5100);
  createFlight = (overrides = {}) =>
    make({ departure: '2031-07-01T05:30:00Z', arrival: '2031-07-01T07:45:00Z', ...overrides });
});
afterAll(() => t.close());

describe('paying an invoice at the desk', () => {
  it('takes cash in parts: partly, then paid and confirmed, each a balance-log record', async () => {
    const reservation = await billed();
    const total = reservation.invoice.total;
    const cash = await accountOf('CASH_ZRH');
    const revenue = await accountOf('REVENUE_TICKETS');
    const first = await pay(manager, {
      amount: 50,
      paymentTypeCode: 'cash',
      reservationInvoiceId: reservation.invoice.id,
      accountId: cash.id,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.reservation.invoice).toMatchObject({ status: 'partly', totalPaid: 50 });
    expect(first.body.reservation.status).toBe('reserved');
    const rest = Math.round((total - 50) * 100) / 100;
    const second = await pay(manager, {
      amount: rest,
      paymentTypeCode: 'cash',
      reservationInvoiceId: reservation.invoice.id,
      accountId: cash.id,
    });
    expect(second.body.reservation.invoice).toMatchObject({ status: 'paid', totalPaid: total });
    expect(second.body.reservation.status).toBe('confirmed');
    expect(second.body.reservation.invoice.payments.map((p: { amount: number }) => p.amount)).toEqual([
      50,
      rest,
    ]);

    const log = await api('GET', `balance-log/list?selectedAccountId=${cash.id}&pageSize=2`, manager);
    expect(log.status).toBe(200);
    const [latest] = log.body.items;
    expect(latest).toMatchObject({
      amount: rest,
      debitAccount: { id: cash.id },
      creditAccount: { id: revenue.id },
      debitAccountBalance: Math.round((Number(cash.balance) / 100 + total) * 100) / 100,
      creditAccountBalance: Math.round((Number(revenue.balance) / 100 + total) * 100) / 100,
      type: { code: 'payment' },
      reservationId: reservation.id,
    });
    await expectBalancedBooks();
  });

  it('refuses in the order of spec 02 §5, each with its message, and books nothing', async () => {
    const reservation = await billed();
    const invoiceId = reservation.invoice.id;
    const cash = await accountOf('CASH_ZRH');
    const tooMuch = await pay(manager, {
      amount: reservation.invoice.total + 1,
      paymentTypeCode: 'bitcoin',
      reservationInvoiceId: invoiceId,
    });
    expect(tooMuch.body.errors[0]).toMatchObject({
      code: 'ERROR_PAYMENT_AMOUNT_TOO_BIG',
      message: 'Partial amount should be less than price to pay.',
      field: 'amount',
    });
    const noAccount = await pay(manager, {
      amount: 10,
      paymentTypeCode: 'cash',
      reservationInvoiceId: invoiceId,
    });
    expect(noAccount.body.errors[0]).toMatchObject({
      code: 'ERROR_PAYMENT_ACCOUNT_REQUIRED',
      message: 'Ec, cash or transfer account must be selected.',
    });
    const unknown = await pay(manager, {
      amount: 10,
      paymentTypeCode: 'bitcoin',
      reservationInvoiceId: invoiceId,
    });
    expect(unknown.body.errors[0]).toMatchObject({
      code: 'ERROR_PAYMENT_UNEXPECTED_METHOD',
      message: 'Unexpected payment method.',
    });
    // A transfer into a cash desk is not a transfer.
    const wrongDesk = await pay(manager, {
      amount: 10,
      paymentTypeCode: 'transfer',
      reservationInvoiceId: invoiceId,
      accountId: cash.id,
    });
    expect(wrongDesk.body.errors[0].code).toBe('ERROR_ACCOUNT_NOT_ALLOWED');
    const fresh = await api('GET', `reservation/${reservation.id}`, manager);
    expect(fresh.body.invoice).toMatchObject({ status: 'notPaid', totalPaid: 0, payments: [] });

    // The bank (ec) is named by its account's code.
    const bank = await accountOf('BANK_EC');
    const byBank = await pay(manager, {
      amount: reservation.invoice.total,
      paymentTypeCode: 'BANK_EC',
      reservationInvoiceId: invoiceId,
      accountId: bank.id,
    });
    expect(byBank.status, JSON.stringify(byBank.body)).toBe(201);
    const again = await pay(manager, {
      amount: 1,
      paymentTypeCode: 'BANK_EC',
      reservationInvoiceId: invoiceId,
    });
    expect(again.body.errors[0]).toMatchObject({ code: 'ERROR_INVOICE_ALREADY_PAID' });
  });

  it('lets an agent pay its own booking from its account within balance + credit limit − withheld', async () => {
    const me = await userAccount('agent@flybook.test');
    const setCreditLimit = (rappen: number) =>
      t.database.db.execute(
        sql`update users set credit_limit_total_amount = ${rappen} where id = ${me.user_id}`,
      );
    const flightId = await createFlight();
    // A card-pending booking of the agent's holds its unpaid price back from the account.
    const pending = await api('POST', 'reservation', agent, booking(flightId, { paymentTerms: 'now' }));
    expect(pending.status, JSON.stringify(pending.body)).toBe(201);
    const billedForAgent = await api(
      'POST',
      'reservation',
      manager,
      booking(flightId, { paymentTerms: 'bill', owner: { id: me.user_id } }),
    );
    expect(billedForAgent.status, JSON.stringify(billedForAgent.body)).toBe(201);
    const total = Math.round(billedForAgent.body.invoice.total * 100);
    const withheld = Math.round(pending.body.invoice.total * 100);
    const body = {
      amount: total / 100,
      paymentTypeCode: 'account',
      reservationInvoiceId: billedForAgent.body.invoice.id,
    };
    // One Rappen short once the withheld money is counted…
    await setCreditLimit(total - 1 + withheld - Number(me.balance));
    const refused = await pay(agent, body);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'ERROR_PAYMENT_NOT_ENOUGH_MONEY',
      message: 'Not enough money on account.',
    });
    // …and just enough with one Rappen more.
    await setCreditLimit(total + withheld - Number(me.balance));
    const paid = await pay(agent, body);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const after = await userAccount('agent@flybook.test');
    expect(Number(after.balance)).toBe(Number(me.balance) - total);
    // Someone else's invoice does not exist for the agent.
    const other = await billed();
    const foreign = await pay(agent, { ...body, reservationInvoiceId: other.invoice.id, amount: 1 });
    expect(foreign.status).toBe(404);
    await expectBalancedBooks();
  });

  it('books a transfer once however often the same Idempotency-Key is sent', async () => {
    const reservation = await billed();
    const transfer = await accountOf('TRANSFER');
    const body = {
      amount: reservation.invoice.total,
      paymentTypeCode: 'transfer',
      reservationInvoiceId: reservation.invoice.id,
      accountId: transfer.id,
    };
    const key = { 'idempotency-key': `transfer-${reservation.id}` };
    const answers = await Promise.all([pay(manager, body, key), pay(manager, body, key)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers[0]!.body.id).toBe(answers[1]!.body.id);
    const fresh = await api('GET', `reservation/${reservation.id}`, manager);
    expect(fresh.body.invoice.payments).toHaveLength(1);
    expect(Number((await accountOf('TRANSFER')).balance)).toBe(
      Number(transfer.balance) + Math.round(reservation.invoice.total * 100),
    );
  });

  it('prints the overview of an account, and asks for an account first', async () => {
    const cash = await accountOf('CASH_ZRH');
    const without = await api('GET', 'balance-log/overview/pdf', manager);
    expect(without.body.errors[0]).toMatchObject({
      code: 'ERROR_NOT_SELECTED_ACCOUNT',
      message: 'Not selected account.',
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/balance-log/overview/pdf?selectedAccountId=${cash.id}&locale=en`,
      headers: { 'x-auth-token': manager },
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = readPdf(pdf.rawPayload);
    expect(text).toContain('Cash desk Zurich');
    expect(text).toContain(chf(Number((await accountOf('CASH_ZRH')).balance), 'en'));
  });

  it('takes a partial amount only with the partial-payment role', async () => {
    const reservation = await billed();
    const me = await userAccount('agent@flybook.test');
    await t.database.db.execute(
      sql`update reservations set owner_id = ${me.user_id} where id = ${reservation.id}`,
    );
    const response = await pay(await t.login('agent'), {
      amount: 1,
      paymentTypeCode: 'account',
      reservationInvoiceId: reservation.invoice.id,
    });
    expect(response.status).toBe(403);
    expect(response.body.errors[0].code).toBe('ERROR_PAYMENT_PARTIAL_NOT_ALLOWED');
  });
});

describe('card payments through the provider', () => {
  async function guestBooking() {
    const flightId = await createFlight();
    const response = await api(
      'POST',
      'reservation',
      undefined,
      booking(flightId, { passengers: [adult('Teuta')] }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }

  const paymentsOf = (reservationId: number) =>
    firstRow<{ n: number }>(
      t.database.db.execute(
        sql`select count(*)::int as n from balance_log_records where reservation_id = ${reservationId}`,
      ),
    );

  it('starts a guest booking’s card payment only with the key its booking answer carried', async () => {
    const reservation = await guestBooking();
    const other = await guestBooking();
    expect(reservation.guestKey).toMatch(/^[\w-]{43}$/);
    expect(other.guestKey).not.toBe(reservation.guestKey);
    const body = {
      source: 'customerReservation',
      reservationId: reservation.id,
      amount: reservation.invoice.total,
    };
    // Ids count up: without the key anyone could start it, and read the booking through the transaction.
    for (const guestKey of [undefined, '', other.guestKey, `${reservation.guestKey}x`]) {
      const refused = await api('POST', 'payment/datatrans/reservation/init', undefined, {
        ...body,
        guestKey,
      });
      expect(refused.status).toBe(404);
    }
    const rows = await t.database.db.execute(
      sql`select guest_key_hash from reservations where id = ${reservation.id}`,
    );
    // Only the key's hash is kept.
    expect(JSON.stringify((rows as unknown as { rows: unknown[] }).rows)).not.toContain(reservation.guestKey);
    const started = await api('POST', 'payment/datatrans/reservation/init', undefined, {
      ...body,
      guestKey: reservation.guestKey,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
  });

  it('books a guest card payment once, whether status poll, webhook or its duplicate comes first', async () => {
    const reservation = await guestBooking();
    const initBody = {
      source: 'customerReservation',
      reservationId: reservation.id,
      guestKey: reservation.guestKey,
      amount: reservation.invoice.total,
    };
    const retryKey = { 'idempotency-key': `start-${reservation.id}` };
    const init = await api('POST', 'payment/datatrans/reservation/init', undefined, initBody, retryKey);
    expect(init.status, JSON.stringify(init.body)).toBe(201);
    const { transactionId } = init.body;
    // A retried start (the browser lost the answer) gets the same transaction, not a second one.
    const retried = await api('POST', 'payment/datatrans/reservation/init', undefined, initBody, retryKey);
    expect(retried.body.transactionId).toBe(transactionId);
    const start = await api('POST', 'public/payment/datatrans/start', undefined, { transactionId });
    expect(start.body.paymentPageUrl).toBe(`${simUrl}/v1/start/${transactionId}`);
    const { redirectedTo } = await payWithTestCard(simUrl, transactionId, 'success');
    expect(redirectedTo).toContain(`/datatrans/success?reservationId=${reservation.id}`);
    expect(redirectedTo).toContain(`datatransTrxId=${transactionId}`);
    // The stand-in sends its webhook twice; poll at the same time.
    const polls = await Promise.all(
      [1, 2, 3].map(() =>
        api('GET', `public/reservation/${reservation.id}/transaction/${transactionId}/status`),
      ),
    );
    for (const poll of polls) expect(poll.body).toMatchObject({ status: 'settled', isBooked: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await paymentsOf(reservation.id)).n).toBe(1);
    const after = await api('GET', `transaction/${transactionId}/reservation`);
    expect(after.body).toMatchObject({ status: 'confirmed', invoice: { status: 'paid' } });
    expect(after.body.invoice.payments).toHaveLength(1);
    expect(after.body.invoice.payments[0].type.code).toBe('datatrans');
    // The transaction id alone shows the paid booking, not its people; the guest key shows them too.
    expect(after.body).not.toHaveProperty('passengers');
    expect(after.body).not.toHaveProperty('billingInformation');
    const withKey = await api(
      'GET',
      `transaction/${transactionId}/reservation?guestKey=${encodeURIComponent(reservation.guestKey)}`,
    );
    expect(withKey.body).toMatchObject({
      status: 'confirmed',
      passengers: [{ firstName: 'Teuta' }],
      billingInformation: { email: reservation.billingInformation.email },
    });
    await expectBalancedBooks();
  });

  it('gives a card payment that arrives after the desk was paid back to the card: paid equals the total', async () => {
    const reservation = await guestBooking();
    const totalRappen = Math.round(reservation.invoice.total * 100);
    const init = await api('POST', 'payment/datatrans/reservation/init', undefined, {
      source: 'customerReservation',
      reservationId: reservation.id,
      guestKey: reservation.guestKey,
      amount: reservation.invoice.total,
    });
    const cash = await accountOf('CASH_ZRH');
    const atDesk = await pay(manager, {
      amount: reservation.invoice.total,
      paymentTypeCode: 'cash',
      reservationInvoiceId: reservation.invoice.id,
      accountId: cash.id,
    });
    expect(atDesk.body.reservation.invoice.status).toBe('paid');
    const card = await accountOf('CARD_PROVIDER');
    await payWithTestCard(simUrl, init.body.transactionId, 'success');
    const status = await api(
      'GET',
      `public/reservation/${reservation.id}/transaction/${init.body.transactionId}/status`,
    );
    expect(status.body).toMatchObject({
      isBooked: true,
      invoiceStatus: 'paid',
      reservationStatus: 'confirmed',
    });
    expect((await remote(init.body.transactionId)).detail.credit.amount).toBe(totalRappen);
    // In and straight out again: the card provider's account is where it was.
    expect(Number((await accountOf('CARD_PROVIDER')).balance)).toBe(Number(card.balance));
    await expectBalancedBooks();
  });

  it('refuses a webhook with a bad signature and books nothing for it', async () => {
    const body = JSON.stringify({ transactionId: '123', status: 'settled' });
    const forged = await t.request({
      method: 'POST',
      url: '/api/v1/public/payment/datatrans/webhook',
      headers: { 'content-type': 'application/json', 'datatrans-signature': `t=1,s0=${'0'.repeat(64)}` },
      payload: body,
    });
    expect(forged.status).toBe(401);
    const timestamp = Date.now();
    const signed = await t.request({
      method: 'POST',
      url: '/api/v1/public/payment/datatrans/webhook',
      headers: {
        'content-type': 'application/json',
        'datatrans-signature': `t=${timestamp},s0=${signWebhookBody(t.config.datatrans.signKey, timestamp, body)}`,
      },
      payload: body,
    });
    expect(signed.status).toBe(200);
  });

  it('shows the decline message, and refuses a reservation whose payment window has passed', async () => {
    const reservation = await guestBooking();
    const init = await api('POST', 'payment/datatrans/reservation/init', undefined, {
      source: 'customerReservation',
      reservationId: reservation.id,
      guestKey: reservation.guestKey,
      amount: reservation.invoice.total,
    });
    const declined = init.body.transactionId;
    await payWithTestCard(simUrl, declined, 'decline');
    const status = await api('GET', `public/reservation/${reservation.id}/transaction/${declined}/status`);
    expect(status.body).toMatchObject({
      status: 'failed',
      isBooked: false,
      failMessage: 'The card was declined by the issuer.',
    });

    const retry = await api('POST', 'payment/datatrans/reservation/init', undefined, {
      source: 'customerReservation',
      reservationId: reservation.id,
      guestKey: reservation.guestKey,
      amount: reservation.invoice.total,
    });
    // The customer pays on the page just as the window closes and the seats are released.
    await createReservationsService(t.database.db).expireUnpaid(new Date(Date.now() + 16 * 60_000));
    await payWithTestCard(simUrl, retry.body.transactionId, 'success');
    // Several reads at once (the result page polls while the customer reloads): each finds the
    // payment authorized too late or already given back, and every one says it expired.
    const reads = await Promise.all(
      [1, 2, 3, 4].map(() =>
        api('GET', `public/reservation/${reservation.id}/transaction/${retry.body.transactionId}/status`),
      ),
    );
    for (const read of reads) expect(read.body).toMatchObject({ status: 'expired', isBooked: false });
    const late = await api(
      'GET',
      `public/reservation/${reservation.id}/transaction/${retry.body.transactionId}/status`,
    );
    expect(late.body).toMatchObject({
      status: 'expired',
      isBooked: false,
      failMessage: 'Reservation expired.',
    });
    expect((await paymentsOf(reservation.id)).n).toBe(0);
    const again = await api('POST', 'payment/datatrans/reservation/init', undefined, {
      source: 'customerReservation',
      reservationId: reservation.id,
      guestKey: reservation.guestKey,
      amount: reservation.invoice.total,
    });
    expect(again.body.errors[0].code).toBe('ERROR_RESERVATION_CANCELLED');
  });

  it("charges an agent's account by card; the agent confirms on return and sees the balance rise", async () => {
    const me = await userAccount('agent@flybook.test');
    const init = await api('POST', 'payment/datatrans/agent/init', agent, {
      source: 'agentAccount',
      amount: 250,
      agentId: me.user_id,
      routeName: '/invoice/balance-log',
    });
    expect(init.status, JSON.stringify(init.body)).toBe(201);
    const { transactionId } = init.body;
    const { redirectedTo } = await payWithTestCard(simUrl, transactionId, 'success');
    expect(redirectedTo).toContain('/admin/agent/payment?status=success');
    const confirmed = await api('POST', 'payment/datatrans/transaction/confirm', agent, { transactionId });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'settled', isBooked: true, amount: 250 });
    const again = await api('POST', 'payment/datatrans/transaction/confirm', agent, { transactionId });
    expect(again.body.isBooked).toBe(true);
    const after = await userAccount('agent@flybook.test');
    expect(Number(after.balance)).toBe(Number(me.balance) + 25_000);
    const own = await api('GET', 'user/me/balance-log/list', agent);
    expect(own.body.items[0]).toMatchObject({ amount: 250, type: { code: 'charge_account' } });
    // The top-up is in the event log as a transaction of the agent's, once.
    const log = await api(
      'GET',
      `entity-log/list?entityType=balanceLogRecord&query=${own.body.items[0].id}`,
      await t.login('admin'),
    );
    expect(log.body.items).toEqual([
      expect.objectContaining({ operationType: 'create', user: expect.objectContaining({ id: me.user_id }) }),
    ]);
    // Another user's transaction is not found for the customer; the full log is not theirs either.
    expect((await api('GET', `payment/datatrans/transaction/${transactionId}`, customer)).status).toBe(404);
    // The public card pages read only their own kind of transaction.
    expect((await api('GET', `transaction/${transactionId}/reservation`)).status).toBe(404);
    expect((await api('GET', 'balance-log/list', agent)).status).toBe(403);
    await expectBalancedBooks();
  });
  it('starts one top-up for a repeated Idempotency-Key (a double click on Pay by card), a new one for a new key', async () => {
    const me = await userAccount('agent@flybook.test');
    const body = {
      source: 'agentAccount',
      amount: 60,
      agentId: me.user_id,
      routeName: '/invoice/balance-log',
    };
    const key = { 'idempotency-key': `top-up-${me.user_id}-once` };
    const [first, second] = await Promise.all([
      api('POST', 'payment/datatrans/agent/init', agent, body, key),
      api('POST', 'payment/datatrans/agent/init', agent, body, key),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.transactionId).toBe(first.body.transactionId);
    const transactions = async () =>
      (
        await firstRow<{ n: string }>(
          t.database.db.execute(
            sql`select count(*)::text as n from card_transactions where agent_id = ${me.user_id}`,
          ),
        )
      ).n;
    const before = await transactions();
    const retried = await api('POST', 'payment/datatrans/agent/init', agent, body, key);
    expect(retried.body.transactionId).toBe(first.body.transactionId);
    expect(await transactions()).toBe(before);
    // Paid once, it charges the account once, however often it is confirmed.
    await payWithTestCard(simUrl, first.body.transactionId, 'success');
    for (let i = 0; i < 2; i++) {
      await api('POST', 'payment/datatrans/transaction/confirm', agent, {
        transactionId: first.body.transactionId,
      });
    }
    expect(Number((await userAccount('agent@flybook.test')).balance)).toBe(Number(me.balance) + 6000);
    // The next top-up is a new intent with a new key.
    const next = await api('POST', 'payment/datatrans/agent/init', agent, body, {
      'idempotency-key': `top-up-${me.user_id}-next`,
    });
    expect(next.body.transactionId).not.toBe(first.body.transactionId);
    await expectBalancedBooks();
  });
});

describe('one card payment per booking', () => {
  async function guestBooking(overrides: object = {}) {
    const flightId = await createFlight();
    const response = await api(
      'POST',
      'reservation',
      undefined,
      booking(flightId, { passengers: [adult('Arta')], ...overrides }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }

  const startCard = (
    reservation: { id: number; guestKey: string; invoice: { total: number } },
    headers?: Record<string, string>,
  ) =>
    api(
      'POST',
      'payment/datatrans/reservation/init',
      undefined,
      {
        source: 'customerReservation',
        reservationId: reservation.id,
        guestKey: reservation.guestKey,
        amount: reservation.invoice.total,
      },
      headers,
    );

  const recordsOf = async (reservationId: number) =>
    (
      (await t.database.db.execute(
        sql`select t.code, r.amount from balance_log_records r join balance_log_types t on t.id = r.type_id
            where r.reservation_id = ${reservationId} order by r.id`,
      )) as unknown as { rows: { code: string; amount: string }[] }
    ).rows.map((row) => ({ code: row.code, amount: Number(row.amount) }));

  const poll = (reservationId: number, transactionId: string) =>
    api('GET', `public/reservation/${reservationId}/transaction/${transactionId}/status`);

  it('refuses a card start and a desk payment when nothing is open, and books nothing', async () => {
    const reservation = await guestBooking();
    const cash = await accountOf('CASH_ZRH');
    const desk = {
      amount: reservation.invoice.total,
      paymentTypeCode: 'cash',
      reservationInvoiceId: reservation.invoice.id,
      accountId: cash.id,
    };
    expect((await pay(manager, desk)).status).toBe(201);
    const again = await pay(manager, { ...desk, amount: 1 });
    expect(again.status).toBe(422);
    expect(again.body.errors[0].code).toBe('ERROR_INVOICE_ALREADY_PAID');
    const card = await startCard(reservation);
    expect(card.status).toBe(422);
    expect(card.body.errors[0].code).toBe('ERROR_INVOICE_ALREADY_PAID');
    expect(await recordsOf(reservation.id)).toEqual([
      { code: 'payment', amount: Math.round(reservation.invoice.total * 100) },
    ]);
    await expectBalancedBooks();
  });

  it('answers a double click with one transaction, and cancels the first at the provider when Pay now is pressed again', async () => {
    const reservation = await guestBooking();
    const key = { 'idempotency-key': `pay-${reservation.id}` };
    const [first, repeat] = await Promise.all([startCard(reservation, key), startCard(reservation, key)]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(repeat.body.transactionId).toBe(first.body.transactionId);
    expect((await remote(first.body.transactionId)).status).toBe('initialized');

    // Another tab, or Pay now again: a new intent, a new transaction; the first page is closed.
    const second = await startCard(reservation, { 'idempotency-key': `pay-${reservation.id}-2` });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.transactionId).not.toBe(first.body.transactionId);
    expect((await remote(first.body.transactionId)).status).toBe('canceled');
    // Its page sends the payer back to the cancel page and charges nothing.
    const closed = await payWithTestCard(simUrl, first.body.transactionId, 'success');
    expect(closed.redirectedTo).toContain('/datatrans/cancel?');
    expect((await remote(first.body.transactionId)).detail.authorize).toBeUndefined();
    expect((await poll(reservation.id, first.body.transactionId)).body).toMatchObject({
      status: 'canceled',
      isBooked: false,
    });

    await payWithTestCard(simUrl, second.body.transactionId, 'success');
    expect((await poll(reservation.id, second.body.transactionId)).body).toMatchObject({
      isBooked: true,
      invoiceStatus: 'paid',
    });
    expect(await recordsOf(reservation.id)).toEqual([
      { code: 'card_payment', amount: Math.round(reservation.invoice.total * 100) },
    ]);
    await expectBalancedBooks();
  });

  it('books the payment made in another tab when a new start comes, and starts nothing more', async () => {
    const reservation = await guestBooking();
    const first = await startCard(reservation);
    await payWithTestCard(simUrl, first.body.transactionId, 'success');
    // The customer paid in the first tab but its page has not reported back yet.
    const second = await startCard(reservation);
    expect(second.status).toBe(422);
    expect(second.body.errors[0].code).toBe('ERROR_INVOICE_ALREADY_PAID');
    expect((await poll(reservation.id, first.body.transactionId)).body).toMatchObject({
      status: 'settled',
      isBooked: true,
      invoiceStatus: 'paid',
      reservationStatus: 'confirmed',
    });
    expect((await recordsOf(reservation.id)).map((record) => record.code)).toEqual(['card_payment']);
    await expectBalancedBooks();
  });

  it('credits the excess back to the card when two card payments settle anyway, with a refund record and a credit note', async () => {
    const reservation = await guestBooking();
    const total = Math.round(reservation.invoice.total * 100);
    const first = await startCard(reservation);
    // A start racing the first one (it did not see it yet) leaves a second open transaction.
    const refno = `R${reservation.id}-race`;
    const racing = await provider('POST', '/v1/transactions', {
      currency: 'CHF',
      refno,
      amount: total,
      autoSettle: false,
      redirect: { successUrl: 'http://x/s', cancelUrl: 'http://x/c', errorUrl: 'http://x/e' },
    });
    await t.database.db.execute(
      sql`insert into card_transactions (transaction_id, refno, source, reservation_id, amount, locale)
          values (${racing.transactionId}, ${refno}, 'customerReservation', ${reservation.id}, ${total}, 'en')`,
    );
    await payWithTestCard(simUrl, first.body.transactionId, 'success');
    await payWithTestCard(simUrl, racing.transactionId, 'success');
    const card = await accountOf('CARD_PROVIDER');
    const admin = await t.login('admin');
    // Both return pages, the webhook and a desk confirm report at the same time.
    const reports = await Promise.all(
      [first.body.transactionId, racing.transactionId].flatMap((transactionId) => [
        poll(reservation.id, transactionId),
        poll(reservation.id, transactionId),
        api('POST', 'payment/datatrans/transaction/confirm', admin, { transactionId }),
      ]),
    );
    for (const report of reports) expect(report.status, JSON.stringify(report.body)).toBe(200);

    const view = await api('GET', `reservation/${reservation.id}`, manager);
    expect(view.body.invoice).toMatchObject({ status: 'paid', totalPaid: reservation.invoice.total });
    expect(view.body.status).toBe('confirmed');
    expect(await recordsOf(reservation.id)).toEqual([
      { code: 'card_payment', amount: total },
      { code: 'card_payment', amount: total },
      { code: 'refund', amount: total },
    ]);
    const credited = await Promise.all(
      [first.body.transactionId, racing.transactionId].map(
        async (id) => (await remote(id)).detail.credit?.amount ?? 0,
      ),
    );
    expect(credited.sort()).toEqual([0, total].sort());
    // What stays with the card provider is one payment.
    expect(Number((await accountOf('CARD_PROVIDER')).balance)).toBe(Number(card.balance) + total);
    const note = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reservation/${reservation.id}/credit-note/pdf/en`,
      headers: { 'x-auth-token': manager },
    });
    expect(note.statusCode).toBe(200);
    const { text } = readPdf(note.rawPayload);
    expect(text).toContain('Overpayment of booking');
    expect(text).toContain(chf(total, 'en'));
    await expectBalancedBooks();
  });

  it('lets a guest who opens a customer account with the booking pay by card like any guest', async () => {
    const reservation = await guestBooking({
      billingInformation: billing({
        email: 'card.guest@example.test',
        isCreateAccount: true,
        password: 'secret-pass-1',
        passwordConfirm: 'secret-pass-1',
      }),
    });
    expect(reservation.owner).toMatchObject({ displayName: 'Vjosa Berisha' });
    expect(reservation.guestKey).toMatch(/^[\w-]{43}$/);
    expect((await startCard({ ...reservation, guestKey: 'wrong' })).status).toBe(404);
    const started = await startCard(reservation);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    await payWithTestCard(simUrl, started.body.transactionId, 'success');
    expect((await poll(reservation.id, started.body.transactionId)).body).toMatchObject({
      isBooked: true,
      invoiceStatus: 'paid',
      reservationStatus: 'confirmed',
    });
    const customer = await t.login('card.guest@example.test', 'secret-pass-1');
    expect((await api('GET', `reservation/${reservation.id}`, customer)).body.invoice.status).toBe('paid');
    await expectBalancedBooks();
  });
});

describe('refunds on cancellation', () => {
  it('gives a card payment back through the provider minus the fee, with a credit note', async () => {
    const flightId = await createFlight();
    const booked = await api(
      'POST',
      'reservation',
      undefined,
      booking(flightId, { passengers: [adult('Besa')] }),
    );
    const reservation = booked.body;
    const init = await api('POST', 'payment/datatrans/reservation/init', undefined, {
      source: 'customerReservation',
      reservationId: reservation.id,
      guestKey: reservation.guestKey,
      amount: reservation.invoice.total,
    });
    const { transactionId } = init.body;
    await payWithTestCard(simUrl, transactionId, 'success');
    await api('GET', `public/reservation/${reservation.id}/transaction/${transactionId}/status`);
    const card = await accountOf('CARD_PROVIDER');

    const cancelled = await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 20 });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const refund = Math.round((reservation.invoice.total - 20) * 100);
    expect(cancelled.body.invoice).toMatchObject({ total: 20, totalPaid: 20, status: 'paid' });
    expect(Number((await accountOf('CARD_PROVIDER')).balance)).toBe(Number(card.balance) - refund);
    // The provider holds the credit on the card transaction.
    const auth = `Basic ${Buffer.from(`${t.config.datatrans.merchantId}:${t.config.datatrans.password}`).toString('base64')}`;
    const remote = await (
      await fetch(`${simUrl}/v1/transactions/${transactionId}`, { headers: { authorization: auth } })
    ).json();
    expect(remote.detail.credit.amount).toBe(refund);

    const note = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reservation/${reservation.id}/credit-note/pdf/en`,
      headers: { 'x-auth-token': manager },
    });
    expect(note.statusCode).toBe(200);
    const { text } = readPdf(note.rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toContain(chf(refund, 'en'));
    // Nothing was paid on a fresh reservation: no credit note.
    const unpaid = await billed();
    await api('POST', `reservation/${unpaid.id}/cancel`, manager, { fee: 0 });
    expect((await api('GET', `reservation/${unpaid.id}/credit-note/pdf/en`, manager)).status).toBe(404);
    await expectBalancedBooks();
  });

  it('pays a cash payment without an owner back out of the same desk', async () => {
    const reservation = await billed();
    const cash = await accountOf('CASH_PRN');
    await pay(manager, {
      amount: reservation.invoice.total,
      paymentTypeCode: 'cash',
      reservationInvoiceId: reservation.invoice.id,
      accountId: cash.id,
    });
    const cancelled = await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 0 });
    expect(cancelled.body.invoice).toMatchObject({ total: 0, totalPaid: 0 });
    expect(Number((await accountOf('CASH_PRN')).balance)).toBe(Number(cash.balance));
    const log = await api('GET', `balance-log/list?selectedAccountId=${cash.id}&pageSize=1`, manager);
    expect(log.body.items[0]).toMatchObject({ type: { code: 'refund' }, creditAccount: { id: cash.id } });
    await expectBalancedBooks();
  });
});

describe('transactions booked by hand', () => {
  it('books a cashback to a customer and an advanced correction, and checks categories and roles', async () => {
    const expense = await accountOf('EXPENSE_CASHBACK');
    const me = await userAccount('customer@flybook.test');
    const types = (await api('GET', 'payment/free/type/list', manager)).body.items as {
      id: number;
      code: string;
    }[];
    const cashback = types.find((type) => type.code === 'cashback')!;
    const admin = await t.login('admin');
    const booked = await api('POST', 'payment/free/basic', admin, {
      debitAccountId: expense.id,
      creditAccountId: me.id,
      amount: 40,
      typeId: cashback.id,
      description: 'Delay on FB5101',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(Number((await userAccount('customer@flybook.test')).balance)).toBe(Number(me.balance) + 4000);
    // A cashback must come from an expense account.
    const cash = await accountOf('CASH_ZRH');
    const wrong = await api('POST', 'payment/free/basic', admin, {
      debitAccountId: cash.id,
      creditAccountId: me.id,
      amount: 40,
      typeId: cashback.id,
    });
    expect(wrong.body.errors[0]).toMatchObject({
      code: 'ERROR_ACCOUNT_NOT_ALLOWED',
      field: 'debitAccountId',
    });
    const pdf = await t.request({
      method: 'GET',
      url: `/api/v1/balance-log/${booked.body.id}/cashback/pdf/de`,
      token: admin,
    });
    expect(pdf.status).toBe(200);
    expect(String(pdf.headers['content-type'])).toContain('application/pdf');
    const customerOwn = await api('GET', 'user/me/balance-log/summary-info', customer);
    expect(customerOwn.body.finalBalance).toBe(Number(me.balance) / 100 + 40);
    await expectBalancedBooks();
  });

  it('books a transaction once for a repeated Idempotency-Key (a double click on Book transaction)', async () => {
    const expense = await accountOf('EXPENSE_CASHBACK');
    const me = await userAccount('customer@flybook.test');
    const types = (await api('GET', 'payment/free/type/list', manager)).body.items as {
      id: number;
      code: string;
    }[];
    const admin = await t.login('admin');
    const body = {
      debitAccountId: expense.id,
      creditAccountId: me.id,
      amount: 15,
      typeId: types.find((type) => type.code === 'cashback')!.id,
      description: 'Goodwill',
    };
    const key = { 'idempotency-key': `cashback-${me.id}-once` };
    const [first, second] = await Promise.all([
      api('POST', 'payment/free/basic', admin, body, key),
      api('POST', 'payment/free/basic', admin, body, key),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    const retried = await api('POST', 'payment/free/basic', admin, body, key);
    expect(retried.body.id).toBe(first.body.id);
    expect(Number((await userAccount('customer@flybook.test')).balance)).toBe(Number(me.balance) + 1500);
    // Another key is another cashback.
    const next = await api('POST', 'payment/free/basic', admin, body, {
      'idempotency-key': `cashback-${me.id}-next`,
    });
    expect(next.body.id).not.toBe(first.body.id);
    expect(Number((await userAccount('customer@flybook.test')).balance)).toBe(Number(me.balance) + 3000);
    await expectBalancedBooks();
  });
});
