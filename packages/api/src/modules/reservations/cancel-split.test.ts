import { createServer } from 'node:net';
import { payWithTestCard } from '@flybook/payments-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { checkDatabase } from '../../ops/consistency-checks.ts';
import { adult, booking } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { invoiceCheck, ledgerCheck } from '../ledger/ledger.ts';
import { amountsIn, chf, readPdf } from './documents/document-fixtures.ts';

let t: TestApp;
let manager: string;
let createFlight: () => Promise<number>;
let simUrl: string;

const api: TestApp['api'] = (...args) => t.api(...args);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const rows = async <Row>(query: Promise<unknown>) => ((await query) as { rows: Row[] }).rows;

const accountOf = async (code: string) =>
  (
    await rows<{ id: number; balance: string }>(
      t.database.db.execute(sql`select id, balance from accounts where virtual_code = ${code}`),
    )
  )[0]!;

const recordsOf = (reservationId: number) =>
  rows<{ type: string; amount: string; debit: string | null; credit: string | null }>(
    t.database.db.execute(sql`
      select t.code as type, r.amount::text as amount, d.virtual_code as debit, c.virtual_code as credit
      from balance_log_records r
      join balance_log_types t on t.id = r.type_id
      join accounts d on d.id = r.debit_account_id
      join accounts c on c.id = r.credit_account_id
      where r.reservation_id = ${reservationId} order by r.id`),
  );

const versionsOf = async (reservationId: number) =>
  (
    await rows<{ n: string }>(
      t.database.db.execute(
        sql`select count(*)::text as n from reservation_snapshots where reservation_id = ${reservationId}`,
      ),
    )
  )[0]!.n;

/**
 * Debits equal credits, each balance equals its records, each invoice's paid total its payments,
 * and the open bills' kept counts their invoices.
 */
async function expectBalancedBooks() {
  expect(await t.database.db.transaction((tx) => ledgerCheck(tx))).toEqual({
    signedSum: 0,
    mismatchedAccounts: 0,
  });
  expect(await t.database.db.transaction((tx) => invoiceCheck(tx))).toEqual({ mismatchedInvoiceIds: [] });
  // The invoice overview's kept total follows every payment, refund, fee and split.
  expect((await checkDatabase(t.database.db)).miscountedOpenBills).toBe(0);
}

/** A billed staff booking; answers the reservation. */
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

const payCash = async (invoiceId: number, amount: number) => {
  const cash = await accountOf('CASH_ZRH');
  return api('POST', 'payment/reservation/invoice', manager, {
    amount,
    paymentTypeCode: 'cash',
    reservationInvoiceId: invoiceId,
    accountId: cash.id,
  });
};

const rappen = (value: number) => Math.round(value * 100);

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
  const ids = await catalogueIds(t, manager);
  const make = flightMaker(t, manager, ids, 7300);
  createFlight = () => make({ departure: '2031-08-01T05:30:00Z', arrival: '2031-08-01T07:45:00Z' });
});
afterAll(() => t.close());

