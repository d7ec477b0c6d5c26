import { type Rappen, subtractMoney, sumMoney } from './money.ts';
import { type RoleSet, satisfies } from './permissions.ts';

/**
 * The money rules of a reservation's invoice (spec 02 §4–§6, docs/payments.md), in Rappen. The API,
 * the back office and the site all ask these; none computes them on its own.
 */

/** An invoice's payment state (spec 02 §4). */
export type InvoiceStatus = 'notPaid' | 'partly' | 'paid' | 'overpaid';

/** What an invoice charges and what was paid on it, Rappen. */
export interface InvoiceAmounts {
  total: Rappen;
  totalPaid: Rappen;
}

/** An invoice's payment state from what it charges and what was paid (spec 02 §4). */
export function invoiceStatusOf(total: Rappen, totalPaid: Rappen): InvoiceStatus {
  if (totalPaid > total) return 'overpaid';
  if (totalPaid === total) return 'paid';
  return totalPaid > 0 ? 'partly' : 'notPaid';
}

/** What is still to pay on an invoice: total − paid, never below 0. */
export const outstandingOf = (invoice: InvoiceAmounts): Rappen =>
  Math.max(0, subtractMoney(invoice.total, invoice.totalPaid));

/** What was paid above the total (0 unless overpaid): the part a card payment gives back. */
export const overpaidOf = (invoice: InvoiceAmounts): Rappen =>
  Math.max(0, subtractMoney(invoice.totalPaid, invoice.total));

/** The balance a document prints: what is still to pay, negative when overpaid. */
export const invoiceBalanceOf = (invoice: InvoiceAmounts): Rappen =>
  subtractMoney(invoice.total, invoice.totalPaid);

/**
 * Paid and overpaid invoices are settled: they take no more payments (spec 02 §2, §5). The same for
 * reservation and allotment invoices.
 */
export const isInvoiceSettled = (invoice: { status: string }): boolean =>
  invoice.status === 'paid' || invoice.status === 'overpaid';

/** Whether a card booking's payment window has closed: the expiry job releases it (or already did). */
export const isPastPaymentWindow = (
  reservation: { status: string; expiresAt: Date | null },
  now: Date,
): boolean =>
  reservation.status === 'created' && reservation.expiresAt !== null && reservation.expiresAt <= now;

/** Why a reservation's invoice takes no payment now; the codes of the error catalogue. */
export type PaymentRefusal =
  | 'ERROR_RESERVATION_CANCELLED'
  | 'ERROR_RESERVATION_EXPIRED'
  | 'ERROR_INVOICE_ALREADY_PAID';

/**
 * Whether a reservation's invoice can be paid now, in the order of spec 02 §5: not cancelled (a
 * cancelled reservation takes payments only for its unpaid cancellation fee, docs/payments.md),
 * its card payment window not passed, and something still to pay. Null when it is payable.
 */
export function paymentRefusalOf(
  reservation: { status: string; expiresAt: Date | null },
  invoice: InvoiceAmounts & { status: InvoiceStatus },
  now: Date,
): PaymentRefusal | null {
  if (reservation.status === 'cancelled' && outstandingOf(invoice) === 0)
    return 'ERROR_RESERVATION_CANCELLED';
  if (isPastPaymentWindow(reservation, now)) return 'ERROR_RESERVATION_EXPIRED';
  if (isInvoiceSettled(invoice) || outstandingOf(invoice) === 0) return 'ERROR_INVOICE_ALREADY_PAID';
  return null;
}

/**
 * Whether an amount may be paid on what is still open: never above it, and below it only with the
 * partial-payment right. Null when it may.
 */
export function paymentAmountProblem(
  amount: Rappen,
  outstanding: Rappen,
  partialAllowed: boolean,
): 'ERROR_PAYMENT_AMOUNT_TOO_BIG' | 'ERROR_PAYMENT_PARTIAL_NOT_ALLOWED' | null {
  if (amount > outstanding) return 'ERROR_PAYMENT_AMOUNT_TOO_BIG';
  if (amount < outstanding && !partialAllowed) return 'ERROR_PAYMENT_PARTIAL_NOT_ALLOWED';
  return null;
}

/**
 * Money an owner's card bookings still waiting for payment hold back from the owner's account
 * (spec 02 §4 withheld): what is unpaid on each of the owner's reservations in status created,
 * except the one being paid (its price is what is asked for now; counting it would count it twice).
 */
