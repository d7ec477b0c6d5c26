import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentsSimOptions } from './options.ts';
import { payWithTestCard } from './pay-with-test-card.ts';
import { signWebhookBody } from './signature.ts';
import { paymentBody, type RunningSim, SHOP_URLS, SIGN_KEY, startSim } from './test/start-sim.ts';
import {
  type Answer,
  type ReceivedWebhook,
  sleep,
  startWebhookReceiver,
  type WebhookReceiver,
  waitFor,
} from './test/webhook-receiver.ts';

let sim: RunningSim | undefined;
let receiver: WebhookReceiver | undefined;

afterEach(async () => {
  await sim?.close();
  await receiver?.close();
  sim = undefined;
  receiver = undefined;
});

async function setUp(options: Partial<PaymentsSimOptions>, answer?: (index: number) => Answer) {
  receiver = await startWebhookReceiver(answer);
  sim = await startSim(options);
  return { sim, receiver };
}

/** Checks the signature the way a shop would, independently of the sim's code. */
function verify(webhook: ReceivedWebhook): { timestampMs: number } {
  const header = webhook.headers['datatrans-signature'];
  const match = typeof header === 'string' ? /^t=(\d+),s0=([0-9a-f]{64})$/.exec(header) : null;
  if (!match?.[1] || !match[2]) throw new Error(`malformed Datatrans-Signature: ${String(header)}`);
  const expected = createHmac('sha256', Buffer.from(SIGN_KEY, 'hex'))
    .update(match[1] + webhook.rawBody)
    .digest('hex');
  expect(match[2]).toBe(expected);
  return { timestampMs: Number(match[1]) };
}

describe('signWebhookBody', () => {
  it('is the hex HMAC-SHA256 of timestamp and body with the hex-decoded key', () => {
    const body = '{"transactionId":"260112134512345678"}';
    const expected = createHmac('sha256', Buffer.from(SIGN_KEY, 'hex'))
      .update(`1767800000000${body}`)
      .digest('hex');
    expect(signWebhookBody(SIGN_KEY, 1767800000000, body)).toBe(expected);
    // The key is used decoded, not as text, and the timestamp is part of what is signed.
    const withTextKey = createHmac('sha256', SIGN_KEY).update(`1767800000000${body}`).digest('hex');
    expect(signWebhookBody(SIGN_KEY, 1767800000000, body)).not.toBe(withTextKey);
    expect(signWebhookBody(SIGN_KEY, 1767800000001, body)).not.toBe(expected);
  });
});

