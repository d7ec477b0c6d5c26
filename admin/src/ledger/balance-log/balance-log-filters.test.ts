import type { BalanceLogRecord } from '@flybook/schemas';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, record } from '../../test/fake-ledger.ts';
import {
  balanceAfterRecord,
  balanceChange,
  balanceLogAccess,
  balanceLogFilters,
  EMPTY_BALANCE_LOG_FILTERS,
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
});
