import { balanceAfter } from '@flybook/domain';
import { type LedgerAccountRef, recordTitle } from '@flybook/locales/ledger';
import { BALANCE_LOG_TYPE_CODES, type BalanceLogTitle, type BalanceLogTypeCode } from '@flybook/schemas';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  accounts,
  balanceLogRecords,
  groupVirtualAccounts,
  users,
  userVirtualAccounts,
} from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import { translator } from '../../platform/i18n.ts';
import { accountFacts } from './balance-log.repository.ts';

/** The fixed ids of the record categories (migration 0004 inserts them in this order). */
export const balanceLogTypeId = (code: BalanceLogTypeCode): number =>
  BALANCE_LOG_TYPE_CODES.indexOf(code) + 1;

export interface Posting {
  debitAccountId: number;
  creditAccountId: number;
  /** Rappen, more than 0. */
  amount: number;
  type: BalanceLogTypeCode;
  /**
   * What the record is called: what a title Flybook writes means (rendered in each reader's
   * language, docs/payments.md), or a title typed by hand.
   */
  title: BalanceLogTitle | { text: string };
  description?: string;
  reservationId?: number | null;
  createdById?: number | null;
}

/**
 * Books one movement of money in the caller's transaction (DESIGN §4): locks both accounts in id
 * order (two postings between the same accounts never deadlock), moves their balances on the side
 * each grows and writes the record with both balances after it. The only writer of balances.
 */
export async function post(tx: Tx, posting: Posting) {
  if (!Number.isSafeInteger(posting.amount) || posting.amount <= 0)
    throw new Error(`a posting needs a positive amount in Rappen, got ${posting.amount}`);
  if (posting.debitAccountId === posting.creditAccountId)
    throw new ApiError('ERROR_SAME_ACCOUNT', 422, {
      message: 'Debit and credit account must differ.',
      field: 'creditAccountId',
    });
  const locked = await tx
    .select({ id: accounts.id, type: accounts.type, balance: accounts.balance })
    .from(accounts)
    .where(inArray(accounts.id, [posting.debitAccountId, posting.creditAccountId]))
    .orderBy(accounts.id)
    .for('update');
  const debit = locked.find((row) => row.id === posting.debitAccountId);
  const credit = locked.find((row) => row.id === posting.creditAccountId);
  if (!debit) throw ApiError.notFound('account', posting.debitAccountId);
  if (!credit) throw ApiError.notFound('account', posting.creditAccountId);
  const debitBalance = balanceAfter(debit.type, debit.balance, 'debit', posting.amount);
  const creditBalance = balanceAfter(credit.type, credit.balance, 'credit', posting.amount);
  await tx.update(accounts).set({ balance: debitBalance }).where(eq(accounts.id, debit.id));
  await tx.update(accounts).set({ balance: creditBalance }).where(eq(accounts.id, credit.id));
  const [record] = await tx
    .insert(balanceLogRecords)
    .values({
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      amount: posting.amount,
      debitAccountBalance: debitBalance,
      creditAccountBalance: creditBalance,
      typeId: balanceLogTypeId(posting.type),
      ...(await titleColumns(tx, posting)),
      description: posting.description ?? '',
      reservationId: posting.reservationId ?? null,
      createdById: posting.createdById ?? null,
    })
    .returning();
  return record!;
}

const english = translator('en');

/**
 * The title columns of a record: a title Flybook writes keeps its code and parameters, and in
 * `title` its English text (what API clients that read only `title`, and searches, see).
 */
async function titleColumns(tx: Tx, posting: Posting) {
  const title = posting.title;
  if ('text' in title) return { title: title.text, titleCode: null, titleParams: {} };
  // A basic transaction is titled by its accounts' names (post() has checked both exist).
  const named = async (id: number): Promise<LedgerAccountRef> =>
    title.code === 'accountTransfer'
      ? ((await accountFacts(tx, id)) ?? { displayName: '' })
      : { displayName: '' };
  const debitAccount = await named(posting.debitAccountId);
  const creditAccount = await named(posting.creditAccountId);
  const params = Object.fromEntries(
    Object.entries(title.params).filter(
      (entry): entry is [string, string | number] => entry[1] !== undefined,
    ),
  );
  return {
    title: recordTitle(english, {
      title: '',
      titleCode: title.code,
      titleParams: params,
      description: posting.description ?? '',
      debitAccount,
      creditAccount,
    }),
    titleCode: title.code,
    titleParams: params,
  };
}

/** A virtual account by its code (CASH_ZRH, REVENUE_TICKETS, CARD_PROVIDER, …). */
export async function virtualAccountId(tx: Tx, code: string): Promise<number> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.virtualCode, code))
    .limit(1);
  if (!row) throw new Error(`virtual account ${code} is missing (seed data)`);
  return row.id;
}

/** The account of a user, or null. */
export async function userAccountId(tx: Db | Tx, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.ownerUserId, userId))
    .limit(1);
  return row?.id ?? null;
}

/** Ids of the virtual accounts a user may operate: their own list plus their group's. */
export async function operableVirtualAccountIds(db: Db | Tx, userId: number): Promise<number[]> {
  const own = await db
    .select({ id: userVirtualAccounts.accountId })
    .from(userVirtualAccounts)
    .where(eq(userVirtualAccounts.userId, userId));
  const viaGroup = await db
    .select({ id: groupVirtualAccounts.accountId })
    .from(groupVirtualAccounts)
    .innerJoin(users, eq(users.groupId, groupVirtualAccounts.groupId))
    .where(eq(users.id, userId));
  return [...new Set([...own, ...viaGroup].map((row) => row.id))];
}

/** Signed balances of all accounts, summed (0 when the books balance), and accounts whose balance differs from their records. */
export async function ledgerCheck(tx: Tx) {
  const result = await tx.execute(sql`
    with moved as (
      select account_id, sum(delta) as delta from (
        select debit_account_id as account_id, amount as delta from balance_log_records
        union all
        select credit_account_id, -amount from balance_log_records
      ) m group by account_id
    )
    select
      coalesce(sum(case when a.type in ('asset', 'expense') then a.balance else -a.balance end), 0)::text as signed_sum,
      count(*) filter (
        where (case when a.type in ('asset', 'expense') then a.balance else -a.balance end)
          <> coalesce(m.delta, 0)
      )::text as mismatched
    from accounts a left join moved m on m.account_id = a.id`);
  const row = (result as unknown as { rows: { signed_sum: string; mismatched: string }[] }).rows[0];
  return { signedSum: Number(row?.signed_sum ?? 0), mismatchedAccounts: Number(row?.mismatched ?? 0) };
}

/**
 * Invoices whose paid total differs from their payments, or whose payments differ from the ledger
 * records that moved the money: the invoice side of the ledger's invariants. Money that went back
 * out of an invoice (refunds, split shares) is a negative payment with its record.
 */
export async function invoiceCheck(tx: Tx) {
  const result = await tx.execute(sql`
    select i.id from reservation_invoices i
    left join reservation_payments p on p.invoice_id = i.id
    left join balance_log_records r on r.id = p.balance_log_record_id
    group by i.id, i.total_paid
    having i.total_paid <> coalesce(sum(p.amount), 0) or coalesce(sum(p.amount), 0) <> coalesce(sum(sign(p.amount) * r.amount), 0)
    order by i.id`);
  return {
    mismatchedInvoiceIds: (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id),
  };
}
