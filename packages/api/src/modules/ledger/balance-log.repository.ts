import type { BalanceLogFilters } from '@flybook/schemas';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { accounts, balanceLogRecords, balanceLogTypes, users } from '../../db/schema/index.ts';
import { containsPattern, officeDayEnd, officeDayStart } from '../../platform/sql.ts';
import { methodNamed, renderedTitles, virtualAccountNamed } from './ledger-texts.ts';

type Filters = z.output<typeof BalanceLogFilters>;

const debitAccount = alias(accounts, 'debit_account');
const creditAccount = alias(accounts, 'credit_account');
const debitUser = alias(users, 'debit_user');
const creditUser = alias(users, 'credit_user');
const creator = alias(users, 'creator');

/* The office's days: date filters are local days in Zurich (officeDayStart, officeDayEnd). */

function conditions(filters: Filters): SQL[] {
  const where: SQL[] = [];
  const selected = filters.selectedAccountId;
  if (selected !== undefined) {
    where.push(
      or(eq(balanceLogRecords.debitAccountId, selected), eq(balanceLogRecords.creditAccountId, selected))!,
    );
  }
  const related = filters.relatedAccountId ?? [];
  if (related.length > 0) {
    where.push(
      selected !== undefined
        ? or(
            and(
              eq(balanceLogRecords.debitAccountId, selected),
              inArray(balanceLogRecords.creditAccountId, related),
            ),
            and(
              eq(balanceLogRecords.creditAccountId, selected),
              inArray(balanceLogRecords.debitAccountId, related),
            ),
          )!
        : or(
            inArray(balanceLogRecords.debitAccountId, related),
            inArray(balanceLogRecords.creditAccountId, related),
          )!,
    );
  }
  if (filters.typeId && filters.typeId.length > 0)
    where.push(inArray(balanceLogRecords.typeId, filters.typeId));
  if (filters.dateFrom)
    where.push(sql`${balanceLogRecords.createdAt} >= ${officeDayStart(filters.dateFrom)}`);
  if (filters.dateTo) where.push(sql`${balanceLogRecords.createdAt} < ${officeDayEnd(filters.dateTo)}`);
  if (filters.query?.trim()) {
    const text = filters.query;
    const pattern = containsPattern(text);
    const number = /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
    // What the reader sees, in any of the four languages (docs/payments.md): the title as written
    // and as rendered, the description or the method it names, and both accounts' names.
    where.push(
      or(
        ilike(balanceLogRecords.title, pattern),
        ilike(renderedTitles, pattern),
        ilike(balanceLogRecords.description, pattern),
        methodNamed(text) ?? undefined,
        ilike(debitUser.displayName, pattern),
        ilike(creditUser.displayName, pattern),
        ilike(debitAccount.name, pattern),
        ilike(creditAccount.name, pattern),
        virtualAccountNamed(text, debitAccount.virtualCode) ?? undefined,
        virtualAccountNamed(text, creditAccount.virtualCode) ?? undefined,
        ...(number === null
          ? []
          : [eq(balanceLogRecords.reservationId, number), eq(balanceLogRecords.id, number)]),
      )!,
    );
  }
  return where;
}

const debitColumns = {
  id: debitAccount.id,
  type: debitAccount.type,
  userId: debitUser.id,
  displayName: sql<string>`coalesce(${debitUser.displayName}, ${debitAccount.name}, ${debitAccount.virtualCode})`,
  virtualCode: debitAccount.virtualCode,
};
const creditColumns = {
  id: creditAccount.id,
  type: creditAccount.type,
  userId: creditUser.id,
  displayName: sql<string>`coalesce(${creditUser.displayName}, ${creditAccount.name}, ${creditAccount.virtualCode})`,
  virtualCode: creditAccount.virtualCode,
};

/** Records with both accounts' names, the category and who booked them. */
const recordQuery = (db: Db) =>
  db
    .select({
      record: balanceLogRecords,
      debit: debitColumns,
      credit: creditColumns,
      type: { id: balanceLogTypes.id, code: balanceLogTypes.code, name: balanceLogTypes.name },
      createdBy: { id: creator.id, displayName: creator.displayName },
    })
    .from(balanceLogRecords)
    .innerJoin(debitAccount, eq(debitAccount.id, balanceLogRecords.debitAccountId))
    .innerJoin(creditAccount, eq(creditAccount.id, balanceLogRecords.creditAccountId))
    .leftJoin(debitUser, eq(debitUser.id, debitAccount.ownerUserId))
    .leftJoin(creditUser, eq(creditUser.id, creditAccount.ownerUserId))
    .innerJoin(balanceLogTypes, eq(balanceLogTypes.id, balanceLogRecords.typeId))
    .leftJoin(creator, eq(creator.id, balanceLogRecords.createdById));

