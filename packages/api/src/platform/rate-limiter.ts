import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { ApiError } from '../http/api-error.ts';

/**
 * Fixed-window counters in the database, so the limit holds across every instance behind the
 * load balancer. One upsert per attempt; a window that has passed starts again at 1.
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
