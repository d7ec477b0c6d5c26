import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { airports, countries, tariffGroups, tariffs } from '../../db/schema/index.ts';
import { containsPattern } from '../../platform/sql.ts';

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
