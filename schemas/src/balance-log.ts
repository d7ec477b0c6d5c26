import { z } from 'zod';
import { AccountTypeSchema } from './accounts.ts';
import {
  IdSchema,
  IsoDateSchema,
  itemsResponse,
  LocaleSchema,
  LocalizedTextSchema,
  listQuery,
  listResponse,
  MoneySchema,
} from './common.ts';
import { defineCall } from './http.ts';

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
  /** The user's display name or the virtual account's name. */
  displayName: z.string(),
  type: AccountTypeSchema,
  userId: z.number().int().nullable(),
});

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
  title: z.string(),
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
