import { officeToday } from '@flybook/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { MessageSettings } from '../modules/messages/notify.ts';
import { notifyPaymentReminder } from '../modules/reservations/reservation-notices.ts';
import { runPeriodically, type StopJob } from './periodic.ts';

/** At most this many reminders per run and transaction; the next run takes the rest. */
const BATCH = 50;

/**
 * Queues the payment reminder of every open invoice whose deadline is at most `daysBefore` days
 * away (and not passed), once per invoice and deadline: the claim writes the deadline into
 * `reminded_for_deadline`, so a moved deadline is reminded again. Claim and e-mail share one
 * transaction; instances running at once skip each other's rows (SKIP LOCKED) and a row claimed
 * by one no longer matches for the other. Returns the reservations reminded.
 */
export async function sendPaymentReminders(
  db: Db,
  settings: MessageSettings,
  daysBefore: number,
  now = new Date(),
): Promise<number[]> {
  const today = officeToday(now);
  return db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      UPDATE reservation_invoices AS invoice
         SET reminded_for_deadline = invoice.payment_deadline
       WHERE invoice.id IN (
         SELECT i.id
           FROM reservation_invoices i
           JOIN reservations r ON r.id = i.reservation_id
          WHERE i.payment_deadline IS NOT NULL
            AND i.payment_deadline >= ${today}::date
            AND i.payment_deadline - ${daysBefore}::int <= ${today}::date
            AND i.reminded_for_deadline IS DISTINCT FROM i.payment_deadline
            AND i.total > i.total_paid
            AND r.status <> 'cancelled'
          ORDER BY i.id
          LIMIT ${BATCH}
            FOR UPDATE OF i SKIP LOCKED)
      RETURNING invoice.reservation_id`);
    // Both drivers answer { rows }; Drizzle's union type does not say so.
    const { rows } = claimed as unknown as { rows: { reservation_id: number }[] };
    const reminded = rows.map((row) => Number(row.reservation_id));
    for (const reservationId of reminded) await notifyPaymentReminder(tx, settings, reservationId);
    return reminded;
  });
}

/** Runs the reminders every hour (and at start); a deadline day is long, an hour is on time. */
export function startPaymentReminder(
  db: Db,
  settings: MessageSettings,
  daysBefore: number,
  intervalMs = 3_600_000,
): StopJob {
  return runPeriodically('payment reminder', intervalMs, () =>
    sendPaymentReminders(db, settings, daysBefore),
  );
}
