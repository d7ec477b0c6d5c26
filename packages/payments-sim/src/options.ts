export interface PaymentsSimOptions {
  /** The merchant id: the user name of the HTTP Basic credentials, and shown on the payment page. */
  merchantId: string;
  /** The password of the HTTP Basic credentials. */
  password: string;
  /** HMAC key for webhook signatures, as hex (Datatrans shows it hex-encoded in its back office). */
  signKey: string;
  /**
   * Absolute URL where the sim's routes are reachable, prefix included, e.g.
   * `http://localhost:4321/payments-sim`. Every URL the sim hands out starts with it. A function is
   * read on each request, for servers that learn their port only once they listen (port 0).
   */
  publicBaseUrl: string | (() => string);
  /** Deliver every webhook twice, to prove receivers are idempotent. Default true. */
  duplicateWebhooks?: boolean;
  /** Waits before re-delivering a webhook after a non-2xx answer or a network error. */
  webhookRetryDelaysMs?: number[];
  /** How long an initialized transaction can be paid before it expires. Default 30. */
  transactionTtlMinutes?: number;
  /** The sim's clock: transaction ids, history dates, expiry and webhook timestamps. */
  now?: () => Date;
  /** Log requests with Fastify's logger; `createPaymentsSim` only (a mounted plugin logs with its host). */
  logger?: boolean;
}

export interface ResolvedOptions {
  merchantId: string;
  password: string;
  signKey: string;
  baseUrl: () => string;
  duplicateWebhooks: boolean;
  webhookRetryDelaysMs: number[];
  transactionTtlMs: number;
  now: () => Date;
}

export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [1000, 5000, 30000];
export const DEFAULT_TRANSACTION_TTL_MINUTES = 30;

export function resolveOptions(options: PaymentsSimOptions): ResolvedOptions {
  if (!/^(?:[0-9a-f]{2})+$/i.test(options.signKey)) {
    throw new Error('payments-sim: signKey must be a non-empty hex string');
  }
  const { publicBaseUrl } = options;
  const read = typeof publicBaseUrl === 'function' ? publicBaseUrl : () => publicBaseUrl;
  return {
    merchantId: options.merchantId,
    password: options.password,
    signKey: options.signKey,
    baseUrl: () => read().replace(/\/+$/, ''),
    duplicateWebhooks: options.duplicateWebhooks ?? true,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    transactionTtlMs: (options.transactionTtlMinutes ?? DEFAULT_TRANSACTION_TTL_MINUTES) * 60_000,
    now: options.now ?? (() => new Date()),
  };
}
