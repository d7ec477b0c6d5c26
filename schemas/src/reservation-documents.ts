/** Reservation documents: ticket, invoice and overview PDFs (spec 02 §6, §7). */
export const reservationDocumentCalls = {};
