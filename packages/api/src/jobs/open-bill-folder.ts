import type { Db } from '../db/client.ts';
import { createReservationListsService } from '../modules/reservations/reservation-lists.service.ts';
import { runPeriodically, type StopJob } from './periodic.ts';

/**
 * Sums the rows the open-bill triggers appended into one per kind of bill, every 10 seconds and
 * at start, so the invoice overview's total reads a few rows however busy the day was
 * (docs/lists-at-scale.md, "Invoice overview"). Folds on several instances at once are safe.
 */
export function startOpenBillFolder(db: Db, intervalMs = 10_000): StopJob {
  const lists = createReservationListsService(db);
  return runPeriodically('open-bill folder', intervalMs, () => lists.foldOpenBillCounts());
}
