import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';

/**
 * Throttling of password checks (docs/security.md, "Sessions and passwords"). Only failures count,
 * and a right password is never refused because of failures made elsewhere:
 *
 * - per account and client (the client is the address of a login, or the session of a check of
 *   the current password): the first `max` failures (LOGIN_RATE_MAX) are free; after n ≥ max
 *   failures the next check waits 2^(n − max) seconds after the last failure, at most
 *   `windowSeconds` (LOGIN_RATE_WINDOW). The count starts again after a success, or a day after
 *   the last failure;
 * - per client address across accounts: at most 5 × max failures per `windowSeconds` window.
 *
 * A refused attempt checks no password and counts nothing: 429 ERROR_RATE_LIMITED with
 * `params.retryAfterSeconds`, which the error handler sends as `Retry-After`. The counters are rows
 * of `rate_limits`, shared by every instance. An attempt is counted as a failure before the
 * password is checked (one upsert that is refused when throttled), so parallel guesses cannot slip
 * past the limit; a success takes it back.
 */
export interface PasswordAttemptLimit {
  /** Free failures per account and client before the delays begin (LOGIN_RATE_MAX). */
  max: number;
  /** Longest delay and the window of the per-address budget, in seconds (LOGIN_RATE_WINDOW). */
  windowSeconds: number;
}

/** After a day without a failure an account and client start again with free attempts. */
const PAIR_MEMORY_HOURS = 24;
/** The failures one address may make across accounts per window, as a multiple of `max`. */
const ADDRESS_BUDGET_FACTOR = 5;
/** Caps the exponent so 2^n stays a small number whatever the settings. */
const MAX_EXPONENT = 30;

const rateLimited = (seconds: number) =>
  new ApiError('ERROR_RATE_LIMITED', 429, {
    params: { retryAfterSeconds: Math.max(1, Math.ceil(seconds)) },
  });

export type PasswordAttempts = ReturnType<typeof createPasswordAttempts>;

export function createPasswordAttempts(db: Db, limit: PasswordAttemptLimit) {
  const forgotten = sql`${rateLimits.windowStart} < now() - make_interval(hours => ${PAIR_MEMORY_HOURS})`;
  const waitUntil = sql`${rateLimits.windowStart} + make_interval(secs => LEAST(power(2, LEAST(${rateLimits.count} - ${limit.max}, ${MAX_EXPONENT})), ${limit.windowSeconds}))`;
  const windowOver = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${limit.windowSeconds})`;
  const budget = limit.max * ADDRESS_BUDGET_FACTOR;

  /** Counts a failure of this address unless its budget is spent; 429 when it is. */
  async function takeFromAddress(tx: Db | Tx, key: string) {
    const [row] = await tx
      .insert(rateLimits)
      .values({ key, windowStart: sql`now()`, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStart: sql`CASE WHEN ${windowOver} THEN now() ELSE ${rateLimits.windowStart} END`,
        },
        setWhere: sql`${windowOver} OR ${rateLimits.count} < ${budget}`,
      })
      .returning({ count: rateLimits.count });
    if (row) return;
    const [left] = await tx
      .select({
        seconds: sql<number>`extract(epoch from ${rateLimits.windowStart} + make_interval(secs => ${limit.windowSeconds}) - now())::float8`,
      })
      .from(rateLimits)
      .where(eq(rateLimits.key, key));
    throw rateLimited(Number(left?.seconds ?? limit.windowSeconds));
  }

  /** Counts a failure of this account and client unless it must still wait; 429 when it must. */
  async function takeFromPair(tx: Db | Tx, key: string) {
    const [row] = await tx
      .insert(rateLimits)
      .values({ key, windowStart: sql`now()`, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${forgotten} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStart: sql`now()`,
        },
        setWhere: sql`${forgotten} OR ${rateLimits.count} < ${limit.max} OR ${waitUntil} <= now()`,
      })
      .returning({ count: rateLimits.count });
    if (row) return;
    const [left] = await tx
      .select({ seconds: sql<number>`extract(epoch from ${waitUntil} - now())::float8` })
      .from(rateLimits)
      .where(eq(rateLimits.key, key));
    throw rateLimited(Number(left?.seconds ?? 1));
  }

  return {
    limit,

    /**
     * Runs one password check for `account` from `client` (an address, or a session for checks of
     * the current password) unless throttled, and answers its result. `address`, when given, is
     * held to the per-address failure budget too.
     */
    async check(
      who: { account: string; client: string; address?: string },
      verify: () => Promise<boolean>,
    ): Promise<boolean> {
      const pairKey = `login:pair:${who.client}:${who.account.trim().toLowerCase()}`;
      const addressKey = who.address === undefined ? null : `login:ip:${who.address}`;
      // One transaction: a refusal by the second counter takes the first one's count back.
      await db.transaction(async (tx) => {
        if (addressKey) await takeFromAddress(tx, addressKey);
        await takeFromPair(tx, pairKey);
      });
      const ok = await verify();
      if (!ok) {
        // The wait runs from the failure's answer, not from when the check began.
        await db.update(rateLimits).set({ windowStart: sql`now()` }).where(eq(rateLimits.key, pairKey));
      } else {
        // A success is no failure: forget the pair's count, give the address its attempt back.
        await db.delete(rateLimits).where(eq(rateLimits.key, pairKey));
        if (addressKey) {
          await db
            .update(rateLimits)
            .set({ count: sql`GREATEST(${rateLimits.count} - 1, 0)` })
            .where(eq(rateLimits.key, addressKey));
        }
      }
      return ok;
    },

    /** Drops counters nobody needs any more (with the housekeeping on login). */
    async forgetOld() {
      await db
        .delete(rateLimits)
        .where(
          sql`${rateLimits.key} LIKE 'login:%' AND ${rateLimits.windowStart} < now() - make_interval(hours => ${PAIR_MEMORY_HOURS})`,
        );
    },
  };
}
