/**
 * The ledger's contract: accounts (user and virtual, their balances and pickers) and the balance log
 * (records, summaries, transactions by hand, documents).
 */
import { z } from 'zod';
import {
  IdParams,
  IdSchema,
  IsoDateSchema,
  itemsResponse,
  LocaleSchema,
  LocalizedTextSchema,
  listQuery,
  listResponse,
  MoneySchema,
  QueryBoolean,
} from './common.ts';
import { defineCall } from './http.ts';
import { PaymentMethodSchema } from './reservations.ts';
import { UserInfoSchema } from './users.ts';

// Accounts

/** Ledger account types: asset and expense grow on debit, revenue and liability on credit. */
export const ACCOUNT_TYPES = ['asset', 'expense', 'revenue', 'liability'] as const;
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);

/**
 * What a virtual (non-user) account is for; cash, bank and transfer take payments; receivable holds
 * what customers owe (cancellation fees not yet paid).
 */
export const VIRTUAL_ACCOUNT_KINDS = [
  'cash',
  'bank',
  'transfer',
  'card',
  'revenue',
  'expense',
  'receivable',
] as const;
export const VirtualAccountKindSchema = z.enum(VIRTUAL_ACCOUNT_KINDS);
export const PAYMENT_ACCOUNT_KINDS = ['cash', 'bank', 'transfer'] as const;

export const VirtualAccountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: VirtualAccountKindSchema,
  type: AccountTypeSchema,
  balance: z.number(),
  isActive: z.boolean(),
});
export type VirtualAccount = z.infer<typeof VirtualAccountSchema>;

/** An account (spec 01 §3): a user's account or a virtual one; balance in CHF. */
export const AccountSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  balance: z.number(),
  /** How far a user's balance may go below zero to pay reservations (CHF); 0 for virtual accounts. */
  creditLimitTotalAmount: z.number(),
  /** True when the balance grows on debit (asset, expense), false when on credit. */
  debitOnBalance: z.boolean(),
  type: AccountTypeSchema,
  isActive: z.boolean(),
  user: UserInfoSchema.nullable(),
  virtualAccount: z.object({ code: z.string(), name: z.string(), kind: VirtualAccountKindSchema }).nullable(),
});
export type Account = z.infer<typeof AccountSchema>;

export const AccountFreeListQuery = z.object({
  query: z.string().max(100).optional(),
  isActive: QueryBoolean.default(true),
  sortBy: z.enum(['displayName', 'id']).default('displayName'),
  sortOrder: z.enum(['ASC', 'DESC']).default('ASC'),
});

export const AccountListQuery = listQuery({
  defaultPageSize: 15,
  maxPageSize: 50,
  sortBy: ['displayName', 'id', 'balance'],
  defaultSortBy: 'displayName',
  defaultSortOrder: 'ASC',
}).extend({ query: z.string().max(100).optional(), isActive: QueryBoolean.optional() });

/** spec 02 §7 names the bank `ec` and the card provider `datatrans`; both names are accepted. */
export const AccountPaymentListQuery = z.object({
  paymentType: z
    .enum([...PAYMENT_ACCOUNT_KINDS, 'ec', 'datatrans'])
    .transform((type) => (type === 'ec' ? 'bank' : type === 'datatrans' ? 'card' : type)),
});

