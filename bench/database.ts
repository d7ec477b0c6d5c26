// The bench's own PostgreSQL database: created fresh for one run, dropped after it.

import { createScratchDatabase, maintenanceQuery, type ScratchDatabase } from '@flybook/api/testing';
import pg from 'pg';

export const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase extends ScratchDatabase {
  /** Runs SQL on the bench database with a short-lived connection. */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
}

/** Creates `flybook_bench_<random>` on the server at BENCH_DATABASE_URL. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const scratch = await createScratchDatabase('flybook_bench', serverUrl);
  return {
    ...scratch,
    async query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        return (await client.query<Row>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
  };
}

/** The server's version, e.g. "15.20 (Debian 15.20-0+deb12u1)". */
export async function serverVersion(): Promise<string> {
  const [row] = await maintenanceQuery<{ server_version: string }>(serverUrl, 'SHOW server_version');
  return row?.server_version ?? 'unknown';
}
