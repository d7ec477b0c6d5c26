import {
  type AccessUser,
  availableOnAccount,
  isMoneyAmount,
  type Rappen,
  satisfies,
  subtractMoney,
  sumMoney,
  toChf,
  toRappen,
} from '@flybook/domain';
import type {
  Account,
  ErrorCode,
  Reservation,
  ReservationListItem,
  ReservationPaymentBody,
} from '@flybook/schemas';
import type { z } from 'zod';

/** The ways a reservation invoice is paid on the payment page, in the order they are offered. */
export const PAYMENT_OPTIONS = ['account', 'cash', 'bank', 'transfer', 'datatrans'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

/** The methods that take the money into a chosen cash desk, bank (EC) or transfer account. */
export type AccountMethod = 'cash' | 'bank' | 'transfer';
export const ACCOUNT_METHODS: readonly AccountMethod[] = ['cash', 'bank', 'transfer'];
export const isAccountMethod = (option: PaymentOption): option is AccountMethod =>
  option === 'cash' || option === 'bank' || option === 'transfer';

/** Which parts of the payment form the user may use (spec 02 §6 Payment form parts). */
export interface PaymentAccess {
  partial: boolean;
  account: boolean;
  cash: boolean;
  bank: boolean;
  transfer: boolean;
  datatrans: boolean;
}

export function paymentAccess(user: AccessUser): PaymentAccess {
  const has = (role: string) => satisfies(user.roles, role);
  return {
    partial: has('ROLE_RESERVATION_INVOICE_ADD_PARTIAL_PAYMENT'),
    account: has('ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_ACCOUNT'),
    cash: has('ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_CASH'),
    bank: has('ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_BANK'),
    transfer: has('ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_TRANSFER'),
    datatrans: has('ROLE_PAYMENT_DATATRANS'),
  };
}

/** The cash desks, bank (EC) and transfer accounts the user may take a payment into. */
export type PaymentAccounts = Record<AccountMethod, readonly Account[]>;

/**
 * The methods shown: each with its role; cash, bank and transfer only when there is an account of
 * that kind to take the money into (spec 02 §6).
 */
export function visiblePaymentOptions(access: PaymentAccess, accounts: PaymentAccounts): PaymentOption[] {
  return PAYMENT_OPTIONS.filter((option) =>
    isAccountMethod(option) ? access[option] && accounts[option].length > 0 : access[option],
  );
}

const rappenOf = (chf: number): Rappen => (isMoneyAmount(chf) ? toRappen(chf) : Math.round(chf * 100));

/**
 * What is still to pay on an invoice (total − paid, never below 0), or null when its amounts are
 * hidden from this reader.
 */
export function outstandingOf(invoice: Reservation['invoice']): Rappen | null {
  if (invoice.total === undefined || invoice.totalPaid === undefined) return null;
  return Math.max(0, subtractMoney(rappenOf(invoice.total), rappenOf(invoice.totalPaid)));
}

/** Paid and overpaid invoices take no more payments: the form is hidden (spec 02 §2). */
export const isInvoiceSettled = (invoice: Pick<Reservation['invoice'], 'status'>) =>
  invoice.status === 'paid' || invoice.status === 'overpaid';

/**
 * Money the owner's card bookings still waiting for payment hold back (spec 02 §4 withheld): the
 * unpaid remainder of each of the owner's reservations in status created, except the one being paid
 * (its price is the amount asked for now, so counting it would count it twice).
 */
export function withheldOf(
  reservations: readonly ReservationListItem[],
  ownerId: number,
  exceptReservationId: number,
): Rappen {
  return sumMoney(
    reservations
      .filter(
        (reservation) =>
          reservation.status === 'created' &&
          reservation.owner?.id === ownerId &&
          reservation.id !== exceptReservationId,
      )
      .map((reservation) =>
        Math.max(
          0,
          subtractMoney(
            rappenOf(reservation.invoice.total ?? 0),
            rappenOf(reservation.invoice.totalPaid ?? 0),
          ),
        ),
      ),
  );
}

/** What the owner's account may still pay: balance + credit limit − withheld (spec 02 §4). */
export function accountAvailability(account: Account, withheld: Rappen): Rappen {
  return availableOnAccount(rappenOf(account.balance), rappenOf(account.creditLimitTotalAmount), withheld);
}

/**
 * Whether the account option is disabled (spec 02 §5): the availability is unknown, below the
 * amount, or, while a partial amount may be entered, zero or less.
 */
export function isAccountOptionDisabled(
  available: Rappen | null,
  amount: Rappen | null,
  partialAllowed: boolean,
): boolean {
  if (available === null) return true;
  if (partialAllowed && available <= 0) return true;
  return amount !== null && available < amount;
}

/** A failed check: the error code of the catalogue and the field it belongs to. */
export interface PaymentProblem {
  code: ErrorCode;
  field: 'amount' | 'account' | null;
  params?: Record<string, number>;
}

const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * The amount to pay from the partial-amount field: a number with at most two decimals, above zero
 * and not above what is still to pay ("Partial amount should be less than price to pay.").
 */
export function readAmount(text: string, outstanding: Rappen): { amount: Rappen } | PaymentProblem {
  const normalized = text.trim().replace(',', '.');
  if (normalized === '') return { code: 'ERROR_REQUIRED', field: 'amount' };
  if (!DECIMAL.test(normalized)) return { code: 'ERROR_FORMAT', field: 'amount' };
  let amount: Rappen;
  try {
    amount = toRappen(normalized);
  } catch {
    return { code: 'ERROR_MONEY_PRECISION', field: 'amount' };
  }
  if (amount <= 0) return { code: 'ERROR_MINIMUM', field: 'amount', params: { limit: 0.01 } };
  if (amount > outstanding) return { code: 'ERROR_PAYMENT_AMOUNT_TOO_BIG', field: 'amount' };
  return { amount };
}

export interface PaymentChoice {
  option: PaymentOption | null;
  /** The chosen cash desk, bank or transfer account of the chosen method. */
  account: Account | null;
  amount: Rappen;
  /** What the owner's account may still pay (null: not known). */
  available: Rappen | null;
  outstanding: Rappen;
}

/**
 * The checks on confirm, in the order of spec 02 §5: an amount above what is left to pay first;
 * then by method: cash, bank and transfer need a chosen account, the owner's account enough money,
 * the card nothing; anything else is an unexpected method. Null when the payment may go.
 */
export function checkPayment(choice: PaymentChoice): PaymentProblem | null {
  if (choice.amount > choice.outstanding) return { code: 'ERROR_PAYMENT_AMOUNT_TOO_BIG', field: 'amount' };
  switch (choice.option) {
    case 'cash':
    case 'bank':
    case 'transfer':
      return choice.account ? null : { code: 'ERROR_PAYMENT_ACCOUNT_REQUIRED', field: 'account' };
    case 'account':
      return choice.available !== null && choice.available >= choice.amount
        ? null
        : { code: 'ERROR_PAYMENT_NOT_ENOUGH_MONEY', field: null };
    case 'datatrans':
      return null;
    default:
      return { code: 'ERROR_PAYMENT_UNEXPECTED_METHOD', field: null };
  }
}

type PaymentBody = z.input<typeof ReservationPaymentBody>;

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
