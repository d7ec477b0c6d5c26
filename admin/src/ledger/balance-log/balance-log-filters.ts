import {
  type AccessUser,
  isMoneyAmount,
  type Rappen,
  satisfies,
  subtractMoney,
  toRappen,
} from '@flybook/domain';
import type { BalanceLogRecord } from '@flybook/schemas';
import type { CrudFilter } from '@refinedev/core';

/** What a user may do on the balance log (spec 03 §6, Balance log row). */
export interface BalanceLogAccess {
  /** ROLE_BALANCE_LOG_RECORD_LIST: any account's records (`balance-log/list`); else only the own ones. */
  fullList: boolean;
  /** The account filter: the full list plus ROLE_ACCOUNT_LIST. */
  accountFilter: boolean;
  /** ROLE_BALANCE_LOG_RECORD_TYPE_LIST: the category filter. */
  categoryFilter: boolean;
  /** ROLE_BALANCE_LOG_RECORD_SUMMARY_INFO or the own-records role. */
  summary: boolean;
  /** ROLE_BALANCE_LOG_RECORD_OVERVIEW_PDF */
  overviewPdf: boolean;
  /** ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CASHBACK: the cashback PDF of a cashback record. */
  cashbackPdf: boolean;
}

export function balanceLogAccess(user: AccessUser): BalanceLogAccess {
  const has = (role: string) => satisfies(user.roles, role);
  const fullList = has('ROLE_BALANCE_LOG_RECORD_LIST');
  return {
    fullList,
    accountFilter: fullList && has('ROLE_ACCOUNT_LIST'),
    categoryFilter: has('ROLE_BALANCE_LOG_RECORD_TYPE_LIST'),
    summary: has('ROLE_BALANCE_LOG_RECORD_SUMMARY_INFO') || has('ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST'),
    overviewPdf: has('ROLE_BALANCE_LOG_RECORD_OVERVIEW_PDF'),
    cashbackPdf: has('ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CASHBACK'),
  };
}

/** The filter bar's values: ids as text, '' or [] for none, dates as yyyy-MM-dd. */
export type BalanceLogFilterValues = {
  /** The selected account (full list only). */
  accountId: string;
  query: string;
  relatedAccountId: readonly string[];
  typeId: readonly string[];
  dateFrom: string;
  dateTo: string;
};

export const EMPTY_BALANCE_LOG_FILTERS: BalanceLogFilterValues = {
  accountId: '',
  query: '',
  relatedAccountId: [],
  typeId: [],
  dateFrom: '',
  dateTo: '',
};

/**
 * The filters as the balance-log calls take them (`BalanceLogFilters`). The two id lists are always
 * given (the schema's input type asks for them); an empty list is not sent at all.
 */
export type ApiFilters = {
  selectedAccountId?: number;
  query?: string;
  relatedAccountId: number[];
  typeId: number[];
  dateFrom?: string;
  dateTo?: string;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;
const ids = (values: readonly string[]) => values.filter((value) => ID.test(value)).map(Number);

/**
 * The API's filters for the bar's values: empty or half-typed values are left out, so a date being
 * typed never becomes a rejected request. The own list knows no selected account (it is always the
 * caller's own).
 */
export function balanceLogFilters(values: BalanceLogFilterValues, own: boolean): ApiFilters {
  const filters: ApiFilters = { relatedAccountId: ids(values.relatedAccountId), typeId: ids(values.typeId) };
  if (!own && ID.test(values.accountId)) filters.selectedAccountId = Number(values.accountId);
  const query = values.query.trim();
  if (query) filters.query = query.slice(0, 100);
  if (DATE.test(values.dateFrom)) filters.dateFrom = values.dateFrom;
  if (DATE.test(values.dateTo)) filters.dateTo = values.dateTo;
  return filters;
}

/** The same filters as Refine filters; the data provider sends each under its own name. */
export const balanceLogCrudFilters =
  (own: boolean) =>
  (values: BalanceLogFilterValues): CrudFilter[] =>
    Object.entries(balanceLogFilters(values, own))
      .filter(([, value]) => !Array.isArray(value) || value.length > 0)
      .map(([field, value]) => ({ field, operator: Array.isArray(value) ? 'in' : 'eq', value }));

const rappenOf = (chf: number): Rappen => (isMoneyAmount(chf) ? toRappen(chf) : Math.round(chf * 100));

/**
 * The balance of the selected account right after a record: the debit side's balance when the
 * account was debited, the credit side's when it was credited; null when the record does not touch
 * the account (or no account is selected).
 */
export function balanceAfterRecord(record: BalanceLogRecord, accountId: number | null): number | null {
  if (accountId === null) return null;
  if (record.debitAccount.id === accountId) return record.debitAccountBalance;
  if (record.creditAccount.id === accountId) return record.creditAccountBalance;
  return null;
}

/** The summary's change (spec 03 §3): final minus initial balance, exact to the Rappen. */
export function balanceChange(summary: { initialBalance: number; finalBalance: number }): Rappen {
  return subtractMoney(rappenOf(summary.finalBalance), rappenOf(summary.initialBalance));
}

/** `accountId=all` in the address: every account's records, no account selected. */
export const ALL_ACCOUNTS = 'all';

/**
 * What the address's `accountId` asks for (docs/ledger.md, "The account in the address"): nothing
 * (or empty) for the user's own account, an account's id, `all`, or a value that is none of these.
 */
export type AccountInAddress =
  | { kind: 'own' }
  | { kind: 'account'; id: number }
  | { kind: 'all' }
  | { kind: 'bad'; value: string };

export function accountInAddress(params: URLSearchParams): AccountInAddress {
  const value = params.get('accountId') ?? '';
  if (value === '') return { kind: 'own' };
  if (value === ALL_ACCOUNTS) return { kind: 'all' };
  return ID.test(value) ? { kind: 'account', id: Number(value) } : { kind: 'bad', value };
}

/**
 * What the page shows for the address: the records of an account (null: of all accounts), a value
 * that names no account, or a refusal. Users with only their own records (the own-list calls, which
 * take no account) see their own account, by its id too; another account or all of them is what
 * `balance-log/list` refuses them (ROLE_BALANCE_LOG_RECORD_LIST), so the page refuses it as well.
 */
export type ShownAccount =
  | { kind: 'records'; accountId: number | null }
  | { kind: 'bad'; value: string }
  | { kind: 'refused' };

export function shownAccount(
  address: AccountInAddress,
  user: { accountId: number | null },
  access: Pick<BalanceLogAccess, 'fullList'>,
): ShownAccount {
  switch (address.kind) {
    case 'bad':
      return address;
    case 'own':
      return { kind: 'records', accountId: user.accountId };
    case 'all':
      return access.fullList ? { kind: 'records', accountId: null } : { kind: 'refused' };
    case 'account':
      return access.fullList || address.id === user.accountId
        ? { kind: 'records', accountId: address.id }
        : { kind: 'refused' };
  }
}

/** The address with another account chosen (null: the picker cleared, all accounts). */
export function addressWithAccount(params: URLSearchParams, accountId: number | null): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('accountId', accountId === null ? ALL_ACCOUNTS : String(accountId));
  return next;
}