describe('cancelling with a fee', () => {
  it('refuses a fee above the reservation total with a field error and changes nothing', async () => {
    const reservation = await billed();
    const refused = await api('POST', `reservation/${reservation.id}/cancel`, manager, {
      fee: Math.round((reservation.invoice.total + 0.01) * 100) / 100,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'ERROR_CANCELLATION_FEE_TOO_HIGH',
      field: 'fee',
      params: { max: reservation.invoice.total },
    });
    const fresh = await api('GET', `reservation/${reservation.id}`, manager);
    expect(fresh.body.status).toBe('reserved');
    expect(fresh.body.invoice.total).toBe(reservation.invoice.total);
    // The whole total is a fee one may charge.
    const all = await api('POST', `reservation/${reservation.id}/cancel`, manager, {
      fee: reservation.invoice.total,
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.invoice).toMatchObject({ total: reservation.invoice.total, status: 'notPaid' });
  });

  it('answers a repeated Idempotency-Key with the first cancellation and refunds once', async () => {
    const reservation = await billed();
    expect((await payCash(reservation.invoice.id, reservation.invoice.total)).status).toBe(201);
    const key = { 'idempotency-key': `cancel-${reservation.id}` };
    const first = await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 20 }, key);
    const second = await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 20 }, key);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(first.body.invoice).toMatchObject({ total: 20, totalPaid: 20, status: 'paid' });
    const refunds = (await recordsOf(reservation.id)).filter((record) => record.type === 'refund');
    expect(refunds).toHaveLength(1);
    expect(Number(refunds[0]!.amount)).toBe(rappen(reservation.invoice.total) - 2000);
    expect(await versionsOf(reservation.id)).toBe('3');
    // Without the key a second cancellation is refused.
    const again = await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 20 });
    expect(again.body.errors[0].code).toBe('ERROR_RESERVATION_CANCELLED');
    await expectBalancedBooks();
  });

  it('books an unpaid fee as a receivable that cash settles, listed in the invoice overview', async () => {
    const reservation = await billed({ passengers: [adult('Drita')] });
    const receivables = await accountOf('RECEIVABLES');
    const cancelled = await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 45 });
    expect(cancelled.body.invoice).toMatchObject({ total: 45, totalPaid: 0, status: 'notPaid' });
    expect(Number((await accountOf('RECEIVABLES')).balance)).toBe(Number(receivables.balance) + 4500);
    expect((await recordsOf(reservation.id)).at(-1)).toEqual({
      type: 'cancellation_fee',
      amount: '4500',
      debit: 'RECEIVABLES',
      credit: 'REVENUE_TICKETS',
    });

    const overview = await api('GET', 'reservation/invoice/list?pageSize=50', manager);
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    expect(overview.body.items.map((item: { id: number }) => item.id)).toContain(reservation.id);

    // More than the fee is refused; the fee itself is taken.
    expect((await payCash(reservation.invoice.id, 45.01)).body.errors[0].code).toBe(
      'ERROR_PAYMENT_AMOUNT_TOO_BIG',
    );
    const paid = await payCash(reservation.invoice.id, 45);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.reservation).toMatchObject({
      status: 'cancelled',
      invoice: { total: 45, totalPaid: 45, status: 'paid' },
    });
    expect(Number((await accountOf('RECEIVABLES')).balance)).toBe(Number(receivables.balance));
    expect((await recordsOf(reservation.id)).at(-1)).toMatchObject({
      type: 'payment',
      debit: 'CASH_ZRH',
      credit: 'RECEIVABLES',
    });
    const unpaidNow = await api('GET', 'reservation/invoice/list?pageSize=50', manager);
    expect(unpaidNow.body.items.map((item: { id: number }) => item.id)).not.toContain(reservation.id);
    // Nothing is open any more: the cancelled reservation takes no payment.
    expect((await payCash(reservation.invoice.id, 1)).body.errors[0].code).toBe(
      'ERROR_RESERVATION_CANCELLED',
    );
    await expectBalancedBooks();
  });

  it('takes the fee by bank, by transfer and from the owner’s account as well', async () => {
    const agentUser = (
      await rows<{ id: number }>(
        t.database.db.execute(sql`select id from users where email = 'agent@flybook.test'`),
      )
    )[0]!;
    await t.database.db.execute(
      sql`update users set credit_limit_total_amount = 100000 where id = ${agentUser.id}`,
    );
    const reservation = await billed({ owner: { id: agentUser.id } });
    await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 30 });
    const bank = await accountOf('BANK_EC');
    const byBank = await api('POST', 'payment/reservation/invoice', manager, {
      amount: 10,
      paymentTypeCode: 'BANK_EC',
      reservationInvoiceId: reservation.invoice.id,
      accountId: bank.id,
    });
    expect(byBank.status, JSON.stringify(byBank.body)).toBe(201);
    const transfer = await accountOf('TRANSFER');
    const byTransfer = await api('POST', 'payment/reservation/invoice', manager, {
      amount: 5,
      paymentTypeCode: 'transfer',
      reservationInvoiceId: reservation.invoice.id,
      accountId: transfer.id,
    });
    expect(byTransfer.status, JSON.stringify(byTransfer.body)).toBe(201);
    expect((await recordsOf(reservation.id)).at(-1)).toMatchObject({
      type: 'payment',
      debit: 'TRANSFER',
      credit: 'RECEIVABLES',
    });
    const byAccount = await api('POST', 'payment/reservation/invoice', manager, {
      amount: 15,
      paymentTypeCode: 'account',
      reservationInvoiceId: reservation.invoice.id,
    });
    expect(byAccount.status, JSON.stringify(byAccount.body)).toBe(201);
    expect(byAccount.body.reservation.invoice).toMatchObject({ totalPaid: 30, status: 'paid' });
    await expectBalancedBooks();
  });

  it('takes the fee by card at the provider', async () => {
    const flightId = await createFlight();
    const booked = await api('POST', 'reservation', manager, booking(flightId, { paymentTerms: 'later' }));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const reservation = booked.body;
    await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 25 });
    const init = await api('POST', 'payment/datatrans/reservation/init', manager, {
      source: 'reservationPayment',
      reservationId: reservation.id,
      amount: 25,
    });
    expect(init.status, JSON.stringify(init.body)).toBe(201);
    await payWithTestCard(simUrl, init.body.transactionId, 'success');
    const confirmed = await api('POST', 'payment/datatrans/transaction/confirm', manager, {
      transactionId: init.body.transactionId,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const fresh = await api('GET', `reservation/${reservation.id}`, manager);
    expect(fresh.body).toMatchObject({ status: 'cancelled', invoice: { totalPaid: 25, status: 'paid' } });
    expect((await recordsOf(reservation.id)).at(-1)).toMatchObject({
      type: 'card_payment',
      debit: 'CARD_PROVIDER',
      credit: 'RECEIVABLES',
    });
    await expectBalancedBooks();
  });

  it('prints an invoice of a cancelled reservation that reconciles: lines, cancellation, fee, payments, refunds, balance', async () => {
    const reservation = await billed({ passengers: [adult('Albana'), adult('Blerta')] });
    const total = rappen(reservation.invoice.total);
    expect((await payCash(reservation.invoice.id, 100)).status).toBe(201);
    // 100 paid, a fee of 150: nothing goes back and 50 is still owed.
    await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 150 });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reservation/${reservation.id}/invoice/pdf/en`,
      headers: { 'x-auth-token': manager },
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = readPdf(pdf.rawPayload);
    const line = (label: string) => {
      const found = text.split('\n').find((row) => row.includes(label));
      expect(found, `${label} in\n${text}`).toBeDefined();
      // A negative amount reads "CHF -1,234.50".
      return amountsIn(found!, 'en').at(-1)!;
    };
    expect(line('Reservation total')).toBe(total);
    expect(line('Cancellation of')).toBe(-total);
    expect(line('Cancellation fee')).toBe(15_000);
    expect(line('· Cash desk')).toBe(10_000);
    expect(line('Paid so far')).toBe(10_000);
    expect(line('Still to pay')).toBe(5_000);
    // The passengers' lines add up to what the reservation charged.
    expect(line('Total for Mr Albana') + line('Total for Mr Blerta')).toBe(total);

    // A paid one cancelled with a smaller fee lists the refund, and nothing is left to pay.
    const paid = await billed();
    await payCash(paid.invoice.id, paid.invoice.total);
    await api('POST', `reservation/${paid.id}/cancel`, manager, { fee: 20 });
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reservation/${paid.id}/invoice/pdf/en`,
      headers: { 'x-auth-token': manager },
    });
    const refundText = readPdf(second.rawPayload).text;
    expect(refundText).toContain(chf(-(rappen(paid.invoice.total) - 2000), 'en'));
    expect(refundText).toMatch(/Refund .*Cash desk/);
    expect(refundText).toContain('This invoice has been paid in full.');
    await expectBalancedBooks();
  });
});