export const accountCalls = {
  userAccount: defineCall({
    method: 'GET',
    path: 'user/{id}/account',
    summary: "A user's account with balance (own account, or with ROLE_USER_READ_ACCOUNT)",
    auth: 'user',
    params: IdParams,
    response: AccountSchema,
  }),
  freeList: defineCall({
    method: 'GET',
    path: 'account/free-list',
    summary: 'Accounts the caller may pick for a transaction (account picker rules)',
    auth: 'user',
    roles: 'ROLE_ACCOUNT_LIST_FREE',
    query: AccountFreeListQuery,
    response: itemsResponse(AccountSchema),
  }),
  list: defineCall({
    method: 'GET',
    path: 'account/list',
    summary: 'All accounts, paged',
    auth: 'user',
    roles: 'ROLE_ACCOUNT_LIST',
    query: AccountListQuery,
    response: listResponse(AccountSchema),
  }),
  paymentList: defineCall({
    method: 'GET',
    path: 'account/payment-list',
    summary: 'Cash desks, bank (ec) or transfer accounts the caller may take a payment into',
    auth: 'user',
    roles: 'ROLE_ACCOUNT_LIST_PAYMENT',
    query: AccountPaymentListQuery,
    response: listResponse(AccountSchema),
  }),
  virtualAccountList: defineCall({
    method: 'GET',
    path: 'virtual-account/list',
    summary: 'Virtual accounts: cash desks, bank, transfer, card provider, revenue, expense',
    auth: 'user',
    roles: { anyOf: ['ROLE_ACCOUNT_LIST', 'ROLE_USER_VIRTUAL_ACCOUNTS_LIST'] },
    response: itemsResponse(VirtualAccountSchema),
  }),
};

// The balance log

/**
 * Categories of balance-log records (spec 03 §3). The first three are the basic transactions of
 * the New Transaction page; the others are written by what moves the money.
 */
export const BALANCE_LOG_TYPE_CODES = [
  'cashback',
  'prepaid_deposit',
  'settlement',
  'payment',
  'card_payment',
  'charge_account',
  'refund',
  'correction',
  'cancellation_fee',
  'reservation_transfer',
] as const;
export const BalanceLogTypeCodeSchema = z.enum(BALANCE_LOG_TYPE_CODES);
export type BalanceLogTypeCode = z.infer<typeof BalanceLogTypeCodeSchema>;

/** The categories a person may book by hand on the New Transaction page. */
export const FREE_BALANCE_LOG_TYPE_CODES = [
  'cashback',
  'prepaid_deposit',
  'settlement',
  'correction',
] as const;

export const BalanceLogTypeSchema = z.object({
  id: z.number().int(),
  code: BalanceLogTypeCodeSchema,
  name: LocalizedTextSchema,
});
export type BalanceLogType = z.infer<typeof BalanceLogTypeSchema>;

const RecordAccountSchema = z.object({
  id: z.number().int(),
  /** The user's display name or the virtual account's name (as stored, English). */
  displayName: z.string(),
  type: AccountTypeSchema,
  userId: z.number().int().nullable(),
  /**
   * The virtual account's code (CASH_ZRH, REVENUE_TICKETS, …), null for a user's account: readers
   * show its name from the catalogue (`ledger.virtualAccounts.<code>`, docs/payments.md).
   */
  virtualCode: z.string().nullable(),
});

/**
 * What the title of a record written by Flybook means (docs/payments.md, "Record titles in four
 * languages"): a code and its parameters, rendered in the reader's language from the catalogue
 * (`ledger.recordTitles.<code>`). A record booked by hand with a title of its own has none.
 */
