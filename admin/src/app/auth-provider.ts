import { type ApiClient, ApiRequestError } from '@flybook/client';
// Area call groups rather than the `api` object: the shell then carries only the schemas it calls.
import { authCalls, type Me, userCalls } from '@flybook/schemas';
import type { AuthProvider } from '@refinedev/core';
import { type ErrorTranslator, statusOf, toHttpError } from './errors.ts';
import { LOGIN_PATH } from './paths.ts';
import type { SessionStore } from './session.ts';

export interface LoginValues {
  login: string;
  password: string;
}

export interface AuthProviderOptions {
  client: ApiClient;
  session: SessionStore;
  translate?: ErrorTranslator;
}

function isLoginValues(value: unknown): value is LoginValues {
  return (
    typeof value === 'object' &&
    value !== null &&
    'login' in value &&
    typeof value.login === 'string' &&
    'password' in value &&
    typeof value.password === 'string'
  );
}

/**
 * Refine's auth provider over the API: the token from `auth/token` is the whole session; the user
 * and roles always come fresh from `user/me`, so a permission change shows after a reload.
 * Redirects are left to the route guard, which knows where the user was going (`?to=`).
 */
export function createAuthProvider({ client, session, translate }: AuthProviderOptions): AuthProvider & {
  getIdentity: () => Promise<Me | null>;
} {
  const me = async (): Promise<Me | null> => {
    if (session.getToken() === null) return null;
    try {
      return await client.call(userCalls.me);
    } catch (error) {
      // The client has already ended the session on this 401; the guard now shows the login page.
      if (error instanceof ApiRequestError && error.status === 401) return null;
      throw error;
    }
  };

  return {
    async login(values: unknown) {
      if (!isLoginValues(values)) {
        return { success: false, error: { message: 'Missing login or password', statusCode: 422 } };
      }
      try {
        const { token } = await client.call(authCalls.login, { body: values });
        session.setToken(token);
        return { success: true };
      } catch (error) {
        return { success: false, error: toHttpError(error, translate) };
      }
    },

    async logout() {
      const hadSession = session.getToken() !== null;
      if (hadSession) {
        try {
          await client.call(authCalls.logout);
        } catch {
          // The token is forgotten here either way; a server that cannot be told lets it expire.
        }
      }
      session.clear();
      // Logging out on purpose ends on the plain login page. After an expired session (Refine's
      // onError lands here with the token already gone) the guard has sent the user to login with
      // `?to=` their page, which must stay.
      return hadSession ? { success: true, redirectTo: LOGIN_PATH } : { success: true };
    },

    async check() {
      return session.getToken() !== null
        ? { authenticated: true }
        : { authenticated: false, logout: true, redirectTo: LOGIN_PATH };
    },

    getIdentity: me,

    async getPermissions() {
      return (await me())?.roles ?? [];
    },

    async onError(error: unknown) {
      return statusOf(error) === 401 ? { logout: true } : {};
    },
  };
}