describe('a payment and a cancellation of the same bill at once', () => {
  it('both answer (no deadlock): the payment lands before the cancellation or is refused after it, and the overview total follows', async () => {
    // On PostgreSQL the two requests of each pair run on their own connections at the same time.
    // Both lock the reservation before its invoice; a payment that took the invoice first deadlocked.
    const bills = await Promise.all([1, 2, 3, 4, 5, 6].map(() => billed()));
    const answers = await Promise.all(
      bills.map(async (bill) => {
        const [payment, cancellation] = await Promise.all([
          payCash(bill.invoice.id, Math.round(bill.invoice.total * 50) / 100),
          api('POST', `reservation/${bill.id}/cancel`, manager, {
            fee: Math.round(bill.invoice.total * 25) / 100,
          }),
        ]);
        return { payment, cancellation };
      }),
    );
    for (const { payment, cancellation } of answers) {
      expect(cancellation.status, JSON.stringify(cancellation.body)).toBe(200);
      // Half the total is more than the quarter left as a fee once cancelled.
      if (payment.status !== 201) {
        expect(payment.status, JSON.stringify(payment.body)).toBe(422);
        expect(payment.body.errors[0].code).toBe('ERROR_PAYMENT_AMOUNT_TOO_BIG');
      }
    }
    await expectBalancedBooks();
  });
});

