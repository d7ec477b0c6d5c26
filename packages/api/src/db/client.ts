import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { loggableError } from './faults.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle database, the same type on PGlite and on a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or a transaction inside it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Resolves once the database answers; PostgreSQL is retried with backoff (250 ms doubling to
   * 5 s) for up to `timeoutMs`, then `DatabaseUnreachableError`. PGlite is always reachable.
   */
  waitUntilReachable(timeoutMs: number, onRetry?: (reason: string, retryInMs: number) => void): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: its data folder as an uncompressed tarball, to start other instances from. */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PostgreSQL only: calls `listener` with every error of a pooled connection (terminated, reset,
   * dropped by a failover), which the pool survives; answers a function that stops the calls.
   */
  onConnectionError?(listener: (error: Error) => void): () => void;
}

/** The database did not answer at start; the message names host:port, never the password. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/** `host:port` of a PostgreSQL URL, for messages (user and password left out). */
export function databaseAddressOf(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname || 'localhost'}:${port || '5432'}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Tries `SELECT 1` on a connection of its own until it answers or `timeoutMs` has passed. Errors
 * that waiting does not fix (wrong password, no such database: SQLSTATE class 28 and 3D000) fail
 * at once.
 */
async function waitForPostgres(
  url: string,
  timeoutMs: number,
  onRetry?: (reason: string, retryInMs: number) => void,
): Promise<void> {
  const address = databaseAddressOf(url);
  const deadline = Date.now() + timeoutMs;
  let delay = 250;
  for (;;) {
    const remaining = deadline - Date.now();
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: Math.max(250, Math.min(5000, remaining)),
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      const reason = code && !/^[0-9A-Z]{5}$/.test(code) ? code : (message ?? String(error));
      if (code && (code.startsWith('28') || code === '3D000'))
        throw new DatabaseUnreachableError(`the database at ${address} refused the connection: ${reason}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new DatabaseUnreachableError(
          `the database at ${address} is unreachable (${reason}); gave up after ${Math.round(timeoutMs / 1000)} s (DB_START_TIMEOUT_SECONDS)`,
        );
      const wait = Math.min(delay, left);
      onRetry?.(reason, wait);
      await new Promise((resolve) => setTimeout(resolve, wait));
      delay = Math.min(delay * 2, 5000);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens the database: PostgreSQL when `url` is given, else PGlite in `dataDir`
 * (`memory://` keeps it in memory, for tests). `loadDataDir` starts PGlite from a dump of
 * another instance's data folder (`dumpDataDir`), as the tests do from one seeded template.
 */
export async function openDatabase(options: {
  url: string | null;
  dataDir: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.url) {
    const connectionString = options.url;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: Number(process.env.DB_POOL_SIZE ?? 10),
      // A connection (or a free place in the pool) not had within this time fails the request
      // with 503 instead of holding it forever; keep-alive notices a peer gone without a word.
      connectionTimeoutMillis: Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 10_000),
      keepAlive: true,
    });
    // A connection the server drops (pg_terminate_backend, restart, failover, a pooler reset) emits
    // 'error' (57P01, then ECONNRESET), and an 'error' nobody listens to ends the process. The pool
    // listens only while a connection is idle, so every connection gets a listener of its own for
    // its whole life: a statement in flight fails (503), the pool discards the connection on
    // release and opens a new one on the next checkout.
    const errorListeners = new Set<(error: Error) => void>();
    const reportConnectionError = (error: Error) => {
      if (errorListeners.size === 0)
        console.error('database connection error:', loggableError(error).message);
      for (const listener of errorListeners) listener(error);
    };
    // The pool re-emits an idle connection's error: already reported by the connection's listener.
    pool.on('error', () => undefined);
    // pool.end() resolves before its sockets have closed; close() waits for every one, so a
    // caller that drops the database right after never cuts a connection still saying goodbye.
    const open = new Set<pg.Client>();
    pool.on('connect', (client) => {
      open.add(client);
      client.on('error', reportConnectionError);
      client.on('end', () => open.delete(client));
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      waitUntilReachable: (timeoutMs, onRetry) => waitForPostgres(connectionString, timeoutMs, onRetry),
      async migrate() {
        // Several instances may start at once: one migrates, the others wait on the lock.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock(7231)');
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock(7231)').catch(() => undefined);
          client.release();
        }
      },
      async close() {
        const closed = [...open].map((client) => new Promise((resolve) => client.once('end', resolve)));
        await pool.end();
        await Promise.all(closed);
      },
      onConnectionError(listener) {
        errorListeners.add(listener);
        return () => errorListeners.delete(listener);
      },
    };
  }
  // A folder on disk serves one process: a second one would hand out the same ids and oversell.
  let lock: DataDirLock | null = null;
  if (!options.dataDir.startsWith('memory://')) {
    mkdirSync(options.dataDir, { recursive: true });
    lock = lockDataDir(options.dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(
      options.dataDir,
      options.loadDataDir ? { loadDataDir: options.loadDataDir } : undefined,
    );
  } catch (error) {
    lock?.release();
    throw error;
  }
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    waitUntilReachable: async () => undefined,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    dumpDataDir: () => client.dumpDataDir('none'),
    // Closing flushes PGlite's state; a killed process would skip sequence values.
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
