import type { Db } from '../db/client.ts';
import { createReservationsService } from '../modules/reservations/reservations.service.ts';

/**
 * Releases the seats of card bookings whose payment window has passed, every 30 seconds. Rows are
 * taken with FOR UPDATE SKIP LOCKED, so instances running it at once never release one twice.
 */
export function startReservationExpirer(db: Db, intervalMs = 30_000): () => void {
  const reservations = createReservationsService(db);
  const run = () =>
    reservations
      .expireUnpaid(new Date())
      .catch((error: unknown) => console.error('reservation expirer failed', error));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
