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
import { closeSocket, loggableError } from './faults.ts';
import { installQuickQueryConfig } from './pg-query-config.ts';
import { batchTransactionEdges } from './transaction-edges.ts';

/**
 * The Drizzle database, the same type on PGlite and on a PostgreSQL server. Without Drizzle's
 * relational queries (`db.query`): every query is a select of the query builder, and a transaction
 * does not build a relational query builder for each of the forty tables (docs/booking.md, "What a
 * booking costs").
 */
export type Db = PgDatabase<PgQueryResultHKT>;
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

/** `DB_QUERY_TIMEOUT_MS` when unset: the longest a statement may take before its request answers 503. */
export const DEFAULT_QUERY_TIMEOUT_MS = 30_000;
/** Idle time before TCP keep-alive probes a pooled connection (the OS default is 2 hours). */
const KEEP_ALIVE_INITIAL_DELAY_MS = 10_000;

/**
 * The pool's bounds on a statement, from `DB_QUERY_TIMEOUT_MS`: node-postgres gives up waiting for
 * an answer after `query_timeout`; the server cancels the statement a little before that
 * (`statement_timeout`, 10 % less, at most 1 s less), so a statement that is merely slow fails with
 * PostgreSQL's own 57014 and leaves its connection usable; a transaction idle for twice the query
 * timeout (its client gone) is ended by the server (`idle_in_transaction_session_timeout`).
 */
export function queryTimeouts(queryTimeoutMs: number) {
  const query =
    Number.isInteger(queryTimeoutMs) && queryTimeoutMs > 0 ? queryTimeoutMs : DEFAULT_QUERY_TIMEOUT_MS;
  return {
    query_timeout: query,
    statement_timeout: Math.max(1, query - Math.min(1000, Math.floor(query / 10))),
    idle_in_transaction_session_timeout: 2 * query,
  };
}

/**
 * node-postgres' `query_timeout` fails the statement but leaves it pending on the connection: the
 * connection stays in the pool, "queryable", and every statement queued behind (Drizzle's ROLLBACK,
 * the next request's) waits on an answer that never comes, so an instance whose database was silent
 * for a moment answers 503 long after the database is back. A connection on which a statement timed
 * out is destroyed instead: its socket closed, its queued statements failed at once, and the pool
 * drops it when it is released (Drizzle's transactions release without an error, so the pool's own
 * error release is not enough) and opens a new one on the next checkout.
 */
function destroyWhenSilent(client: pg.Client) {
  const destroy = (error: unknown) => {
    if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) closeSocket(client);
  };
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        destroy(error);
        callback(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(destroy);
    return result;
  };
}

/**
 * A pool whose checked-out connections (`await pool.connect()`, as Drizzle's transactions take
 * them) go back to the pool the moment their connection ends, not only when released: Drizzle
 * runs BEGIN outside its try/finally, so a connection whose BEGIN failed (reset, terminated, timed
 * out) was never released and its place in the pool was lost for good — a few such faults and
 * every request waited `DB_CONNECT_TIMEOUT_MS` for a connection that never came. The pool drops
 * the ended connection (released with the error); a later `release()` of it does nothing.
 */
class GuardedPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's connect has a callback and a promise overload
  override connect(...args: any[]): any {
    // pool.query() checks out with a callback and releases with the error itself.
    if (args.length > 0) return (super.connect as (...rest: unknown[]) => unknown)(...args);
    return super.connect().then(releaseWhenEnded);
  }
}

function releaseWhenEnded(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => releaseOnce(new Error('Connection terminated while checked out'));
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', onEnd);
    release(error);
  };
  client.once('end', onEnd);
  client.release = releaseOnce;
  return client;
}

/** node-postgres' message for a statement not answered within `query_timeout`. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

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
    installQuickQueryConfig();
    const timeouts = queryTimeouts(Number(process.env.DB_QUERY_TIMEOUT_MS ?? DEFAULT_QUERY_TIMEOUT_MS));
    const pool = new GuardedPool({
      connectionString: options.url,
      max: Number(process.env.DB_POOL_SIZE ?? 10),
      // A connection (or a free place in the pool) not had within this time fails the request
      // with 503 instead of holding it forever; keep-alive notices a peer gone without a word.
      connectionTimeoutMillis: Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 10_000),
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEP_ALIVE_INITIAL_DELAY_MS,
      // Every statement is bounded (issue 23 §2): the server cancels one running too long (57014,
      // 503), and a statement on a connection gone silent (no answer at all, not even a reset) fails
      // client-side with "Query read timeout" (503) a little later; that connection is destroyed
      // below. A transaction left idle (its client lost) is ended by the server.
      ...timeouts,
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
    const edgesReset = new WeakMap<pg.Client, () => void>();
    pool.on('connect', (client) => {
      open.add(client);
      client.on('error', reportConnectionError);
      client.on('end', () => open.delete(client));
      destroyWhenSilent(client);
      // A transaction's BEGIN goes out with its first statement (one round trip less per
      // transaction), and its COMMIT with a last statement that asks for it (THEN_COMMIT).
      edgesReset.set(client, batchTransactionEdges(client));
    });
    // A connection back in the pool starts its next user with no transaction of the last one's.
    pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => edgesReset.get(client)?.());
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      waitUntilReachable: (timeoutMs, onRetry) => waitForPostgres(connectionString, timeoutMs, onRetry),
      async migrate() {
        // Several instances may start at once: one migrates, the others wait on the lock. A
        // connection of its own, without the statement timeouts: waiting for another instance's
        // migrations, or building an index on a big table, may take longer than any request may.
        const client = new pg.Client({
          connectionString,
          connectionTimeoutMillis: Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 10_000),
          keepAlive: true,
          keepAliveInitialDelayMillis: KEEP_ALIVE_INITIAL_DELAY_MS,
        });
        client.on('error', reportConnectionError);
        await client.connect();
        try {
          await client.query('SELECT pg_advisory_lock(7231)');
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock(7231)').catch(() => undefined);
          await client.end().catch(() => undefined);
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
  const pgliteDb = drizzlePglite(client);
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
