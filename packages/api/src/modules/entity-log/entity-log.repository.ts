import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { entityLog, users } from '../../db/schema/index.ts';
import { containsPattern, officeDayEnd, officeDayStart } from '../../platform/sql.ts';

export interface EntityLogFilter {
  query?: string | undefined;
  /** First and last day (YYYY-MM-DD), office days in Zurich, both included. */
  from?: string | undefined;
  to?: string | undefined;
  entityType?: string | undefined;
  operationType?: 'create' | 'update' | 'delete' | undefined;
}

export interface EntityLogPaging {
  page: number;
  pageSize: number;
  sortBy: 'timestamp' | 'entityType' | 'operationType';
  sortOrder: 'ASC' | 'DESC';
}

/* The office's days: date filters are local days in Zurich, as in the balance log. */

function conditions(filter: EntityLogFilter): { where: SQL | undefined; needsUser: boolean } {
  const where: SQL[] = [];
  let needsUser = false;
  const query = filter.query?.trim();
  if (query) {
    if (/^\d{1,18}$/.test(query)) {
      // Digits are an entity id, matched exactly (a search for 12 is not one for 112), along
      // entity_log_entity_id_idx.
      where.push(eq(entityLog.entityId, query));
    } else {
      // Words search the user's name, the entity type and the changed fields.
      needsUser = true;
      const like = containsPattern(query);
      where.push(
        or(
          ilike(users.displayName, like),
          ilike(entityLog.entityType, like),
          ilike(entityLog.entityId, like),
          sql`array_to_string(${entityLog.changedFields}, ' ') ilike ${like}`,
        )!,
      );
    }
  }
  if (filter.from) where.push(sql`${entityLog.createdAt} >= ${officeDayStart(filter.from)}`);
  if (filter.to) where.push(sql`${entityLog.createdAt} < ${officeDayEnd(filter.to)}`);
  if (filter.entityType) where.push(eq(entityLog.entityType, filter.entityType));
  if (filter.operationType) where.push(eq(entityLog.operation, filter.operationType));
  return { where: where.length > 0 ? and(...where) : undefined, needsUser };
}

/** ORDER BY of a page: newest first by default, along entity_log_created_at_idx. */
function order(paging: EntityLogPaging): SQL[] {
  const direction = paging.sortOrder === 'ASC' ? asc : desc;
  if (paging.sortBy === 'timestamp') return [direction(entityLog.createdAt), direction(entityLog.id)];
  const column = paging.sortBy === 'entityType' ? entityLog.entityType : entityLog.operation;
  return [direction(column), desc(entityLog.createdAt), desc(entityLog.id)];
}

/**
 * How far the list counts: beyond this many matching entries the total is reported as "more than
 * ENTITY_LOG_COUNT_CAP" (docs/lists-at-scale.md). An exact count of a million-row log reads every
 * row on each page load; a count over at most CAP + 1 rows stops early, and the pages it offers
 * never reach deeper than CAP rows into the log.
 */
export const ENTITY_LOG_COUNT_CAP = 10_000;

/**
 * A page of the event log with the names of the users who made the changes; filtered and paged in
 * SQL. `total` is exact up to ENTITY_LOG_COUNT_CAP; above it `total` is the cap and `capped` is true.
 */
export async function listEntityLog(db: Db, filter: EntityLogFilter, paging: EntityLogPaging) {
  const { where, needsUser } = conditions(filter);
  const matching = db.select({ one: sql`1` }).from(entityLog);
  const limited = (needsUser ? matching.leftJoin(users, eq(users.id, entityLog.userId)) : matching)
    .where(where)
    .limit(ENTITY_LOG_COUNT_CAP + 1)
    .as('matching');
  const [items, totals] = await Promise.all([
    db
      .select({ entry: entityLog, userName: users.displayName })
      .from(entityLog)
      .leftJoin(users, eq(users.id, entityLog.userId))
      .where(where)
      .orderBy(...order(paging))
      .limit(paging.pageSize)
      .offset(paging.page * paging.pageSize),
    db.select({ total: count() }).from(limited),
  ]);
  const counted = totals[0]?.total ?? 0;
  const capped = counted > ENTITY_LOG_COUNT_CAP;
  return { items, total: capped ? ENTITY_LOG_COUNT_CAP : counted, capped };
}

/**
 * The entity types in the log. A loose index scan over entity_log_entity_idx (entity_type, …):
 * one index probe per type instead of reading the whole log.
 */
export async function listEntityTypes(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive types as (
      (select entity_type from entity_log order by entity_type limit 1)
      union all
      select (select e.entity_type from entity_log e where e.entity_type > types.entity_type
              order by e.entity_type limit 1)
      from types where types.entity_type is not null
    )
    select entity_type from types where entity_type is not null
  `)) as unknown as { rows: { entity_type: string }[] };
  return result.rows.map((row) => row.entity_type);
}
