import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { containsPattern, listOrder } from '../../platform/sql.ts';
import { findProfile, selectProfiles } from '../users/user-profile.ts';

const isManager = eq(users.type, 'manager');

/** A manager by id; undefined for unknown ids and for users of another type. */
export const findManager = (db: Db | Tx, id: number) => findProfile(db, 'manager', id);

export interface ManagerListFilter {
  query?: string | undefined;
  isActive?: boolean | undefined;
}

/**
 * A page of managers, filtered, sorted and paged in SQL. The default order (display name, then id)
 * runs along users_type_display_name_idx (type, display_name) under `type = 'manager'`.
 */
export async function listManagers(
  db: Db,
  filter: ManagerListFilter,
  paging: {
    page: number;
    pageSize: number;
    sortBy: 'displayName' | 'id' | 'email';
    sortOrder: 'ASC' | 'DESC';
  },
) {
  const conditions: SQL[] = [isManager];
  if (filter.query?.trim()) {
    const like = containsPattern(filter.query);
    conditions.push(or(ilike(users.displayName, like), ilike(users.email, like))!);
  }
  if (filter.isActive !== undefined) conditions.push(eq(users.isActive, filter.isActive));
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

/** The stored form of a manager's fields (the credit limit in Rappen). */
export type ManagerValues = {
  email: string;
  displayName: string;
  language: 'de' | 'en' | 'fr' | 'sq';
  countryId: number;
  creditLimitTotalAmount: number;
  isActive: boolean;
};

export async function updateManager(
  tx: Tx,
  id: number,
  values: Partial<ManagerValues> & { passwordHash?: string },
) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(isManager, eq(users.id, id)));
}
