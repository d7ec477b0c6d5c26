import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { ApiError } from '../http/api-error.ts';

/**
 * Fixed-window counters in the database, so the limit holds across every instance behind the
 * load balancer. One upsert per attempt; a window that has passed starts again at 1. Over the
 * limit: 429 ERROR_RATE_LIMITED with `retryAfterSeconds`, the seconds left of the window (the
 * error handler sends it as `Retry-After`). Answers the count so far and the seconds left.
 *
 * What is limited (defaults from config.ts, table in docs/security.md):
 * - password recovery, per e-mail and per client IP (auth.service.ts); failed logins and
 *   current-password checks have counters of their own with growing delays
 *   (modules/auth/password-attempts.ts);
 * - every public call declared `keyed` (a transaction id, a guest key, a recovery token), per
 *   client IP: 120 / 60 s (KEYED_RATE_MAX, KEYED_RATE_WINDOW), in the onRequest hook of app.ts.
 * Other per-IP request limits belong in the load balancer.
 */
export async function hitRateLimit(
  db: Db | Tx,
  key: string,
  limit: { max: number; windowSeconds: number },
): Promise<{ count: number; retryAfterSeconds: number }> {
  const expired = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({
      count: rateLimits.count,
      // Whole seconds until the window ends, at least 1: what a client should wait before trying again.
      secondsLeft: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${limit.windowSeconds}) - now()))))::int`,
    });
  const count = row?.count ?? 0;
  const retryAfterSeconds = Math.min(
    limit.windowSeconds,
    Math.max(1, Number(row?.secondsLeft ?? limit.windowSeconds)),
  );
  if (count > limit.max) {
    throw new ApiError('ERROR_RATE_LIMITED', 429, { params: { retryAfterSeconds } });
  }
  return { count, retryAfterSeconds };
}

/**
 * Refuses like `hitRateLimit` when the key is already over its limit in the current window, without
 * counting this attempt: for calls that count only their failures, so that over the limit even a
 * right guess is answered 429 and tells nothing.
 */
export async function refuseOverRateLimit(
  db: Db | Tx,
  key: string,
  limit: { max: number; windowSeconds: number },
): Promise<void> {
  const [row] = await db
    .select({
      count: rateLimits.count,
      secondsLeft: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${limit.windowSeconds}) - now()))))::int`,
    })
    .from(rateLimits)
    .where(
      sql`${rateLimits.key} = ${key} AND ${rateLimits.windowStart} >= now() - make_interval(secs => ${limit.windowSeconds})`,
    );
  if (row && row.count >= limit.max) {
    const retryAfterSeconds = Math.min(limit.windowSeconds, Math.max(1, Number(row.secondsLeft)));
    throw new ApiError('ERROR_RATE_LIMITED', 429, { params: { retryAfterSeconds } });
  }
}

/** Forgets a key's counter. */
export async function clearRateLimit(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
