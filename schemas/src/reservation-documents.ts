import { z } from 'zod';
import { IdSchema, LocaleSchema } from './common.ts';
import { defineCall } from './http.ts';

/**
 * A reservation and the language its document is printed in. Spec 02 §7 writes the id as
 * `{reservationId}`; the placeholder is `{id}` as on every other reservation path (same URL).
 */
export const ReservationDocumentParams = z.object({ id: IdSchema, locale: LocaleSchema });

/**
 * The ticket and the invoice also open without a session to the holder of the booking's access
 * key (manage my booking: a find or an e-mail link), for that booking only; without a key they
 * need a session like the other documents (docs/booking-manage.md).
 */
export const DocumentKeyQuery = z.object({ accessKey: z.string().max(100).optional() }).optional();

/**
 * Reservation documents: ticket, invoice and overview PDFs (spec 02 §6, §7). Who may get which is
 * decided by the server per reservation (docs/booking.md, Documents), so the calls name no roles.
 */
export const reservationDocumentCalls = {
  ticketPdf: defineCall({
    method: 'GET',
    path: 'reservation/{id}/ticket/pdf/{locale}',
    summary:
      'Ticket.pdf: one e-ticket page per passenger; before payment only with ROLE_RESERVATION_TICKET_PDF_BEFORE_PAID; a guest with the booking’s access key once paid',
    auth: 'public',
    keyed: true,
    params: ReservationDocumentParams,
    query: DocumentKeyQuery,
    response: 'file',
    fileName: 'Ticket.pdf',
  }),
  invoicePdf: defineCall({
    method: 'GET',
    path: 'reservation/{id}/invoice/pdf/{locale}',
    summary:
      'Invoice.pdf: the reservation invoice; before payment only with ROLE_RESERVATION_INVOICE_PDF_BEFORE_PAID; a guest with the booking’s access key once paid',
    auth: 'public',
    keyed: true,
    params: ReservationDocumentParams,
    query: DocumentKeyQuery,
    response: 'file',
    fileName: 'Invoice.pdf',
  }),
  overviewPdf: defineCall({
    method: 'GET',
    path: 'reservation/{id}/overview/pdf/{locale}',
    summary: 'ReservationOverview.pdf: flights, passengers, seats, options and, unless hidden, prices',
    auth: 'user',
    params: ReservationDocumentParams,
    response: 'file',
    fileName: 'ReservationOverview.pdf',
  }),
  creditNotePdf: defineCall({
    method: 'GET',
    path: 'reservation/{id}/credit-note/pdf/{locale}',
    summary: 'CreditNote.pdf: what a cancelled paid reservation gave back, and where to',
    auth: 'user',
    params: ReservationDocumentParams,
    response: 'file',
    fileName: 'CreditNote.pdf',
  }),
};
