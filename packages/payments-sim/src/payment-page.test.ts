import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CARDS } from './cards.ts';
import { payWithTestCard } from './pay-with-test-card.ts';
import { paymentsSimRoutes } from './sim.ts';
import {
  callApi,
  MERCHANT_ID,
  PASSWORD,
  paymentBody,
  type RunningSim,
  SHOP_URLS,
  SIGN_KEY,
  startSim,
  transactionIdOf,
} from './test/start-sim.ts';

let sim: RunningSim;

beforeEach(async () => {
  sim = await startSim();
});

afterEach(async () => {
  await sim.close();
});

async function openPage(url: string): Promise<{ status: number; contentType: string | null; html: string }> {
  const response = await fetch(url);
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    html: await response.text(),
  };
}

/** Posts the payment form the way a browser does, without following the redirect. */
async function submitForm(transactionId: string, fields: Record<string, string>) {
  const response = await fetch(`${sim.baseUrl}/v1/start/${transactionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

function successUrlFor(transactionId: string): string {
  return `${SHOP_URLS.successUrl}&datatransTrxId=${transactionId}`;
}

describe('the payment page', () => {
  it('shows merchant, reference and amount, says it is a test, and has no script or outside assets', async () => {
    const init = await sim.api('POST', '/v1/transactions', paymentBody());
    const location = init.headers.get('location');
    if (!location) throw new Error('no Location header');
    const transactionId = transactionIdOf(init.body);

    const page = await openPage(location);
    expect(page.status).toBe(200);
    expect(page.contentType).toContain('text/html');
    expect(page.html).toContain('<title>Flybook test payment</title>');
    expect(page.html).toMatch(/test stand-in/i);
    expect(page.html).toContain(MERCHANT_ID);
    expect(page.html).toContain('B-17');
    expect(page.html).toContain("CHF 1'234.50");
    expect(page.html).toContain(`action="${sim.baseUrl}/v1/start/${transactionId}/pay"`);
    expect(page.html).toContain('<label for="cardNumber">Card number</label>');
    expect(page.html).toMatch(/<input id="cardNumber" name="cardNumber"[^>]*value=""/);
    expect(page.html).toMatch(
      /<button type="submit" name="action" value="pay"[^>]*>Pay CHF 1'234.50<\/button>/,
    );
    expect(page.html).toMatch(/<button type="submit" name="action" value="cancel"[^>]*>Cancel<\/button>/);
    expect(page.html).toContain(`name="testCard" value="${TEST_CARDS.success}"`);
    expect(page.html).toContain(`name="testCard" value="${TEST_CARDS.decline}"`);
    expect(page.html).not.toContain('<script');
    expect(page.html).not.toMatch(/(?:src|href)="https?:/);
  });

  it('escapes what the merchant sent', async () => {
    const id = await sim.initPayment(paymentBody({ refno: '<b>B-17</b>' }));
    const page = await openPage(`${sim.baseUrl}/v1/start/${id}`);
    expect(page.html).toContain('&lt;b&gt;B-17&lt;/b&gt;');
    expect(page.html).not.toContain('<b>B-17');
  });

  it('answers an unknown transaction with a 404 page', async () => {
    const page = await openPage(`${sim.baseUrl}/v1/start/260112000000000000`);
    expect(page.status).toBe(404);
    expect(page.contentType).toContain('text/html');
    expect(page.html).toContain('Payment not found');
    const paid = await submitForm('260112000000000000', { cardNumber: TEST_CARDS.success, action: 'pay' });
    expect(paid.status).toBe(404);
  });

  it('says a completed payment is done and links back to the shop', async () => {
    const id = await sim.initPayment();
    await payWithTestCard(sim.baseUrl, id, 'success');
    const page = await openPage(`${sim.baseUrl}/v1/start/${id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('already been completed');
    expect(page.html).toContain(`href="${successUrlFor(id).replace('&', '&amp;')}"`);
    expect(page.html).not.toContain('<form');
  });

  it('says an expired payment has expired and links to the error URL', async () => {
    let clock = new Date('2026-01-12T10:00:00.000Z');
    await sim.close();
    sim = await startSim({ now: () => clock });
    const id = await sim.initPayment();
    clock = new Date('2026-01-12T10:31:00.000Z');
    const page = await openPage(`${sim.baseUrl}/v1/start/${id}`);
    expect(page.html).toContain('expired');
    expect(page.html).toContain(`href="${SHOP_URLS.errorUrl}?datatransTrxId=${id}"`);
  });

  it('is not there for a credit transaction', async () => {
    const id = await sim.initPayment(paymentBody({ autoSettle: true }));
    await payWithTestCard(sim.baseUrl, id, 'success');
    const credit = await sim.api('POST', `/v1/transactions/${id}/credit`, {
      amount: 100,
      currency: 'CHF',
      refno: 'R',
    });
    const page = await openPage(`${sim.baseUrl}/v1/start/${transactionIdOf(credit.body)}`);
    expect(page.status).toBe(404);
  });
});

