import { effectiveRoles, rolesForUserType, type UserType } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { logEntityChange } from '../../platform/entity-log.ts';
import { hitRateLimit } from '../../platform/rate-limiter.ts';
import {
  burnPasswordCheck,
  hashPassword,
  hashToken,
  newToken,
  verifyPassword,
} from '../../platform/secrets.ts';
import { emailMessage } from '../messages/notify.ts';
import * as repo from './auth.repository.ts';
import { createPasswordAttempts } from './password-attempts.ts';
import { newPasswordErrors } from './password-rule.ts';

// Sessions are extended on use, but written at most this often.
const EXTEND_AFTER_MS = 5 * 60 * 1000;

/** Role combinations kept; few exist (a group's roles and a user's special ones), so it rarely fills. */
const KEPT_ROLE_SETS = 1000;
const roleSets = new Map<string, ReadonlySet<string>>();

/**
 * The roles of a session: the group's plus the allowed special roles minus the denied ones
 * (`effectiveRoles`), for its type of user (`rolesForUserType`), from the session query's texts.
 * Every request of a signed-in user asks, for a handful of combinations: each is worked out once,
 * and its one set is every such session's (read-only: nothing may add to a user's roles).
 */
export function sessionRoles(
  type: UserType | null,
  group: string,
  allowed: string,
  denied: string,
): ReadonlySet<string> {
  const key = `${type}|${group}|${allowed}|${denied}`;
  let roles = roleSets.get(key);
  if (!roles) {
    const list = (text: string) => (text === '' ? [] : text.split(' '));
    roles = new Set(rolesForUserType(type, effectiveRoles(list(group), list(allowed), list(denied))));
    if (roleSets.size >= KEPT_ROLE_SETS) roleSets.clear();
    roleSets.set(key, roles);
  }
  return roles;
}

export function createAuthService(db: Db, config: Config) {
  const hours = (n: number) => new Date(Date.now() + n * 3600_000);
  const attempts = createPasswordAttempts(db, config.rateLimits.login);

  return {
    /** The throttle of password checks, shared with the checks of the current password. */
    attempts,

    /**
     * Checks e-mail and password. Throttled per account and client address with growing delays,
     * and per address across accounts; only failures count (password-attempts.ts).
     */
    async login(login: string, password: string, ip: string): Promise<{ token: string }> {
      const email = login.trim().toLowerCase();
      const user = await repo.findUserByEmail(db, email);
      const ok = await attempts.check({ account: email, client: `ip:${ip}`, address: ip }, async () => {
        if (!user) {
          await burnPasswordCheck(password);
          return false;
        }
        return (await verifyPassword(user.passwordHash, password)) && user.isActive;
      });
      if (!ok || !user) throw new ApiError('ERROR_BAD_CREDENTIALS', 401);
      await repo.deleteExpired(db);
      await attempts.forgetOld();
      const { token, tokenHash } = newToken();
      await repo.insertSession(db, user.id, tokenHash, hours(config.sessionTtlHours));
      return { token };
    },

    async logout(user: AuthUser) {
      await repo.deleteSession(db, user.tokenHash);
    },

    /**
     * The user behind a token, with effective roles; null when unknown, past its sliding expiry,
     * older than SESSION_MAX_HOURS, or of an inactive user. A customer holds only the customer
     * roles, whatever their group and special roles say.
     */
    async authenticate(token: string): Promise<AuthUser | null> {
      const tokenHash = hashToken(token);
      const session = await repo.findSession(db, tokenHash, config.sessionMaxHours);
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
        roles: sessionRoles(session.type, session.groupRoles, session.allowed, session.denied),
        tokenHash,
      };
    },

    /**
     * Queues a recovery e-mail with a one-time link to /updatePassword/:token. An unknown address
     * gets the spec's 422, after the same work as a known one (token, its hash, the e-mail, the same
     * statement, which writes nothing for it), so the time of the answer does not tell the two apart
     * (docs/security.md, measured).
     */
    async recoverPassword(email: string, locale: Locale, ip: string) {
      await hitRateLimit(db, `recover:ip:${ip}`, {
        ...config.rateLimits.recovery,
        max: config.rateLimits.recovery.max * 5,
      });
      const address = email.trim();
      const found = await repo.findUserByEmail(db, address);
      const user = found?.isActive ? found : null;
      const { token, tokenHash } = newToken();
      const localePrefix = locale === 'en' ? '' : `/${locale}`;
      const link = `${config.publicUrl}${localePrefix}/updatePassword/${token}`;
      // Rendered on both paths, like everything else here, so the answer's time tells nothing.
      const mail = await emailMessage(
        'password-recovery',
        locale,
        { name: user?.displayName ?? address, link, minutes: config.recoveryTtlMinutes },
        { recipient: user?.email ?? address },
      );
      // One transaction that writes on both paths (the address's counter always changes), so both
      // commit alike; on PostgreSQL a commit that wrote waits for the WAL flush, one that did not
      // would answer sooner. A refusal (429) rolls the counter back, which keeps it at the limit.
      const issued = await db.transaction(async (tx) => {
        await hitRateLimit(tx, `recover:user:${address.toLowerCase()}`, config.rateLimits.recovery);
        return repo.issueRecovery(
          tx,
          user?.id ?? 0,
          tokenHash,
          new Date(Date.now() + config.recoveryTtlMinutes * 60_000),
          mail,
        );
      });
      if (!issued) {
        throw new ValidationError([
          { code: 'ERROR_USER_NOT_REGISTERED', message: 'User is not registered yet', field: 'email' },
        ]);
      }
    },

    /**
     * Sets a new password with a live recovery token; the token works once, and every other open
     * recovery link of the user stops working with it. The password rule is checked against the
     * user's e-mail; a refused password leaves the token usable.
     */
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
        const refused = newPasswordErrors(password, (await repo.emailOfUser(tx, used.userId)) ?? '');
        if (refused.length > 0) throw new ValidationError(refused);
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