export const BalanceLogTitleSchema = z.discriminatedUnion('code', [
  /** A payment on a reservation invoice: "Reservation 12". */
  z.object({
    code: z.literal('reservationPayment'),
    params: z.object({ reservationId: z.number().int(), method: PaymentMethodSchema }),
  }),
  /** Money given back on a cancellation: "Refund reservation 12". */
  z.object({
    code: z.literal('reservationRefund'),
    params: z.object({ reservationId: z.number().int(), method: PaymentMethodSchema }),
  }),
  /** A card payment nobody needed any more, credited back to the card. */
  z.object({
    code: z.literal('overpaymentRefund'),
    params: z.object({ reservationId: z.number().int(), method: z.literal('datatrans') }),
  }),
  /** The unpaid part of a cancellation fee, booked as owed. */
  z.object({ code: z.literal('cancellationFee'), params: z.object({ reservationId: z.number().int() }) }),
  /** The paid share a split passenger takes to the new reservation. */
  z.object({
    code: z.literal('reservationSplit'),
    params: z.object({
      fromReservationId: z.number().int(),
      toReservationId: z.number().int(),
      method: PaymentMethodSchema,
    }),
  }),
  /** An agent's top-up of their account by card, by the card payment's reference number. */
  z.object({ code: z.literal('cardTopUp'), params: z.object({ refno: z.string() }) }),
  /**
   * A payment on an allotment invoice: the deposit into the agent's account (with its method) and
   * the settlement of the invoice (with the invoice's own title as description).
   */
  z.object({
    code: z.literal('allotmentPayment'),
    params: z.object({
      allotmentInvoiceId: z.number().int(),
      method: z.enum(['cash', 'transfer']).optional(),
    }),
  }),
  /** A basic transaction of the New Transaction page: "debit account → credit account". */
  z.object({ code: z.literal('accountTransfer'), params: z.object({}) }),
]);
export type BalanceLogTitle = z.infer<typeof BalanceLogTitleSchema>;
export type BalanceLogTitleCode = BalanceLogTitle['code'];
export const BALANCE_LOG_TITLE_CODES = BalanceLogTitleSchema.options.map(
  (option) => option.shape.code.value,
) as readonly BalanceLogTitleCode[];

/** One movement of money: debit account → credit account, with both balances after it (CHF). */
export const BalanceLogRecordSchema = z.object({
  id: z.number().int(),
  debitAccount: RecordAccountSchema,
  creditAccount: RecordAccountSchema,
  amount: z.number(),
  debitAccountBalance: z.number(),
  creditAccountBalance: z.number(),
  createdAt: z.string(),
  type: BalanceLogTypeSchema,
  /** The title as written at posting time: English for records Flybook writes, else as typed. */
  title: z.string(),
  /**
   * What the title means, for rendering it in the reader's language: one of
   * BALANCE_LOG_TITLE_CODES (kept a plain string so a newer server's code falls back to `title`),
   * null for a title typed by hand.
   */
  titleCode: z.string().nullable(),
  /** The title's parameters (BalanceLogTitleSchema); `method` names the payment method. */
  titleParams: z.record(z.string(), z.union([z.string(), z.number()])),
  description: z.string(),
  reservationId: z.number().int().nullable(),
  createdBy: z.object({ id: z.number().int(), displayName: z.string() }).nullable(),
});
export type BalanceLogRecord = z.infer<typeof BalanceLogRecordSchema>;

const IdList = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(IdSchema).max(100),
);

/** Filters of the balance log (spec 03 §7 Accounting); dates are local days (Europe/Zurich). */
export const BalanceLogFilters = z.object({
  selectedAccountId: IdSchema.optional(),
  query: z.string().max(100).optional(),
  relatedAccountId: IdList.optional(),
  typeId: IdList.optional(),
  dateFrom: IsoDateSchema.optional(),
  dateTo: IsoDateSchema.optional(),
});

export const BalanceLogListQuery = listQuery({
  defaultPageSize: 10,
  maxPageSize: 50,
  sortBy: ['createdAt', 'amount', 'id'],
  defaultSortBy: 'createdAt',
  defaultSortOrder: 'DESC',
}).extend(BalanceLogFilters.shape);

export const BalanceLogSummarySchema = z.object({
  accountId: z.number().int(),
  /** Balance before the first day of the range (CHF). */
  initialBalance: z.number(),
  /** Balance after the last day of the range (CHF). */
  finalBalance: z.number(),
});

const PositiveMoney = MoneySchema.refine((value) => value > 0, {
  message: 'Amount must be greater than 0',
  params: { code: 'ERROR_MONEY_NOT_POSITIVE' },
});

/** A transaction booked by hand (spec 03 §3 New transaction payload). */
export const FreeTransactionBody = z.object({
  debitAccountId: IdSchema,
  creditAccountId: IdSchema,
  amount: PositiveMoney,
  typeId: IdSchema,
  description: z.string().trim().max(500).default(''),
});

