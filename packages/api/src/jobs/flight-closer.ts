import { CLOSE_BEFORE_DEPARTURE_MINUTES } from '@flybook/domain';
import type { Db } from '../db/client.ts';
import { createFlightOperationsService } from '../modules/flights/flight-operations.service.ts';
import { runPeriodically, type StopJob } from './periodic.ts';

/**
 * Closes sales of flights about to depart, once a minute. One UPDATE … WHERE status = 'created'
 * does it, so several instances running the job at once close each flight once.
 */
export function startFlightCloser(db: Db, intervalMs = 60_000): StopJob {
  const operations = createFlightOperationsService(db);
  return runPeriodically('flight closer', intervalMs, () =>
    operations.closeDueFlights(new Date(Date.now() + CLOSE_BEFORE_DEPARTURE_MINUTES * 60_000)),
  );
}
