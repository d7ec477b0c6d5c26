import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { normalizeCardNumber, TEST_CARDS } from './cards.ts';
import {
  renderFinishedPage,
  renderMessagePage,
  renderNotFoundPage,
  renderPaymentPage,
} from './payment-page.ts';
import type { Sim } from './sim.ts';
import { statusBody, type Transaction } from './transactions.ts';

interface TransactionParams {
  transactionId: string;
}

/** The redirect URL for the transaction's outcome, with `datatransTrxId` added to its query. */
export function returnUrl(transaction: Transaction): string {
  const { redirect } = transaction;
  if (!redirect) throw new Error(`Transaction ${transaction.transactionId} has no redirect URLs`);
  let target: string;
  switch (transaction.status) {
    case 'authorized':
    case 'settled':
    case 'transmitted':
      target = redirect.successUrl;
      break;
    case 'canceled':
      target = redirect.cancelUrl;
      break;
    default:
      target = redirect.errorUrl;
  }
  const url = new URL(target);
  url.searchParams.set('datatransTrxId', transaction.transactionId);
  return url.toString();
}

function formField(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null || !(name in body)) return '';
  const value: unknown = Reflect.get(body, name);
  return typeof value === 'string' ? value.trim() : '';
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** The browser-facing payment page, `/v1/start/{transactionId}`, without auth like the real one. */
export const pageRoutes: FastifyPluginAsync<{ sim: Sim }> = async (app, { sim }) => {
  const { options, store, webhooks } = sim;

  // Only this scope reads HTML forms; the host app's parsers stay as they are.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );

  app.setErrorHandler((error, request, reply) => {
    const status =
      typeof error === 'object' &&
      error !== null &&
      'statusCode' in error &&
      typeof error.statusCode === 'number'
        ? error.statusCode
        : 500;
    if (status >= 500) request.log.error({ err: error }, 'payments-sim: payment page failed');
    const text =
      status >= 500 ? 'Something went wrong in the test payment server.' : 'The request was not understood.';
    return sendHtml(reply, status >= 500 ? 500 : status, renderMessagePage('Payment error', text));
  });

  /** Payments the page can show; credits and unknown ids are not found. */
  function findPayment(transactionId: string): Transaction | undefined {
    const transaction = store.find(transactionId);
    return transaction?.type === 'payment' && transaction.redirect ? transaction : undefined;
  }

  function actionUrl(transaction: Transaction): string {
    return `${options.baseUrl()}/v1/start/${transaction.transactionId}/pay`;
  }

  app.get<{ Params: TransactionParams }>('/v1/start/:transactionId', async (request, reply) => {
    const transaction = findPayment(request.params.transactionId);
    if (!transaction) return sendHtml(reply, 404, renderNotFoundPage(request.params.transactionId));
    if (transaction.status !== 'initialized') {
      return sendHtml(reply, 200, renderFinishedPage(transaction, returnUrl(transaction)));
    }
    return sendHtml(
      reply,
      200,
      renderPaymentPage({ merchantId: options.merchantId, transaction, actionUrl: actionUrl(transaction) }),
    );
  });

  app.post<{ Params: TransactionParams }>('/v1/start/:transactionId/pay', async (request, reply) => {
    const transaction = findPayment(request.params.transactionId);
    if (!transaction) return sendHtml(reply, 404, renderNotFoundPage(request.params.transactionId));
    // A repeated submission (back button, double click) changes nothing and lands where the first did.
    if (transaction.status !== 'initialized') return reply.redirect(returnUrl(transaction), 303);

    const form = request.body;
    if (formField(form, 'action') === 'cancel') {
      store.cancelByUser(transaction);
    } else {
      // A test-card button stands for the whole card; the form's own fields must all be filled in.
      const testCard = formField(form, 'testCard');
      const entered = { cardNumber: formField(form, 'cardNumber'), expiry: formField(form, 'expiry') };
      const cvc = formField(form, 'cvc');
      const cardNumber = normalizeCardNumber(testCard || entered.cardNumber);
      let error: string | undefined;
      if (!cardNumber) error = 'Enter a card number of 12 to 19 digits.';
      else if (!testCard && (!entered.expiry || !cvc)) error = 'Enter the expiry date and the CVC.';
      if (!cardNumber || error) {
        const page = renderPaymentPage({
          merchantId: options.merchantId,
          transaction,
          actionUrl: actionUrl(transaction),
          error,
          values: entered,
        });
        return sendHtml(reply, 422, page);
      }
      if (cardNumber === TEST_CARDS.success) store.authorize(transaction, cardNumber);
      else store.decline(transaction, cardNumber);
    }

    if (transaction.webhookUrl) webhooks.send(transaction.webhookUrl, statusBody(transaction));
    return reply.redirect(returnUrl(transaction), 303);
  });
};