export const balanceLogCalls = {
  list: defineCall({
    method: 'GET',
    path: 'balance-log/list',
    summary: 'Balance-log records of an account (selectedAccountId) or of all accounts',
    auth: 'user',
    roles: 'ROLE_BALANCE_LOG_RECORD_LIST',
    query: BalanceLogListQuery,
    response: listResponse(BalanceLogRecordSchema),
  }),
  ownList: defineCall({
    method: 'GET',
    path: 'user/me/balance-log/list',
    summary: "The caller's own account's records",
    auth: 'user',
    roles: 'ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST',
    query: BalanceLogListQuery.omit({ selectedAccountId: true }),
    response: listResponse(BalanceLogRecordSchema),
  }),
  summary: defineCall({
    method: 'GET',
    path: 'balance-log/summary-info',
    summary: "An account's balance before and after the filtered range",
    auth: 'user',
    roles: { anyOf: ['ROLE_BALANCE_LOG_RECORD_SUMMARY_INFO', 'ROLE_BALANCE_LOG_RECORD_LIST'] },
    query: BalanceLogFilters.extend({ selectedAccountId: IdSchema }),
    response: BalanceLogSummarySchema,
  }),
  ownSummary: defineCall({
    method: 'GET',
    path: 'user/me/balance-log/summary-info',
    summary: "The caller's own account's balance before and after the filtered range",
    auth: 'user',
    roles: 'ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST',
    query: BalanceLogFilters.omit({ selectedAccountId: true }),
    response: BalanceLogSummarySchema,
  }),
  types: defineCall({
    method: 'GET',
    path: 'balance-log/type/list',
    summary: 'Categories of balance-log records',
    auth: 'user',
    roles: 'ROLE_BALANCE_LOG_RECORD_TYPE_LIST',
    response: itemsResponse(BalanceLogTypeSchema),
  }),
  freeTypes: defineCall({
    method: 'GET',
    path: 'payment/free/type/list',
    summary: 'Categories that can be booked by hand (cashback, prepaid deposit, settlement, correction)',
    auth: 'user',
    roles: 'ROLE_BALANCE_LOG_RECORD_TYPE_LIST',
    response: itemsResponse(BalanceLogTypeSchema),
  }),
  overviewPdf: defineCall({
    method: 'GET',
    path: 'balance-log/overview/pdf',
    summary: "TransactionOverview.pdf: an account's filtered records with the balances before and after",
    auth: 'user',
    roles: 'ROLE_BALANCE_LOG_RECORD_OVERVIEW_PDF',
    query: BalanceLogFilters.extend({ locale: LocaleSchema.default('de') }),
    response: 'file',
    fileName: 'TransactionOverview.pdf',
  }),
  cashbackPdf: defineCall({
    method: 'GET',
    path: 'balance-log/{id}/cashback/pdf/{locale}',
    summary: 'Cashback.pdf: the confirmation of one cashback record',
    auth: 'user',
    roles: 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CASHBACK',
    params: z.object({ id: IdSchema, locale: LocaleSchema }),
    response: 'file',
    fileName: 'Cashback.pdf',
  }),
  basic: defineCall({
    method: 'POST',
    path: 'payment/free/basic',
    summary:
      'Cashback, prepaid deposit or settlement between a user account and a virtual account, each by its role',
    auth: 'user',
    body: FreeTransactionBody,
    response: z.object({ id: z.number().int() }),
    status: 201,
  }),
  advanced: defineCall({
    method: 'POST',
    path: 'payment/free/advanced',
    summary: 'Any category between any two accounts, with a description',
    auth: 'user',
    roles: 'ROLE_BALANCE_LOG_RECORD_ADVANCED_PAYMENT',
    body: FreeTransactionBody.extend({ description: z.string().trim().min(1).max(500) }),
    response: z.object({ id: z.number().int() }),
    status: 201,
  }),
};
