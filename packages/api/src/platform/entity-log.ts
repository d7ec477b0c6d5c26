import { isDeepStrictEqual } from 'node:util';
import type { Db, Tx } from '../db/client.ts';
import { entityLog } from '../db/schema/index.ts';
import { ApiError } from '../http/api-error.ts';
import { isForeignKeyViolation } from './sql.ts';

export interface EntityChange {
  userId: number | null;
  entityType: string;
  entityId: number | string;
  operation: 'create' | 'update' | 'delete';
  changedFields: string[];
}

/** An event-log entry as its row is written. */
export const entityChangeRow = (entry: EntityChange): typeof entityLog.$inferInsert => ({
  ...entry,
  entityId: String(entry.entityId),
});

/** The insert of an event-log entry, not yet run: logEntityChange runs it, or a caller with its own write. */
export const entityChangeInsert = (tx: Db | Tx, entry: EntityChange) =>
  tx.insert(entityLog).values(entityChangeRow(entry));

/** Records a create, update or delete of a main entity; call it in the change's transaction. */
export async function logEntityChange(tx: Tx, entry: EntityChange) {
  await entityChangeInsert(tx, entry);
}

/**
 * Field names whose values differ between two versions of an entity. Deep and independent of key
 * order: jsonb columns come back with their keys reordered.
 */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): string[] {
  return Object.keys(after).filter((key) => !isDeepStrictEqual(before[key], after[key]));
}

/**
 * Deletes a record nothing refers to and logs the deletion, in one transaction. A record that
 * does not exist answers 404; one still referred to (a flight flies the template, a booking holds
 * the option) answers 409 ERROR_IN_USE and stays: deactivate it instead.
 */
export async function removeUnlessInUse(
  db: Db,
  actor: { id: number },
  record: {
    entityType: string;
    /** How the 404 names it: "aircraft template". */
    name: string;
    id: number;
    exists: (tx: Tx) => Promise<boolean>;
    remove: (tx: Tx) => Promise<void>;
  },
) {
  try {
    await db.transaction(async (tx) => {
      if (!(await record.exists(tx))) throw ApiError.notFound(record.name, record.id);
      await record.remove(tx);
      await logEntityChange(tx, {
        userId: actor.id,
        entityType: record.entityType,
        entityId: record.id,
        operation: 'delete',
        changedFields: [],
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new ApiError('ERROR_IN_USE', 409);
    throw error;
  }
}
