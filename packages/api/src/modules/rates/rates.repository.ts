import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ratePrices, rates, tariffs } from '../../db/schema/index.ts';
import { containsPattern, listOrder } from '../../platform/sql.ts';

export type RateRow = typeof rates.$inferSelect;
export type RatePriceRow = typeof ratePrices.$inferSelect;
export type NewRatePrice = Omit<RatePriceRow, 'rateId'>;

export async function listRates(
  db: Db,
  filter: { query?: string | undefined; isActive?: boolean | undefined },
  paging: { page: number; pageSize: number; sortBy: 'name' | 'id'; sortOrder: 'ASC' | 'DESC' },
) {
  const conditions: SQL[] = [];
  if (filter.query) conditions.push(ilike(rates.name, containsPattern(filter.query)));
  if (filter.isActive !== undefined) conditions.push(eq(rates.isActive, filter.isActive));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const column = { name: rates.name, id: rates.id }[paging.sortBy];
  const [items, totals] = await Promise.all([
    db
      .select()
      .from(rates)
      .where(where)
      .orderBy(...listOrder(column, paging.sortOrder, rates.id))
      .limit(paging.pageSize)
      .offset(paging.page * paging.pageSize),
    db.select({ total: count() }).from(rates).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

export const activeRates = (db: Db) =>
  db.select().from(rates).where(eq(rates.isActive, true)).orderBy(asc(rates.name));

/** The price lists of several rates in one query, by rate id. */
export async function pricesOf(db: Db | Tx, rateIds: number[]): Promise<Map<number, RatePriceRow[]>> {
  const byRate = new Map<number, RatePriceRow[]>(rateIds.map((id) => [id, []]));
  if (rateIds.length === 0) return byRate;
  const rows = await db
    .select()
    .from(ratePrices)
    .where(inArray(ratePrices.rateId, rateIds))
    .orderBy(asc(ratePrices.rateId), asc(ratePrices.tariffId));
  for (const row of rows) byRate.get(row.rateId)?.push(row);
  return byRate;
}

export const findRate = async (db: Db | Tx, id: number) =>
  (await db.select().from(rates).where(eq(rates.id, id)).limit(1))[0];

export async function insertRate(
  tx: Tx,
  values: { name: string; isActive: boolean },
  prices: NewRatePrice[],
) {
  const [row] = await tx.insert(rates).values(values).returning();
  await tx.insert(ratePrices).values(prices.map((price) => ({ ...price, rateId: row!.id })));
  return row!;
}

/** Replaces a rate's name, state and whole price list. */
export async function updateRate(
  tx: Tx,
  id: number,
  values: { name: string; isActive: boolean },
  prices: NewRatePrice[],
) {
  await tx
    .update(rates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(rates.id, id));
  await tx.delete(ratePrices).where(eq(ratePrices.rateId, id));
  await tx.insert(ratePrices).values(prices.map((price) => ({ ...price, rateId: id })));
}

export async function deleteRate(tx: Tx, id: number) {
  await tx.delete(rates).where(eq(rates.id, id));
}

export type PriceListRow = typeof ratePrices.$inferSelect & {
  tariff: { id: number; code: string; name: (typeof tariffs.$inferSelect)['name']; groupId: number };
  rateIsActive: boolean;
};

/** The price lists of several rates with their tariffs, by rate id, in tariff order. */
export async function priceListsOf(db: Db | Tx, rateIds: number[]): Promise<Map<number, PriceListRow[]>> {
  const byRate = new Map<number, PriceListRow[]>(rateIds.map((id) => [id, []]));
  if (rateIds.length === 0) return byRate;
  const rows = await db
    .select({
      price: ratePrices,
      tariff: { id: tariffs.id, code: tariffs.code, name: tariffs.name, groupId: tariffs.tariffGroupId },
      rateIsActive: rates.isActive,
    })
    .from(ratePrices)
    .innerJoin(tariffs, eq(tariffs.id, ratePrices.tariffId))
    .innerJoin(rates, eq(rates.id, ratePrices.rateId))
    .where(inArray(ratePrices.rateId, [...new Set(rateIds)]))
    .orderBy(ratePrices.rateId, tariffs.id);
  for (const row of rows)
    byRate.get(row.price.rateId)?.push({ ...row.price, tariff: row.tariff, rateIsActive: row.rateIsActive });
  return byRate;
}