describe('webhooks', () => {
  it('posts the status object, signed the Datatrans way, when the page authorizes a payment', async () => {
    const now = new Date('2026-01-12T13:45:12.345Z');
    const { sim, receiver } = await setUp({ now: () => now });
    const id = await sim.initPayment(paymentBody({ webhook: { url: receiver.url } }));
    await payWithTestCard(sim.baseUrl, id, 'success');
    await waitFor(() => receiver.received.length === 1);

    const [webhook] = receiver.received;
    if (!webhook) throw new Error('no webhook');
    expect(webhook.headers['content-type']).toBe('application/json');
    expect(verify(webhook).timestampMs).toBe(now.getTime());
    expect(JSON.parse(webhook.rawBody)).toEqual(await sim.status(id));
    expect(JSON.parse(webhook.rawBody)).toMatchObject({ transactionId: id, status: 'authorized' });
  });

  it.each([
    ['decline', { autoSettle: false }, 'failed'],
    ['cancel', { autoSettle: false }, 'canceled'],
    ['success', { autoSettle: true }, 'settled'],
  ] as const)('reports the outcome of %s (%o) as %s', async (outcome, extra, status) => {
    const { sim, receiver } = await setUp({});
    const id = await sim.initPayment(paymentBody({ ...extra, webhook: { url: receiver.url } }));
    await payWithTestCard(sim.baseUrl, id, outcome);
    await waitFor(() => receiver.received.length === 1);
    const [webhook] = receiver.received;
    if (!webhook) throw new Error('no webhook');
    verify(webhook);
    expect(JSON.parse(webhook.rawBody)).toMatchObject({ transactionId: id, status });
  });

  it('sends nothing for server-to-server calls or repeated page submissions', async () => {
    const { sim, receiver } = await setUp({});
    const id = await sim.initPayment(paymentBody({ webhook: { url: receiver.url } }));
    await payWithTestCard(sim.baseUrl, id, 'success');
    await waitFor(() => receiver.received.length === 1);
    await payWithTestCard(sim.baseUrl, id, 'success');
    await sim.api('POST', `/v1/transactions/${id}/settle`, { amount: 100, currency: 'CHF', refno: 'B-17' });
    await sim.api('POST', `/v1/transactions/${id}/credit`, { amount: 100, currency: 'CHF', refno: 'B-17' });
    await sleep(100);
    expect(receiver.received).toHaveLength(1);
  });

  it('delivers every webhook twice by default, with the same body', async () => {
    const { sim, receiver } = await setUp({ duplicateWebhooks: undefined });
    const id = await sim.initPayment(paymentBody({ webhook: { url: receiver.url } }));
    await payWithTestCard(sim.baseUrl, id, 'success');
    await waitFor(() => receiver.received.length === 2);
    const [first, second] = receiver.received;
    if (!first || !second) throw new Error('missing webhooks');
    verify(first);
    verify(second);
    expect(second.rawBody).toBe(first.rawBody);
    await sleep(100);
    expect(receiver.received).toHaveLength(2);
  });

  it('delivers once when duplicateWebhooks is false', async () => {
    const { sim, receiver } = await setUp({ duplicateWebhooks: false });
    const id = await sim.initPayment(paymentBody({ webhook: { url: receiver.url } }));
    await payWithTestCard(sim.baseUrl, id, 'success');
    await waitFor(() => receiver.received.length === 1);
    await sleep(100);
    expect(receiver.received).toHaveLength(1);
  });

  it('re-delivers after a 500 and after a dropped connection, then stops', async () => {
    const answers: Answer[] = [500, 'drop', 200];
    const { sim, receiver } = await setUp({ webhookRetryDelaysMs: [20, 40, 60] }, (i) => answers[i] ?? 200);
    const id = await sim.initPayment(paymentBody({ webhook: { url: receiver.url } }));
    await payWithTestCard(sim.baseUrl, id, 'success');
    await waitFor(() => receiver.received.length === 3);
    expect(receiver.received.map((webhook) => webhook.answeredWith)).toEqual([500, 'drop', 200]);
    for (const webhook of receiver.received) {
      verify(webhook);
      expect(webhook.rawBody).toBe(receiver.received[0]?.rawBody);
    }
    await sleep(150);
    expect(receiver.received).toHaveLength(3);
  });

  it('gives up after the last retry delay', async () => {
    const { sim, receiver } = await setUp({ webhookRetryDelaysMs: [20, 40] }, () => 503);
    const id = await sim.initPayment(paymentBody({ webhook: { url: receiver.url } }));
    await payWithTestCard(sim.baseUrl, id, 'decline');
    await waitFor(() => receiver.received.length === 3);
    await sleep(150);
    expect(receiver.received).toHaveLength(3);
  });

  it('neither holds the redirect for a slow receiver nor fails the payment for an absent one', async () => {
    const { sim, receiver } = await setUp({ webhookRetryDelaysMs: [] }, () => 'hang');
    const slow = await sim.initPayment(paymentBody({ webhook: { url: receiver.url } }));
    const { redirectedTo } = await payWithTestCard(sim.baseUrl, slow, 'success');
    expect(redirectedTo).toBe(`${SHOP_URLS.successUrl}&datatransTrxId=${slow}`);
    await waitFor(() => receiver.received.length === 1);

    const absent = await sim.initPayment(paymentBody({ webhook: { url: 'http://127.0.0.1:9/none' } }));
    await payWithTestCard(sim.baseUrl, absent, 'success');
    expect(await sim.status(absent)).toMatchObject({ status: 'authorized' });
  });

  it('stops re-delivering when the sim closes', async () => {
    const { sim, receiver } = await setUp({ webhookRetryDelaysMs: [60, 60, 60] }, () => 500);
    const id = await sim.initPayment(paymentBody({ webhook: { url: receiver.url } }));
    await payWithTestCard(sim.baseUrl, id, 'success');
    await waitFor(() => receiver.received.length === 1);
    await sim.close();
    await sleep(250);
    expect(receiver.received).toHaveLength(1);
  });
});
