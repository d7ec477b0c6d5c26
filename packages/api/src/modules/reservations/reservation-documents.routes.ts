import { api } from '@flybook/schemas';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { type AuthUser, type RouteBinding, route } from '../../http/routes.ts';
import { createReservationDocumentsService, type DocumentReader } from './reservation-documents.service.ts';

/**
 * The ticket and the invoice are public calls: an access key (manage my booking) opens them for its
 * booking, else they need a session as before. A key wins over a session sent along.
 */
function readerOf(user: AuthUser | null, accessKey: string | undefined): DocumentReader {
  if (accessKey) return { accessKey };
  if (!user) throw new ApiError('ERROR_UNAUTHORIZED', 401);
  return user;
}

export const reservationDocumentRoutes = (db: Db): RouteBinding[] => {
  const documents = createReservationDocumentsService(db);
  return [
    route(api.reservationDocument.ticketPdf, ({ user, params, query }) =>
      documents.ticketPdf(readerOf(user, query?.accessKey), params.id, params.locale),
    ),
    route(api.reservationDocument.invoicePdf, ({ user, params, query }) =>
      documents.invoicePdf(readerOf(user, query?.accessKey), params.id, params.locale),
    ),
    route(api.reservationDocument.overviewPdf, ({ user, params }) =>
      documents.overviewPdf(user, params.id, params.locale),
    ),
    route(api.reservationDocument.creditNotePdf, ({ user, params }) =>
      documents.creditNotePdf(user, params.id, params.locale),
    ),
  ];
};
