import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCardPayment } from './card-payment.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API's card calls, recorded: each init answers a new transaction, after a tick. */
function stubApi() {
  const inits: { key: string | null; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^.*\/api\/v1\//, '');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (path === 'payment/datatrans/reservation/init') {
        inits.push({ key: new Headers(init?.headers).get('Idempotency-Key'), body });
        return json({ transactionId: `T${1000 + inits.length}` }, 201);
      }
      if (path === 'public/payment/datatrans/start') {
        return json({
          transactionId: body.transactionId,
          paymentPageUrl: `https://pay.test/${body.transactionId}`,
        });
      }
      return json({ errors: [{ code: 'ERROR_NOT_FOUND', message: 'Not found.' }] }, 404);
    }),
  );
  return inits;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('starting a card payment on the site', () => {
  it('starts one transaction for a double click on Pay now, with an Idempotency-Key', async () => {
    const inits = stubApi();
    const start = () =>
      startCardPayment({ reservationId: 901, amount: 300, locale: 'en', guestKey: 'g-901' });
    const [first, second] = await Promise.all([start(), start()]);
    expect(inits).toHaveLength(1);
    expect(inits[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(inits[0]!.body).toMatchObject({
      source: 'customerReservation',
      reservationId: 901,
      guestKey: 'g-901',
    });
    expect(second).toEqual(first);
    expect(first.paymentPageUrl).toBe('https://pay.test/T1001');
  });

  it('keeps the key for a retry after a failure, and takes a new one for the next payment', async () => {
    const inits = stubApi();
    const start = () =>
      startCardPayment({ reservationId: 902, amount: 150, locale: 'de', guestKey: 'g-902' });
    // The first answer is lost: the retry is the same intent, answered by the server, not booked again.
    const failing = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementationOnce(async (input, init) => {
      await failing(input, init);
      throw new TypeError('Failed to fetch');
    });
    await expect(start()).rejects.toThrow();
    await start();
    expect(inits).toHaveLength(2);
    expect(inits[1]!.key).toBe(inits[0]!.key);
    // Once it went through, Pay now again is a new intent with a new key (the server then replaces
    // the open transaction at the provider).
    await start();
    expect(inits).toHaveLength(3);
    expect(inits[2]!.key).not.toBe(inits[0]!.key);
  });
});
