import { describe, expect, it } from 'vitest';
import { depositSides, transactionAccess, visibleTransactionTabs } from './transaction-forms.ts';

describe('new transaction rules', () => {
  it('shows each tab with its role, Deposits with either deposit role, Charge account to agents', () => {
    const tabs = (type: 'agent' | 'manager' | 'admin', roles: string[]) =>
      visibleTransactionTabs(transactionAccess({ type, roles }));
    expect(tabs('manager', ['ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_SETTLEMENT'])).toEqual(['deposits']);
    expect(tabs('admin', ['ROLE_ADMIN'])).toEqual(['cashback', 'deposits', 'advanced']);
    expect(tabs('manager', ['ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CHARGE_ACCOUNT'])).toEqual([]);
    expect(
      tabs('agent', [
        'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CHARGE_ACCOUNT',
        'ROLE_BALANCE_LOG_RECORD_ADVANCED_PAYMENT',
      ]),
    ).toEqual(['chargeAccount', 'advanced']);
  });

  it('takes a prepaid deposit in through the cash desk and pays a settlement out of it', () => {
    expect(depositSides('prepaid_deposit', 13, 101)).toEqual({ debitAccountId: 101, creditAccountId: 13 });
    expect(depositSides('settlement', 13, 101)).toEqual({ debitAccountId: 13, creditAccountId: 101 });
  });
});
