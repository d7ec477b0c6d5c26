import { api } from '@flybook/schemas';
import { route } from '../../http/routes.ts';
import type { AuthService } from './auth.service.ts';

export const authRoutes = (auth: AuthService) => [
  route(api.auth.login, ({ body, ip }) => auth.login(body.login, body.password, ip)),
  route(api.auth.logout, ({ user }) => auth.logout(user)),
  route(api.auth.recoverPassword, ({ params, body, ip }) =>
    auth.recoverPassword(body.email, params.locale, ip),
  ),
  route(api.auth.updatePassword, ({ body }) => auth.updatePassword(body.recoveryToken, body.password)),
];
