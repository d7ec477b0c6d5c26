import { api } from '@flybook/schemas';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/routes.ts';
import type { PasswordAttempts } from '../auth/password-attempts.ts';
import { createAgentsService } from './agents.service.ts';

export const agentRoutes = (db: Db, attempts: PasswordAttempts) => {
  const agents = createAgentsService(db, attempts);
  return [
    route(api.agent.list, ({ user, query }) => agents.list(user, query)),
    route(api.agent.create, ({ user, body }) => agents.create(user, body)),
    route(api.agent.get, ({ user, params }) => agents.get(user, params.id)),
    route(api.agent.update, ({ user, params, body }) => agents.update(user, params.id, body)),
    route(api.agent.delete, ({ user, params }) => agents.remove(user, params.id)),
  ];
};
