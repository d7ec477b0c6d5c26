import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle database, the same type on PGlite and on a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or a transaction inside it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: its data folder as an uncompressed tarball, to start other instances from. */
  dumpDataDir?(): Promise<Blob>;
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
    const pool = new pg.Pool({ connectionString: options.url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
    // An idle connection the server drops (restart, failover) must not crash the process:
    // the pool discards it and opens a new one on the next checkout.
    pool.on('error', () => undefined);
    // pool.end() resolves before its sockets have closed; close() waits for every one, so a
    // caller that drops the database right after never cuts a connection still saying goodbye.
    const open = new Set<pg.Client>();
    pool.on('connect', (client) => {
      open.add(client);
      client.on('end', () => open.delete(client));
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
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
    };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(
    options.dataDir,
    options.loadDataDir ? { loadDataDir: options.loadDataDir } : undefined,
  );
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    dumpDataDir: () => client.dumpDataDir('none'),
    // Closing flushes PGlite's state; a killed process would skip sequence values.
    close: () => client.close(),
  };
}
