import { api } from '@flybook/schemas';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/routes.ts';
import type { PasswordAttempts } from '../auth/password-attempts.ts';
import { createCustomersService } from './customers.service.ts';

export const customerRoutes = (db: Db, attempts: PasswordAttempts) => {
  const customers = createCustomersService(db, attempts);
  return [
    route(api.customer.list, ({ query }) => customers.list(query)),
    route(api.customer.create, ({ user, body }) => customers.create(user, body)),
    route(api.customer.get, ({ user, params }) => customers.get(user, params.id)),
    route(api.customer.update, ({ user, params, body }) => customers.update(user, params.id, body)),
    route(api.customer.delete, ({ user, params }) => customers.remove(user, params.id)),
  ];
};
