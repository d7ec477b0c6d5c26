import { and, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  accounts,
  authTokens,
  balanceLogRecords,
  countries,
  reservations,
  users,
} from '../../db/schema/index.ts';
import { containsPattern, listOrder } from '../../platform/sql.ts';

/** The columns a customer answer is made of: the user, their country and their ledger account. */
const customerColumns = {
  id: users.id,
  email: users.email,
  salutation: users.salutation,
  firstName: users.firstName,
  lastName: users.lastName,
  street: users.street,
  zip: users.zip,
  city: users.city,
  countryId: countries.id,
  countryCode: countries.code,
  countryName: countries.name,
  language: users.language,
  birthday: users.birthday,
  phoneMobile: users.phoneMobile,
  phoneNumberFirst: users.phoneNumberFirst,
  phoneNumberSecond: users.phoneNumberSecond,
  isActive: users.isActive,
  displayName: users.displayName,
  accountId: accounts.id,
  balance: accounts.balance,
};

const selectCustomers = (db: Db | Tx) =>
  db
    .select(customerColumns)
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(accounts, eq(accounts.ownerUserId, users.id));

const isCustomer = eq(users.type, 'customer');

/** A customer by id; undefined for unknown ids and for users of another type. */
export const findCustomer = async (db: Db | Tx, id: number) =>
  (
    await selectCustomers(db)
      .where(and(isCustomer, eq(users.id, id)))
      .limit(1)
  )[0];

export type CustomerRow = NonNullable<Awaited<ReturnType<typeof findCustomer>>>;

/** The stored password hash, read only to check a customer's current password. */
export const passwordHashOf = async (db: Db | Tx, id: number) =>
  (await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id)).limit(1))[0]
    ?.passwordHash ?? null;

export interface CustomerListFilter {
  query?: string | undefined;
  isActive?: boolean | undefined;
}

/**
 * A page of customers, filtered, sorted and paged in SQL. The default order (display name, then
 * id) runs along users_type_display_name_idx (type, display_name) under `type = 'customer'`.
 */
export async function listCustomers(
  db: Db,
  filter: CustomerListFilter,
  paging: {
    page: number;
    pageSize: number;
    sortBy: 'displayName' | 'id' | 'email';
    sortOrder: 'ASC' | 'DESC';
  },
) {
  const conditions: SQL[] = [isCustomer];
  if (filter.query?.trim()) {
    const like = containsPattern(filter.query);
    conditions.push(
      or(
        ilike(users.displayName, like),
        ilike(users.email, like),
        ilike(users.phoneMobile, like),
        ilike(users.phoneNumberFirst, like),
        ilike(users.phoneNumberSecond, like),
      )!,
    );
  }
  if (filter.isActive !== undefined) conditions.push(eq(users.isActive, filter.isActive));
  const where = and(...conditions);
  const column = { displayName: users.displayName, id: users.id, email: users.email }[paging.sortBy];
  const [items, totals] = await Promise.all([
    selectCustomers(db)
      .where(where)
      .orderBy(...listOrder(column, paging.sortOrder, users.id))
      .limit(paging.pageSize)
      .offset(paging.page * paging.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

export const findCountry = async (db: Db | Tx, id: number) =>
  (await db.select().from(countries).where(eq(countries.id, id)).limit(1))[0];

/** Whether another user already has this e-mail (compared case-insensitively, as the unique index does). */
export async function emailTaken(db: Db | Tx, email: string, exceptUserId?: number) {
  const same = sql`lower(${users.email}) = lower(${email})`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? same : and(same, ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

export type CustomerValues = {
  email: string;
  salutation: string;
  firstName: string;
  lastName: string;
  street: string;
  zip: string;
  city: string;
  countryId: number;
  language: 'de' | 'en' | 'fr' | 'sq';
  birthday: string;
  phoneMobile: string;
  phoneNumberFirst: string | null;
  phoneNumberSecond: string | null;
  isActive: boolean;
  displayName: string;
};

export async function updateCustomer(
  tx: Tx,
  id: number,
  values: Partial<CustomerValues> & { passwordHash?: string },
) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(isCustomer, eq(users.id, id)));
}

/** Ends the user's sessions, all of them or all but the one that made the change. */
export async function endSessions(tx: Tx, userId: number, keepTokenHash: string | null) {
  await tx
    .delete(authTokens)
    .where(
      keepTokenHash === null
        ? eq(authTokens.userId, userId)
        : and(eq(authTokens.userId, userId), ne(authTokens.tokenHash, keepTokenHash)),
    );
}

/** What still refers to a customer: reservations they own or made, and movements of their account. */
export async function usageOf(db: Db | Tx, id: number, accountId: number | null) {
  const [booked] = await db
    .select({ total: count() })
    .from(reservations)
    .where(or(eq(reservations.ownerId, id), eq(reservations.reservatorId, id)));
  const [moved] =
    accountId === null
      ? [{ total: 0 }]
      : await db
          .select({ total: count() })
          .from(balanceLogRecords)
          .where(
            or(
              eq(balanceLogRecords.debitAccountId, accountId),
              eq(balanceLogRecords.creditAccountId, accountId),
            ),
          );
  return { reservations: booked?.total ?? 0, ledgerRecords: moved?.total ?? 0 };
}

/** Removes a customer and their (unused) ledger account; sessions and tokens go with the user. */
export async function deleteCustomer(tx: Tx, id: number) {
  await tx.delete(accounts).where(eq(accounts.ownerUserId, id));
  await tx.delete(users).where(and(isCustomer, eq(users.id, id)));
}
