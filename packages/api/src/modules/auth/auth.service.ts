import { effectiveRoles } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { logEntityChange } from '../../platform/entity-log.ts';
import { translator } from '../../platform/i18n.ts';
import { enqueueMessage } from '../../platform/outbox.ts';
import { clearRateLimit, hitRateLimit } from '../../platform/rate-limiter.ts';
import {
  burnPasswordCheck,
  hashPassword,
  hashToken,
  newToken,
  verifyPassword,
} from '../../platform/secrets.ts';
import * as repo from './auth.repository.ts';

// Sessions are extended on use, but written at most this often.
const EXTEND_AFTER_MS = 5 * 60 * 1000;

export function createAuthService(db: Db, config: Config) {
  const hours = (n: number) => new Date(Date.now() + n * 3600_000);

  return {
    /** Checks e-mail and password; rate-limited per address and per client IP. */
    async login(login: string, password: string, ip: string): Promise<{ token: string }> {
      const email = login.trim().toLowerCase();
      await hitRateLimit(db, `login:ip:${ip}`, {
        ...config.rateLimits.login,
        max: config.rateLimits.login.max * 5,
      });
      await hitRateLimit(db, `login:user:${email}`, config.rateLimits.login);
      const user = await repo.findUserByEmail(db, email);
      if (!user) {
        await burnPasswordCheck(password);
        throw new ApiError('ERROR_BAD_CREDENTIALS', 401);
      }
      if (!user.isActive || !(await verifyPassword(user.passwordHash, password))) {
        throw new ApiError('ERROR_BAD_CREDENTIALS', 401);
      }
      await clearRateLimit(db, `login:user:${email}`);
      await repo.deleteExpired(db);
      const { token, tokenHash } = newToken();
      await repo.insertSession(db, user.id, tokenHash, hours(config.sessionTtlHours));
      return { token };
    },

    async logout(user: AuthUser) {
      await repo.deleteSession(db, user.tokenHash);
    },

    /** The user behind a token, with effective roles; null when unknown, expired or inactive. */
    async authenticate(token: string): Promise<AuthUser | null> {
      const tokenHash = hashToken(token);
      const session = await repo.findSession(db, tokenHash);
      if (!session?.isActive) return null;
      const renewed = hours(config.sessionTtlHours);
      if (renewed.getTime() - session.expiresAt.getTime() > EXTEND_AFTER_MS) {
        await repo.extendSession(db, tokenHash, renewed);
      }
      return {
        id: session.id,
        type: session.type,
        displayName: session.displayName,
        email: session.email,
        roles: new Set(effectiveRoles(session.groupRoles ?? [], session.allowed, session.denied)),
        tokenHash,
      };
    },

    /** Queues a recovery e-mail with a one-time link to /updatePassword/:token. */
    async recoverPassword(email: string, locale: Locale, ip: string) {
      await hitRateLimit(db, `recover:ip:${ip}`, {
        ...config.rateLimits.recovery,
        max: config.rateLimits.recovery.max * 5,
      });
      await hitRateLimit(db, `recover:user:${email.trim().toLowerCase()}`, config.rateLimits.recovery);
      const user = await repo.findUserByEmail(db, email.trim());
      if (!user?.isActive) {
        throw new ValidationError([
          { code: 'ERROR_USER_NOT_REGISTERED', message: 'User is not registered yet', field: 'email' },
        ]);
      }
      const { token, tokenHash } = newToken();
      const t = translator(locale);
      const localePrefix = locale === 'en' ? '' : `/${locale}`;
      const link = `${config.publicUrl}${localePrefix}/updatePassword/${token}`;
      await db.transaction(async (tx) => {
        await repo.insertRecoveryToken(
          tx,
          user.id,
          tokenHash,
          new Date(Date.now() + config.recoveryTtlMinutes * 60_000),
        );
        await enqueueMessage(tx, {
          channel: 'email',
          recipient: user.email,
          template: 'password-recovery',
          subject: t('email.recovery.subject'),
          body: t('email.recovery.body', {
            name: user.displayName,
            link,
            minutes: config.recoveryTtlMinutes,
          }),
        });
      });
    },

    /** Sets a new password with a live recovery token; the token works once. */
    async updatePassword(recoveryToken: string, password: string) {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const used = await repo.consumeRecoveryToken(tx, hashToken(recoveryToken));
        if (!used) {
          throw new ValidationError([
            {
              code: 'ERROR_RECOVERY_TOKEN_INVALID',
              message: 'Recovery token expired or invalid.',
              field: 'recoveryToken',
            },
          ]);
        }
        await repo.setPassword(tx, used.userId, passwordHash);
        await logEntityChange(tx, {
          userId: used.userId,
          entityType: 'user',
          entityId: used.userId,
          operation: 'update',
          changedFields: ['password'],
        });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
