import { api } from '@flybook/schemas';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/routes.ts';
import type { PasswordAttempts } from '../auth/password-attempts.ts';
import { createManagersService } from './managers.service.ts';

export const managerRoutes = (db: Db, attempts: PasswordAttempts) => {
  const managers = createManagersService(db, attempts);
  return [
    route(api.manager.list, ({ query }) => managers.list(query)),
    route(api.manager.create, ({ user, body }) => managers.create(user, body)),
    route(api.manager.get, ({ user, params }) => managers.get(user, params.id)),
    route(api.manager.update, ({ user, params, body }) => managers.update(user, params.id, body)),
    route(api.manager.delete, ({ user, params }) => managers.remove(user, params.id)),
  ];
};
