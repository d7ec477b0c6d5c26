import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { options, optionTypes } from '../../db/schema/index.ts';
import { containsPattern, listOrder } from '../../platform/sql.ts';

export type OptionRow = typeof options.$inferSelect;
export type OptionTypeRow = typeof optionTypes.$inferSelect;
export type OptionValues = Omit<OptionRow, 'id' | 'createdAt' | 'updatedAt'>;

const withType = (db: Db | Tx) =>
  db
    .select({ option: options, type: optionTypes })
    .from(options)
    .innerJoin(optionTypes, eq(optionTypes.id, options.typeId));

export async function listOptions(
  db: Db,
  filter: { query?: string | undefined; isActive?: boolean | undefined },
  paging: { page: number; pageSize: number; sortBy: 'code' | 'id'; sortOrder: 'ASC' | 'DESC' },
) {
  const conditions: SQL[] = [];
  if (filter.query) {
    const like = containsPattern(filter.query);
    conditions.push(or(ilike(options.code, like), sql`${options.title}::text ILIKE ${like}`)!);
  }
  if (filter.isActive !== undefined) conditions.push(eq(options.isActive, filter.isActive));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const column = { code: options.code, id: options.id }[paging.sortBy];
  const [items, totals] = await Promise.all([
    withType(db)
      .where(where)
      .orderBy(...listOrder(column, paging.sortOrder, options.id))
      .limit(paging.pageSize)
      .offset(paging.page * paging.pageSize),
    db.select({ total: count() }).from(options).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

export const activeOptions = (db: Db) =>
  withType(db).where(eq(options.isActive, true)).orderBy(asc(options.code));

export const findOption = async (db: Db | Tx, id: number) =>
  (await withType(db).where(eq(options.id, id)).limit(1))[0];

export const findOptionByCode = async (db: Db | Tx, code: string) =>
  (await db.select({ id: options.id }).from(options).where(eq(options.code, code)).limit(1))[0];

export const listOptionTypes = (db: Db | Tx) => db.select().from(optionTypes).orderBy(asc(optionTypes.id));

export async function insertOption(tx: Tx, values: OptionValues) {
  const [row] = await tx.insert(options).values(values).returning({ id: options.id });
  return row!.id;
}

export async function updateOption(tx: Tx, id: number, values: Omit<OptionValues, 'typeId'>) {
  await tx
    .update(options)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(options.id, id));
}

export async function deleteOption(tx: Tx, id: number) {
  await tx.delete(options).where(eq(options.id, id));
}
