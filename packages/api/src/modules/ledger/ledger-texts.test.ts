import { readFileSync } from 'node:fs';
import { type Locale, resources } from '@flybook/locales';
import { accountName, recordDescription, recordTitle } from '@flybook/locales/ledger';
import { type BalanceLogRecord, BalanceLogTitleSchema } from '@flybook/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../platform/i18n.ts';
import { adult, booking } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { line, readPdf } from '../reservations/documents/document-fixtures.ts';
import { post } from './ledger.ts';

let t: TestApp;
let manager: string;
let admin: string;
let createFlight: () => Promise<number>;
let cashId: number;
let transferId: number;
let expenseId: number;
let customerAccountId: number;
let customerName: string;
const typeIds: Record<string, number> = {};

const api: TestApp['api'] = (...args) => t.api(...args);
const rows = async <Row>(query: Promise<unknown>) => ((await query) as { rows: Row[] }).rows;
const accountIdOf = async (where: ReturnType<typeof sql>) =>
  (await rows<{ id: number }>(t.database.db.execute(sql`select id from accounts where ${where}`)))[0]!.id;

/** A reservation's records, oldest first, as the balance log answers them. */
async function recordsOf(reservationId: number): Promise<BalanceLogRecord[]> {
  const response = await api(
    'GET',
    `balance-log/list?query=${reservationId}&pageSize=50&sortOrder=ASC`,
    admin,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.items as BalanceLogRecord[]).filter(
    (record) => record.reservationId === reservationId,
  );
}

/** What a reader of the language sees of a record: its title and description. */
const read = (record: BalanceLogRecord, locale: Locale) => {
  const tr = translator(locale);
  return { title: recordTitle(tr, record), description: recordDescription(tr, record) };
};

/** The ids of the records a balance-log search finds. */
async function found(query: string): Promise<number[]> {
  const response = await api('GET', `balance-log/list?query=${encodeURIComponent(query)}&pageSize=50`, admin);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items.map((record: BalanceLogRecord) => record.id);
}

