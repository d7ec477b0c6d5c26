import type { Account } from '@flybook/schemas';
import { describe, expect, it } from 'vitest';
import { visiblePaymentOptions } from '../../app/payment/payment-form.ts';
import { ACCOUNTS } from '../../test/fake-ledger.ts';
import { listItem } from '../../test/fake-payments.ts';
import {
  accountAvailability,
  outstandingOf,
  paymentAccess,
  paymentBody,
  withheldOf,
} from './payment-form.ts';

const account = (patch: Partial<Account> = {}): Account => ({ ...ACCOUNTS.agent, ...patch }) as Account;

describe('payment form rules', () => {
  it('shows each method by its role, and cash, bank, transfer only with accounts', () => {
    const all = paymentAccess({
      type: 'manager',
      roles: [
        'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_ACCOUNT',
        'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_CASH',
        'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_BANK',
        'ROLE_PAYMENT_DATATRANS',
      ],
    });
    const accounts = { cash: [account()], bank: [], transfer: [account()] };
    expect(visiblePaymentOptions(all, accounts)).toEqual(['account', 'cash', 'datatrans']);
    const admin = paymentAccess({ type: 'admin', roles: ['ROLE_ADMIN'] });
    expect(admin.partial).toBe(true);
  });

  it("counts what the owner's other created reservations still owe as withheld", () => {
    const items = [
      listItem(1, 'created', 100.1, 0.05),
      listItem(2, 'created', 50, 60), // overpaid: holds nothing back
      listItem(3, 'reserved', 500, 0),
      listItem(4, 'created', 80, 0, 99), // another owner
      listItem(5, 'created', 70, 0), // the reservation being paid
    ];
    expect(withheldOf(items, 3, 5)).toBe(10005);
  });

  it('makes the account available for balance plus credit limit minus withheld', () => {
    expect(accountAvailability(account({ balance: 250 }), 12000)).toBe(13000);
    const withLimit = { ...account({ balance: -20 }), creditLimitTotalAmount: 500 };
    expect(accountAvailability(withLimit, 0)).toBe(48000);
  });

  it('names the bank account code as the payment type of a bank payment', () => {
    expect(paymentBody('bank', 12345, 7, ACCOUNTS.bankEc as Account)).toEqual({
      amount: 123.45,
      paymentTypeCode: 'BANK_UBS',
      reservationInvoiceId: 7,
      accountId: 103,
    });
    expect(paymentBody('account', 100, 7, null)).toEqual({
      amount: 1,
      paymentTypeCode: 'account',
      reservationInvoiceId: 7,
    });
  });

  it('knows nothing is left to pay on hidden prices', () => {
    expect(
      outstandingOf({
        id: 1,
        status: 'partly',
        total: 10.1,
        totalPaid: 0.2,
        paymentDeadline: null,
        paymentTerms: 'bill',
        isSpecificPrice: false,
        payments: [],
      }),
    ).toBe(990);
    expect(
      outstandingOf({
        id: 1,
        status: 'partly',
        paymentDeadline: null,
        paymentTerms: 'bill',
        isSpecificPrice: false,
        payments: [],
      }),
    ).toBeNull();
  });
});
