import { listedReservationFacts, reservationActions } from '@flybook/domain/reservation-actions';
import type { ReservationListItem } from '@flybook/schemas/reservation-lists';

/** What the account page offers on one of the customer's bookings. */
export interface AccountOffers {
  /** Pay now: an unpaid card booking still holding its seats (spec 01 §2). */
  payNow: boolean;
  /** The ticket and invoice links. */
  documents: boolean;
}

/**
 * The account page's offers, from `reservationActions` (@flybook/domain): Pay now where the booking
 * may be paid and is a card booking waiting for its payment (bookings on other terms are paid as
 * agreed, not here); the ticket and invoice of a booking that is not cancelled. An unpaid booking's
 * documents are offered too: the API refuses them and the page says the document is unavailable.
 */
export function accountOffers(item: ReservationListItem): AccountOffers {
  const actions = reservationActions(listedReservationFacts(item), { roles: [] });
  return {
    payNow: actions.pay.allowed && item.status === 'created' && item.invoice.paymentTerms === 'now',
    documents: !actions.ticketPdf.reasons.includes('cancelled'),
  };
}
