import type { Db } from '../db/client.ts';
import type { MessageSettings } from '../modules/messages/notify.ts';
import { createReservationsService } from '../modules/reservations/reservations.service.ts';
import { runPeriodically, type StopJob } from './periodic.ts';

/**
 * Releases the seats of card bookings whose payment window has passed, every 30 seconds. Rows are
 * taken with FOR UPDATE SKIP LOCKED, so instances running it at once never release one twice.
 */
export function startReservationExpirer(db: Db, messages: MessageSettings, intervalMs = 30_000): StopJob {
  const reservations = createReservationsService(db, { messages });
  return runPeriodically('reservation expirer', intervalMs, () => reservations.expireUnpaid(new Date()));
}