describe('splitting a reservation', () => {
  it('moves the paid share with the passenger: both parts paid, one transfer, each names the other', async () => {
    const reservation = await billed({ passengers: [adult('Arta'), adult('Besnik')] });
    expect((await payCash(reservation.invoice.id, reservation.invoice.total)).status).toBe(201);
    const moved = reservation.passengers[1];
    const key = { 'idempotency-key': `split-${reservation.id}` };
    const split = await api(
      'POST',
      `reservation/${reservation.id}/split`,
      manager,
      { passengerId: moved.id },
      key,
    );
    expect(split.status, JSON.stringify(split.body)).toBe(201);
    const repeat = await api(
      'POST',
      `reservation/${reservation.id}/split`,
      manager,
      { passengerId: moved.id },
      key,
    );
    expect(repeat.status).toBe(201);
    expect(repeat.body.id).toBe(split.body.id);

    const part = split.body;
    const original = (await api('GET', `reservation/${reservation.id}`, manager)).body;
    expect(part.invoice.status).toBe('paid');
    expect(part.invoice.totalPaid).toBe(part.invoice.total);
    expect(original.invoice.status).toBe('paid');
    expect(original.invoice.totalPaid).toBe(original.invoice.total);
    expect(rappen(original.invoice.total) + rappen(part.invoice.total)).toBe(
      rappen(reservation.invoice.total),
    );
    expect(original.passengers).toHaveLength(1);
    // Each names the other.
    expect(part.splitFrom).toEqual({ id: reservation.id, recordLocator: reservation.recordLocator });
    expect(original.splitInto).toEqual([{ id: part.id, recordLocator: part.recordLocator }]);
    // One transfer each way, through the desk the money came in at.
    expect((await recordsOf(reservation.id)).filter((r) => r.type === 'reservation_transfer')).toEqual([
      {
        type: 'reservation_transfer',
        amount: String(rappen(part.invoice.total)),
        debit: 'REVENUE_TICKETS',
        credit: 'CASH_ZRH',
      },
    ]);
    expect(await recordsOf(part.id)).toEqual([
      {
        type: 'reservation_transfer',
        amount: String(rappen(part.invoice.total)),
        debit: 'CASH_ZRH',
        credit: 'REVENUE_TICKETS',
      },
    ]);
    // The history of each names the other.
    const history = await api('GET', `reservation/${reservation.id}/snapshot/list`, manager);
    expect(history.body.items[0].snapshot.splitInto).toEqual([
      { id: part.id, recordLocator: part.recordLocator },
    ]);
    // Both tickets are valid for travel.
    for (const id of [reservation.id, part.id]) {
      const ticket = await t.app.inject({
        method: 'GET',
        url: `/api/v1/reservation/${id}/ticket/pdf/en`,
        headers: { 'x-auth-token': manager },
      });
      expect(ticket.statusCode).toBe(200);
      expect(readPdf(ticket.rawPayload).text).not.toMatch(/not valid for travel/i);
    }
    // The split-off part refunds its own share when cancelled.
    const cancelled = await api('POST', `reservation/${part.id}/cancel`, manager, { fee: 0 });
    expect(cancelled.body.invoice).toMatchObject({ total: 0, totalPaid: 0 });
    await expectBalancedBooks();
  });

  it('moves the paid fraction off a partly paid reservation, newest payment first, each through its own desk', async () => {
    const reservation = await billed({ passengers: [adult('Fatmir'), adult('Gentiana')] });
    const total = rappen(reservation.invoice.total);
    expect((await payCash(reservation.invoice.id, 100)).status).toBe(201);
    const transfer = await accountOf('TRANSFER');
    const byTransfer = await api('POST', 'payment/reservation/invoice', manager, {
      amount: 50,
      paymentTypeCode: 'transfer',
      reservationInvoiceId: reservation.invoice.id,
      accountId: transfer.id,
    });
    expect(byTransfer.status, JSON.stringify(byTransfer.body)).toBe(201);
    const split = await api('POST', `reservation/${reservation.id}/split`, manager, {
      passengerId: reservation.passengers[1].id,
    });
    expect(split.status, JSON.stringify(split.body)).toBe(201);
    const part = split.body;
    const moved = rappen(part.invoice.total);
    // The paid share of the moved price, rounded down to the Rappen.
    const share = Math.floor((15_000 * moved) / total);
    expect(rappen(part.invoice.totalPaid)).toBe(share);
    const original = (await api('GET', `reservation/${reservation.id}`, manager)).body;
    expect(rappen(original.invoice.totalPaid)).toBe(15_000 - share);
    expect(original.invoice.status).toBe('partly');
    expect(part.invoice.status).toBe('partly');
    // Newest first: the transfer's 50, then the rest from the cash desk; each the way it came.
    const fromTransfer = Math.min(share, 5_000);
    expect(await recordsOf(part.id)).toEqual([
      {
        type: 'reservation_transfer',
        amount: String(fromTransfer),
        debit: 'TRANSFER',
        credit: 'REVENUE_TICKETS',
      },
      ...(share > fromTransfer
        ? [
            {
              type: 'reservation_transfer',
              amount: String(share - fromTransfer),
              debit: 'CASH_ZRH',
              credit: 'REVENUE_TICKETS',
            },
          ]
        : []),
    ]);
    expect(part.invoice.payments.map((payment: { type: { code: string } }) => payment.type.code)).toEqual(
      share > fromTransfer ? ['transfer', 'cash'] : ['transfer'],
    );
    await expectBalancedBooks();
  });

  it('moves nothing off an unpaid reservation', async () => {
    const reservation = await billed({ passengers: [adult('Dafina'), adult('Erion')] });
    const split = await api('POST', `reservation/${reservation.id}/split`, manager, {
      passengerId: reservation.passengers[0].id,
    });
    expect(split.body.invoice).toMatchObject({ totalPaid: 0, status: 'notPaid', payments: [] });
    expect(split.body.splitFrom.id).toBe(reservation.id);
    await expectBalancedBooks();
  });
});

