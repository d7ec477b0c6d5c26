import type { Rappen } from './money.ts';

/** Ledger account types (spec 03 §3): asset and expense grow on debit, revenue and liability on credit. */
export type AccountType = 'asset' | 'expense' | 'revenue' | 'liability';

export const growsOnDebit = (type: AccountType): boolean => type === 'asset' || type === 'expense';

/** An account's balance after one side of a posting; balances are kept on the side they grow. */
export function balanceAfter(type: AccountType, balance: Rappen, side: 'debit' | 'credit', amount: Rappen) {
  return (side === 'debit') === growsOnDebit(type) ? balance + amount : balance - amount;
}

/** The balance with the sign of double entry (debit positive): these sum to zero over all accounts. */
export const signedBalance = (type: AccountType, balance: Rappen): Rappen =>
  growsOnDebit(type) ? balance : -balance;

/**
 * What a user's account may still pay for a reservation (spec 02 §4): its balance plus its credit
 * limit, less what its unpaid card bookings hold back (withheld).
 */
export const availableOnAccount = (balance: Rappen, creditLimit: Rappen, withheld: Rappen): Rappen =>
  balance + creditLimit - withheld;