export function withheldOf(
  reservations: readonly { id: number; status: string; invoice: InvoiceAmounts }[],
  exceptReservationId: number,
): Rappen {
  return sumMoney(
    reservations
      .filter((reservation) => reservation.status === 'created' && reservation.id !== exceptReservationId)
      .map((reservation) => outstandingOf(reservation.invoice)),
  );
}

/** Whether an amount fits in what an account may still pay ({@link availableOnAccount}). */
export const fitsOnAccount = (available: Rappen, amount: Rappen): boolean => amount <= available;

/**
 * Who may spend a reservation owner's account: staff, or the owner (an agent who reserved for
 * someone else pays from its own account, never from theirs).
 */
export const mayChargeOwnerAccount = (payer: { isStaff: boolean; isOwner: boolean }): boolean =>
  payer.isStaff || payer.isOwner;

/** Why a payment from the owner's account is refused. */
export type AccountPaymentRefusal = 'notTheirs' | 'noAccount' | 'notEnoughMoney';

/**
 * How a reservation is charged to its owner's account (an agent's, usually; spec 02 §4–§6), in
 * the order the API checks it: only staff or the owner may spend the account (an agent who
 * reserved for someone else pays from its own account, never theirs); the reservation needs an
 * owner with an account; and the amount must fit in what the account may still pay, its balance
 * plus its credit limit less what the owner's card bookings waiting for payment withhold
 * ({@link availableOnAccount}, {@link withheldOf}). Null when the charge may go.
 */
export function accountPaymentRefusal(
  payer: { isStaff: boolean; isOwner: boolean },
  account: { available: Rappen } | null,
  amount: Rappen,
): AccountPaymentRefusal | null {
  if (!mayChargeOwnerAccount(payer)) return 'notTheirs';
  if (!account) return 'noAccount';
  return fitsOnAccount(account.available, amount) ? null : 'notEnoughMoney';
}

/** The ways a reservation invoice is paid; `datatrans` is the card. */
export type InvoicePaymentMethod = 'account' | 'cash' | 'bank' | 'transfer' | 'datatrans';

/** The role each method of a payment needs (spec 02 §6 Payment form parts). */
export const PAYMENT_METHOD_ROLES = {
  account: 'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_ACCOUNT',
  cash: 'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_CASH',
  bank: 'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_BANK',
  transfer: 'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_TRANSFER',
  datatrans: 'ROLE_PAYMENT_DATATRANS',
} as const satisfies Record<InvoicePaymentMethod, string>;

/** The role that lets a payment be less than what is still open. */
export const PARTIAL_PAYMENT_ROLE = 'ROLE_RESERVATION_INVOICE_ADD_PARTIAL_PAYMENT';

/** Which methods someone may pay with, and whether partly (spec 02 §6). */
export type PaymentMethodAccess = Record<InvoicePaymentMethod, boolean> & { partial: boolean };

/** Whether these roles may pay a reservation invoice by a method. */
export const mayPayBy = (roles: RoleSet, method: InvoicePaymentMethod): boolean =>
  satisfies(roles, PAYMENT_METHOD_ROLES[method]);

/** The methods these roles may pay with, and whether they may pay part of what is open. */
export function paymentMethodAccess(roles: RoleSet): PaymentMethodAccess {
  return {
    partial: satisfies(roles, PARTIAL_PAYMENT_ROLE),
    account: mayPayBy(roles, 'account'),
    cash: mayPayBy(roles, 'cash'),
    bank: mayPayBy(roles, 'bank'),
    transfer: mayPayBy(roles, 'transfer'),
    datatrans: mayPayBy(roles, 'datatrans'),
  };
}

/**
 * Who may start a card payment of a reservation: whoever booked it for themselves or holds it (its
 * owner, its reservator, a guest or key holder, checked by the caller), and staff with the card role.
 */
export const mayStartCardPayment = (
  roles: RoleSet,
  standing: { isOwner: boolean; isReservator: boolean },
): boolean => standing.isOwner || standing.isReservator || mayPayBy(roles, 'datatrans');

/**
 * How a card payment that arrives on an invoice is split: the part the invoice still needed is
 * kept, the rest goes back to the card at once, so what is paid never exceeds the total.
 */
export function cardPaymentSplit(invoice: InvoiceAmounts, amount: Rappen): { kept: Rappen; excess: Rappen } {
  const kept = Math.min(amount, outstandingOf(invoice));
  return { kept, excess: subtractMoney(amount, kept) };
}
