import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { ApiError } from '../../http/api-error.ts';

/** A transaction as the provider reports it (Datatrans `GET /v1/transactions/{id}`). */
export interface ProviderTransaction {
  transactionId: string;
  type: 'payment' | 'credit';
  status: 'initialized' | 'authenticated' | 'authorized' | 'settled' | 'transmitted' | 'canceled' | 'failed';
  refno: string;
  detail?: {
    authorize?: { amount: number };
    settle?: { amount: number };
    fail?: { reason?: string; message?: string };
  };
}

/** A provider answer that is not success, with the provider's own error code. */
export class ProviderError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * The card provider's JSON API (Datatrans v1): the same client talks to Datatrans and to the local
 * stand-in; only the base URLs and credentials differ (config.datatrans).
 */
export function createCardProvider(settings: Config['datatrans']) {
  const auth = `Basic ${Buffer.from(`${settings.merchantId}:${settings.password}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}${path}`, {
        method,
        headers: {
          authorization: auth,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new ApiError('ERROR_CARD_PROVIDER', 502, {
        message: `card provider unreachable: ${String(error)}`,
      });
    }
    const text = await response.text();
    const json = text ? (JSON.parse(text) as unknown) : undefined;
    if (!response.ok) {
      const error = (json as { error?: { code?: string; message?: string } } | undefined)?.error;
      throw new ProviderError(
        response.status,
        error?.code ?? 'UNKNOWN',
        error?.message ?? response.statusText,
      );
    }
    return json as T;
  }

  return {
    /** Starts a payment; the customer pays on `paymentPageUrl`, then lands on one of the URLs. */
    async init(input: {
      refno: string;
      amount: number;
      language: string;
      successUrl: string;
      cancelUrl: string;
      errorUrl: string;
      webhookUrl: string;
    }) {
      const answer = await call<{ transactionId: string }>('POST', '/v1/transactions', {
        currency: 'CHF',
        refno: input.refno,
        amount: input.amount,
        language: input.language === 'sq' ? 'en' : input.language,
        autoSettle: false,
        redirect: { successUrl: input.successUrl, cancelUrl: input.cancelUrl, errorUrl: input.errorUrl },
        webhook: { url: input.webhookUrl },
      });
      return {
        transactionId: answer.transactionId,
        paymentPageUrl: `${settings.payUrl}/v1/start/${answer.transactionId}`,
      };
    },
    status: (transactionId: string) =>
      call<ProviderTransaction>('GET', `/v1/transactions/${encodeURIComponent(transactionId)}`),
    async settle(transactionId: string, amount: number, refno: string) {
      await call('POST', `/v1/transactions/${encodeURIComponent(transactionId)}/settle`, {
        amount,
        currency: 'CHF',
        refno,
      });
    },
    async cancel(transactionId: string, refno: string) {
      await call('POST', `/v1/transactions/${encodeURIComponent(transactionId)}/cancel`, { refno });
    },
    /** Gives card money back (a refund); answers the credit's own transaction id. */
    credit: (transactionId: string, amount: number, refno: string) =>
      call<{ transactionId: string }>(
        'POST',
        `/v1/transactions/${encodeURIComponent(transactionId)}/credit`,
        {
          amount,
          currency: 'CHF',
          refno,
        },
      ),
    /**
     * Whether a webhook comes from the provider: `Datatrans-Signature: t={ms},s0={hex}` where s0 is
     * HMAC-SHA256 with the hex sign key over the timestamp followed by the raw body.
     */
    verifyWebhook(rawBody: string, header: string | undefined): boolean {
      const parts = Object.fromEntries(
        (header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string]),
      );
      if (!parts.t || !parts.s0 || !/^[0-9a-f]+$/i.test(parts.s0)) return false;
      const expected = createHmac('sha256', Buffer.from(settings.signKey, 'hex'))
        .update(`${parts.t}${rawBody}`)
        .digest();
      const given = Buffer.from(parts.s0, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type CardProvider = ReturnType<typeof createCardProvider>;
