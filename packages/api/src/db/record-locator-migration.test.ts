import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { isRecordLocator } from '@flybook/domain';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0009 on a database that already holds bookings: it runs the project's own migrations
 * up to 0008 (a copy of the folder with the journal cut there), writes reservations as the older
 * code did, then migrates on to the end, as an upgraded server does at start.
 */
const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));
const EXISTING = 2_000;

let folder: string;
let client: PGlite;

interface Journal {
  entries: { idx: number; tag: string }[];
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'flybook-migrations-'));
  cpSync(migrations, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const before0009 = journal.entries.filter((entry) => entry.idx <= 8);
  expect(before0009.at(-1)?.tag).toBe('0008_guest_key');
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: before0009 }));

  client = await PGlite.create('memory://');
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: folder });
  await client.query(
    `insert into reservations (billing, status)
     select jsonb_build_object('firstName', 'Old', 'lastName', 'Booking ' || n, 'email', 'old' || n || '@example.test'),
            case when n % 3 = 0 then 'cancelled' else 'confirmed' end
     from generate_series(1, ${EXISTING}) as n`,
  );
  // The upgrade: the full folder, from where the database stands.
  await migrate(db, { migrationsFolder: migrations });
}, 120_000);

afterAll(async () => {
  await client?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('migration 0009 on existing reservations', () => {
  it('gives each existing reservation its own record locator of the domain shape', async () => {
    const { rows } = await client.query<{ id: number; record_locator: string }>(
      'select id, record_locator from reservations order by id',
    );
    expect(rows).toHaveLength(EXISTING);
    const locators = rows.map((row) => row.record_locator);
    expect(locators.filter((locator) => !isRecordLocator(locator))).toEqual([]);
    expect(new Set(locators).size).toBe(EXISTING);
    // Random, not a counter in disguise: neighbours share no common prefix pattern.
    expect(new Set(locators.map((locator) => locator.slice(0, 2))).size).toBeGreaterThan(500);
  });

  it('mints a fresh locator for a reservation written afterwards, and refuses a duplicate', async () => {
    const { rows } = await client.query<{ record_locator: string }>(
      `insert into reservations (billing) values ('{"firstName":"New","lastName":"Booking","email":"new@example.test"}')
       returning record_locator`,
    );
    const fresh = rows[0]!.record_locator;
    expect(isRecordLocator(fresh)).toBe(true);
    const { rows: same } = await client.query('select 1 from reservations where record_locator = $1', [
      fresh,
    ]);
    expect(same).toHaveLength(1);
    const [taken] = (
      await client.query<{ record_locator: string }>('select record_locator from reservations limit 1')
    ).rows;
    await expect(
      client.query(`insert into reservations (billing, record_locator) values ('{}', $1)`, [
        taken!.record_locator,
      ]),
    ).rejects.toThrow(/reservations_record_locator_idx/);
  });

  it('finds a reservation by its locator through the unique index', async () => {
    await client.query('analyze reservations');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain select id from reservations where record_locator = 'K7QX2M'`,
    );
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('reservations_record_locator_idx');
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
