// SQL checks of the stored state: the seat counters agree with the tickets, nothing is oversold, and
// the books balance. They run on PostgreSQL and on PGlite alike (a Drizzle database): after the
// bench's load (bench/, through `@flybook/api`) and after the fault and two-instance tests here.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerCheck } from '../modules/ledger/ledger.ts';

/** The rows of a statement; Drizzle answers `{ rows }` on node-postgres and PGlite alike. */
async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

export interface HotFlightCheck {
  seatsForSale: number;
  totalSeats: number;
  /** flight_seats.booked of the flight's economy seats. */
  booked: number;
  /** Active tickets of passengers who take a seat (not infants) on the flight. */
  activeTickets: number;
  /** Seats booked beyond those for sale. */
  oversold: number;
  countersMatch: boolean;
}

export async function checkHotFlight(db: Db, flightId: number): Promise<HotFlightCheck> {
  const [row] = await rowsOf<{
    seats_for_sale: number;
    total_seats: number;
    booked: number;
    active_tickets: number;
  }>(
    db,
    sql`SELECT s.seats_for_sale, s.total_seats, s.booked,
            (SELECT count(*)::int FROM tickets t JOIN reservation_passengers p ON p.id = t.passenger_id
              WHERE t.flight_id = s.flight_id AND t.tariff_group_id = s.tariff_group_id
                AND t.is_active AND p.age_type <> 'infant') AS active_tickets
       FROM flight_seats s WHERE s.flight_id = ${flightId} AND s.tariff_group_id = 1`,
  );
  if (!row) throw new Error(`the hot flight ${flightId} has no economy seats`);
  return {
    seatsForSale: row.seats_for_sale,
    totalSeats: row.total_seats,
    booked: row.booked,
    activeTickets: row.active_tickets,
    oversold: Math.max(0, row.booked - row.seats_for_sale),
    countersMatch: row.booked === row.active_tickets,
  };
}

export interface DatabaseCheck {
  reservations: number;
  activeTickets: number;
  /** Flight/tariff-group rows checked, and those whose counters disagree with the tickets. */
  seatRows: number;
  mismatchedRows: number;
  /** Rows where booked + allotted exceeds the aircraft's seats. */
  overfullRows: number;
  /**
   * Reservations that break what the lists count on (reservation-lists.repository.ts): cancelled
   * with an active ticket, or without their one invoice.
   */
  misfiledReservations: number;
  /** Types and activities of user whose kept count (user_counts, the lists' totals) differs from their users. */
  miscountedUsers: number;
  /**
   * Kinds of open bill (invoice status, terms, charged, reservation cancelled) whose kept count
   * (open_bill_counts, the invoice overview's total) differs from the open invoices, plus the
   * invoices whose copy of their reservation's cancellation is wrong.
   */
  miscountedOpenBills: number;
}

/**
 * Every flight's counters against its tickets: seats booked outside allotments equal the active
 * seat-taking tickets without an allotment, and each allotment's booked equals those taken from it.
 */
export async function checkDatabase(db: Db): Promise<DatabaseCheck> {
  const [row] = await rowsOf<{
    reservations: number;
    active_tickets: number;
    seat_rows: number;
    mismatched_rows: number;
    overfull_rows: number;
    misfiled_reservations: number;
    miscounted_users: number;
    miscounted_open_bills: number;
  }>(
    db,
    sql`WITH seat_tickets AS (
       SELECT t.flight_id, t.tariff_group_id, t.allotment_id
         FROM tickets t JOIN reservation_passengers p ON p.id = t.passenger_id
        WHERE t.is_active AND p.age_type <> 'infant'),
     free_sale AS (
       SELECT s.flight_id, s.tariff_group_id, s.booked, s.allotted, s.total_seats,
              (SELECT count(*) FROM seat_tickets x
                WHERE x.flight_id = s.flight_id AND x.tariff_group_id = s.tariff_group_id
                  AND x.allotment_id IS NULL) AS tickets
         FROM flight_seats s),
     blocks AS (
       SELECT a.id, a.booked, (SELECT count(*) FROM seat_tickets x WHERE x.allotment_id = a.id) AS tickets
         FROM allotments a)
     SELECT (SELECT count(*)::int FROM reservations) AS reservations,
            (SELECT count(*)::int FROM tickets WHERE is_active) AS active_tickets,
            (SELECT count(*)::int FROM free_sale) AS seat_rows,
            (SELECT count(*)::int FROM free_sale WHERE booked <> tickets)
              + (SELECT count(*)::int FROM blocks WHERE booked <> tickets) AS mismatched_rows,
            (SELECT count(*)::int FROM free_sale WHERE booked + allotted > total_seats) AS overfull_rows,
            (SELECT count(*)::int FROM reservations r
              WHERE (r.status = 'cancelled'
                      AND EXISTS (SELECT 1 FROM tickets t WHERE t.reservation_id = r.id AND t.is_active))
                 OR NOT EXISTS (SELECT 1 FROM reservation_invoices i WHERE i.reservation_id = r.id))
              AS misfiled_reservations,
            (SELECT count(*)::int
               FROM (SELECT type, is_active, count(*) AS total FROM users GROUP BY type, is_active) actual
               FULL JOIN user_counts kept USING (type, is_active)
              WHERE coalesce(actual.total, 0) <> coalesce(kept.total, 0)) AS miscounted_users,
            (SELECT count(*)::int
               FROM (SELECT status AS invoice_status, payment_terms, total > 0 AS is_charged,
                            reservation_cancelled, count(*) AS bills
                       FROM reservation_invoices WHERE status IN ('notPaid', 'partly')
                      GROUP BY 1, 2, 3, 4) actual
               FULL JOIN (SELECT invoice_status, payment_terms, is_charged, reservation_cancelled,
                                 sum(bills) AS bills
                            FROM open_bill_counts GROUP BY 1, 2, 3, 4) kept
                 USING (invoice_status, payment_terms, is_charged, reservation_cancelled)
              WHERE coalesce(actual.bills, 0) <> coalesce(kept.bills, 0))
              + (SELECT count(*)::int FROM reservation_invoices i JOIN reservations r ON r.id = i.reservation_id
                  WHERE i.reservation_cancelled <> (r.status = 'cancelled')) AS miscounted_open_bills`,
  );
  if (!row) throw new Error('the database check returned nothing');
  return {
    reservations: row.reservations,
    activeTickets: row.active_tickets,
    seatRows: row.seat_rows,
    mismatchedRows: row.mismatched_rows,
    overfullRows: row.overfull_rows,
    misfiledReservations: row.misfiled_reservations,
    miscountedUsers: row.miscounted_users,
    miscountedOpenBills: row.miscounted_open_bills,
  };
}

export interface LedgerCheck {
  records: number;
  /** Signed balances of all accounts, summed: 0 when the books balance. */
  signedSum: number;
  /** Accounts whose balance differs from the sum of their records. */
  mismatchedAccounts: number;
}

/** The ledger's invariant (DESIGN §4) over every record, as the ledger module states it. */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  const [count] = await rowsOf<{ records: number }>(
    db,
    sql`SELECT count(*)::int AS records FROM balance_log_records`,
  );
  const { signedSum, mismatchedAccounts } = await db.transaction((tx) => ledgerCheck(tx));
  return { records: count?.records ?? 0, signedSum, mismatchedAccounts };
}
