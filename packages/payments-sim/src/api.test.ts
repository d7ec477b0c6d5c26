import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payWithTestCard } from './pay-with-test-card.ts';
import {
  basicAuth,
  MERCHANT_ID,
  PASSWORD,
  paymentBody,
  type RunningSim,
  SHOP_URLS,
  startSim,
  transactionIdOf,
} from './test/start-sim.ts';

let sim: RunningSim;

afterEach(async () => {
  await sim.close();
});

function refused(code: string, messageContaining = '') {
  return { error: { code, message: expect.stringContaining(messageContaining) } };
}

describe('authentication', () => {
  beforeEach(async () => {
    sim = await startSim();
  });

  it.each([
    ['no credentials', ''],
    ['a wrong password', basicAuth(MERCHANT_ID, 'guess')],
    ['another merchant', basicAuth('someone-else', PASSWORD)],
    ['a bearer token', 'Bearer abc'],
  ])('refuses API calls with %s', async (_case, authorization) => {
    const init = await sim.api('POST', '/v1/transactions', paymentBody(), authorization);
    expect(init.status).toBe(401);
    expect(init.body).toEqual(refused('UNAUTHORIZED'));
    const read = await sim.api('GET', '/v1/transactions/260112134512345678', undefined, authorization);
    expect(read.status).toBe(401);
    expect(read.body).toEqual(refused('UNAUTHORIZED'));
  });

  it('accepts the merchant credentials', async () => {
    const answer = await sim.api('POST', '/v1/transactions', paymentBody());
    expect(answer.status).toBe(201);
  });
});

