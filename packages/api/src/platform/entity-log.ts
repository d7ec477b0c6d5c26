import { isDeepStrictEqual } from 'node:util';
import type { Tx } from '../db/client.ts';
import { entityLog } from '../db/schema/index.ts';

/** Records a create, update or delete of a main entity; call it in the change's transaction. */
export async function logEntityChange(
  tx: Tx,
  entry: {
    userId: number | null;
    entityType: string;
    entityId: number | string;
    operation: 'create' | 'update' | 'delete';
    changedFields: string[];
  },
) {
  await tx.insert(entityLog).values({ ...entry, entityId: String(entry.entityId) });
}

/**
 * Field names whose values differ between two versions of an entity. Deep and independent of key
 * order: jsonb columns come back with their keys reordered.
 */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): string[] {
  return Object.keys(after).filter((key) => !isDeepStrictEqual(before[key], after[key]));
}
