import { type AccessUser, satisfies } from '@flybook/domain';
import { MoneySchema } from '@flybook/schemas';
import { z } from 'zod';
import { decimalText, requiredText } from '../../app/form/form-text.ts';
import type { AccountChoice } from '../AccountPicker.tsx';

/** The tabs of the new transaction page in the spec's order (spec 03 §2). */
export const TRANSACTION_TABS = ['cashback', 'chargeAccount', 'deposits', 'advanced'] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

/** A deposit takes money in (prepaid deposit) or pays it out (settlement). */
export type DepositKind = 'prepaid_deposit' | 'settlement';

export interface TransactionAccess {
  cashback: boolean;
  /** Charging one's own account by card: agents only, since the charge is booked to the caller. */
  chargeAccount: boolean;
  prepaidDeposit: boolean;
  settlement: boolean;
  advanced: boolean;
}

export function transactionAccess(user: AccessUser): TransactionAccess {
  const has = (role: string) => satisfies(user.roles, role);
  return {
    cashback: has('ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CASHBACK'),
    chargeAccount: user.type === 'agent' && has('ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CHARGE_ACCOUNT'),
    prepaidDeposit: has('ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_PREPAID_DEPOSIT'),
    settlement: has('ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_SETTLEMENT'),
    advanced: has('ROLE_BALANCE_LOG_RECORD_ADVANCED_PAYMENT'),
  };
}

/** The tabs the user sees, each only with its permission, in tab order. */
export function visibleTransactionTabs(access: TransactionAccess): TransactionTab[] {
  return TRANSACTION_TABS.filter((tab) => {
    switch (tab) {
      case 'cashback':
        return access.cashback;
      case 'chargeAccount':
        return access.chargeAccount;
      case 'deposits':
        return access.prepaidDeposit || access.settlement;
      default:
        return access.advanced;
    }
  });
}

/** The largest amount one transaction moves (a typing slip of a few zeros is caught here). */
export const MAX_TRANSACTION_AMOUNT = 1_000_000;

/** An amount typed as text: a positive CHF amount with at most two decimals. */
export const amountText = () =>
  decimalText(MoneySchema.pipe(z.number().min(0.01).max(MAX_TRANSACTION_AMOUNT)));

/** A chosen account, required: the form keeps the choice, the body its id. */
export const requiredAccount = () =>
  z.custom<AccountChoice | null>().transform((choice, ctx) => {
    if (!choice) {
      ctx.addIssue({
        code: 'custom',
        message: 'This value is required.',
        params: { code: 'ERROR_REQUIRED' },
      });
      return z.NEVER;
    }
    return choice.id;
  });

/** A choice from a select ('' for none), required, as a number id. */
const requiredId = () => requiredText(z.string().regex(/^\d+$/)).transform(Number);

const description = z.string().trim().max(500);

export const cashbackFormSchema = z.object({
  account: requiredAccount(),
  amount: amountText(),
  description,
});
export type CashbackFormValues = z.input<typeof cashbackFormSchema>;

export const depositFormSchema = z.object({
  kind: z.enum(['prepaid_deposit', 'settlement']),
  account: requiredAccount(),
  /** The cash desk, bank or transfer account the money comes in through or goes out of. */
  moneyAccountId: requiredId(),
  amount: amountText(),
  description,
});
export type DepositFormValues = z.input<typeof depositFormSchema>;

export const advancedFormSchema = z.object({
  debitAccount: requiredAccount(),
  creditAccount: requiredAccount(),
  amount: amountText(),
  typeId: requiredId(),
  description: requiredText(description),
});
export type AdvancedFormValues = z.input<typeof advancedFormSchema>;

/**
 * The two sides of a deposit (docs/decisions.md, Accounts: a user's account is a liability). Money
 * in: the cash desk (an asset) is debited and the user's account credited, so both grow. Money out
 * (settlement): the other way round.
 */
export function depositSides(kind: DepositKind, userAccountId: number, moneyAccountId: number) {
  return kind === 'prepaid_deposit'
    ? { debitAccountId: moneyAccountId, creditAccountId: userAccountId }
    : { debitAccountId: userAccountId, creditAccountId: moneyAccountId };
}
