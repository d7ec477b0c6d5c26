import { describe, expect, it } from 'vitest';
import { availableOnAccount, balanceAfter, signedBalance } from './ledger.ts';

describe('ledger rules', () => {
  it('grows assets and expenses on debit, revenue and liabilities on credit', () => {
    expect(balanceAfter('asset', 100, 'debit', 30)).toBe(130);
    expect(balanceAfter('expense', 100, 'credit', 30)).toBe(70);
    expect(balanceAfter('revenue', 100, 'credit', 30)).toBe(130);
    expect(balanceAfter('liability', 100, 'debit', 30)).toBe(70);
  });

  it('keeps the signed balances at zero through a posting', () => {
    // Cash desk (asset) debited, ticket revenue credited.
    const cash = balanceAfter('asset', 0, 'debit', 12_550);
    const revenue = balanceAfter('revenue', 0, 'credit', 12_550);
    expect(signedBalance('asset', cash) + signedBalance('revenue', revenue)).toBe(0);
  });

  it('counts the credit limit and subtracts withheld money', () => {
    expect(availableOnAccount(10_000, 50_000, 25_000)).toBe(35_000);
    expect(availableOnAccount(-20_000, 10_000, 0)).toBe(-10_000);
  });
});
