import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PaymentsSimOptions } from '../options.ts';
import { createPaymentsSim } from '../sim.ts';

export const MERCHANT_ID = 'test-merchant';
export const PASSWORD = 'test-password';
export const SIGN_KEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f00102030405060708090a0b0c0d0e0f10';

export const SHOP_URLS = {
  successUrl: 'https://shop.example/booking/success?booking=B-17',
  cancelUrl: 'https://shop.example/booking/cancel',
  errorUrl: 'https://shop.example/booking/error',
};

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface RunningSim {
  app: FastifyInstance;
  /** Where the sim listens, e.g. `http://127.0.0.1:40123`. */
  baseUrl: string;
  /** Calls the JSON API with the merchant's credentials (or the ones given). */
  api(method: 'GET' | 'POST', path: string, body?: unknown, authorization?: string): Promise<ApiAnswer>;
  /** Initializes a CHF payment and answers its transaction id. */
  initPayment(body?: Record<string, unknown>): Promise<string>;
  /** The status object of a transaction, checked to be a 200. */
  status(transactionId: string): Promise<unknown>;
  /** Closes the sim; closing again does nothing. */
  close(): Promise<void>;
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export async function callApi(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  authorization: string = basicAuth(MERCHANT_ID, PASSWORD),
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { authorization };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

export function paymentBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { currency: 'CHF', refno: 'B-17', amount: 123450, redirect: SHOP_URLS, ...overrides };
}

export function transactionIdOf(body: unknown): string {
  expect(body).toMatchObject({ transactionId: expect.stringMatching(/^\d{30}$/) });
  const id: unknown =
    typeof body === 'object' && body !== null ? Reflect.get(body, 'transactionId') : undefined;
  if (typeof id !== 'string') throw new Error('no transactionId in the answer');
  return id;
}

/** A sim on 127.0.0.1 and a free port, its public URL being where it listens. */
export async function startSim(overrides: Partial<PaymentsSimOptions> = {}): Promise<RunningSim> {
  let baseUrl = '';
  const app = await createPaymentsSim({
    merchantId: MERCHANT_ID,
    password: PASSWORD,
    signKey: SIGN_KEY,
    publicBaseUrl: () => baseUrl,
    duplicateWebhooks: false,
    ...overrides,
  });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  let closed = false;
  const api = (method: 'GET' | 'POST', path: string, body?: unknown, authorization?: string) =>
    callApi(baseUrl, method, path, body, authorization);
  return {
    app,
    baseUrl,
    api,
    async initPayment(body = paymentBody()) {
      const answer = await api('POST', '/v1/transactions', body);
      expect(answer.status).toBe(201);
      return transactionIdOf(answer.body);
    },
    async status(transactionId) {
      const answer = await api('GET', `/v1/transactions/${transactionId}`);
      expect(answer.status).toBe(200);
      return answer.body;
    },
    close: async () => {
      if (!closed) {
        closed = true;
        await app.close();
      }
    },
  };
}
