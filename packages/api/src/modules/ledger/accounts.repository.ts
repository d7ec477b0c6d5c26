import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../platform/sql.ts';
import { virtualAccountNamed } from './ledger-texts.ts';

/** The name an account is shown and sorted by: its owner's display name or its own name. */
export const accountDisplayName = sql<string>`coalesce(${users.displayName}, ${accounts.name}, '')`;

const accountColumns = {
  id: accounts.id,
  type: accounts.type,
  balance: accounts.balance,
  isActive: accounts.isActive,
  name: accounts.name,
  virtualCode: accounts.virtualCode,
  virtualKind: accounts.virtualKind,
  displayName: accountDisplayName,
  userId: users.id,
  userType: users.type,
  userDisplayName: users.displayName,
  userEmail: users.email,
  userBirthday: users.birthday,
  creditLimit: users.creditLimitTotalAmount,
};

export type AccountRow = Awaited<ReturnType<typeof selectAccounts>>[number];

const selectAccounts = (db: Db, where: SQL | undefined, order: SQL[], limit: number, offset = 0) =>
  db
    .select(accountColumns)
    .from(accounts)
    .leftJoin(users, eq(users.id, accounts.ownerUserId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);

const countAccounts = async (db: Db, where: SQL | undefined) =>
  (
    await db
      .select({ total: count() })
      .from(accounts)
      .leftJoin(users, eq(users.id, accounts.ownerUserId))
      .where(where)
  )[0]?.total ?? 0;

export interface AccountFilter {
  query?: string | undefined;
  isActive?: boolean | undefined;
  /** Which kinds of account the caller may see (account picker rules). */
  scope?: { userAccounts: boolean; managerAccounts: boolean; virtualAccounts: boolean };
  ids?: number[];
  virtualKind?: 'cash' | 'bank' | 'transfer' | 'card';
}

function whereOf(filter: AccountFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.query) {
    const like = containsPattern(filter.query);
    conditions.push(
      or(
        ilike(users.displayName, like),
        ilike(users.email, like),
        ilike(accounts.name, like),
        // A virtual account by its name in any of the four languages ("Kasse", "Arka").
        virtualAccountNamed(filter.query, accounts.virtualCode) ?? undefined,
      )!,
    );
  }
  if (filter.isActive !== undefined) conditions.push(eq(accounts.isActive, filter.isActive));
  if (filter.scope) {
    const kinds: SQL[] = [];
    if (filter.scope.virtualAccounts) kinds.push(isNotNull(accounts.virtualCode));
    if (filter.scope.userAccounts) kinds.push(inArray(users.type, ['agent', 'customer']));
    if (filter.scope.managerAccounts) kinds.push(inArray(users.type, ['manager', 'admin']));
    conditions.push(kinds.length > 0 ? or(...kinds)! : sql`false`);
  }
  if (filter.ids) conditions.push(filter.ids.length > 0 ? inArray(accounts.id, filter.ids) : sql`false`);
  if (filter.virtualKind) conditions.push(eq(accounts.virtualKind, filter.virtualKind));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listAccounts(
  db: Db,
  filter: AccountFilter,
  paging: {
    page: number;
    pageSize: number;
    sortBy: 'displayName' | 'id' | 'balance';
    sortOrder: 'ASC' | 'DESC';
  },
) {
  const where = whereOf(filter);
  const column = { displayName: accountDisplayName, id: accounts.id, balance: accounts.balance }[
    paging.sortBy
  ];
  const order = [paging.sortOrder === 'ASC' ? asc(column) : desc(column), asc(accounts.id)];
  const [items, total] = await Promise.all([
    selectAccounts(db, where, order, paging.pageSize, paging.page * paging.pageSize),
    countAccounts(db, where),
  ]);
  return { items, total };
}

export const findAccountOfUser = async (db: Db, userId: number) =>
  (await selectAccounts(db, eq(accounts.ownerUserId, userId), [asc(accounts.id)], 1))[0];
