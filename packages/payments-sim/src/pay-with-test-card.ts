import { TEST_CARDS } from './cards.ts';

export type TestPaymentOutcome = 'success' | 'decline' | 'cancel';

/** The form a browser posts for each outcome, as if the user typed the card in. */
function paymentForm(outcome: TestPaymentOutcome): URLSearchParams {
  if (outcome === 'cancel')
    return new URLSearchParams({ cardNumber: '', expiry: '', cvc: '', action: 'cancel' });
  const cardNumber = outcome === 'success' ? TEST_CARDS.success : TEST_CARDS.decline;
  return new URLSearchParams({ cardNumber, expiry: '12/30', cvc: '123', action: 'pay' });
}

/**
 * Submits the payment page's form as a browser would, without following the redirect, so tests
 * can pay without a browser. `redirectedTo` is the shop URL the browser would be sent to (success,
 * error or cancel URL with `datatransTrxId`). Throws when the page does not answer with a redirect.
 */
export async function payWithTestCard(
  publicBaseUrl: string,
  transactionId: string,
  outcome: TestPaymentOutcome,
): Promise<{ redirectedTo: string }> {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const response = await fetch(`${base}/v1/start/${encodeURIComponent(transactionId)}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: paymentForm(outcome).toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) {
    const text = await response.text();
    throw new Error(
      `payWithTestCard: expected a 303 redirect from the payment page, got ${response.status}: ${text.slice(0, 200)}`,
    );
  }
  await response.body?.cancel();
  return { redirectedTo: location };
}
