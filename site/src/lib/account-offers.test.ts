import type { ReservationListItem } from '@flybook/schemas/reservation-lists';
import { describe, expect, it } from 'vitest';
import { accountOffers } from './account-offers.ts';

/** One of the customer's bookings: a card booking of CHF 120 in a state. */
function booking(
  status: ReservationListItem['status'],
  invoice: Partial<ReservationListItem['invoice']> = {},
): ReservationListItem {
  return {
    id: 7,
    recordLocator: 'ABC234',
    status,
    createdAt: '2031-03-01T10:00:00.000Z',
    flights: [],
    passengerCount: 1,
    billingInformation: { firstName: 'A', lastName: 'B', email: 'a@b.test' },
    owner: { id: 3, displayName: 'Owner' },
    reservator: null,
    invoice: {
      id: 70,
      status: 'notPaid',
      total: 120,
      totalPaid: 0,
      paymentDeadline: null,
      paymentTerms: 'now',
      ...invoice,
    },
    priceNeedsToBeHidden: false,
  };
}

describe('what the account page offers on a booking', () => {
  it('offers Pay now on a card booking waiting for its payment, with its documents', () => {
    expect(accountOffers(booking('created'))).toEqual({ payNow: true, documents: true });
    expect(accountOffers(booking('created', { status: 'partly', totalPaid: 20 })).payNow).toBe(true);
  });

  it('offers no payment once paid, on other terms or states, or when the prices are hidden', () => {
    expect(accountOffers(booking('confirmed', { status: 'paid', totalPaid: 120 }))).toEqual({
      payNow: false,
      documents: true,
    });
    expect(accountOffers(booking('reserved', { paymentTerms: 'later' }))).toEqual({
      payNow: false,
      documents: true,
    });
    expect(accountOffers(booking('reserved')).payNow).toBe(false);
    expect(accountOffers(booking('created', { total: undefined, totalPaid: undefined })).payNow).toBe(false);
  });

  it('offers nothing on a cancelled booking', () => {
    expect(accountOffers(booking('cancelled'))).toEqual({ payNow: false, documents: false });
    expect(accountOffers(booking('cancelled', { status: 'paid', totalPaid: 120 }))).toEqual({
      payNow: false,
      documents: false,
    });
  });
});
