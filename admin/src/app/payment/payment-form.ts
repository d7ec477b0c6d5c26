import { fitsOnAccount, type Rappen, toRappen } from '@flybook/domain';
import type { Account, ErrorCode } from '@flybook/schemas';

/**
 * The rules of the payment form (spec 02 §4–§6) that every payment page shares: the reservation
 * payment page and the allotment invoice payment page (spec 02 §2). Which methods a page offers is
 * the page's own choice (its PaymentAccess).
 */

/** The ways an invoice is paid on a payment page, in the order they are offered. */
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
      return choice.available !== null && fitsOnAccount(choice.available, choice.amount)
        ? null
        : { code: 'ERROR_PAYMENT_NOT_ENOUGH_MONEY', field: null };
    case 'datatrans':
      return null;
    default:
      return { code: 'ERROR_PAYMENT_UNEXPECTED_METHOD', field: null };
  }
}

/**
 * A failed payment's problem for the form, when the server's first error names the amount or a known
 * payment rule; null for anything else (the page reports that as a notice).
 */
export function paymentProblemOf(code: string | undefined, field: string | undefined): PaymentProblem | null {
  if (!code) return null;
  if (field === 'amount' || code === 'ERROR_PAYMENT_AMOUNT_TOO_BIG') {
    return { code: 'ERROR_PAYMENT_AMOUNT_TOO_BIG', field: 'amount' };
  }
  if (code === 'ERROR_PAYMENT_ACCOUNT_REQUIRED') {
    return { code, field: 'account' };
  }
  if (code === 'ERROR_PAYMENT_NOT_ENOUGH_MONEY' || code === 'ERROR_PAYMENT_UNEXPECTED_METHOD') {
    return { code, field: null };
  }
  return null;
}
