import { asc, type Column, desc, type SQL } from 'drizzle-orm';

/** A case-insensitive "contains" pattern for ILIKE, with the user's % and _ taken literally. */
export const containsPattern = (text: string): string =>
  `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** ORDER BY a column in the list's direction, then by id so pages never overlap. */
export const listOrder = (column: Column | SQL, order: 'ASC' | 'DESC', id: Column): SQL[] => [
  order === 'ASC' ? asc(column) : desc(column),
  asc(id),
];

/** True when a database error (possibly wrapped by Drizzle) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** True when a database error is a foreign-key violation (the row is still referenced). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
