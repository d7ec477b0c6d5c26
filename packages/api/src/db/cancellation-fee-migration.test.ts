import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0013 on a database that already holds cancellations: run up to 0012, write what the
 * older code left (a card booking the expiry job released with its full price still charged, a
 * cancellation fee partly paid), then migrate on as an upgraded server does at start.
 */
const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));

let folder: string;
let client: PGlite;

const one = async <Row>(sql: string) => (await client.query<Row>(sql)).rows[0]!;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'flybook-migrations-'));
  cpSync(migrations, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const before0013 = journal.entries.filter((entry) => entry.idx <= 12);
  expect(before0013.at(-1)?.tag).toBe('0012_credit_note_reason');
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: before0013 }));

  client = await PGlite.create('memory://');
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: folder });
  await client.exec(`
    insert into accounts (type, virtual_code, virtual_kind, name, balance)
      values ('revenue', 'REVENUE_TICKETS', 'revenue', 'Ticket revenue', 500000);
    insert into reservations (id, billing, status) values
      (1, '{"firstName":"Expired","lastName":"Card","email":"a@example.test"}', 'cancelled'),
      (2, '{"firstName":"Fee","lastName":"Open","email":"b@example.test"}', 'cancelled'),
      (3, '{"firstName":"Still","lastName":"Booked","email":"c@example.test"}', 'confirmed');
    insert into reservation_invoices (reservation_id, total, computed_total, total_paid, payment_terms, status) values
      (1, 24710, 24710, 0, 'now', 'notPaid'),
      (2, 3000, 24710, 1000, 'bill', 'partly'),
      (3, 24710, 24710, 0, 'bill', 'notPaid');
    insert into reservation_snapshots (reservation_id, version, snapshot, user_id) values
      (1, 1, '{"status":"created"}', null), (1, 2, '{"status":"cancelled"}', null);
  `);
  await migrate(db, { migrationsFolder: migrations });
}, 120_000);

afterAll(async () => {
  await client?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('migration 0013 on existing cancellations', () => {
  it('lets a card booking the expiry job released owe nothing', async () => {
    expect(await one('select total::int, status from reservation_invoices where reservation_id = 1')).toEqual(
      {
        total: 0,
        status: 'notPaid',
      },
    );
    expect(await one('select total::int from reservation_invoices where reservation_id = 3')).toEqual({
      total: 24710,
    });
  });

  it('books the open part of an earlier cancellation fee as a receivable, balances and records agreeing', async () => {
    expect(
      (
        await client.query(
          `select r.amount::int, r.debit_account_balance::int as debit_after, r.credit_account_balance::int as credit_after,
                  d.virtual_code as debit, c.virtual_code as credit, t.code as type, r.reservation_id
           from balance_log_records r join accounts d on d.id = r.debit_account_id
           join accounts c on c.id = r.credit_account_id join balance_log_types t on t.id = r.type_id`,
        )
      ).rows,
    ).toEqual([
      {
        amount: 2000,
        debit_after: 2000,
        credit_after: 502000,
        debit: 'RECEIVABLES',
        credit: 'REVENUE_TICKETS',
        type: 'cancellation_fee',
        reservation_id: 2,
      },
    ]);
    expect(
      (await client.query('select virtual_code, balance::int from accounts order by virtual_code')).rows,
    ).toEqual([
      { virtual_code: 'RECEIVABLES', balance: 2000 },
      { virtual_code: 'REVENUE_TICKETS', balance: 502000 },
    ]);
  });
});
