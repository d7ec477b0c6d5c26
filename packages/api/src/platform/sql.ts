import { asc, type Column, desc, type SQL } from 'drizzle-orm';
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
