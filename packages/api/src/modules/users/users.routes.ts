import { api } from '@flybook/schemas';
import { route } from '../../http/routes.ts';
import type { UserKindServices } from './user-kinds.service.ts';
import type { UsersService } from './users.service.ts';

export const userRoutes = (users: UsersService, { agents, customers, managers }: UserKindServices) => [
  route(api.user.me, ({ user }) => users.me(user)),
  route(api.user.get, ({ params }) => users.permissionsUser(params.id)),
  route(api.user.updatePermissions, ({ user, params, body }) =>
    users.updatePermissions(user, params.id, body),
  ),
  route(api.user.roles, ({ params }) => users.effectiveRolesOf(params.id)),
  route(api.user.roleList, async () => users.roleCatalogue()),
  route(api.user.groupList, () => users.groups()),
  route(api.user.list, ({ query }) => users.list(query)),
  route(api.user.virtualAccounts, ({ params }) => users.virtualAccounts(params.id)),
  route(api.user.setVirtualAccounts, ({ user, params, body }) =>
    users.setVirtualAccounts(user, params.id, body.accountIds),
  ),
  // Agents, customers and managers: the same five calls each, one service per kind (user-kinds.ts).
  route(api.agent.list, ({ user, query }) => agents.list(user, query)),
  route(api.agent.create, ({ user, body }) => agents.create(user, body)),
  route(api.agent.get, ({ user, params }) => agents.get(user, params.id)),
  route(api.agent.update, ({ user, params, body }) => agents.update(user, params.id, body)),
  route(api.agent.delete, ({ user, params }) => agents.remove(user, params.id)),
  route(api.customer.list, ({ user, query }) => customers.list(user, query)),
  route(api.customer.create, ({ user, body }) => customers.create(user, body)),
  route(api.customer.get, ({ user, params }) => customers.get(user, params.id)),
  route(api.customer.update, ({ user, params, body }) => customers.update(user, params.id, body)),
  route(api.customer.delete, ({ user, params }) => customers.remove(user, params.id)),
  route(api.manager.list, ({ user, query }) => managers.list(user, query)),
  route(api.manager.create, ({ user, body }) => managers.create(user, body)),
  route(api.manager.get, ({ user, params }) => managers.get(user, params.id)),
  route(api.manager.update, ({ user, params, body }) => managers.update(user, params.id, body)),
  route(api.manager.delete, ({ user, params }) => managers.remove(user, params.id)),
];
