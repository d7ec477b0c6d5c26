import {
  type AccessUser,
  availableOnAccount,
  isMoneyAmount,
  outstandingOf as outstandingOfInvoice,
  paymentMethodAccess,
  type Rappen,
  toChf,
  toRappen,
  withheldOf as withheldOfReservations,
} from '@flybook/domain';
import type { Account, Reservation, ReservationListItem, ReservationPaymentBody } from '@flybook/schemas';
import type { z } from 'zod';
import type { PaymentAccess, PaymentOption } from '../../app/payment/payment-form.ts';

/** The methods of the reservation payment form, each by its role (spec 02 §6 Payment form parts). */
export const paymentAccess = (user: AccessUser): PaymentAccess => paymentMethodAccess(user.roles);

const rappenOf = (chf: number): Rappen => (isMoneyAmount(chf) ? toRappen(chf) : Math.round(chf * 100));

/**
 * What is still to pay on an invoice (total − paid, never below 0), or null when its amounts are
 * hidden from this reader.
 */
export function outstandingOf(invoice: Reservation['invoice']): Rappen | null {
  if (invoice.total === undefined || invoice.totalPaid === undefined) return null;
  return outstandingOfInvoice({ total: rappenOf(invoice.total), totalPaid: rappenOf(invoice.totalPaid) });
}

/** Paid and overpaid invoices take no more payments: the form is hidden (spec 02 §2). */
export { isInvoiceSettled } from '@flybook/domain';

/** Money the owner's card bookings still waiting for payment hold back (spec 02 §4 withheld). */
export function withheldOf(
  reservations: readonly ReservationListItem[],
  ownerId: number,
  exceptReservationId: number,
): Rappen {
  const owners = reservations
    .filter((reservation) => reservation.owner?.id === ownerId)
    .map((reservation) => ({
      id: reservation.id,
      status: reservation.status,
      invoice: {
        total: rappenOf(reservation.invoice.total ?? 0),
        totalPaid: rappenOf(reservation.invoice.totalPaid ?? 0),
      },
    }));
  return withheldOfReservations(owners, exceptReservationId);
}

/** What the owner's account may still pay: balance + credit limit − withheld (spec 02 §4). */
export function accountAvailability(account: Account, withheld: Rappen): Rappen {
  return availableOnAccount(rappenOf(account.balance), rappenOf(account.creditLimitTotalAmount), withheld);
}

export type PaymentBody = z.input<typeof ReservationPaymentBody>;

/**
 * The body of `payment/reservation/invoice` for a method other than the card. A bank (EC) payment
 * names the bank account's virtual-account code (e.g. BANK_EC) as its payment type; cash and
 * transfer are named as such; all three say which account takes the money.
 */
export function paymentBody(
  option: Exclude<PaymentOption, 'datatrans'>,
  amount: Rappen,
  invoiceId: number,
  account: Account | null,
): PaymentBody {
  const base = { amount: toChf(amount), reservationInvoiceId: invoiceId };
  if (option === 'account') return { ...base, paymentTypeCode: 'account' };
  const paymentTypeCode = option === 'bank' ? (account?.virtualAccount?.code ?? 'bank') : option;
  return { ...base, paymentTypeCode, ...(account ? { accountId: account.id } : {}) };
}
