// The bench's bulk volume holds what the engine would have written: counters equal to the tickets,
// a ledger that balances, and reservations the API reads back exactly as their snapshot.
import { checkDatabase, checkLedger } from '@flybook/api';
import { createTestApp, type TestApp } from '@flybook/api/testing';
import { officeToday } from '@flybook/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVolume, type VolumeResult } from './volume.ts';

let t: TestApp;
let volume: VolumeResult;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  volume = await seedVolume(t.database.db, {
    reservations: 150,
    // 50 of them history: booked and flown on departed flights before today.
    seasonReservations: 100,
    balanceLogRecords: 700,
    agents: 3,
    customers: 12,
  });
  manager = await t.login('manager');
}, 120_000);
afterAll(() => t?.close());

const rows = async <Row>(text: string): Promise<Row[]> => {
  const result = await t.database.db.execute(sql.raw(text));
  return (result as unknown as { rows: Row[] }).rows;
};

describe('the bench volume', () => {
  it('writes the asked numbers of reservations and balance-log records over 60 days of flights', async () => {
    expect(volume.reservations).toBe(150);
    expect(volume.balanceLogRecords).toBe(700);
    expect(volume.days).toBe(60);
    // The demo's twelve flights a week plus the bench's five daily routes, out and back.
    expect(volume.flights).toBeGreaterThan(600);
    const [counts] = await rows<{ reservations: number; records: number; snapshots: number }>(
      `SELECT (SELECT count(*)::int FROM reservations) AS reservations,
              (SELECT count(*)::int FROM balance_log_records) AS records,
              (SELECT count(*)::int FROM reservation_snapshots) AS snapshots`,
    );
    expect(counts?.reservations).toBe(150);
    expect(counts?.records).toBe(700);
    expect(counts?.snapshots).toBeGreaterThanOrEqual(150);
  });

  it('writes the history on departed flights before today, which the active list leaves out', async () => {
    expect(volume.historyReservations).toBe(50);
    expect(volume.historyDays).toBeGreaterThan(0);
    expect(volume.historyFlights).toBe(volume.historyDays * 10);
    const [history] = await rows<{ reservations: number; flights: number; future: number }>(
      `SELECT count(DISTINCT t.reservation_id)::int AS reservations, count(DISTINCT t.flight_id)::int AS flights,
              count(*) FILTER (WHERE f.departure > now())::int AS future
         FROM tickets t JOIN flights f ON f.id = t.flight_id WHERE f.status = 'departed'`,
    );
    expect(history).toMatchObject({ reservations: 50, future: 0 });
    expect(history!.flights).toBeGreaterThan(5);
    // Booked before the flight departed, and paid (nearly all) before now.
    const [order] = await rows<{ late: number }>(
      `SELECT count(*)::int AS late FROM reservations r JOIN tickets t ON t.reservation_id = r.id
         JOIN flights f ON f.id = t.flight_id WHERE f.status = 'departed' AND r.created_at >= f.departure`,
    );
    expect(order?.late).toBe(0);
    // History flew both ways: none of its bookings has a flight still to come.
    const [mixed] = await rows<{ reservations: number }>(
      `SELECT count(DISTINCT t.reservation_id)::int AS reservations FROM tickets t JOIN flights f ON f.id = t.flight_id
         WHERE f.status <> 'departed' AND t.reservation_id IN (
           SELECT t2.reservation_id FROM tickets t2 JOIN flights f2 ON f2.id = t2.flight_id WHERE f2.status = 'departed')`,
    );
    expect(mixed?.reservations).toBe(0);
    // The list leaves cancelled bookings out by default; about one in twenty is (which ones depends
    // on the day the volume is written: the flights it finds).
    const [flown] = await rows<{ reservations: number }>(
      `SELECT count(*)::int AS reservations FROM reservations r WHERE r.status <> 'cancelled' AND EXISTS (
         SELECT 1 FROM tickets t JOIN flights f ON f.id = t.flight_id WHERE t.reservation_id = r.id AND f.status = 'departed')`,
    );
    expect(flown?.reservations).toBeGreaterThanOrEqual(40);
    const active = await t.api('GET', 'reservation/list?pageSize=500', manager);
    const inactive = await t.api('GET', 'reservation/list?pageSize=500&isActive=false', manager);
    expect(inactive.body.total).toBe(flown?.reservations);
    const departed = (item: { flights: { status: string }[] }) =>
      item.flights.every((flight) => flight.status === 'departed');
    expect(active.body.items.filter(departed)).toHaveLength(0);
    expect(inactive.body.items.filter(departed)).toHaveLength(flown!.reservations);
  });

  it('leaves every seat counter equal to the tickets and the ledger balanced', async () => {
    const seats = await checkDatabase(t.database.db);
    expect(seats).toMatchObject({
      reservations: 150,
      mismatchedRows: 0,
      overfullRows: 0,
      misfiledReservations: 0,
      miscountedUsers: 0,
      miscountedOpenBills: 0,
    });
    expect(seats.activeTickets).toBeGreaterThan(150);
    expect(await checkLedger(t.database.db)).toEqual({ records: 700, signedSum: 0, mismatchedAccounts: 0 });
  });

  it('writes reservations the API reads back as their version-1 snapshot', async () => {
    const [unpaid] = await rows<{ id: number; snapshot: unknown }>(
      `SELECT r.id, s.snapshot FROM reservations r
         JOIN reservation_invoices i ON i.reservation_id = r.id
         JOIN reservation_snapshots s ON s.reservation_id = r.id AND s.version = 1
        WHERE r.status = 'reserved' AND i.total_paid = 0 ORDER BY r.id LIMIT 1`,
    );
    expect(unpaid).toBeDefined();
    const read = await t.api('GET', `reservation/${unpaid!.id}`, manager);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(unpaid!.snapshot);
    expect(read.body.invoice.total).toBeGreaterThan(0);
  });

  it('shows the bulk reservations and payments in the staff lists', async () => {
    const list = await t.api('GET', 'reservation/list?pageSize=500', manager);
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(80);
    expect(list.body.items[0].billingInformation.lastName).toMatch(/-\d+$/);

    const [paid] = await rows<{ id: number; total: number }>(
      `SELECT r.id, i.total::int AS total FROM reservations r JOIN reservation_invoices i ON i.reservation_id = r.id
        WHERE r.status = 'reserved' AND i.status = 'paid' ORDER BY r.id LIMIT 1`,
    );
    const reservation = await t.api('GET', `reservation/${paid!.id}`, manager);
    expect(reservation.body.invoice.status).toBe('paid');
    expect(reservation.body.invoice.payments).toHaveLength(1);
    expect(reservation.body.invoice.payments[0].amount).toBe(paid!.total / 100);
  });

  it('ends each account at the balance its balance-log records add up to, as the summary shows', async () => {
    const [desk] = await rows<{ id: number; balance: number }>(
      `SELECT id, balance::int AS balance FROM accounts WHERE virtual_code = 'CASH_ZRH'`,
    );
    // The summary's dates are the office's (Europe/Zurich): near midnight UTC its today is tomorrow.
    const today = officeToday();
    const summary = await t.api(
      'GET',
      `balance-log/summary-info?selectedAccountId=${desk!.id}&dateFrom=2000-01-01&dateTo=${today}`,
      manager,
    );
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ initialBalance: 0, finalBalance: desk!.balance / 100 });
    const records = await t.api('GET', `balance-log/list?selectedAccountId=${desk!.id}&pageSize=50`, manager);
    expect(records.body.total).toBeGreaterThan(0);
    // The newest record carries the account's balance after it: the balance now.
    const newest = records.body.items[0];
    const after =
      newest.debitAccount.id === desk!.id ? newest.debitAccountBalance : newest.creditAccountBalance;
    expect(after).toBe(desk!.balance / 100);
  });
});
