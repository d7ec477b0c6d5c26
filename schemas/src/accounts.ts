import { z } from 'zod';
import { IdParams, itemsResponse, listQuery, listResponse, QueryBoolean } from './common.ts';
import { defineCall } from './http.ts';
import { UserInfoSchema } from './users.ts';

/** Ledger account types: asset and expense grow on debit, revenue and liability on credit. */
export const ACCOUNT_TYPES = ['asset', 'expense', 'revenue', 'liability'] as const;
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);

/**
 * What a virtual (non-user) account is for; cash, bank and transfer take payments; receivable holds
 * what customers owe (cancellation fees not yet paid).
 */
export const VIRTUAL_ACCOUNT_KINDS = [
  'cash',
  'bank',
  'transfer',
  'card',
  'revenue',
  'expense',
  'receivable',
] as const;
export const VirtualAccountKindSchema = z.enum(VIRTUAL_ACCOUNT_KINDS);
export const PAYMENT_ACCOUNT_KINDS = ['cash', 'bank', 'transfer'] as const;

export const VirtualAccountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: VirtualAccountKindSchema,
  type: AccountTypeSchema,
  balance: z.number(),
  isActive: z.boolean(),
});
export type VirtualAccount = z.infer<typeof VirtualAccountSchema>;

/** An account (spec 01 §3): a user's account or a virtual one; balance in CHF. */
export const AccountSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  balance: z.number(),
  /** How far a user's balance may go below zero to pay reservations (CHF); 0 for virtual accounts. */
  creditLimitTotalAmount: z.number(),
  /** True when the balance grows on debit (asset, expense), false when on credit. */
  debitOnBalance: z.boolean(),
  type: AccountTypeSchema,
  isActive: z.boolean(),
  user: UserInfoSchema.nullable(),
  virtualAccount: z.object({ code: z.string(), name: z.string(), kind: VirtualAccountKindSchema }).nullable(),
});
export type Account = z.infer<typeof AccountSchema>;

export const AccountFreeListQuery = z.object({
  query: z.string().max(100).optional(),
  isActive: QueryBoolean.default(true),
  sortBy: z.enum(['displayName', 'id']).default('displayName'),
  sortOrder: z.enum(['ASC', 'DESC']).default('ASC'),
});

export const AccountListQuery = listQuery({
  defaultPageSize: 15,
  maxPageSize: 50,
  sortBy: ['displayName', 'id', 'balance'],
  defaultSortBy: 'displayName',
  defaultSortOrder: 'ASC',
}).extend({ query: z.string().max(100).optional(), isActive: QueryBoolean.optional() });

/** spec 02 §7 names the bank `ec` and the card provider `datatrans`; both names are accepted. */
export const AccountPaymentListQuery = z.object({
  paymentType: z
    .enum([...PAYMENT_ACCOUNT_KINDS, 'ec', 'datatrans'])
    .transform((type) => (type === 'ec' ? 'bank' : type === 'datatrans' ? 'card' : type)),
});

export const accountCalls = {
  userAccount: defineCall({
    method: 'GET',
    path: 'user/{id}/account',
    summary: "A user's account with balance (own account, or with ROLE_USER_READ_ACCOUNT)",
    auth: 'user',
    params: IdParams,
    response: AccountSchema,
  }),
  freeList: defineCall({
    method: 'GET',
    path: 'account/free-list',
    summary: 'Accounts the caller may pick for a transaction (account picker rules)',
    auth: 'user',
    roles: 'ROLE_ACCOUNT_LIST_FREE',
    query: AccountFreeListQuery,
    response: itemsResponse(AccountSchema),
  }),
  list: defineCall({
    method: 'GET',
    path: 'account/list',
    summary: 'All accounts, paged',
    auth: 'user',
    roles: 'ROLE_ACCOUNT_LIST',
    query: AccountListQuery,
    response: listResponse(AccountSchema),
  }),
  paymentList: defineCall({
    method: 'GET',
    path: 'account/payment-list',
    summary: 'Cash desks, bank (ec) or transfer accounts the caller may take a payment into',
    auth: 'user',
    roles: 'ROLE_ACCOUNT_LIST_PAYMENT',
    query: AccountPaymentListQuery,
    response: listResponse(AccountSchema),
  }),
  virtualAccountList: defineCall({
    method: 'GET',
    path: 'virtual-account/list',
    summary: 'Virtual accounts: cash desks, bank, transfer, card provider, revenue, expense',
    auth: 'user',
    roles: { anyOf: ['ROLE_ACCOUNT_LIST', 'ROLE_USER_VIRTUAL_ACCOUNTS_LIST'] },
    response: itemsResponse(VirtualAccountSchema),
  }),
};
