import { api } from '@flybook/schemas';
import type { FastifyInstance } from 'fastify';
import { type RouteBinding, route } from '../../http/routes.ts';
import { idempotencyKeyOf } from '../../platform/idempotency.ts';
import type { CardPaymentsService } from './card-payments.service.ts';
import type { PaymentsService } from './payments.service.ts';

export const paymentRoutes = (payments: PaymentsService, cards: CardPaymentsService): RouteBinding[] => [
  route(api.payment.payInvoice, ({ user, body, request }) =>
    payments.payInvoice(user, body, idempotencyKeyOf(request.headers)),
  ),
  route(api.payment.cardReservationInit, ({ user, body, request }) =>
    cards.initReservation(user, body, idempotencyKeyOf(request.headers)),
  ),
  route(api.payment.cardAgentInit, ({ user, body, request }) =>
    cards.initAgent(user, body, idempotencyKeyOf(request.headers)),
  ),
  route(api.payment.cardStart, ({ body }) => cards.paymentPage(body.transactionId)),
  route(api.payment.cardConfirm, ({ user, body }) => cards.confirm(user, body.transactionId)),
  route(api.payment.cardUpdate, ({ user, body }) => cards.update(user, body.transactionId)),
  route(api.payment.cardTransaction, ({ user, params }) => cards.get(user, params.id)),
  route(api.payment.transactionReservation, ({ user, params, query }) =>
    cards.reservationOf(params.id, { user, guestKey: query.guestKey }),
  ),
  route(api.payment.cardPaymentStatus, ({ params }) => cards.publicStatus(params.reservationId, params.id)),
];

/**
 * The provider's notifications. Not a call of the contract (no client sends it): the signature is
 * over the raw body, so this route reads the body as text in a scope of its own.
 */
export async function registerCardWebhook(app: FastifyInstance, cards: CardPaymentsService) {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/api/v1/public/payment/datatrans/webhook', async (request, reply) => {
      await cards.webhook(
        String(request.body ?? ''),
        request.headers['datatrans-signature'] as string | undefined,
      );
      return reply.status(200).send({ ok: true });
    });
  });
}
