import { api, ENTITY_OPERATIONS } from '@flybook/schemas';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/routes.ts';
import { listEntityLog, listEntityTypes } from './entity-log.repository.ts';

export const settingsRoutes = (db: Db) => [
  route(api.settings.entityLogList, async ({ query }) => {
    const { items, total } = await listEntityLog(
      db,
      { ...query, from: query.dateInterval?.from, to: query.dateInterval?.to },
      query,
    );
    return {
      total,
      items: items.map(({ entry, userName }) => ({
        id: entry.id,
        timestamp: entry.createdAt.toISOString(),
        user: entry.userId !== null && userName !== null ? { id: entry.userId, displayName: userName } : null,
        entityType: entry.entityType,
        entityId: entry.entityId,
        operationType: entry.operation,
        changedFields: entry.changedFields,
      })),
    };
  }),
  route(api.settings.entityTypeList, async () => ({ items: await listEntityTypes(db) })),
  route(api.settings.operationTypeList, async () => ({ items: [...ENTITY_OPERATIONS] })),
];
