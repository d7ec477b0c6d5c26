/**
 * One user intent that moves money (pay, book a transaction, start a card payment, cancel with a
 * fee, split), sent with an `Idempotency-Key` so the server books it once.
 */
export interface Intent {
  /**
   * Sends the intent `payload` with its key. While a send is under way every further call answers
   * the same promise without sending (a double click sends once). After a failure the same payload
   * keeps its key (a retry the server may already have booked is answered, not booked again); a
   * changed payload is a new intent with a new key; after a success the intent is done and the
   * next call, even with the same payload, is a new one.
   */
  run<T>(payload: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<T>;
  /** Whether a send is under way. */
  readonly isRunning: boolean;
}

/** A random key; `crypto.randomUUID` is missing outside secure contexts (plain http on a LAN address). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** An intent's key, kept per payload (see {@link Intent}). */
export function createIntent(): Intent {
  let current: { payload: string; key: string } | null = null;
  let running: Promise<unknown> | null = null;
  return {
    run<T>(payload: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<T> {
      if (running) return running as Promise<T>;
      const text = JSON.stringify(payload) ?? '';
      if (current?.payload !== text) current = { payload: text, key: newKey() };
      const sent = send(current.key).then(
        (answer) => {
          current = null;
          running = null;
          return answer;
        },
        (error: unknown) => {
          running = null;
          throw error;
        },
      );
      running = sent;
      return sent;
    },
    get isRunning() {
      return running !== null;
    },
  };
}

/** The request header of an intent's key. */
export const idempotencyHeaders = (key: string) => ({ 'Idempotency-Key': key });
