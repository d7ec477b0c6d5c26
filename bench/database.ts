// The bench's own PostgreSQL database: created fresh for one run, dropped after it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on the server's maintenance database (CREATE/DROP DATABASE cannot run elsewhere). */
async function adminQuery<Row extends pg.QueryResultRow>(text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  name: string;
  url: string;
  /** Runs SQL on the bench database with a short-lived connection. */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

/** Creates `flybook_bench_<random>` on the server at BENCH_DATABASE_URL. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `flybook_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  let dropped = false;
  return {
    name,
    url,
    async query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<Row>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The server's version, e.g. "15.20 (Debian 15.20-0+deb12u1)". */
export async function serverVersion(): Promise<string> {
  const [row] = await adminQuery<{ server_version: string }>('SHOW server_version');
  return row?.server_version ?? 'unknown';
}
