import { api } from '@flybook/schemas';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/routes.ts';
import { createEntityLogService } from './entity-log.service.ts';

export const entityLogRoutes = (db: Db) => {
  const log = createEntityLogService(db);
  return [
    route(api.entityLog.list, ({ query }) => log.list(query)),
    route(api.entityLog.entityTypeList, () => log.entityTypes()),
    route(api.entityLog.operationTypeList, async () => log.operationTypes()),
  ];
};
