import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let customer: string;
let cashId: number;
let expenseId: number;
let customerAccountId: number;
const typeIds: Record<string, number> = {};
const booked: Record<'cashback' | 'deposit' | 'settlement', number> = {
  cashback: 0,
  deposit: 0,
  settlement: 0,
};

const accountId = async (where: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(sql`select id from accounts where ${where}`)) as { rows: { id: number }[] })
    .rows[0]!.id;

const book = async (
  debitAccountId: number,
  creditAccountId: number,
  amount: number,
  type: string,
  description: string,
) => {
  const response = await t.api('POST', 'payment/free/advanced', admin, {
    debitAccountId,
    creditAccountId,
    amount,
    typeId: typeIds[type],
    description,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as number;
};

const moveTo = (recordId: number, instant: string) =>
  t.database.db.execute(
    sql`update balance_log_records set created_at = ${instant}::timestamptz where id = ${recordId}`,
  );

const list = async (query: string, token = admin) => {
  const response = await t.api(
    'GET',
    `balance-log/list?selectedAccountId=${customerAccountId}&${query}`,
    token,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { items: { id: number; amount: number }[]; total: number };
};
const ids = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  customer = await t.login('customer');
  cashId = await accountId(sql`virtual_code = 'CASH_ZRH'`);
  expenseId = await accountId(sql`virtual_code = 'EXPENSE_CASHBACK'`);
  customerAccountId = await accountId(
    sql`owner_user_id = (select id from users where email = 'customer@flybook.test')`,
  );
  for (const type of (await t.api('GET', 'balance-log/type/list', admin)).body.items)
    typeIds[type.code] = type.id;

  booked.cashback = await book(expenseId, customerAccountId, 10, 'cashback', 'Delay voucher');
  booked.deposit = await book(cashId, customerAccountId, 20, 'prepaid_deposit', 'Paid in at the desk');
  booked.settlement = await book(customerAccountId, cashId, 5, 'settlement', 'Refund desk payout');
  // 23:30 UTC on 5 January is already 6 January in Zurich, the office's day.
  await moveTo(booked.cashback, '2026-01-05T23:30:00Z');
  await moveTo(booked.deposit, '2026-01-07T12:00:00Z');
});
afterAll(() => t.close());

describe('the balance-log list', () => {
  it('pages in SQL, newest first, ten a page by default and at most 50', async () => {
    for (let n = 1; n <= 9; n += 1)
      await book(expenseId, customerAccountId, n / 10, 'correction', `Filler ${n}`);
    const first = await list('');
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(10);
    const second = await list('page=1');
    expect(second.items).toHaveLength(2);
    expect(second.total).toBe(12);
    // A page past the last shows no records but still tells how many there are.
    expect(await list('page=5')).toEqual({ items: [], total: 12 });
    // The two moved into January are the oldest: the deposit, then the cashback.
    expect(ids(second)).toEqual([booked.deposit, booked.cashback]);
    const byAmount = await list('sortBy=amount&sortOrder=ASC&pageSize=3');
    expect(byAmount.items.map((item) => item.amount)).toEqual([0.1, 0.2, 0.3]);
    const tooBig = await t.api('GET', 'balance-log/list?pageSize=51', admin);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors[0].field).toBe('pageSize');
  });

  it('filters by category, related account, text and office days', async () => {
    expect(ids(await list(`typeId[]=${typeIds.cashback}`))).toEqual([booked.cashback]);
    expect(ids(await list(`typeId[]=${typeIds.cashback}&typeId[]=${typeIds.settlement}`))).toEqual([
      booked.settlement,
      booked.cashback,
    ]);
    expect(ids(await list(`relatedAccountId[]=${cashId}`))).toEqual([booked.settlement, booked.deposit]);
    expect(ids(await list('query=refund%20DESK'))).toEqual([booked.settlement]);
    // The count follows the text search too, names of the accounts included.
    expect((await list('query=refund%20DESK')).total).toBe(1);
    expect((await list('query=cash%20desk%20zurich')).total).toBe(2);
    expect(ids(await list('dateFrom=2026-01-06&dateTo=2026-01-06'))).toEqual([booked.cashback]);
    expect(ids(await list('dateTo=2026-01-05'))).toEqual([]);
    expect(ids(await list('dateFrom=2026-01-07&dateTo=2026-01-31'))).toEqual([booked.deposit]);
  });

  it('sums an account between two days from the balances after its records', async () => {
    const summary = await t.api(
      'GET',
      `balance-log/summary-info?selectedAccountId=${customerAccountId}&dateFrom=2026-01-07&dateTo=2026-01-07`,
      admin,
    );
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    // Before 7 January only the cashback (10) was booked; the deposit (20) falls on the day.
    expect(summary.body.finalBalance - summary.body.initialBalance).toBe(20);
  });

  it('keeps a customer to their own records, whatever account they name', async () => {
    expect((await t.api('GET', `balance-log/list?selectedAccountId=${cashId}`, customer)).status).toBe(403);
    const own = await t.api(
      'GET',
      `user/me/balance-log/list?selectedAccountId=${cashId}&pageSize=50`,
      customer,
    );
    expect(own.status).toBe(200);
    expect(own.body.total).toBe(12);
    for (const item of own.body.items)
      expect([item.debitAccount.id, item.creditAccount.id]).toContain(customerAccountId);
    const pdf = await t.api('GET', `balance-log/overview/pdf?selectedAccountId=${cashId}`, customer);
    expect(pdf.status).toBe(403);
  });
});