/**
 * How many records match the filters. A query of its own, on the records alone (the accounts'
 * names only when the text search needs them): a window count beside the page made PostgreSQL join
 * every matching record before it could stop at the page (bench/README.md).
 */
export async function countRecords(db: Db, filters: Filters): Promise<number> {
  const where = conditions(filters);
  const [row] = await withSearchJoins(
    db.select({ total: count() }).from(balanceLogRecords).$dynamic(),
    filters,
  ).where(where.length > 0 ? and(...where) : undefined);
  return row?.total ?? 0;
}

/** The joins the text search needs (it reads both accounts' and owners' names); none without it. */
function withSearchJoins<Q extends PgSelect>(query: Q, filters: Filters): Q {
  // A dynamic query: the joins add to it in place.
  if (filters.query?.trim()) {
    query
      .innerJoin(debitAccount, eq(debitAccount.id, balanceLogRecords.debitAccountId))
      .innerJoin(creditAccount, eq(creditAccount.id, balanceLogRecords.creditAccountId))
      .leftJoin(debitUser, eq(debitUser.id, debitAccount.ownerUserId))
      .leftJoin(creditUser, eq(creditUser.id, creditAccount.ownerUserId));
  }
  return query;
}

/** A page of the records matching the filters, sorted in SQL (countRecords counts them). */
export async function listRecords(
  db: Db,
  filters: Filters,
  paging: {
    page: number;
    pageSize: number;
    sortBy: 'createdAt' | 'amount' | 'id';
    sortOrder: 'ASC' | 'DESC';
  },
) {
  const where = conditions(filters);
  const column = {
    createdAt: balanceLogRecords.createdAt,
    amount: balanceLogRecords.amount,
    id: balanceLogRecords.id,
  }[paging.sortBy];
  const order = paging.sortOrder === 'ASC' ? asc : desc;
  // The page's ids from the records alone (with the accounts only for a text search), then the
  // records with their names by id: planning the seven-table query with its ORDER BY and LIMIT took
  // ~9 ms on every call, far more than running it (docs/lists-at-scale.md).
  const page = await withSearchJoins(
    db.select({ id: balanceLogRecords.id }).from(balanceLogRecords).$dynamic(),
    filters,
  )
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(order(column), order(balanceLogRecords.id))
    .limit(paging.pageSize)
    .offset(paging.page * paging.pageSize);
  const ids = page.map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await recordQuery(db).where(inArray(balanceLogRecords.id, ids));
  const byId = new Map(rows.map((row) => [row.record.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
export type BalanceLogRow = Awaited<ReturnType<typeof listRecords>>[number];

/** An account's balance after its last record before an instant (SQL), or 0 without one. */
async function balanceBefore(db: Db | Tx, accountId: number, before: SQL | null) {
  const [row] = await db
    .select({
      balance: sql<string>`(case when ${balanceLogRecords.debitAccountId} = ${accountId} then ${balanceLogRecords.debitAccountBalance} else ${balanceLogRecords.creditAccountBalance} end)::text`,
    })
    .from(balanceLogRecords)
    .where(
      and(
        or(eq(balanceLogRecords.debitAccountId, accountId), eq(balanceLogRecords.creditAccountId, accountId)),
        before === null ? undefined : sql`${balanceLogRecords.createdAt} < ${before}`,
      ),
    )
    .orderBy(desc(balanceLogRecords.createdAt), desc(balanceLogRecords.id))
    .limit(1);
  return Number(row?.balance ?? 0);
}

/** Balances of an account before the first and after the last day of a range (Rappen). */
export async function summaryOf(db: Db, accountId: number, range: { dateFrom?: string; dateTo?: string }) {
  const initialBalance = range.dateFrom
    ? await balanceBefore(db, accountId, officeDayStart(range.dateFrom))
    : 0;
  const finalBalance = await balanceBefore(db, accountId, range.dateTo ? officeDayEnd(range.dateTo) : null);
  return { initialBalance, finalBalance };
}

export async function recordTypes(db: Db) {
  return db.select().from(balanceLogTypes).orderBy(balanceLogTypes.id);
}

/** One record with both accounts, for documents. */
export async function findRecord(db: Db, id: number) {
  const [row] = await recordQuery(db).where(eq(balanceLogRecords.id, id)).limit(1);
  return row;
}

/** An account with what decides who may see and use it. */
export async function accountFacts(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id: accounts.id,
      type: accounts.type,
      virtualKind: accounts.virtualKind,
      isActive: accounts.isActive,
      ownerUserId: accounts.ownerUserId,
      ownerType: users.type,
      displayName: sql<string>`coalesce(${users.displayName}, ${accounts.name}, ${accounts.virtualCode})`,
      virtualCode: accounts.virtualCode,
    })
    .from(accounts)
    .leftJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(accounts.id, id))
    .limit(1);
  return row;
}
