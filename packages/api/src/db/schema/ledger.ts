import {
  BALANCE_LOG_TYPE_CODES,
  type BalanceLogTitleCode,
  CARD_PAYMENT_SOURCES,
  CARD_TRANSACTION_STATUSES,
  PAYMENT_METHODS,
} from '@flybook/schemas';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { allotmentInvoices } from './allotments.ts';
import { reservationInvoices, reservations } from './reservations.ts';
import { users } from './users.ts';

/** Categories of balance-log records; fixed ids, seeded. */
export const balanceLogTypes = pgTable('balance_log_types', {
  id: integer('id').primaryKey(),
  code: text('code', { enum: BALANCE_LOG_TYPE_CODES }).notNull().unique(),
  name: jsonb('name').$type<{ de: string; en: string; fr: string; sq: string }>().notNull(),
});

/**
 * The ledger (DESIGN §4): one row per movement of money, debit account → credit account, with
 * both accounts' balances after it, written in the transaction of its cause. Never updated.
 */
export const balanceLogRecords = pgTable(
  'balance_log_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    debitAccountId: integer('debit_account_id')
      .notNull()
      .references(() => accounts.id),
    creditAccountId: integer('credit_account_id')
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    debitAccountBalance: bigint('debit_account_balance', { mode: 'number' }).notNull(),
    creditAccountBalance: bigint('credit_account_balance', { mode: 'number' }).notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => balanceLogTypes.id),
    /** As written at posting time: English for the records Flybook writes, else as typed. */
    title: text('title').notNull(),
    /**
     * What a title Flybook writes means (BalanceLogTitleSchema): readers render it in their
     * language from the catalogue. Null for a title typed by hand.
     */
    titleCode: text('title_code').$type<BalanceLogTitleCode>(),
    titleParams: jsonb('title_params').$type<Record<string, string | number>>().notNull().default({}),
    description: text('description').notNull().default(''),
    reservationId: integer('reservation_id').references(() => reservations.id),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('balance_log_records_amount_positive', sql`${t.amount} > 0`),
    check('balance_log_records_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    index('balance_log_records_debit_idx').on(t.debitAccountId, t.createdAt, t.id),
    index('balance_log_records_credit_idx').on(t.creditAccountId, t.createdAt, t.id),
    index('balance_log_records_created_idx').on(t.createdAt, t.id),
    index('balance_log_records_reservation_idx').on(t.reservationId),
  ],
);

/**
 * Money on a reservation invoice, with the ledger record that moved it: a payment (positive), or
 * money going back out of the invoice (negative: a refund, or the share a split moved to the new
 * reservation), which names the payment it takes back. The invoice's paid total is their sum.
 */
export const reservationPayments = pgTable(
  'reservation_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => reservationInvoices.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** Where the money came from (the owner's account) or went (cash desk, bank, transfer, card provider). */
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    balanceLogRecordId: bigint('balance_log_record_id', { mode: 'number' })
      .notNull()
      .references(() => balanceLogRecords.id),
    cardTransactionId: integer('card_transaction_id').references(() => cardTransactions.id),
    /** For money going back out (negative amount): the payment it takes back. */
    reversesPaymentId: integer('reverses_payment_id').references((): AnyPgColumn => reservationPayments.id),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reservation_payments_amount_not_zero', sql`${t.amount} <> 0`),
    check(
      'reservation_payments_reversal_signed',
      sql`(${t.amount} < 0) = (${t.reversesPaymentId} IS NOT NULL)`,
    ),
    index('reservation_payments_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * A payment on an allotment invoice (cash or transfer). The money is booked in two records: into
 * the agent's account from the desk (the deposit), and from the agent's account to ticket revenue
 * (the settlement of the invoice), so the agent's balance log shows it (docs/allotments.md).
 */
export const allotmentInvoicePayments = pgTable(
  'allotment_invoice_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => allotmentInvoices.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['cash', 'transfer'] }).notNull(),
    /** The cash desk or transfer account that took the money. */
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    depositRecordId: bigint('deposit_record_id', { mode: 'number' })
      .notNull()
      .references(() => balanceLogRecords.id),
    balanceLogRecordId: bigint('balance_log_record_id', { mode: 'number' })
      .notNull()
      .references(() => balanceLogRecords.id),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('allotment_invoice_payments_amount_positive', sql`${t.amount} > 0`),
    index('allotment_invoice_payments_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * Card payments at the provider (Datatrans): one row per started transaction. `bookedAt` is set
 * in the transaction that books the payment, under a row lock: confirm, webhook and status poll
 * may all arrive, the money is booked once.
 */
export const cardTransactions = pgTable(
  'card_transactions',
  {
    id: serial('id').primaryKey(),
    /** The provider's id; null only between our insert and the provider's answer. */
    transactionId: text('transaction_id').unique(),
    refno: text('refno').notNull().unique(),
    source: text('source', { enum: CARD_PAYMENT_SOURCES }).notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id),
    agentId: integer('agent_id').references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: CARD_TRANSACTION_STATUSES }).notNull().default('initialized'),
    routeName: text('route_name'),
    locale: text('locale').notNull().default('en'),
    failMessage: text('fail_message'),
    /** The payment page at the provider. */
    paymentPageUrl: text('payment_page_url'),
    startedById: integer('started_by_id').references(() => users.id),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    /** Card money given back (refunds through the provider's credit call), Rappen. */
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('card_transactions_amount_positive', sql`${t.amount} > 0`),
    check('card_transactions_refund_bounded', sql`${t.refunded} >= 0 AND ${t.refunded} <= ${t.amount}`),
    check('card_transactions_purpose', sql`(${t.reservationId} IS NULL) <> (${t.agentId} IS NULL)`),
    index('card_transactions_reservation_idx').on(t.reservationId),
  ],
);

/**
 * What was given back: the credit note of spec 03. A cancellation gives back what was paid above the
 * fee; an overpayment (two card payments of one booking) gives back what was paid above the total.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    reason: text('reason', { enum: ['cancellation', 'overpayment'] })
      .notNull()
      .default('cancellation'),
    paid: bigint('paid', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    refund: bigint('refund', { mode: 'number' }).notNull(),
    /** Where each part went: the card, the owner's account or a virtual account, Rappen. */
    parts: jsonb('parts').$type<{ method: string; accountId: number; amount: number }[]>().notNull(),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One cancellation per reservation; overpayments may come more than once.
    uniqueIndex('credit_notes_cancellation_idx').on(t.reservationId).where(sql`${t.reason} = 'cancellation'`),
    index('credit_notes_reservation_idx').on(t.reservationId),
  ],
);
