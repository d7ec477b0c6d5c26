import { api } from '@flybook/schemas';
import type { Db } from '../../db/client.ts';
import { type RouteBinding, route } from '../../http/routes.ts';
import { idempotencyKeyOf } from '../../platform/idempotency.ts';
import { createAllotmentPayments } from './allotment-payments.ts';
import { createAllotmentsService } from './allotments.service.ts';

export const allotmentRoutes = (db: Db): RouteBinding[] => {
  const allotments = createAllotmentsService(db);
  const payments = createAllotmentPayments(db, allotments);
  const calls = api.allotment;
  return [
    route(calls.list, ({ user, query }) => allotments.list(user, query)),
    route(calls.agentList, ({ user, query }) => allotments.agentList(user, query)),
    route(calls.createInvoice, ({ user, body }) => allotments.createInvoice(user, body)),
    route(calls.getInvoice, ({ user, params }) => allotments.getInvoice(user, params.id)),
    route(calls.updateInvoice, ({ user, params, body }) => allotments.updateInvoice(user, params.id, body)),
    route(calls.deleteInvoice, ({ user, params }) => allotments.deleteInvoice(user, params.id)),
    route(calls.invoiceList, ({ query }) => allotments.invoiceList(query)),
    route(calls.agentInvoiceList, ({ user, query }) => allotments.agentInvoiceList(user, query)),
    route(calls.invoicePdf, ({ user, params }) => allotments.invoicePdf(user, params.id, params.locale)),
    route(calls.agentInvoicePdf, ({ user, params }) =>
      allotments.agentInvoicePdf(user, params.id, params.locale),
    ),
    route(calls.balance, ({ params }) => allotments.balance(params.id)),
    route(calls.agentBalance, ({ user }) => allotments.agentBalance(user)),
    route(calls.pay, ({ user, body, request }) =>
      payments.pay(user, body, idempotencyKeyOf(request.headers)),
    ),
  ];
};