describe('paying on the payment page', () => {
  it('authorizes the success card and sends the browser to the success URL, keeping its query', async () => {
    const id = await sim.initPayment();
    const { redirectedTo } = await payWithTestCard(sim.baseUrl, id, 'success');
    expect(redirectedTo).toBe(successUrlFor(id));
    expect(new URL(redirectedTo).searchParams.get('booking')).toBe('B-17');
    expect(await sim.status(id)).toMatchObject({
      status: 'authorized',
      paymentMethod: 'VIS',
      card: { masked: '424242xxxxxx4242' },
      detail: { authorize: { amount: 123450, acquirerAuthorizationCode: expect.stringMatching(/^\d{6}$/) } },
      history: [
        { action: 'init', success: true },
        { action: 'authorize', amount: 123450, success: true },
      ],
    });
  });

  it('settles at once with autoSettle', async () => {
    const id = await sim.initPayment(paymentBody({ autoSettle: true }));
    await payWithTestCard(sim.baseUrl, id, 'success');
    expect(await sim.status(id)).toMatchObject({
      status: 'settled',
      detail: { authorize: { amount: 123450 }, settle: { amount: 123450 } },
      history: [{ action: 'init' }, { action: 'authorize' }, { action: 'settle', amount: 123450 }],
    });
  });

  it('takes the test-card button without expiry and CVC, and a typed card number with spaces', async () => {
    const byButton = await sim.initPayment();
    const clicked = await submitForm(byButton, {
      cardNumber: '',
      expiry: '',
      cvc: '',
      testCard: TEST_CARDS.success,
    });
    expect(clicked.status).toBe(303);
    expect(clicked.location).toBe(successUrlFor(byButton));

    const typed = await sim.initPayment();
    const submitted = await submitForm(typed, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '08/29',
      cvc: '737',
      action: 'pay',
    });
    expect(submitted.location).toBe(successUrlFor(typed));
    expect(await sim.status(typed)).toMatchObject({ status: 'authorized' });
  });

  it('declines the decline card and sends the browser to the error URL', async () => {
    const id = await sim.initPayment();
    const { redirectedTo } = await payWithTestCard(sim.baseUrl, id, 'decline');
    expect(redirectedTo).toBe(`${SHOP_URLS.errorUrl}?datatransTrxId=${id}`);
    expect(await sim.status(id)).toMatchObject({
      status: 'failed',
      card: { masked: '400000xxxxxx0002' },
      detail: { fail: { reason: 'DECLINED', message: 'The card was declined by the issuer.' } },
      history: [{ action: 'init' }, { action: 'authorize', success: false }],
    });
  });

  it('declines any other card number', async () => {
    const id = await sim.initPayment();
    const answer = await submitForm(id, {
      cardNumber: '5555555555554444',
      expiry: '12/30',
      cvc: '123',
      action: 'pay',
    });
    expect(answer.location).toBe(`${SHOP_URLS.errorUrl}?datatransTrxId=${id}`);
    expect(await sim.status(id)).toMatchObject({
      status: 'failed',
      paymentMethod: 'ECA',
      detail: { fail: { reason: 'DECLINED' } },
    });
  });

  it('cancels and sends the browser to the cancel URL', async () => {
    const id = await sim.initPayment();
    const { redirectedTo } = await payWithTestCard(sim.baseUrl, id, 'cancel');
    expect(redirectedTo).toBe(`${SHOP_URLS.cancelUrl}?datatransTrxId=${id}`);
    const status = await sim.status(id);
    expect(status).toMatchObject({
      status: 'canceled',
      detail: { fail: { reason: 'CANCELED_BY_USER' } },
      history: [{ action: 'init' }, { action: 'cancel', success: true }],
    });
    expect(status).not.toHaveProperty('card');
  });

  it('shows the form again with a message when the card is incomplete', async () => {
    const id = await sim.initPayment();
    const noExpiry = await submitForm(id, {
      cardNumber: TEST_CARDS.success,
      expiry: '',
      cvc: '',
      action: 'pay',
    });
    expect(noExpiry.status).toBe(422);
    expect(noExpiry.html).toContain('role="alert"');
    expect(noExpiry.html).toContain('Enter the expiry date and the CVC.');
    const noCard = await submitForm(id, { cardNumber: '42', expiry: '12/30', cvc: '123', action: 'pay' });
    expect(noCard.status).toBe(422);
    expect(noCard.html).toContain('Enter a card number');
    expect(await sim.status(id)).toMatchObject({ status: 'initialized' });
  });

  it('changes nothing on a second submission and redirects where the first did', async () => {
    const id = await sim.initPayment();
    const first = await payWithTestCard(sim.baseUrl, id, 'success');
    const before = await sim.status(id);
    const second = await payWithTestCard(sim.baseUrl, id, 'decline');
    const third = await payWithTestCard(sim.baseUrl, id, 'cancel');
    expect(second.redirectedTo).toBe(first.redirectedTo);
    expect(third.redirectedTo).toBe(first.redirectedTo);
    expect(await sim.status(id)).toEqual(before);
  });

  it('payWithTestCard throws when the page answers without a redirect', async () => {
    await expect(payWithTestCard(sim.baseUrl, '260112000000000000', 'success')).rejects.toThrow(/404/);
  });
});