describe('initializing a transaction', () => {
  const created = new Date('2026-01-12T13:45:12.000Z');

  beforeEach(async () => {
    sim = await startSim({ now: () => created });
  });

  it('answers 201 with a numeric, Datatrans-like id and the payment page as Location', async () => {
    const answer = await sim.api('POST', '/v1/transactions', paymentBody());
    expect(answer.status).toBe(201);
    const transactionId = transactionIdOf(answer.body);
    expect(answer.headers.get('location')).toBe(`${sim.baseUrl}/v1/start/${transactionId}`);

    expect(await sim.status(transactionId)).toEqual({
      transactionId,
      type: 'payment',
      status: 'initialized',
      currency: 'CHF',
      refno: 'B-17',
      detail: { init: { expires: '2026-01-12T14:15:12.000Z' } },
      history: [{ action: 'init', amount: 123450, success: true, date: '2026-01-12T13:45:12.000Z' }],
    });
  });

  it('gives every transaction its own id, all 30 digits random: nothing to guess from the clock', async () => {
    // The clock stands still here: ids made in the same second must still share nothing.
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await sim.initPayment());
    expect(new Set(ids).size).toBe(40);
    for (const id of ids) expect(id).toMatch(/^\d{30}$/);
    // At least 96 bits: 30 decimal digits carry 30 × log2(10) ≈ 99.7.
    expect(30 * Math.log2(10)).toBeGreaterThanOrEqual(96);
    // No digit position is fixed (a time stamp or a counter would be): each varies across the ids.
    for (let position = 0; position < 30; position++) {
      expect(new Set(ids.map((id) => id[position])).size, `digit ${position + 1}`).toBeGreaterThan(1);
    }
    // And the digits are spread evenly: each of 0–9 makes up roughly a tenth of the 1,200 drawn.
    const counts = Array.from({ length: 10 }, (_, digit) => ids.join('').split(String(digit)).length - 1);
    for (const count of counts) expect(count).toBeGreaterThan(60);
  });

  it.each([
    ['redirect', 'missing redirect', paymentBody({ redirect: undefined })],
    [
      'redirect.successUrl',
      'a relative success URL',
      paymentBody({ redirect: { ...SHOP_URLS, successUrl: '/ok' } }),
    ],
    ['redirect.errorUrl', 'no error URL', paymentBody({ redirect: { ...SHOP_URLS, errorUrl: undefined } })],
    ['currency', 'EUR', paymentBody({ currency: 'EUR' })],
    ['currency', 'no currency', paymentBody({ currency: undefined })],
    ['amount', 'amount 0', paymentBody({ amount: 0 })],
    ['amount', 'a negative amount', paymentBody({ amount: -100 })],
    ['amount', 'francs with decimals', paymentBody({ amount: 12.5 })],
    ['amount', 'the amount as text', paymentBody({ amount: '1000' })],
    ['refno', 'an empty refno', paymentBody({ refno: '' })],
    ['refno', 'a refno of 21 characters', paymentBody({ refno: 'R'.repeat(21) })],
    ['webhook.url', 'a webhook URL that is no URL', paymentBody({ webhook: { url: 'shop webhook' } })],
    ['autoSettle', 'autoSettle as text', paymentBody({ autoSettle: 'yes' })],
    ['language', 'an unknown language', paymentBody({ language: 'es' })],
    ['body', 'a JSON array', [paymentBody()]],
  ])('refuses with INVALID_PROPERTY naming %s for %s', async (property, _case, body) => {
    const answer = await sim.api('POST', '/v1/transactions', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(refused('INVALID_PROPERTY', `${property}:`));
  });

  it('answers malformed JSON with a Datatrans-style error', async () => {
    const response = await fetch(`${sim.baseUrl}/v1/transactions`, {
      method: 'POST',
      headers: { authorization: basicAuth(MERCHANT_ID, PASSWORD), 'content-type': 'application/json' },
      body: '{"currency":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(refused('INVALID_JSON_PAYLOAD'));
  });

  it('answers TRANSACTION_NOT_FOUND for an unknown id', async () => {
    const answer = await sim.api('GET', '/v1/transactions/260112000000000000');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(refused('TRANSACTION_NOT_FOUND'));
  });
});

describe('settling', () => {
  beforeEach(async () => {
    sim = await startSim();
  });

  it('settles an authorized payment for at most the authorized amount', async () => {
    const id = await sim.initPayment(paymentBody({ amount: 50000 }));
    await payWithTestCard(sim.baseUrl, id, 'success');

    const tooMuch = await sim.api('POST', `/v1/transactions/${id}/settle`, {
      amount: 50001,
      currency: 'CHF',
      refno: 'B-17',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toEqual(refused('INVALID_PROPERTY', 'amount:'));
    expect(await sim.status(id)).toMatchObject({ status: 'authorized' });

    const part = await sim.api('POST', `/v1/transactions/${id}/settle`, {
      amount: 42000,
      currency: 'CHF',
      refno: 'B-17',
    });
    expect(part.status).toBe(204);
    expect(await sim.status(id)).toMatchObject({
      status: 'settled',
      detail: { authorize: { amount: 50000 }, settle: { amount: 42000 } },
      history: [
        { action: 'init', amount: 50000 },
        { action: 'authorize', amount: 50000, success: true },
        { action: 'settle', amount: 42000, success: true },
      ],
    });
  });

  it('settles only authorized payments', async () => {
    const settle = (id: string) =>
      sim.api('POST', `/v1/transactions/${id}/settle`, { amount: 1000, currency: 'CHF', refno: 'B-17' });

    const initialized = await sim.initPayment(paymentBody({ amount: 1000 }));
    expect((await settle(initialized)).body).toEqual(refused('INVALID_TRANSACTION_STATUS', 'initialized'));

    const declined = await sim.initPayment(paymentBody({ amount: 1000 }));
    await payWithTestCard(sim.baseUrl, declined, 'decline');
    expect((await settle(declined)).body).toEqual(refused('INVALID_TRANSACTION_STATUS', 'failed'));

    const settled = await sim.initPayment(paymentBody({ amount: 1000 }));
    await payWithTestCard(sim.baseUrl, settled, 'success');
    expect((await settle(settled)).status).toBe(204);
    const again = await settle(settled);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(refused('INVALID_TRANSACTION_STATUS', 'settled'));

    expect((await settle('260112000000000000')).status).toBe(404);
  });

  it('refuses a settlement in another currency', async () => {
    const id = await sim.initPayment();
    await payWithTestCard(sim.baseUrl, id, 'success');
    const answer = await sim.api('POST', `/v1/transactions/${id}/settle`, {
      amount: 1000,
      currency: 'EUR',
      refno: 'B-17',
    });
    expect(answer.body).toEqual(refused('INVALID_PROPERTY', 'currency:'));
  });
});

describe('canceling', () => {
  beforeEach(async () => {
    sim = await startSim();
  });

  const cancel = (id: string, body: unknown = { refno: 'B-17' }) =>
    sim.api('POST', `/v1/transactions/${id}/cancel`, body);

  it('cancels an initialized payment, which the payment page then refuses', async () => {
    const id = await sim.initPayment();
    expect((await cancel(id)).status).toBe(204);
    expect(await sim.status(id)).toMatchObject({
      status: 'canceled',
      history: [{ action: 'init' }, { action: 'cancel', success: true }],
    });
    const { redirectedTo } = await payWithTestCard(sim.baseUrl, id, 'success');
    expect(redirectedTo).toBe(`${SHOP_URLS.cancelUrl}?datatransTrxId=${id}`);
    expect(await sim.status(id)).toMatchObject({ status: 'canceled' });
  });

  it('cancels an authorized payment', async () => {
    const id = await sim.initPayment();
    await payWithTestCard(sim.baseUrl, id, 'success');
    expect((await cancel(id)).status).toBe(204);
    expect(await sim.status(id)).toMatchObject({
      status: 'canceled',
      detail: { authorize: { amount: 123450 } },
    });
  });

  it('refuses to cancel settled, canceled or failed payments', async () => {
    const settled = await sim.initPayment(paymentBody({ autoSettle: true }));
    await payWithTestCard(sim.baseUrl, settled, 'success');
    expect((await cancel(settled)).body).toEqual(refused('INVALID_TRANSACTION_STATUS', 'settled'));

    const canceled = await sim.initPayment();
    await cancel(canceled);
    const twice = await cancel(canceled);
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual(refused('INVALID_TRANSACTION_STATUS', 'canceled'));

    const declined = await sim.initPayment();
    await payWithTestCard(sim.baseUrl, declined, 'decline');
    expect((await cancel(declined)).body).toEqual(refused('INVALID_TRANSACTION_STATUS', 'failed'));
  });

  it('needs the refno', async () => {
    const id = await sim.initPayment();
    const answer = await cancel(id, {});
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(refused('INVALID_PROPERTY', 'refno:'));
    expect(await sim.status(id)).toMatchObject({ status: 'initialized' });
  });
});

describe('crediting (refunds)', () => {
  beforeEach(async () => {
    sim = await startSim();
  });

  const credit = (id: string, amount: number, refno = 'B-17-R') =>
    sim.api('POST', `/v1/transactions/${id}/credit`, { amount, currency: 'CHF', refno });

  async function settledPayment(amount: number): Promise<string> {
    const id = await sim.initPayment(paymentBody({ amount, autoSettle: true }));
    await payWithTestCard(sim.baseUrl, id, 'success');
    return id;
  }

  it('refunds a settled payment in parts as settled credit transactions', async () => {
    const id = await settledPayment(123450);

    const first = await credit(id, 50000, 'B-17-R1');
    expect(first.status).toBe(200);
    const creditId = transactionIdOf(first.body);
    expect(creditId).not.toBe(id);
    expect(await sim.status(creditId)).toMatchObject({
      transactionId: creditId,
      type: 'credit',
      status: 'settled',
      currency: 'CHF',
      refno: 'B-17-R1',
      paymentMethod: 'VIS',
      card: { masked: '424242xxxxxx4242' },
      detail: { credit: { amount: 50000 } },
      history: [{ action: 'credit', amount: 50000, success: true }],
    });
    expect(await sim.status(id)).toMatchObject({
      type: 'payment',
      status: 'settled',
      detail: { credit: { amount: 50000 } },
    });

    const aboveTheRest = await credit(id, 73451);
    expect(aboveTheRest.status).toBe(400);
    expect(aboveTheRest.body).toEqual(refused('INVALID_PROPERTY', 'amount:'));

    expect((await credit(id, 73450)).status).toBe(200);
    expect((await credit(id, 1)).body).toEqual(refused('INVALID_PROPERTY', 'amount:'));
    expect(await sim.status(id)).toMatchObject({ detail: { credit: { amount: 123450 } } });
  });

  it('refunds no more than was settled, even when more was authorized', async () => {
    const id = await sim.initPayment(paymentBody({ amount: 10000 }));
    await payWithTestCard(sim.baseUrl, id, 'success');
    await sim.api('POST', `/v1/transactions/${id}/settle`, { amount: 6000, currency: 'CHF', refno: 'B-17' });
    expect((await credit(id, 6001)).body).toEqual(refused('INVALID_PROPERTY', 'amount:'));
    expect((await credit(id, 6000)).status).toBe(200);
  });

  it('credits only settled payments', async () => {
    const initialized = await sim.initPayment();
    expect((await credit(initialized, 100)).body).toEqual(
      refused('INVALID_TRANSACTION_STATUS', 'initialized'),
    );

    const authorized = await sim.initPayment();
    await payWithTestCard(sim.baseUrl, authorized, 'success');
    const answer = await credit(authorized, 100);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(refused('INVALID_TRANSACTION_STATUS', 'authorized'));

    const settled = await settledPayment(1000);
    const creditId = transactionIdOf((await credit(settled, 100)).body);
    expect((await credit(creditId, 100)).body).toEqual(refused('INVALID_TRANSACTION_STATUS'));

    expect((await credit('260112000000000000', 100)).status).toBe(404);
  });
});

describe('expiry', () => {
  const start = new Date('2026-03-01T10:00:00.000Z');
  let clock: Date;

  beforeEach(async () => {
    clock = start;
    sim = await startSim({ now: () => clock });
  });

  const minutesAfterStart = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

  it('fails an initialized payment once the 30 minutes are over', async () => {
    const id = await sim.initPayment();

    clock = new Date(minutesAfterStart(30).getTime() - 1);
    expect(await sim.status(id)).toMatchObject({ status: 'initialized' });

    clock = minutesAfterStart(30);
    const status = await sim.status(id);
    expect(status).toMatchObject({
      status: 'failed',
      detail: { fail: { reason: 'EXPIRED', message: expect.any(String) } },
      history: [
        { action: 'init' },
        { action: 'fail', success: false, date: minutesAfterStart(30).toISOString() },
      ],
    });
    expect(status).not.toHaveProperty('detail.init');

    const { redirectedTo } = await payWithTestCard(sim.baseUrl, id, 'success');
    expect(redirectedTo).toBe(`${SHOP_URLS.errorUrl}?datatransTrxId=${id}`);
    const cancel = await sim.api('POST', `/v1/transactions/${id}/cancel`, { refno: 'B-17' });
    expect(cancel.body).toEqual(refused('INVALID_TRANSACTION_STATUS', 'failed'));
  });

  it('does not expire a payment that was completed in time', async () => {
    const id = await sim.initPayment();
    clock = minutesAfterStart(29);
    await payWithTestCard(sim.baseUrl, id, 'success');
    clock = minutesAfterStart(120);
    expect(await sim.status(id)).toMatchObject({ status: 'authorized' });
  });
});

describe('transactionTtlMinutes', () => {
  it('sets how long a payment can be paid', async () => {
    let clock = new Date('2026-03-01T10:00:00.000Z');
    sim = await startSim({ now: () => clock, transactionTtlMinutes: 5 });
    const id = await sim.initPayment();
    expect(await sim.status(id)).toMatchObject({ detail: { init: { expires: '2026-03-01T10:05:00.000Z' } } });
    clock = new Date('2026-03-01T10:05:00.000Z');
    expect(await sim.status(id)).toMatchObject({ status: 'failed', detail: { fail: { reason: 'EXPIRED' } } });
  });
});
