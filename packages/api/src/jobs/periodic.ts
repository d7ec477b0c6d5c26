import { loggableError } from '../db/faults.ts';

/** A background job started by the server: stopping it waits for a run in progress to finish. */
export type StopJob = () => Promise<void>;

/**
 * Runs `task` now (unless told otherwise) and every `intervalMs`, never two runs at once in this
 * process. Stopping clears the timer and waits for the current run, so a shutdown closes the
 * database only after the job's transaction has ended.
 */
export function runPeriodically(
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  options: { runAtStart?: boolean } = {},
): StopJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = task()
      .then(() => undefined)
      // Without the statement's parameters, like every other log line (db/faults.ts).
      .catch((error: unknown) => console.error(`${name} failed:`, JSON.stringify(loggableError(error))))
      .finally(() => {
        running = null;
      });
  };
  if (options.runAtStart ?? true) tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
