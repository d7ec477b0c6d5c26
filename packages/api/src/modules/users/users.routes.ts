import { api } from '@flybook/schemas';
import { route } from '../../http/routes.ts';
import type { UsersService } from './users.service.ts';

export const userRoutes = (users: UsersService) => [
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
];
