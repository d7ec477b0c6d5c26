import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { flightCompanies } from '../../db/schema/index.ts';
import { containsPattern, listOrder } from '../../platform/sql.ts';

export type FlightCompanyRow = typeof flightCompanies.$inferSelect;

export async function listCompanies(
  db: Db,
  filter: { query?: string | undefined; isActive?: boolean | undefined },
  paging: { page: number; pageSize: number; sortBy: 'name' | 'id' | 'code'; sortOrder: 'ASC' | 'DESC' },
) {
  const conditions: SQL[] = [];
  if (filter.query) {
    const like = containsPattern(filter.query);
    conditions.push(or(ilike(flightCompanies.name, like), ilike(flightCompanies.code, like))!);
  }
  if (filter.isActive !== undefined) conditions.push(eq(flightCompanies.isActive, filter.isActive));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const column = { name: flightCompanies.name, id: flightCompanies.id, code: flightCompanies.code }[
    paging.sortBy
  ];
  const [items, totals] = await Promise.all([
    db
      .select()
      .from(flightCompanies)
      .where(where)
      .orderBy(...listOrder(column, paging.sortOrder, flightCompanies.id))
      .limit(paging.pageSize)
      .offset(paging.page * paging.pageSize),
    db.select({ total: count() }).from(flightCompanies).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

export const activeCompanies = (db: Db) =>
  db
    .select()
    .from(flightCompanies)
    .where(eq(flightCompanies.isActive, true))
    .orderBy(asc(flightCompanies.name));

export const findCompany = async (db: Db | Tx, id: number) =>
  (await db.select().from(flightCompanies).where(eq(flightCompanies.id, id)).limit(1))[0];

export const findCompanyByCode = async (db: Db | Tx, code: string) =>
  (await db.select().from(flightCompanies).where(eq(flightCompanies.code, code)).limit(1))[0];

type CompanyValues = Omit<typeof flightCompanies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertCompany(tx: Tx, values: CompanyValues) {
  const [row] = await tx.insert(flightCompanies).values(values).returning();
  return row!;
}

export async function updateCompany(tx: Tx, id: number, values: CompanyValues) {
  const [row] = await tx
    .update(flightCompanies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(flightCompanies.id, id))
    .returning();
  return row;
}

export async function deleteCompany(tx: Tx, id: number) {
  await tx.delete(flightCompanies).where(eq(flightCompanies.id, id));
}
