import { reservationCalls, reservationListCalls } from '@flybook/schemas';
import { registerResources } from '../app/resources.ts';

/** Every reservation (ROLE_RESERVATION_LIST). */
export const RESERVATIONS = 'reservations';
/** The user's own reservations: those they own or made (user/me/reservation/list). */
export const OWN_RESERVATIONS = 'ownReservations';
/** Open reservations paid by bill (ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_BILL). */
export const INVOICE_OVERVIEW = 'invoiceOverview';

registerResources({
  [RESERVATIONS]: { list: reservationListCalls.list, one: reservationCalls.get },
  [OWN_RESERVATIONS]: { list: reservationListCalls.ownList },
  [INVOICE_OVERVIEW]: { list: reservationListCalls.invoiceList },
});
