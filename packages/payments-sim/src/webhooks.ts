import type { FastifyBaseLogger } from 'fastify';
import { signatureHeader } from './signature.ts';
import type { TransactionStatusBody } from './transactions.ts';

/** A receiver that has not answered by then counts as failed (and is retried). */
const DELIVERY_TIMEOUT_MS = 10_000;

export interface WebhookSender {
  /** Starts delivering in the background; never throws and never waits for the receiver. */
  send(url: string, body: TransactionStatusBody): void;
  /** Stops pending re-deliveries and aborts requests in flight. */
  close(): Promise<void>;
}

export interface WebhookSenderOptions {
  signKey: string;
  now: () => Date;
  duplicate: boolean;
  retryDelaysMs: number[];
  log: FastifyBaseLogger;
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { signKey, now, duplicate, retryDelaysMs, log } = options;
  const closing = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();

  function track(work: Promise<void>): void {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  /** One delivery of one copy; schedules the next attempt when this one fails. */
  async function attempt(url: string, rawBody: string, attemptIndex: number): Promise<void> {
    if (closing.signal.aborted) return;
    let failure: string;
    try {
      const timestampMs = now().getTime();
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'datatrans-signature': signatureHeader(signKey, timestampMs, rawBody),
        },
        body: rawBody,
        redirect: 'manual',
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      await response.body?.cancel();
      if (response.ok) return;
      failure = `HTTP ${response.status}`;
    } catch (error) {
      if (closing.signal.aborted) return;
      failure = error instanceof Error ? error.message : String(error);
    }
    const delay = retryDelaysMs[attemptIndex];
    if (delay === undefined) {
      log.error(
        { url, attempts: attemptIndex + 1, failure },
        'payments-sim: webhook not delivered, giving up',
      );
      return;
    }
    log.warn({ url, attempt: attemptIndex + 1, failure, retryInMs: delay }, 'payments-sim: webhook failed');
    const timer = setTimeout(() => {
      timers.delete(timer);
      track(attempt(url, rawBody, attemptIndex + 1));
    }, delay);
    timers.add(timer);
  }

  return {
    send(url, body) {
      const rawBody = JSON.stringify(body);
      // The copy goes once the first attempt of the original is answered, so receivers see a
      // true repeat rather than two racing requests.
      const deliver = async () => {
        await attempt(url, rawBody, 0);
        if (duplicate) await attempt(url, rawBody, 0);
      };
      track(
        deliver().catch((error: unknown) => log.error({ err: error, url }, 'payments-sim: webhook error')),
      );
    },

    async close() {
      closing.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
