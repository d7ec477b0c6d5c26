import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  accounts,
  countries,
  groups,
  groupVirtualAccounts,
  users,
  userVirtualAccounts,
} from '../../db/schema/index.ts';
import { hashPassword } from '../../platform/secrets.ts';
import { containsPattern } from '../../platform/sql.ts';

export const findUser = async (db: Db | Tx, id: number) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

export const findGroup = async (db: Db | Tx, id: number) =>
  (await db.select().from(groups).where(eq(groups.id, id)).limit(1))[0];

export const accountIdOfUser = async (db: Db, userId: number) =>
  (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.ownerUserId, userId)).limit(1))[0]
    ?.id ?? null;

export const groupVirtualAccountIds = async (db: Db, groupId: number) =>
  (
    await db
      .select({ id: groupVirtualAccounts.accountId })
      .from(groupVirtualAccounts)
      .where(eq(groupVirtualAccounts.groupId, groupId))
      .orderBy(asc(groupVirtualAccounts.accountId))
  ).map((row) => row.id);

/** Groups with the ids of their default virtual accounts. */
export async function listGroups(db: Db) {
  const rows = await db.select().from(groups).orderBy(asc(groups.id));
  const links = await db.select().from(groupVirtualAccounts);
  return rows.map((group) => ({
    ...group,
    virtualAccounts: links.filter((link) => link.groupId === group.id).map((link) => link.accountId),
  }));
}

export interface UserListFilter {
  query?: string | undefined;
  isActive?: boolean | undefined;
  type?: string[] | undefined;
}

export async function listUsers(
  db: Db,
  filter: UserListFilter,
  paging: {
    page: number;
    pageSize: number;
    sortBy: 'id' | 'displayName' | 'email' | 'type';
    sortOrder: 'ASC' | 'DESC';
  },
) {
  const conditions: SQL[] = [];
  if (filter.query) {
    const like = containsPattern(filter.query);
    conditions.push(or(ilike(users.displayName, like), ilike(users.email, like))!);
  }
  if (filter.isActive !== undefined) conditions.push(eq(users.isActive, filter.isActive));
  if (filter.type && filter.type.length > 0) {
    conditions.push(inArray(users.type, filter.type as ('manager' | 'agent' | 'customer' | 'admin')[]));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const column = { id: users.id, displayName: users.displayName, email: users.email, type: users.type }[
    paging.sortBy
  ];
  const order = paging.sortOrder === 'ASC' ? asc(column) : desc(column);
  const [items, totals] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        displayName: users.displayName,
        type: users.type,
        isActive: users.isActive,
        groupId: groups.id,
        groupTitle: groups.title,
      })
      .from(users)
      .leftJoin(groups, eq(groups.id, users.groupId))
      .where(where)
      .orderBy(order, asc(users.id))
      .limit(paging.pageSize)
      .offset(paging.page * paging.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

export async function updateUserPermissions(
  tx: Tx,
  id: number,
  values: { groupId: number | null; allowedSpecialRoles: string[]; deniedSpecialRoles: string[] },
) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export const userVirtualAccountIds = async (db: Db | Tx, userId: number) =>
  (
    await db
      .select({ id: userVirtualAccounts.accountId })
      .from(userVirtualAccounts)
      .where(eq(userVirtualAccounts.userId, userId))
      .orderBy(asc(userVirtualAccounts.accountId))
  ).map((row) => row.id);

export async function replaceUserVirtualAccounts(tx: Tx, userId: number, accountIds: number[]) {
  await tx.delete(userVirtualAccounts).where(eq(userVirtualAccounts.userId, userId));
  if (accountIds.length > 0) {
    await tx.insert(userVirtualAccounts).values(accountIds.map((accountId) => ({ userId, accountId })));
  }
}

export const existingVirtualAccountIds = async (db: Db | Tx, ids: number[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(inArray(accounts.id, ids), sql`${accounts.virtualCode} IS NOT NULL`))
      ).map((row) => row.id);

export type NewUser = {
  email: string;
  type: 'manager' | 'agent' | 'customer' | 'admin';
  group: string;
  displayName: string;
  firstName?: string;
  lastName?: string;
  company?: string;
  countryCode?: string;
  password: string;
};

/** Creates a user with their ledger account (users' accounts are liabilities: what the airline owes them). */
export async function createUserWithAccount(tx: Tx, user: NewUser) {
  const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.code, user.group));
  const [country] = user.countryCode
    ? await tx.select({ id: countries.id }).from(countries).where(eq(countries.code, user.countryCode))
    : [];
  const [row] = await tx
    .insert(users)
    .values({
      email: user.email,
      type: user.type,
      displayName: user.displayName,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      company: user.company ?? null,
      countryId: country?.id ?? null,
      groupId: group?.id ?? null,
      marginType: user.type === 'agent' ? 'percent' : null,
      passwordHash: await hashPassword(user.password),
    })
    .returning({ id: users.id });
  await tx.insert(accounts).values({ type: 'liability', ownerUserId: row!.id });
  return row!.id;
}
