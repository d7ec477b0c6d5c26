import {
  BALANCE_LOG_TITLE_CODES,
  type BalanceLogTitleCode,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@flybook/schemas';
import type { TFunction } from 'i18next';

/**
 * How the ledger reads in the reader's language (docs/payments.md, "The ledger in four languages"):
 * one set of rules for the back office (i18next's `t` of the interface language) and the PDFs (the
 * document's language), over the same catalogue keys.
 */

/** i18next's `t`, fixed to the reader's language. */
type Translate = TFunction;

/** An account as a record or a list names it. */
export interface LedgerAccountRef {
  /** The person's name, or the virtual account's stored (English) name. */
  displayName: string;
  /** The virtual account's code; null or absent for a person's account. */
  virtualCode?: string | null;
}

/** What the texts of a balance-log record are made of (BalanceLogRecordSchema). */
export interface LedgerRecordRef {
  title: string;
  titleCode: string | null;
  titleParams: Readonly<Record<string, string | number>>;
  description: string;
  debitAccount: LedgerAccountRef;
  creditAccount: LedgerAccountRef;
}

export const isRecordTitleCode = (code: unknown): code is BalanceLogTitleCode =>
  (BALANCE_LOG_TITLE_CODES as readonly unknown[]).includes(code);

const isPaymentMethod = (value: unknown): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly unknown[]).includes(value);

/**
 * An account's name: a virtual account's from the catalogue (`ledger.virtualAccounts.<code>`),
 * its stored name when the catalogue has none (an account added to an installation by hand); a
 * person's account keeps the person's name.
 */
export function accountName(t: Translate, account: LedgerAccountRef): string {
  if (!account.virtualCode) return account.displayName;
  return t(`ledger.virtualAccounts.${account.virtualCode}`, { defaultValue: account.displayName });
}

/** A payment method by name: Account, Cash, Bank (EC), Transfer, Card. */
export function paymentMethodName(t: Translate, method: PaymentMethod): string {
  return t(`payments.methods.${method}`);
}

/**
 * A record's title: rendered from its code and parameters when Flybook wrote it (a basic
 * transaction's "debit → credit" from both accounts' names), else as it was typed. A code this
 * reader does not know shows the title as written.
 */
export function recordTitle(t: Translate, record: LedgerRecordRef): string {
  const code = record.titleCode;
  if (!isRecordTitleCode(code)) return record.title;
  const params =
    code === 'accountTransfer'
      ? { debit: accountName(t, record.debitAccount), credit: accountName(t, record.creditAccount) }
      : record.titleParams;
  return t(`ledger.recordTitles.${code}`, { ...params, defaultValue: record.title });
}

/**
 * A record's description: a record Flybook wrote for a payment method names that method, in the
 * reader's language (its stored description is the method's code, `cash`, `datatrans`, or
 * `overpayment`); any other description is shown as it was typed.
 */
export function recordDescription(t: Translate, record: LedgerRecordRef): string {
  const method = record.titleParams.method;
  return isRecordTitleCode(record.titleCode) && isPaymentMethod(method)
    ? paymentMethodName(t, method)
    : record.description;
}
