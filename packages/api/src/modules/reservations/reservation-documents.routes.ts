import { api } from '@flybook/schemas';
import type { Db } from '../../db/client.ts';
import { type RouteBinding, route } from '../../http/routes.ts';
import { createReservationDocumentsService } from './reservation-documents.service.ts';

export const reservationDocumentRoutes = (db: Db): RouteBinding[] => {
  const documents = createReservationDocumentsService(db);
  return [
    route(api.reservationDocument.ticketPdf, ({ user, params }) =>
      documents.ticketPdf(user, params.id, params.locale),
    ),
    route(api.reservationDocument.invoicePdf, ({ user, params }) =>
      documents.invoicePdf(user, params.id, params.locale),
    ),
    route(api.reservationDocument.overviewPdf, ({ user, params }) =>
      documents.overviewPdf(user, params.id, params.locale),
    ),
    route(api.reservationDocument.creditNotePdf, ({ user, params }) =>
      documents.creditNotePdf(user, params.id, params.locale),
    ),
  ];
};
