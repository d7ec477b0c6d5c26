import { z } from 'zod';
import { LocaleSchema } from './common.ts';
import { defineCall } from './http.ts';
import { notBlank, passwordsMatch } from './validation.ts';

export const PASSWORD_MIN_LENGTH = 8;

export const LoginBody = z.object({ login: notBlank(), password: notBlank() });
export type LoginBody = z.infer<typeof LoginBody>;

export const AuthTokenSchema = z.object({ token: z.string() });

export const RecoverPasswordBody = z.object({ email: notBlank().pipe(z.email()) });

export const UpdatePasswordBody = z
  .object({
    recoveryToken: notBlank(),
    password: z.string().min(PASSWORD_MIN_LENGTH).max(200),
    passwordConfirm: z.string(),
  })
  .refine((body) => body.password === body.passwordConfirm, passwordsMatch);

const LocaleParams = z.object({ locale: LocaleSchema });

export const authCalls = {
  login: defineCall({
    method: 'POST',
    path: 'auth/token',
    summary: 'Log in with e-mail and password; returns a session token',
    auth: 'public',
    ignoresSession: true,
    body: LoginBody,
    response: AuthTokenSchema,
  }),
  logout: defineCall({
    method: 'DELETE',
    path: 'auth/token',
    summary: 'End the current session',
    auth: 'user',
    response: 'empty',
  }),
  recoverPassword: defineCall({
    method: 'POST',
    path: 'auth/recover-password/{locale}',
    summary: 'Send a password recovery link to a registered e-mail',
    auth: 'public',
    ignoresSession: true,
    params: LocaleParams,
    body: RecoverPasswordBody,
    response: 'empty',
  }),
  updatePassword: defineCall({
    method: 'POST',
    path: 'auth/update-password/{locale}',
    summary: 'Set a new password with a recovery token',
    auth: 'public',
    ignoresSession: true,
    keyed: true,
    params: LocaleParams,
    body: UpdatePasswordBody,
    response: 'empty',
  }),
};
