import { api } from '@flybook/schemas';
import type { Db } from '../../db/client.ts';
import { type RouteBinding, route } from '../../http/routes.ts';
import { createManageService, MANAGE_FIND_DEFAULT_LIMIT } from './manage.service.ts';

export const manageRoutes = (
  db: Db,
  limit: { max: number; windowSeconds: number } = MANAGE_FIND_DEFAULT_LIMIT,
): RouteBinding[] => {
  const manage = createManageService(db, limit);
  return [
    route(api.manage.find, ({ body, ip }) => manage.find(ip, body)),
    route(api.manage.read, ({ query }) => manage.read(query)),
  ];
};
