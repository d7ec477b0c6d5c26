import type { BalanceLogRecord } from '@flybook/schemas';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, record } from '../../test/fake-ledger.ts';
import {
  accountInAddress,
  addressWithAccount,
  balanceAfterRecord,
  balanceChange,
  balanceLogAccess,
  balanceLogFilters,
  EMPTY_BALANCE_LOG_FILTERS,
  shownAccount,
} from './balance-log-filters.ts';

describe('balance log rules', () => {
  it("takes the balance of the selected account's side of a record", () => {
    const deposit = record(ACCOUNTS.cashZurich, ACCOUNTS.agent, 300, 'prepaid_deposit', 'Deposit', {
      debit: 1200,
      credit: 300,
    }) as BalanceLogRecord;
    expect(balanceAfterRecord(deposit, ACCOUNTS.agent.id)).toBe(300);
    expect(balanceAfterRecord(deposit, ACCOUNTS.cashZurich.id)).toBe(1200);
    expect(balanceAfterRecord(deposit, ACCOUNTS.customer.id)).toBeNull();
    expect(balanceAfterRecord(deposit, null)).toBeNull();
  });

  it('computes the change of the period exactly', () => {
    expect(balanceChange({ initialBalance: 0.1, finalBalance: 0.3 })).toBe(20);
    expect(balanceChange({ initialBalance: 100, finalBalance: -25.55 })).toBe(-12555);
  });

  it('leaves out empty and half-typed filters, and the selected account of the own list', () => {
    const values = {
      ...EMPTY_BALANCE_LOG_FILTERS,
      accountId: '13',
      query: '  desk ',
      relatedAccountId: ['101', 'x'],
      dateFrom: '2031-03',
      dateTo: '2031-03-31',
    };
    expect(balanceLogFilters(values, false)).toEqual({
      selectedAccountId: 13,
      query: 'desk',
      relatedAccountId: [101],
      typeId: [],
      dateTo: '2031-03-31',
    });
    expect(balanceLogFilters(values, true)).not.toHaveProperty('selectedAccountId');
  });

  it('gives the account filter only with the full list and the account list', () => {
    expect(balanceLogAccess({ type: 'manager', roles: ['ROLE_BALANCE_LOG_RECORD_LIST'] }).accountFilter).toBe(
      false,
    );
    expect(
      balanceLogAccess({ type: 'manager', roles: ['ROLE_BALANCE_LOG_RECORD_LIST', 'ROLE_ACCOUNT_LIST'] })
        .accountFilter,
    ).toBe(true);
    const own = balanceLogAccess({ type: 'agent', roles: ['ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST'] });
    expect(own).toMatchObject({ fullList: false, accountFilter: false, summary: true });
  });

  it('reads the account of the address: none for the own, an id, all, or a value that names none', () => {
    const read = (search: string) => accountInAddress(new URLSearchParams(search));
    expect(read('')).toEqual({ kind: 'own' });
    expect(read('accountId=')).toEqual({ kind: 'own' });
    expect(read('accountId=13')).toEqual({ kind: 'account', id: 13 });
    expect(read('accountId=all')).toEqual({ kind: 'all' });
    for (const value of ['0', '-1', '1.5', '13abc', 'ALL', '12345678901'])
      expect(read(`accountId=${encodeURIComponent(value)}`)).toEqual({ kind: 'bad', value });
  });

  it('shows any account to the full list, and only the own one to users with their own records', () => {
    const full = { fullList: true };
    const ownOnly = { fullList: false };
    const user = { accountId: 13 };
    expect(shownAccount({ kind: 'own' }, user, full)).toEqual({ kind: 'records', accountId: 13 });
    expect(shownAccount({ kind: 'own' }, { accountId: null }, full)).toEqual({
      kind: 'records',
      accountId: null,
    });
    expect(shownAccount({ kind: 'account', id: 14 }, user, full)).toEqual({ kind: 'records', accountId: 14 });
    expect(shownAccount({ kind: 'all' }, user, full)).toEqual({ kind: 'records', accountId: null });
    expect(shownAccount({ kind: 'account', id: 13 }, user, ownOnly)).toEqual({
      kind: 'records',
      accountId: 13,
    });
    expect(shownAccount({ kind: 'account', id: 14 }, user, ownOnly)).toEqual({ kind: 'refused' });
    expect(shownAccount({ kind: 'all' }, user, ownOnly)).toEqual({ kind: 'refused' });
    expect(shownAccount({ kind: 'bad', value: 'x' }, user, full)).toEqual({ kind: 'bad', value: 'x' });
  });

  it('writes the chosen account into the address, keeping its other parameters', () => {
    const params = new URLSearchParams('accountId=13&highlight=2');
    expect(addressWithAccount(params, 14).toString()).toBe('accountId=14&highlight=2');
    expect(addressWithAccount(params, null).toString()).toBe('accountId=all&highlight=2');
  });
});
