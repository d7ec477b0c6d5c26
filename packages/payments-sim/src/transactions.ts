import { randomInt } from 'node:crypto';
import { maskCardNumber, type PaymentMethod, paymentMethodOf } from './cards.ts';
import { invalidProperty, invalidStatus, SimError, transactionNotFound } from './errors.ts';
import type { AmountRequest, CancelRequest, InitRequest, Language, RedirectUrls } from './requests.ts';

export type TransactionType = 'payment' | 'credit';
export type TransactionStatus =
  | 'initialized'
  | 'authorized'
  | 'settled'
  | 'transmitted'
  | 'canceled'
  | 'failed';
export type FailReason = 'DECLINED' | 'CANCELED_BY_USER' | 'EXPIRED';
export type HistoryAction = 'init' | 'authorize' | 'settle' | 'cancel' | 'credit' | 'fail';

export interface HistoryEntry {
  action: HistoryAction;
  amount?: number;
  success: boolean;
  date: string;
}

export interface TransactionFailure {
  reason: FailReason;
  message: string;
}

/** What `GET /v1/transactions/{id}` answers and what a webhook carries. */
export interface TransactionStatusBody {
  transactionId: string;
  type: TransactionType;
  status: TransactionStatus;
  currency: 'CHF';
  refno: string;
  paymentMethod?: PaymentMethod;
  card?: { masked: string };
  detail: {
    init?: { expires: string };
    authorize?: { amount: number; acquirerAuthorizationCode: string };
    settle?: { amount: number };
    credit?: { amount: number };
    fail?: TransactionFailure;
  };
  history: HistoryEntry[];
}

export interface Transaction {
  transactionId: string;
  type: TransactionType;
  status: TransactionStatus;
  currency: 'CHF';
  refno: string;
  amount: number;
  /** Payments only: where the payment page sends the browser back to. */
  redirect: RedirectUrls | undefined;
  webhookUrl: string | undefined;
  autoSettle: boolean;
  language: Language | undefined;
  expiresAt: Date | undefined;
  paymentMethod: PaymentMethod | undefined;
  cardMasked: string | undefined;
  authorization: { amount: number; acquirerAuthorizationCode: string } | undefined;
  settledAmount: number | undefined;
  /** On a payment the sum refunded so far; on a credit its own amount. */
  creditedAmount: number;
  fail: TransactionFailure | undefined;
  history: HistoryEntry[];
}

export const DECLINED_MESSAGE = 'The card was declined by the issuer.';
export const CANCELED_MESSAGE = 'The payment was canceled by the user.';
export const EXPIRED_MESSAGE = 'The payment page was not completed in time.';

export interface TransactionStore {
  initialize(request: InitRequest): Transaction;
  /** The transaction, with an expired initialization turned into a failure. */
  find(transactionId: string): Transaction | undefined;
  get(transactionId: string): Transaction;
  settle(transactionId: string, request: AmountRequest): void;
  cancel(transactionId: string, request: CancelRequest): void;
  /** Refunds part or all of a settled payment; answers the new credit transaction. */
  credit(transactionId: string, request: AmountRequest): Transaction;
  /** Payment page outcomes; each expects an initialized payment. */
  authorize(transaction: Transaction, cardNumber: string): void;
  decline(transaction: Transaction, cardNumber: string): void;
  cancelByUser(transaction: Transaction): void;
}

/** Digits in a transaction id, every one random. */
export const TRANSACTION_ID_DIGITS = 30;

/** A new transaction id: TRANSACTION_ID_DIGITS random decimal digits from the CSPRNG. */
export function newTransactionDigits(): string {
  let digits = '';
  // randomInt draws below 2^48: six digits at a time, each chunk uniform.
  while (digits.length < TRANSACTION_ID_DIGITS) digits += String(randomInt(1_000_000)).padStart(6, '0');
  return digits.slice(0, TRANSACTION_ID_DIGITS);
}

