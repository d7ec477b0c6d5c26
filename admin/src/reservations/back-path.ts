import { adminPath } from '@flybook/domain';

const ID = /^[1-9]\d{0,9}$/;

/**
 * Where a reservation page's back link (and a finished payment or save) leads (spec 02 §2): the
 * list named by the `source` query parameter, with the reservation highlighted where that list
 * marks rows, and the reservation list when no known source is given.
 */
export function reservationBackPath(params: URLSearchParams, reservationId: number | null): string {
  const highlight = reservationId === null ? '' : `?highlightReservationId=${reservationId}`;
  const flightId = params.get('flightId') ?? '';
  switch (params.get('source')) {
    case 'invoiceOverview':
      return `${adminPath('invoiceOverview')}${highlight}`;
    case 'passengerList':
      return ID.test(flightId)
        ? `${adminPath('passengerList', { flightId })}${highlight}`
        : `${adminPath('reservationList')}${highlight}`;
    case 'allotmentList':
      return adminPath('allotmentList');
    case 'allotmentInvoiceList':
      return adminPath('allotmentInvoiceList');
    default:
      return `${adminPath('reservationList')}${highlight}`;
  }
}

/** The address without the card provider's return parameters (once they have been handled). */
export function withoutCardReturn(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ['status', 'datatransTrxId', 'transactionId']) next.delete(name);
  return next;
}
