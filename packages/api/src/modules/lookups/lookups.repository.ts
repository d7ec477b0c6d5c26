import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { airports, countries, type LocalizedText, tariffGroups, tariffs } from '../../db/schema/index.ts';
import { containsPattern } from '../../platform/sql.ts';

/**
 * A country's name in a language by its code ("KV" → "Kosovë"), as the country list has it; the code
 * itself when no country has it. Documents print names, not codes (issue 27), and our codes are not
 * all ISO ones (Kosovo is KV), so the runtime's region names cannot be asked.
 */
export async function countryNameOf(db: Db | Tx, code: string, locale: keyof LocalizedText): Promise<string> {
  const [row] = await db.select({ name: countries.name }).from(countries).where(eq(countries.code, code));
  return row ? row.name[locale] || row.name.en || code : code;
}

/** Ranked countries first (CH, KV, FR, DE, AT, IT, MK), then the rest by English name. */
export const listCountries = (db: Db) =>
  db
    .select()
    .from(countries)
    .orderBy(sql`${countries.sortRank} ASC NULLS LAST`, sql`${countries.name}->>'en'`);

export function listAirports(
  db: Db,
  filter: { query?: string | undefined; isMain?: boolean | undefined; countryCode?: string | undefined },
) {
  const conditions: SQL[] = [];
  if (filter.query) {
    const like = containsPattern(filter.query);
    conditions.push(
      or(
        ilike(airports.code, like),
        sql`${airports.name}::text ILIKE ${like}`,
        sql`${airports.city}::text ILIKE ${like}`,
      )!,
    );
  }
  if (filter.isMain !== undefined) conditions.push(eq(airports.isMain, filter.isMain));
  if (filter.countryCode) conditions.push(eq(airports.countryCode, filter.countryCode.toUpperCase()));
  return db
    .select()
    .from(airports)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(airports.code));
}

export const listTariffGroups = (db: Db | Tx) => db.select().from(tariffGroups).orderBy(asc(tariffGroups.id));

export const listTariffs = (db: Db) =>
  db
    .select({ tariff: tariffs, group: tariffGroups })
    .from(tariffs)
    .innerJoin(tariffGroups, eq(tariffGroups.id, tariffs.tariffGroupId))
    .orderBy(asc(tariffs.id));
