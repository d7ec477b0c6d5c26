import { describe, expect, it } from 'vitest';
import { checkPayment, isAccountOptionDisabled, paymentProblemOf, readAmount } from './payment-form.ts';

describe('the payment form rules every payment page shares', () => {
  it('disables the account option when short, or at zero while partial amounts are allowed', () => {
    expect(isAccountOptionDisabled(10000, 20000, false)).toBe(true);
    expect(isAccountOptionDisabled(20000, 20000, false)).toBe(false);
    expect(isAccountOptionDisabled(0, null, true)).toBe(true);
    expect(isAccountOptionDisabled(0, 0, false)).toBe(false);
    expect(isAccountOptionDisabled(null, 100, false)).toBe(true);
  });

  it('reads the partial amount and refuses more than what is left to pay', () => {
    expect(readAmount('12,50', 2000)).toEqual({ amount: 1250 });
    expect(readAmount('20.01', 2000)).toMatchObject({
      code: 'ERROR_PAYMENT_AMOUNT_TOO_BIG',
      field: 'amount',
    });
    expect(readAmount('1.005', 2000)).toMatchObject({ code: 'ERROR_MONEY_PRECISION' });
    expect(readAmount('0', 2000)).toMatchObject({ code: 'ERROR_MINIMUM' });
    expect(readAmount('', 2000)).toMatchObject({ code: 'ERROR_REQUIRED' });
    expect(readAmount('abc', 2000)).toMatchObject({ code: 'ERROR_FORMAT' });
  });

  it('checks on confirm in the order of the spec', () => {
    const base = { account: null, amount: 5000, available: 1000, outstanding: 4000 };
    expect(checkPayment({ ...base, option: 'cash' })?.code).toBe('ERROR_PAYMENT_AMOUNT_TOO_BIG');
    const fits = { ...base, amount: 2000 };
    expect(checkPayment({ ...fits, option: 'cash' })?.code).toBe('ERROR_PAYMENT_ACCOUNT_REQUIRED');
    expect(checkPayment({ ...fits, option: 'account' })?.code).toBe('ERROR_PAYMENT_NOT_ENOUGH_MONEY');
    expect(checkPayment({ ...fits, option: 'datatrans' })).toBeNull();
    expect(checkPayment({ ...fits, option: null })?.code).toBe('ERROR_PAYMENT_UNEXPECTED_METHOD');
  });

  it("turns the server's payment errors into the form's problems", () => {
    expect(paymentProblemOf('ERROR_PAYMENT_AMOUNT_TOO_BIG', undefined)).toEqual({
      code: 'ERROR_PAYMENT_AMOUNT_TOO_BIG',
      field: 'amount',
    });
    expect(paymentProblemOf('ERROR_MONEY_PRECISION', 'amount')?.field).toBe('amount');
    expect(paymentProblemOf('ERROR_PAYMENT_ACCOUNT_REQUIRED', 'accountId')).toEqual({
      code: 'ERROR_PAYMENT_ACCOUNT_REQUIRED',
      field: 'account',
    });
    expect(paymentProblemOf('ERROR_PAYMENT_UNEXPECTED_METHOD', 'paymentTypeCode')?.field).toBeNull();
    expect(paymentProblemOf('ERROR_INVOICE_ALREADY_PAID', undefined)).toBeNull();
    expect(paymentProblemOf(undefined, undefined)).toBeNull();
  });
});
