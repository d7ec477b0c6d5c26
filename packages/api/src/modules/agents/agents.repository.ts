import { and, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { countries, users } from '../../db/schema/index.ts';
import { containsPattern, listOrder } from '../../platform/sql.ts';
import { findProfile, selectProfiles } from '../users/user-profile.ts';

const isAgent = eq(users.type, 'agent');

/** An agent by id; undefined for unknown ids and for users of another type. */
export const findAgent = (db: Db | Tx, id: number) => findProfile(db, 'agent', id);

export interface AgentListFilter {
  query?: string | undefined;
  isActive?: boolean | undefined;
  /** Country codes (upper case). */
  countries?: string[] | undefined;
}

/**
 * A page of agents, filtered, sorted and paged in SQL. The default order (display name, then id)
 * runs along users_type_display_name_idx (type, display_name) under `type = 'agent'`.
 */
export async function listAgents(
  db: Db,
  filter: AgentListFilter,
  paging: {
    page: number;
    pageSize: number;
    sortBy: 'displayName' | 'id' | 'email';
    sortOrder: 'ASC' | 'DESC';
  },
) {
  const conditions: SQL[] = [isAgent];
  if (filter.query?.trim()) {
    const like = containsPattern(filter.query);
    conditions.push(
      or(
        ilike(users.displayName, like),
        ilike(users.company, like),
        ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, like),
        ilike(users.email, like),
        ilike(users.phoneMobile, like),
        ilike(users.phoneNumberFirst, like),
        ilike(users.phoneNumberSecond, like),
      )!,
    );
  }
  if (filter.isActive !== undefined) conditions.push(eq(users.isActive, filter.isActive));
  if (filter.countries && filter.countries.length > 0) {
    conditions.push(
      inArray(
        users.countryId,
        db.select({ id: countries.id }).from(countries).where(inArray(countries.code, filter.countries)),
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
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** The stored form of an agent's fields (money in Rappen, the percentage as numeric text). */
export type AgentValues = {
  email: string;
  salutation: string;
  company: string | null;
  firstName: string;
  lastName: string;
  street: string;
  zip: string;
  city: string | null;
  countryId: number;
  language: 'de' | 'en' | 'fr' | 'sq';
  birthday: string;
  phoneMobile: string;
  phoneNumberFirst: string | null;
  phoneNumberSecond: string | null;
  displayName: string;
  isActive: boolean;
  monthlyFee: number | null;
  creditLimitTotalAmount: number;
  marginType: 'percent' | 'money' | null;
  moneyMargin: number | null;
  percentMargin: string | null;
};

export async function updateAgent(
  tx: Tx,
  id: number,
  values: Partial<AgentValues> & { passwordHash?: string },
) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(isAgent, eq(users.id, id)));
}
