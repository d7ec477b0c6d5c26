import { and, type Column, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { countries, userCounts, users } from '../../db/schema/index.ts';
import { containsPattern, listOrder } from '../../platform/sql.ts';
import { selectProfiles } from './user-profile.ts';

/** The kinds of user with a list, a form and a ledger account of their own: agents, customers, managers. */
export type UserKindType = 'agent' | 'customer' | 'manager';

/** What a list's text search looks through, per kind (spec 03 §7). */
export type SearchColumn =
  | 'displayName'
  | 'company'
  | 'contactPerson'
  | 'email'
  | 'phoneMobile'
  | 'phoneNumberFirst'
  | 'phoneNumberSecond';

const searchable: Record<SearchColumn, SQL | Column> = {
  displayName: users.displayName,
  company: users.company,
  contactPerson: sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`,
  email: users.email,
  phoneMobile: users.phoneMobile,
  phoneNumberFirst: users.phoneNumberFirst,
  phoneNumberSecond: users.phoneNumberSecond,
};

export interface UserKindListFilter {
  query?: string | undefined;
  isActive?: boolean | undefined;
  /** Country codes (upper case); only the agents' list has this filter. */
  countries?: string[] | undefined;
}

/**
 * A page of users of one kind, filtered, sorted and paged in SQL. The default order (display
 * name, then id) runs along users_type_display_name_idx (type, display_name) under `type = kind`.
 */
export async function listUsersOfKind(
  db: Db,
  kind: { type: UserKindType; searchColumns: readonly SearchColumn[] },
  filter: UserKindListFilter,
  paging: {
    page: number;
    pageSize: number;
    sortBy: 'displayName' | 'id' | 'email';
    sortOrder: 'ASC' | 'DESC';
  },
) {
  const conditions: SQL[] = [eq(users.type, kind.type)];
  const byText = Boolean(filter.query?.trim());
  const byCountry = filter.countries !== undefined && filter.countries.length > 0;
  if (byText) {
    const like = containsPattern(filter.query!);
    conditions.push(or(...kind.searchColumns.map((column) => ilike(searchable[column], like)))!);
  }
  if (filter.isActive !== undefined) conditions.push(eq(users.isActive, filter.isActive));
  if (byCountry) {
    conditions.push(
      inArray(
        users.countryId,
        db.select({ id: countries.id }).from(countries).where(inArray(countries.code, filter.countries!)),
      ),
    );
  }
  const where = and(...conditions);
  const column = { displayName: users.displayName, id: users.id, email: users.email }[paging.sortBy];
  const [items, totals] = await Promise.all([
    selectProfiles(db)
      .where(where)
      .orderBy(...listOrder(column, paging.sortOrder, users.id))
      .limit(paging.pageSize)
      .offset(paging.page * paging.pageSize),
    // Without a search the total is kept per type and activity (user_counts): two rows at most,
    // however many users there are. A search counts what it finds.
    byText || byCountry
      ? db.select({ total: count() }).from(users).where(where)
      : keptTotal(db, kind.type, filter.isActive),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** How many users of a type there are (active, inactive or both), as the triggers on users keep it. */
const keptTotal = (db: Db, type: UserKindType, isActive: boolean | undefined) =>
  db
    .select({ total: sql<number>`coalesce(sum(${userCounts.total}), 0)`.mapWith(Number) })
    .from(userCounts)
    .where(
      and(eq(userCounts.type, type), isActive === undefined ? undefined : eq(userCounts.isActive, isActive)),
    );

/** The profile columns a kind's form writes (money in Rappen, the percentage as numeric text). */
export type ProfileValues = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'email'
    | 'salutation'
    | 'company'
    | 'firstName'
    | 'lastName'
    | 'street'
    | 'zip'
    | 'city'
    | 'countryId'
    | 'language'
    | 'birthday'
    | 'phoneMobile'
    | 'phoneNumberFirst'
    | 'phoneNumberSecond'
    | 'displayName'
    | 'isActive'
    | 'monthlyFee'
    | 'creditLimitTotalAmount'
    | 'marginType'
    | 'moneyMargin'
    | 'percentMargin'
    | 'passwordHash'
  >
>;

export async function updateUserOfKind(tx: Tx, type: UserKindType, id: number, values: ProfileValues) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.type, type), eq(users.id, id)));
}
