import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';

const journalPath = fileURLToPath(new URL('../../drizzle/meta/_journal.json', import.meta.url));

/** The time stamp of the newest migration this release ships (drizzle-kit's journal). */
export function latestMigration(): number {
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** How long the readiness probe waits for the database before it answers 503. */
const READY_TIMEOUT_MS = 2000;

export interface Readiness {
  ready: boolean;
  checks: { database: 'ok' | 'unreachable'; migrations: 'ok' | 'pending' | 'unknown'; accepting: boolean };
}

/** Whether the database answers and has every migration of this release applied. */
export async function checkReadiness(
  db: Db,
  expectedMigration: number,
  accepting: boolean,
): Promise<Readiness> {
  const checks: Readiness['checks'] = { database: 'unreachable', migrations: 'unknown', accepting };
  let timer: NodeJS.Timeout | undefined;
  const query = (async () => {
    await db.execute(sql`SELECT 1`);
    checks.database = 'ok';
    // Drizzle records each applied migration with its journal time stamp.
    const result = await db.execute(
      sql`SELECT coalesce(max(created_at), 0)::text AS latest FROM drizzle.__drizzle_migrations`,
    );
    const rows = (result as unknown as { rows: { latest: string }[] }).rows;
    checks.migrations = Number(rows[0]?.latest ?? 0) >= expectedMigration ? 'ok' : 'pending';
  })();
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database check timed out')), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([query, timeout]);
  } catch {
    // Unreachable, timed out, or no migrations table: not ready; the checks say which.
  } finally {
    clearTimeout(timer);
  }
  return {
    ready: checks.database === 'ok' && checks.migrations === 'ok' && accepting,
    checks: { ...checks },
  };
}

/**
 * `GET /api/health` (liveness: the process answers; no database, so a slow database never gets a
 * healthy process restarted) and `GET /api/ready` (readiness: the database answers and is migrated,
 * and the server is not shutting down; 503 otherwise, so a load balancer sends no traffic here).
 */
export function registerHealthRoutes(app: FastifyInstance, db: Db, isAccepting: () => boolean) {
  const expected = latestMigration();
  app.get('/api/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/api/ready', async (_request, reply) => {
    const readiness = await checkReadiness(db, expected, isAccepting());
    return reply
      .status(readiness.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: readiness.ready ? 'ready' : 'not ready', checks: readiness.checks });
  });
}
