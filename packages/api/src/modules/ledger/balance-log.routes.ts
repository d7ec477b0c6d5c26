import { api } from '@flybook/schemas';
import type { Db } from '../../db/client.ts';
import { type RouteBinding, route } from '../../http/routes.ts';
import { idempotencyKeyOf } from '../../platform/idempotency.ts';
import type { BalanceLogService } from './balance-log.service.ts';
import { createLedgerDocumentsService } from './ledger-documents.service.ts';

export const balanceLogRoutes = (db: Db, balanceLog: BalanceLogService): RouteBinding[] => {
  const documents = createLedgerDocumentsService(db);
  return [
    route(api.balanceLog.list, ({ query }) => balanceLog.list(query)),
    route(api.balanceLog.ownList, ({ user, query }) => balanceLog.ownList(user, query)),
    route(api.balanceLog.summary, ({ query }) => balanceLog.summary(query)),
    route(api.balanceLog.ownSummary, ({ user, query }) => balanceLog.ownSummary(user, query)),
    route(api.balanceLog.types, () => balanceLog.types()),
    route(api.balanceLog.freeTypes, () => balanceLog.freeTypes()),
    route(api.balanceLog.overviewPdf, ({ query }) => documents.overviewPdf(query)),
    route(api.balanceLog.cashbackPdf, ({ params }) => documents.cashbackPdf(params.id, params.locale)),
    route(api.balanceLog.basic, ({ user, body, request }) =>
      balanceLog.book(user, body, 'basic', idempotencyKeyOf(request.headers)),
    ),
    route(api.balanceLog.advanced, ({ user, body, request }) =>
      balanceLog.book(user, body, 'advanced', idempotencyKeyOf(request.headers)),
    ),
  ];
};
