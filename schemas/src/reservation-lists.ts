/** Reservation lists: the full list, own list, invoice overview, owner/reservator and passenger search (spec 02 §7). */
export const reservationListCalls = {};