/** A PDF of the API as text. */
async function pdf(url: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/${url}`,
    headers: { 'x-auth-token': admin },
  });
  expect(response.statusCode, response.body).toBe(200);
  return readPdf(response.rawPayload);
}

/** A billed booking of two adults; answers the reservation. */
async function billed() {
  const flightId = await createFlight();
  const response = await api(
    'POST',
    'reservation',
    manager,
    booking(flightId, { paymentTerms: 'bill', passengers: [adult('Vjosa'), adult('Arta')] }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function pay(invoice: { id: number; total: number }, method: 'cash' | 'transfer', accountId: number) {
  const response = await api('POST', 'payment/reservation/invoice', manager, {
    amount: invoice.total,
    paymentTypeCode: method,
    reservationInvoiceId: invoice.id,
    accountId,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

async function bookByHand(kind: 'basic' | 'advanced', body: object) {
  const response = await api('POST', `payment/free/${kind}`, admin, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as number;
}

/** A cashback from the expense account to the demo customer (a basic transaction). */
const cashbackToCustomer = (amount: number, description: string) =>
  bookByHand('basic', {
    debitAccountId: expenseId,
    creditAccountId: customerAccountId,
    amount,
    typeId: typeIds.cashback,
    description,
  });

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
  admin = await t.login('admin');
  const make = flightMaker(t, manager, await catalogueIds(t, manager), 5700);
  createFlight = () => make({ departure: '2031-08-03T05:30:00Z', arrival: '2031-08-03T07:45:00Z' });
  cashId = await accountIdOf(sql`virtual_code = 'CASH_ZRH'`);
  transferId = await accountIdOf(sql`virtual_code = 'TRANSFER'`);
  expenseId = await accountIdOf(sql`virtual_code = 'EXPENSE_CASHBACK'`);
  customerAccountId = await accountIdOf(
    sql`owner_user_id = (select id from users where email = 'customer@flybook.test')`,
  );
  customerName = (
    await rows<{ name: string }>(
      t.database.db.execute(
        sql`select display_name as name from users where email = 'customer@flybook.test'`,
      ),
    )
  )[0]!.name;
  for (const type of (await api('GET', 'balance-log/type/list', admin)).body.items)
    typeIds[type.code] = type.id;
});
afterAll(() => t.close());

describe('record titles in the reader’s language', () => {
  it('reads a payment as "Reservation 12" in English and in the reader’s language elsewhere, with its method', async () => {
    const reservation = await billed();
    await pay(reservation.invoice, 'cash', cashId);
    const [payment] = await recordsOf(reservation.id);
    const id = reservation.id;

    // `title` stays what it always was; the answer says what it means.
    expect(payment).toMatchObject({
      title: `Reservation ${id}`,
      titleCode: 'reservationPayment',
      titleParams: { reservationId: id, method: 'cash' },
      description: 'cash',
      debitAccount: { virtualCode: 'CASH_ZRH' },
      creditAccount: { virtualCode: 'REVENUE_TICKETS' },
    });
    expect(read(payment!, 'en')).toEqual({ title: `Reservation ${id}`, description: 'Cash' });
    expect(read(payment!, 'de')).toEqual({ title: `Reservation ${id}`, description: 'Bar' });
    expect(read(payment!, 'fr')).toEqual({ title: `Réservation ${id}`, description: 'Espèces' });
    expect(read(payment!, 'sq')).toEqual({ title: `Rezervimi ${id}`, description: 'Para në dorë' });
    expect(accountName(translator('de'), payment!.debitAccount)).toBe('Kasse Zürich');
    expect(accountName(translator('sq'), payment!.creditAccount)).toBe('Të ardhura nga biletat');
  });

  it('reads refunds, cancellation fees and split shares in German, French and Albanian', async () => {
    const refunded = await billed();
    await pay(refunded.invoice, 'transfer', transferId);
    expect((await api('POST', `reservation/${refunded.id}/cancel`, manager, { fee: 50 })).status).toBe(200);
    const [, refund] = await recordsOf(refunded.id);
    expect(refund).toMatchObject({
      title: `Refund reservation ${refunded.id}`,
      titleCode: 'reservationRefund',
    });
    expect(read(refund!, 'de')).toEqual({
      title: `Rückerstattung Reservation ${refunded.id}`,
      description: 'Überweisung',
    });

    const unpaid = await billed();
    expect((await api('POST', `reservation/${unpaid.id}/cancel`, manager, { fee: 30 })).status).toBe(200);
    const [fee] = await recordsOf(unpaid.id);
    expect(fee).toMatchObject({
      title: `Cancellation fee reservation ${unpaid.id}`,
      titleCode: 'cancellationFee',
    });
    expect(read(fee!, 'fr').title).toBe(`Frais d’annulation de la réservation ${unpaid.id}`);
    expect(read(fee!, 'de').title).toBe(`Annullierungsgebühr Reservation ${unpaid.id}`);

    const split = await billed();
    await pay(split.invoice, 'cash', cashId);
    const moved = await api('POST', `reservation/${split.id}/split`, manager, {
      passengerId: split.passengers[1].id,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    const [, share] = await recordsOf(split.id);
    expect(share).toMatchObject({
      title: `Split reservation ${split.id} → ${moved.body.id}`,
      titleParams: { fromReservationId: split.id, toReservationId: moved.body.id, method: 'cash' },
    });
    expect(read(share!, 'sq')).toEqual({
      title: `Ndarja e rezervimit ${split.id} → ${moved.body.id}`,
      description: 'Para në dorë',
    });
  });

  it('has a name in every language for each virtual account the platform ships', async () => {
    const codes = await rows<{ code: string }>(
      t.database.db.execute(sql`select virtual_code as code from accounts where virtual_code is not null`),
    );
    expect(codes.length).toBeGreaterThanOrEqual(9);
    for (const { code } of codes)
      for (const locale of ['en', 'de', 'fr', 'sq'] as const)
        expect(resources[locale].translation.ledger.virtualAccounts, `${code} in ${locale}`).toHaveProperty(
          code,
        );
  });

  it('names both accounts of a basic transaction in the reader’s language, and keeps a typed title as typed', async () => {
    const cashbackId = await cashbackToCustomer(12, 'Verspätung FB4711');
    const advancedId = await bookByHand('advanced', {
      debitAccountId: cashId,
      creditAccountId: customerAccountId,
      amount: 3,
      typeId: typeIds.correction,
      description: 'Kassendifferenz vom Montag',
    });
    const list = await api(
      'GET',
      `balance-log/list?selectedAccountId=${customerAccountId}&pageSize=50`,
      admin,
    );
    const byId = new Map(list.body.items.map((record: BalanceLogRecord) => [record.id, record]));
    const cashback = byId.get(cashbackId) as BalanceLogRecord;
    expect(cashback).toMatchObject({
      title: `Cashback and discounts → ${customerName}`,
      titleCode: 'accountTransfer',
    });
    expect(read(cashback, 'de')).toEqual({
      title: `Cashback und Rabatte → ${customerName}`,
      description: 'Verspätung FB4711',
    });
    const advanced = byId.get(advancedId) as BalanceLogRecord;
    expect(advanced).toMatchObject({ title: 'Kassendifferenz vom Montag', titleCode: null, titleParams: {} });
    for (const locale of ['en', 'de', 'fr', 'sq'] as const)
      expect(read(advanced, locale)).toEqual({
        title: 'Kassendifferenz vom Montag',
        description: 'Kassendifferenz vom Montag',
      });
  });

  it('finds records by their title, method and account names in any of the four languages', async () => {
    const reservation = await billed();
    await pay(reservation.invoice, 'transfer', transferId);
    expect((await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 20 })).status).toBe(
      200,
    );
    const [payment, refund] = await recordsOf(reservation.id);
    const id = reservation.id;

    // The title as written (English), and as each language renders it; the payment's is another.
    for (const title of [
      `Refund reservation ${id}`,
      `Rückerstattung Reservation ${id}`,
      `Remboursement de la réservation ${id}`,
      `Rimbursimi i rezervimit ${id}`,
    ]) {
      const ids = await found(title);
      expect(ids, title).toContain(refund!.id);
      expect(ids, title).not.toContain(payment!.id);
    }
    expect(await found(`Rezervimi ${id}`)).toContain(payment!.id);
    expect(await found(`Rezervimi ${id}`)).not.toContain(refund!.id);
    // An account by its name in another language, and the method shown as the description.
    const transfers = await found('Virement bancaire');
    expect(transfers).toEqual(expect.arrayContaining([payment!.id, refund!.id]));
    expect(await found('Transfertë bankare')).toEqual(transfers);
    expect(await found('Überweisung')).toEqual(expect.arrayContaining([payment!.id, refund!.id]));
  });
});

describe('the ledger documents in the reader’s language', () => {
  it('prints the transaction overview in German: the account, titles, methods and counter accounts', async () => {
    const reservation = await billed();
    await pay(reservation.invoice, 'cash', cashId);
    const [payment] = await recordsOf(reservation.id);
    const { text } = await pdf(`balance-log/overview/pdf?selectedAccountId=${cashId}&locale=de`);
    expect(text).toMatch(/^Kasse Zürich\s*$/m);
    expect(text).toMatch(line('Konto', 'Kasse Zürich'));
    expect(text).toMatch(
      new RegExp(`^${payment!.id}\\s.*Zahlung\\s+Reservation ${reservation.id}\\s+Ticketertrag`, 'm'),
    );
    expect(text).toMatch(/^\s+Reservation\s+Bar\s*$/m);
    expect(text).not.toMatch(/Cash desk|Ticket revenue|\bcash\b/);
  });

  it('prints the cashback confirmation in Albanian with the accounts’ names', async () => {
    const id = await cashbackToCustomer(8, 'Vonesë e fluturimit');
    const { text } = await pdf(`balance-log/${id}/cashback/pdf/sq`);
    expect(text).toMatch(line('Titulli', `Cashback dhe zbritje → ${customerName}`));
    expect(text).toMatch(line('Përshkrimi', 'Vonesë e fluturimit'));
    expect(text).not.toContain('Cashback and discounts');
  });
});

describe('the backfill of migration 0015', () => {
  /** The migration's UPDATE statements: what gives records written before it their title codes. */
  const backfill = readFileSync(
    new URL('../../../drizzle/0015_ledger_title_codes.sql', import.meta.url),
    'utf8',
  )
    .split('--> statement-breakpoint')
    .filter((statement) => /^\s*(--.*\n\s*)*UPDATE/m.test(statement));

  const codesOf = async (ids: number[]) =>
    rows<{ id: number; title_code: string | null; title_params: Record<string, unknown> }>(
      t.database.db.execute(
        sql`select id::int as id, title_code, title_params from balance_log_records where id in ${ids} order by id`,
      ),
    );

  it('gives the records Flybook wrote before it the code and parameters it writes now', async () => {
    const reservation = await billed();
    await pay(reservation.invoice, 'cash', cashId);
    expect((await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 40 })).status).toBe(
      200,
    );
    const cashbackId = await cashbackToCustomer(5, '');
    const ids = [...(await recordsOf(reservation.id)).map((record) => record.id), cashbackId];
    const written = await codesOf(ids);
    expect(written.map((row) => row.title_code)).toEqual([
      'reservationPayment',
      'reservationRefund',
      'accountTransfer',
    ]);

    await t.database.db.execute(
      sql`update balance_log_records set title_code = null, title_params = '{}'::jsonb where id in ${ids}`,
    );
    for (const statement of backfill) await t.database.db.execute(sql.raw(statement));
    expect(await codesOf(ids)).toEqual(written);
  });

  it('reads the old English titles of every kind, and leaves titles typed by hand alone', async () => {
    const reservationId = (await billed()).id;
    const old = async (
      type: string,
      title: string,
      description: string,
      accounts: [number, number] = [cashId, customerAccountId],
    ) =>
      (
        await t.database.db.transaction((tx) =>
          post(tx, {
            debitAccountId: accounts[0],
            creditAccountId: accounts[1],
            amount: 100,
            type: type as never,
            title: { text: title },
            description,
            reservationId,
          }),
        )
      ).id;
    const ids = [
      await old('card_payment', `Reservation ${reservationId}`, 'datatrans'),
      await old('refund', `Refund reservation ${reservationId}`, 'overpayment'),
      await old('cancellation_fee', `Cancellation fee reservation ${reservationId}`, ''),
      await old('reservation_transfer', `Split reservation ${reservationId} → 77`, 'bank'),
      await old('charge_account', 'Card top-up FB-TOPUP-42', ''),
      await old('prepaid_deposit', 'Allotment invoice 9', 'transfer'),
      await old('payment', 'Allotment invoice 9', 'Allotments ZRH–PRN, week 12'),
      await old('prepaid_deposit', `Cash desk Zurich → ${customerName}`, ''),
      // Typed by hand: an advanced transaction's title is its description, whatever it says.
      await old('correction', `Reservation ${reservationId}`, `Reservation ${reservationId}`),
      await old('settlement', `Cash desk Zurich → ${customerName} (manual)`, ''),
    ];
    for (const statement of backfill) await t.database.db.execute(sql.raw(statement));
    const after = await codesOf(ids);
    expect(after.map(({ title_code, title_params }) => ({ code: title_code, params: title_params }))).toEqual(
      [
        { code: 'reservationPayment', params: { reservationId, method: 'datatrans' } },
        { code: 'overpaymentRefund', params: { reservationId, method: 'datatrans' } },
        { code: 'cancellationFee', params: { reservationId } },
        {
          code: 'reservationSplit',
          params: { fromReservationId: reservationId, toReservationId: 77, method: 'bank' },
        },
        { code: 'cardTopUp', params: { refno: 'FB-TOPUP-42' } },
        { code: 'allotmentPayment', params: { allotmentInvoiceId: 9, method: 'transfer' } },
        { code: 'allotmentPayment', params: { allotmentInvoiceId: 9 } },
        { code: 'accountTransfer', params: {} },
        { code: null, params: {} },
        { code: null, params: {} },
      ],
    );
    // Each code it gives is one the readers know, with the parameters they need.
    for (const row of after.filter((row) => row.title_code !== null))
      expect(
        BalanceLogTitleSchema.safeParse({ code: row.title_code, params: row.title_params }).success,
      ).toBe(true);
  });
});
