import { ENTITY_OPERATIONS, type EntityLogEntry, type EntityLogListQuery } from '@flybook/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { listEntityLog, listEntityTypes } from './entity-log.repository.ts';

/** The event log of settings (spec 03 §2): creates, updates and deletes of the main entities. */
export function createEntityLogService(db: Db) {
  return {
    async list(query: z.output<typeof EntityLogListQuery>) {
      const { items, total, capped } = await listEntityLog(
        db,
        {
          query: query.query,
          from: query.dateInterval?.from,
          to: query.dateInterval?.to,
          entityType: query.entityType,
          operationType: query.operationType,
        },
        query,
      );
      return {
        total,
        // Only when counting stopped: an exact total keeps the answer as it was.
        ...(capped ? { totalIsCapped: true as const } : {}),
        items: items.map(
          ({ entry, userName }): EntityLogEntry => ({
            id: entry.id,
            timestamp: entry.createdAt.toISOString(),
            user:
              entry.userId !== null && userName !== null ? { id: entry.userId, displayName: userName } : null,
            entityType: entry.entityType,
            entityId: entry.entityId,
            operationType: entry.operation,
            changedFields: entry.changedFields,
          }),
        ),
      };
    },

    async entityTypes() {
      return { items: await listEntityTypes(db) };
    },

    operationTypes: () => ({ items: [...ENTITY_OPERATIONS] }),
  };
}

export type EntityLogService = ReturnType<typeof createEntityLogService>;
