import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { ApiError } from '../http/api-error.ts';

/**
 * Fixed-window counters in the database, so the limit holds across every instance behind the
 * load balancer. One upsert per attempt; a window that has passed starts again at 1. Over the
 * limit: 429 ERROR_RATE_LIMITED with `retryAfterSeconds`.
 *
 * What is limited (auth.service.ts; defaults from config.ts, table in docs/security.md):
 * - login per e-mail: 10 attempts / 300 s (LOGIN_RATE_MAX, LOGIN_RATE_WINDOW), reset by a success;
 * - login per client IP: 5 × that, 50 / 300 s, successful logins included;
 * - password recovery per e-mail: 5 / 900 s (RECOVERY_RATE_MAX, RECOVERY_RATE_WINDOW);
 * - password recovery per client IP: 5 × that, 25 / 900 s.
 * Nothing else in the API is rate-limited; per-IP request limits belong in the load balancer.
 */
export async function hitRateLimit(db: Db | Tx, key: string, limit: { max: number; windowSeconds: number }) {
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
    .returning({ count: rateLimits.count });
  if ((row?.count ?? 0) > limit.max) {
    throw new ApiError('ERROR_RATE_LIMITED', 429, { params: { retryAfterSeconds: limit.windowSeconds } });
  }
}

/** Forgets a key's counter (after a successful login). */
export async function clearRateLimit(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