describe('mounted as a plugin under a prefix', () => {
  it('serves the API and the page under the prefix and hands out prefixed URLs', async () => {
    const host = Fastify();
    let origin = '';
    host.get('/health', async () => ({ ok: true }));
    host.post('/echo', async (request) => ({ body: request.body ?? null }));
    await host.register(paymentsSimRoutes, {
      prefix: '/payments-sim',
      merchantId: MERCHANT_ID,
      password: PASSWORD,
      signKey: SIGN_KEY,
      publicBaseUrl: () => `${origin}/payments-sim/`,
    });
    origin = await host.listen({ host: '127.0.0.1', port: 0 });
    try {
      const base = `${origin}/payments-sim`;
      const init = await callApi(base, 'POST', '/v1/transactions', paymentBody());
      expect(init.status).toBe(201);
      const id = transactionIdOf(init.body);
      expect(init.headers.get('location')).toBe(`${base}/v1/start/${id}`);

      const page = await openPage(`${base}/v1/start/${id}`);
      expect(page.html).toContain(`action="${base}/v1/start/${id}/pay"`);

      const { redirectedTo } = await payWithTestCard(base, id, 'success');
      expect(redirectedTo).toBe(successUrlFor(id));
      expect((await callApi(base, 'GET', `/v1/transactions/${id}`)).body).toMatchObject({
        status: 'authorized',
      });

      // The sim's form parser and auth stay inside its prefix.
      expect((await fetch(`${origin}/health`)).status).toBe(200);
      const form = await fetch(`${origin}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      });
      expect(form.status).toBe(415);
      expect((await fetch(`${origin}/v1/transactions/${id}`)).status).toBe(404);
    } finally {
      await host.close();
    }
  });
});
