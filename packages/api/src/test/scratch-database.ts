import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the API tests create their databases on (trust auth on this machine). */
export const testServerUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on a server's maintenance database (CREATE/DROP DATABASE cannot run elsewhere). */
export async function maintenanceQuery<Row extends pg.QueryResultRow>(
  serverUrl: string,
  text: string,
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops it, with any connections still open; a second call does nothing. */
  drop(): Promise<void>;
}

/**
 * Creates `<prefix>_<random>` on the server at `serverUrl`: an empty database of its own, or a
 * copy of the database `template` (which no one may be connected to).
 */
export async function createScratchDatabase(
  prefix: string,
  serverUrl = testServerUrl,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await maintenanceQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: parsed.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await maintenanceQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