/** Transactions of one sim instance, in memory; the rules of each operation live here. */
export function createTransactionStore(options: { now: () => Date; ttlMs: number }): TransactionStore {
  const { now, ttlMs } = options;
  const transactions = new Map<string, Transaction>();

  function newTransactionId(): string {
    // Numeric like Datatrans' ids, but all 30 digits random (about 99.7 bits): a transaction id opens
    // the shop's public result pages, so it must not be guessed from the time it was made.
    for (;;) {
      const id = newTransactionDigits();
      if (!transactions.has(id)) return id;
    }
  }

  function record(transaction: Transaction, action: HistoryAction, success: boolean, amount?: number): void {
    const entry: HistoryEntry = { action, success, date: now().toISOString() };
    if (amount !== undefined) entry.amount = amount;
    transaction.history.push(entry);
  }

  function expireIfDue(transaction: Transaction): void {
    const { expiresAt } = transaction;
    if (transaction.status !== 'initialized' || !expiresAt || now().getTime() < expiresAt.getTime()) return;
    transaction.status = 'failed';
    transaction.fail = { reason: 'EXPIRED', message: EXPIRED_MESSAGE };
    transaction.history.push({ action: 'fail', success: false, date: expiresAt.toISOString() });
  }

  function find(transactionId: string): Transaction | undefined {
    const transaction = transactions.get(transactionId);
    if (transaction) expireIfDue(transaction);
    return transaction;
  }

  function get(transactionId: string): Transaction {
    const transaction = find(transactionId);
    if (!transaction) throw transactionNotFound(transactionId);
    return transaction;
  }

  function requireInitializedPayment(transaction: Transaction): void {
    if (transaction.type !== 'payment' || transaction.status !== 'initialized') {
      throw new SimError(
        409,
        'INVALID_TRANSACTION_STATUS',
        `Transaction ${transaction.transactionId} is ${transaction.status}; the payment page is done with it`,
      );
    }
  }

  function useCard(transaction: Transaction, cardNumber: string): void {
    transaction.paymentMethod = paymentMethodOf(cardNumber);
    transaction.cardMasked = maskCardNumber(cardNumber);
  }

  return {
    initialize(request) {
      const createdAt = now();
      const transaction: Transaction = {
        transactionId: newTransactionId(),
        type: 'payment',
        status: 'initialized',
        currency: request.currency,
        refno: request.refno,
        amount: request.amount,
        redirect: request.redirect,
        webhookUrl: request.webhookUrl,
        autoSettle: request.autoSettle,
        language: request.language,
        expiresAt: new Date(createdAt.getTime() + ttlMs),
        paymentMethod: undefined,
        cardMasked: undefined,
        authorization: undefined,
        settledAmount: undefined,
        creditedAmount: 0,
        fail: undefined,
        history: [],
      };
      record(transaction, 'init', true, request.amount);
      transactions.set(transaction.transactionId, transaction);
      return transaction;
    },

    find,
    get,

    settle(transactionId, request) {
      const transaction = get(transactionId);
      const { authorization } = transaction;
      if (transaction.type !== 'payment' || transaction.status !== 'authorized' || !authorization) {
        throw invalidStatus(transactionId, transaction.status, 'settled');
      }
      if (request.amount > authorization.amount) {
        throw invalidProperty('amount', `must not exceed the authorized amount of ${authorization.amount}`);
      }
      transaction.status = 'settled';
      transaction.settledAmount = request.amount;
      record(transaction, 'settle', true, request.amount);
    },

    cancel(transactionId) {
      const transaction = get(transactionId);
      if (
        transaction.type !== 'payment' ||
        (transaction.status !== 'initialized' && transaction.status !== 'authorized')
      ) {
        throw invalidStatus(transactionId, transaction.status, 'canceled');
      }
      transaction.status = 'canceled';
      record(transaction, 'cancel', true);
    },

    credit(transactionId, request) {
      const original = get(transactionId);
      const settled = original.settledAmount ?? 0;
      if (
        original.type !== 'payment' ||
        (original.status !== 'settled' && original.status !== 'transmitted')
      ) {
        throw invalidStatus(transactionId, original.status, 'credited');
      }
      if (original.creditedAmount + request.amount > settled) {
        const left = settled - original.creditedAmount;
        throw invalidProperty('amount', `must not exceed the settled amount not yet credited (${left})`);
      }
      original.creditedAmount += request.amount;
      record(original, 'credit', true, request.amount);
      const credit: Transaction = {
        transactionId: newTransactionId(),
        type: 'credit',
        status: 'settled',
        currency: request.currency,
        refno: request.refno,
        amount: request.amount,
        redirect: undefined,
        webhookUrl: undefined,
        autoSettle: false,
        language: undefined,
        expiresAt: undefined,
        paymentMethod: original.paymentMethod,
        cardMasked: original.cardMasked,
        authorization: undefined,
        settledAmount: undefined,
        creditedAmount: request.amount,
        fail: undefined,
        history: [],
      };
      record(credit, 'credit', true, request.amount);
      transactions.set(credit.transactionId, credit);
      return credit;
    },

    authorize(transaction, cardNumber) {
      requireInitializedPayment(transaction);
      useCard(transaction, cardNumber);
      transaction.status = 'authorized';
      transaction.authorization = {
        amount: transaction.amount,
        acquirerAuthorizationCode: String(randomInt(100_000, 1_000_000)),
      };
      record(transaction, 'authorize', true, transaction.amount);
      if (transaction.autoSettle) {
        transaction.status = 'settled';
        transaction.settledAmount = transaction.amount;
        record(transaction, 'settle', true, transaction.amount);
      }
    },

    decline(transaction, cardNumber) {
      requireInitializedPayment(transaction);
      useCard(transaction, cardNumber);
      transaction.status = 'failed';
      transaction.fail = { reason: 'DECLINED', message: DECLINED_MESSAGE };
      record(transaction, 'authorize', false, transaction.amount);
    },

    cancelByUser(transaction) {
      requireInitializedPayment(transaction);
      transaction.status = 'canceled';
      transaction.fail = { reason: 'CANCELED_BY_USER', message: CANCELED_MESSAGE };
      record(transaction, 'cancel', true);
    },
  };
}

/** The status object, shaped as Datatrans answers it (absent parts left out, not null). */
export function statusBody(transaction: Transaction): TransactionStatusBody {
  const body: TransactionStatusBody = {
    transactionId: transaction.transactionId,
    type: transaction.type,
    status: transaction.status,
    currency: transaction.currency,
    refno: transaction.refno,
    detail: {},
    history: transaction.history.map((entry) => ({ ...entry })),
  };
  if (transaction.paymentMethod) body.paymentMethod = transaction.paymentMethod;
  if (transaction.cardMasked) body.card = { masked: transaction.cardMasked };
  const { detail } = body;
  if (transaction.status === 'initialized' && transaction.expiresAt) {
    detail.init = { expires: transaction.expiresAt.toISOString() };
  }
  if (transaction.authorization) detail.authorize = { ...transaction.authorization };
  if (transaction.settledAmount !== undefined) detail.settle = { amount: transaction.settledAmount };
  if (transaction.creditedAmount > 0) detail.credit = { amount: transaction.creditedAmount };
  if (transaction.fail) detail.fail = { ...transaction.fail };
  return body;
}
