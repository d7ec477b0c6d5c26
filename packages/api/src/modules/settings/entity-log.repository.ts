import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { entityLog, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../platform/sql.ts';

export interface EntityLogFilter {
  query?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  entityType?: string | undefined;
  operationType?: 'create' | 'update' | 'delete' | undefined;
}

export async function listEntityLog(
  db: Db,
  filter: EntityLogFilter,
  paging: {
    page: number;
    pageSize: number;
    sortBy: 'timestamp' | 'entityType' | 'operationType';
    sortOrder: 'ASC' | 'DESC';
  },
) {
  const conditions: SQL[] = [];
  if (filter.query) {
    const like = containsPattern(filter.query);
    conditions.push(
      or(ilike(users.displayName, like), ilike(entityLog.entityId, like), ilike(entityLog.entityType, like))!,
    );
  }
  if (filter.from) conditions.push(gte(entityLog.createdAt, sql`${filter.from}::date`));
  // "to" is a whole day: everything before the next midnight.
  if (filter.to) conditions.push(lt(entityLog.createdAt, sql`${filter.to}::date + 1`));
  if (filter.entityType) conditions.push(eq(entityLog.entityType, filter.entityType));
  if (filter.operationType) conditions.push(eq(entityLog.operation, filter.operationType));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const column = {
    timestamp: entityLog.createdAt,
    entityType: entityLog.entityType,
    operationType: entityLog.operation,
  }[paging.sortBy];
  const [items, totals] = await Promise.all([
    db
      .select({ entry: entityLog, userName: users.displayName })
      .from(entityLog)
      .leftJoin(users, eq(users.id, entityLog.userId))
      .where(where)
      .orderBy(paging.sortOrder === 'ASC' ? asc(column) : desc(column), desc(entityLog.id))
      .limit(paging.pageSize)
      .offset(paging.page * paging.pageSize),
    db
      .select({ total: count() })
      .from(entityLog)
      .leftJoin(users, eq(users.id, entityLog.userId))
      .where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

export const listEntityTypes = async (db: Db) =>
  (
    await db.selectDistinct({ type: entityLog.entityType }).from(entityLog).orderBy(asc(entityLog.entityType))
  ).map((r) => r.type);
