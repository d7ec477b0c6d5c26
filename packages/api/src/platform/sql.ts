import { OFFICE_TIME_ZONE } from '@flybook/domain';
import { asc, type Column, desc, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/** A case-insensitive "contains" pattern for ILIKE, with the user's % and _ taken literally. */
export const containsPattern = (text: string): string =>
  `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** ORDER BY a column in the list's direction, then by id so pages never overlap. */
export const listOrder = (column: Column | SQL, order: 'ASC' | 'DESC', id: Column): SQL[] => [
  order === 'ASC' ? asc(column) : desc(column),
  asc(id),
];

/** True when a database error, or one it wraps (Drizzle wraps driver errors), has this SQLSTATE. */
function hasSqlState(error: unknown, state: string): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === state) return true;
  }
  return false;
}

/** A unique-constraint violation. */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');

/** The constraint and detail of a unique violation ("Key (flight_id, seat_label)=(7, 12A) already exists."), or null. */
export function uniqueViolationOf(error: unknown): { constraint: string; detail: string } | null {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, constraint, detail } = current as {
      code?: unknown;
      constraint?: unknown;
      detail?: unknown;
    };
    if (code === '23505') return { constraint: String(constraint ?? ''), detail: String(detail ?? '') };
  }
  return null;
}

/** A foreign-key violation: the row is still referenced. */
export const isForeignKeyViolation = (error: unknown): boolean => hasSqlState(error, '23503');

/**
 * Runs work in one transaction; a unique violation from a concurrent writer that slipped past
 * the work's own check becomes the given field error instead of a 500.
 */
export async function transactionUnique<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  onConflict: () => Error,
): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw onConflict();
    throw error;
  }
}

/** PostgreSQL gave up one of two transactions that waited for each other (deadlock detected). */
export const isDeadlock = (error: unknown): boolean => hasSqlState(error, '40P01');

/** A guarded seat update that took no seat, raised by flybook_seats_taken (migration 0022). */
export const isNoSeatTaken = (error: unknown): boolean => hasSqlState(error, 'FB001');

/**
 * Runs a whole transaction again when PostgreSQL broke a deadlock by aborting it: nothing of it
 * was written, and the other transaction has gone on, so the second try meets no cycle.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}

/**
 * An instant (e.g. a departure) falls on these local calendar days of its time zone, both ends
 * included. A coarse range on the instant comes first (no zone is more than 14 hours from UTC), so
 * an index on the instant can serve it.
 */
export function localDaysWithin(
  instant: Column | SQL,
  timezone: Column | SQL,
  interval: { from?: string | undefined; to?: string | undefined },
): SQL[] {
  const localDay = sql`(${instant} at time zone ${timezone})::date`;
  const conditions: SQL[] = [];
  if (interval.from) {
    conditions.push(sql`${instant} >= ${interval.from}::date - interval '1 day'`);
    conditions.push(sql`${localDay} >= ${interval.from}::date`);
  }
  if (interval.to) {
    conditions.push(sql`${instant} < ${interval.to}::date + interval '2 days'`);
    conditions.push(sql`${localDay} <= ${interval.to}::date`);
  }
  return conditions;
}

/** The instant an office day (yyyy-MM-dd in Zurich, see `officeDayOf`) begins. */
export const officeDayStart = (day: string): SQL =>
  sql`(${day}::date::timestamp at time zone ${OFFICE_TIME_ZONE})`;

/** The instant the office day after `day` begins: the end, excluded, of `day`. */
export const officeDayEnd = (day: string): SQL =>
  sql`((${day}::date + 1)::timestamp at time zone ${OFFICE_TIME_ZONE})`;