describe('editing keeps what it does not change', () => {
  it('shows the consent flags and the change fee, keeps the fee when left out, and writes no version for an unchanged save', async () => {
    const flightId = await createFlight();
    const body = booking(flightId, { paymentTerms: 'bill' }) as ReturnType<typeof booking> & {
      billingInformation: Record<string, unknown>;
    };
    body.billingInformation = {
      ...body.billingInformation,
      isBankInformation: true,
      isBookingInformation: true,
      isPostInformation: true,
    };
    const created = await api('POST', 'reservation', manager, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await api('GET', `reservation/${created.body.id}`, manager);
    expect(read.body.billingInformation).toMatchObject({
      isBankInformation: true,
      isBookingInformation: true,
      isPostInformation: true,
    });
    expect(read.body.invoice.updateFee).toBe(0);

    const update = {
      ...body,
      passengers: read.body.passengers.map((passenger: Record<string, unknown>) => ({
        id: passenger.id,
        salutation: passenger.salutation,
        firstName: passenger.firstName,
        lastName: passenger.lastName,
        gender: passenger.gender,
        ageType: passenger.ageType,
        birthday: passenger.birthday,
      })),
      paymentTerms: 'update',
    };
    const withFee = await api('PUT', `reservation/${created.body.id}`, manager, { ...update, updateFee: 35 });
    expect(withFee.status, JSON.stringify(withFee.body)).toBe(200);
    expect(withFee.body.invoice).toMatchObject({
      updateFee: 35,
      isSpecificPrice: false,
      total: Math.round((read.body.invoice.total + 35) * 100) / 100,
    });
    const versions = await versionsOf(created.body.id);
    // Saved again as it is (the fee left out): the fee stays a change fee, nothing new in the history.
    const again = await api('PUT', `reservation/${created.body.id}`, manager, update);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.invoice).toMatchObject({
      updateFee: 35,
      isSpecificPrice: false,
      total: withFee.body.invoice.total,
    });
    expect(again.body.billingInformation).toMatchObject({ isBankInformation: true, isPostInformation: true });
    expect(await versionsOf(created.body.id)).toBe(versions);
  });
});
