import { INVOICE_STATUSES, PAYMENT_METHODS, RESERVATION_STATUSES } from '@flybook/schemas';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../db/schema/index.ts';
import { invoiceCheck } from '../modules/ledger/ledger.ts';
import { checkDatabase, checkLedger } from '../ops/consistency-checks.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { DEMO_RESERVATIONS, type DemoSeasonResult, seedDemoSeason } from './demo-reservations.ts';

let t: TestApp;
let season: DemoSeasonResult;
let manager: string;

/** The rows of a statement (PGlite and node-postgres both answer `{ rows }`). */
async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

beforeAll(async () => {
  // The harness's database is the demo data without the season (as every API test has it).
  t = await createTestApp();
  season = await seedDemoSeason(t.database.db, t.config);
  manager = await t.login('manager');
}, 120_000);
afterAll(() => t?.close());

describe('the demo season', () => {
  it('books a few hundred reservations through the engine without a refusal', async () => {
    expect(season.refused).toEqual([]);
    expect(season.reservations).toBe(DEMO_RESERVATIONS);
    const [{ total } = { total: 0 }] = await t.database.db.select({ total: count() }).from(reservations);
    expect(total).toBeGreaterThanOrEqual(DEMO_RESERVATIONS);
    const list = await t.api('GET', 'reservation/list?pageSize=1', manager);
    expect(list.status).toBe(200);
    // The list's default filter shows the coming trips; the season fills it.
    expect(list.body.total).toBeGreaterThan(100);
  });

  it('has a paid family on the next flight open for online check-in, whom the check-in page finds', async () => {
    // Whether a flight leaves in the window depends on the hour the test runs (the timetable has gaps).
    const [window] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM flights WHERE status = 'created'
            AND departure > now() + interval '2 hours'
            AND departure < now() + make_interval(hours => ${t.config.checkInOpensHours})`,
    );
    if (window!.n === 0) {
      expect(season.checkIn).toBeNull();
      return;
    }
    expect(season.checkIn).not.toBeNull();
    const found = await t.api('POST', 'public/check-in/find', undefined, {
      recordLocator: season.checkIn!.recordLocator,
      lastName: season.checkIn!.lastName,
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.flights[0].number).toBe(season.checkIn!.flight);
    expect(found.body.passengers).toHaveLength(4);
  });

  it('has reservations in every status and invoices in every payment state', async () => {
    const statuses = await rows<{ status: string }>(sql`SELECT DISTINCT status FROM reservations`);
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(RESERVATION_STATUSES));
    const states = await rows<{ status: string }>(sql`SELECT DISTINCT status FROM reservation_invoices`);
    expect(new Set(states.map((row) => row.status))).toEqual(new Set(INVOICE_STATUSES));
  });

  it('has payments by every method, each with its balance-log record', async () => {
    const methods = await rows<{ method: string }>(
      sql`SELECT DISTINCT method FROM reservation_payments WHERE amount > 0`,
    );
    expect(new Set(methods.map((row) => row.method))).toEqual(new Set(PAYMENT_METHODS));
    const [unbooked] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM reservation_payments WHERE balance_log_record_id IS NULL`,
    );
    expect(unbooked!.n).toBe(0);
    const [records] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM balance_log_records`);
    expect(records!.n).toBeGreaterThan(DEMO_RESERVATIONS / 2);
  });

  it('balances the books and oversells no flight (the consistency checks find nothing)', async () => {
    const ledger = await checkLedger(t.database.db);
    expect(ledger).toMatchObject({ signedSum: 0, mismatchedAccounts: 0 });
    const seats = await checkDatabase(t.database.db);
    expect(seats).toMatchObject({
      mismatchedRows: 0,
      overfullRows: 0,
      misfiledReservations: 0,
      miscountedUsers: 0,
      miscountedOpenBills: 0,
    });
    expect(await t.database.db.transaction((tx) => invoiceCheck(tx))).toEqual({ mismatchedInvoiceIds: [] });
    const [oversold] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM flight_seats WHERE booked > seats_for_sale`,
    );
    expect(oversold!.n).toBe(0);
  });

  it('finds a cancelled reservation that kept an active ticket (what the lists count on)', async () => {
    // In a transaction rolled back: the check must see the break, and the seed stays whole.
    const broken = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE tickets SET is_active = true WHERE id = (
          SELECT t.id FROM tickets t JOIN reservations r ON r.id = t.reservation_id
           WHERE r.status = 'cancelled' ORDER BY t.id LIMIT 1)`);
        throw Object.assign(new Error('roll back'), { check: await checkDatabase(tx) });
      })
      .catch((error: { check?: Awaited<ReturnType<typeof checkDatabase>> }) => error.check);
    expect(broken?.misfiledReservations).toBe(1);
    expect((await checkDatabase(t.database.db)).misfiledReservations).toBe(0);
  });

  it('finds a user count that differs from the users (what the user lists total on)', async () => {
    const broken = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE user_counts SET total = total + 1 WHERE type = 'customer' AND is_active`);
        throw Object.assign(new Error('roll back'), { check: await checkDatabase(tx) });
      })
      .catch((error: { check?: Awaited<ReturnType<typeof checkDatabase>> }) => error.check);
    expect(broken?.miscountedUsers).toBe(1);
    expect((await checkDatabase(t.database.db)).miscountedUsers).toBe(0);
  });

  it('finds an open-bill count that differs from the open invoices (what the invoice overview totals on)', async () => {
    const broken = await t.database.db
      .transaction(async (tx) => {
        // A bill paid behind the triggers' back, and an invoice that forgot its reservation's cancellation.
        await tx.execute(sql`ALTER TABLE reservation_invoices DISABLE TRIGGER open_bills_counted_on_update`);
        await tx.execute(sql`UPDATE reservation_invoices SET status = 'paid' WHERE id = (
          SELECT min(id) FROM reservation_invoices WHERE status = 'notPaid')`);
        await tx.execute(sql`UPDATE reservation_invoices SET reservation_cancelled = false WHERE id = (
          SELECT min(id) FROM reservation_invoices WHERE reservation_cancelled AND status = 'paid')`);
        throw Object.assign(new Error('roll back'), { check: await checkDatabase(tx) });
      })
      .catch((error: { check?: Awaited<ReturnType<typeof checkDatabase>> }) => error.check);
    expect(broken?.miscountedOpenBills).toBe(2);
    expect((await checkDatabase(t.database.db)).miscountedOpenBills).toBe(0);
  });

  it('has a past season of departed flights and a coming one, both with bookings', async () => {
    const [flights] = await rows<{ past: number; departed: number; coming: number }>(
      sql`SELECT count(*) FILTER (WHERE departure < now())::int AS past,
                 count(*) FILTER (WHERE departure < now() AND status = 'departed')::int AS departed,
                 count(*) FILTER (WHERE departure > now())::int AS coming
            FROM flights`,
    );
    expect(flights!.past).toBeGreaterThan(40);
    expect(flights!.departed).toBe(flights!.past);
    const [booked] = await rows<{ past: number; coming: number }>(
      sql`SELECT count(DISTINCT t.reservation_id) FILTER (WHERE f.departure < now())::int AS past,
                 count(DISTINCT t.reservation_id) FILTER (WHERE f.departure > now())::int AS coming
            FROM tickets t JOIN flights f ON f.id = t.flight_id`,
    );
    expect(booked!.past).toBeGreaterThan(30);
    expect(booked!.coming).toBeGreaterThan(100);
    // Departure control marked the departed flights' passengers: appeared, and a few no-shows.
    const [marks] = await rows<{ appeared: number; noShow: number; pending: number }>(
      sql`SELECT count(*) FILTER (WHERE t.is_appeared)::int AS appeared,
                 count(*) FILTER (WHERE NOT t.is_appeared)::int AS "noShow",
                 count(*) FILTER (WHERE t.is_appeared IS NULL)::int AS pending
            FROM tickets t JOIN flights f ON f.id = t.flight_id
           WHERE f.status = 'departed' AND t.is_active`,
    );
    expect(marks!.appeared).toBeGreaterThan(50);
    expect(marks!.noShow).toBeGreaterThan(0);
    expect(marks!.pending).toBe(0);
  });

  it('has a cancelled and a split reservation, each with its history', async () => {
    const [cancelled] = await rows<{ id: number }>(
      sql`SELECT r.id FROM reservations r JOIN reservation_invoices i ON i.reservation_id = r.id
           WHERE r.status = 'cancelled' AND i.total > 0 ORDER BY r.id LIMIT 1`,
    );
    const history = await t.api('GET', `reservation/${cancelled!.id}/snapshot/list`, manager);
    expect(history.status).toBe(200);
    expect(history.body.items.length).toBeGreaterThanOrEqual(2);
    const versions = history.body.items.map((item: { snapshot: { status: string } }) => item.snapshot.status);
    expect(versions).toContain('cancelled');
    expect(versions.some((status: string) => status !== 'cancelled')).toBe(true);

    const [split] = await rows<{ id: number; from: number }>(
      sql`SELECT id, split_from_id AS from FROM reservations WHERE split_from_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    expect(split).toBeDefined();
    const origin = await t.api('GET', `reservation/${split!.from}/snapshot/list`, manager);
    expect(origin.body.items.length).toBeGreaterThanOrEqual(2);
    const log = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM entity_log WHERE entity_type = 'reservation' AND entity_id IN (${split!.id}, ${split!.from})`,
    );
    expect(log[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('has allotment invoices, one paid, and a recorded PNL and ADL', async () => {
    const invoices = await rows<{ status: string }>(sql`SELECT status FROM allotment_invoices ORDER BY id`);
    expect(invoices.map((row) => row.status)).toEqual(['pending', 'paid']);
    const messages = await rows<{ type: string }>(sql`SELECT DISTINCT type FROM pnl_messages`);
    expect(new Set(messages.map((row) => row.type))).toEqual(new Set(['PNL', 'ADL']));
  });
});
