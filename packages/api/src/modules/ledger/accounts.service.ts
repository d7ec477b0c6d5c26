import { accountPickerScope, ROLE_ACCOUNTING, ROLE_ADMIN, satisfies, toChf } from '@flybook/domain';
import type { Account, AccountFreeListQuery, AccountListQuery, VirtualAccount } from '@flybook/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { type AccountRow, findAccountOfUser, listAccounts } from './accounts.repository.ts';
import { operableVirtualAccountIds } from './ledger.ts';

// The picker is a search box: it shows the best matches, not the whole customer base.
const FREE_LIST_LIMIT = 100;

export const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  displayName: row.displayName,
  balance: toChf(row.balance),
  creditLimitTotalAmount: toChf(row.creditLimit ?? 0),
  debitOnBalance: row.type === 'asset' || row.type === 'expense',
  type: row.type,
  isActive: row.isActive,
  user:
    row.userId !== null && row.userType && row.userDisplayName !== null && row.userEmail !== null
      ? {
          id: row.userId,
          type: row.userType,
          displayName: row.userDisplayName,
          email: row.userEmail,
          birthday: row.userBirthday,
        }
      : null,
  virtualAccount:
    row.virtualCode && row.virtualKind
      ? { code: row.virtualCode, name: row.name ?? row.virtualCode, kind: row.virtualKind }
      : null,
});

const toVirtualAccount = (row: AccountRow): VirtualAccount => ({
  id: row.id,
  code: row.virtualCode ?? '',
  name: row.name ?? '',
  kind: row.virtualKind ?? 'cash',
  type: row.type,
  balance: toChf(row.balance),
  isActive: row.isActive,
});

export function createAccountsService(db: Db) {
  return {
    /** A user's own account; another user's needs ROLE_USER_READ_ACCOUNT or ROLE_ACCOUNT_LIST. */
    async userAccount(actor: AuthUser, userId: number): Promise<Account> {
      const mayRead =
        actor.id === userId ||
        satisfies(actor.roles, { anyOf: ['ROLE_USER_READ_ACCOUNT', 'ROLE_ACCOUNT_LIST'] });
      if (!mayRead) throw ApiError.forbidden();
      const row = await findAccountOfUser(db, userId);
      if (!row) throw ApiError.notFound('account of user', userId);
      return toAccount(row);
    },

    async freeList(actor: AuthUser, query: z.output<typeof AccountFreeListQuery>) {
      const { items } = await listAccounts(
        db,
        { query: query.query, isActive: query.isActive, scope: accountPickerScope([...actor.roles]) },
        { page: 0, pageSize: FREE_LIST_LIMIT, sortBy: query.sortBy, sortOrder: query.sortOrder },
      );
      return { items: items.map(toAccount) };
    },

    async list(query: z.output<typeof AccountListQuery>) {
      const { items, total } = await listAccounts(
        db,
        { query: query.query, isActive: query.isActive },
        query,
      );
      return { items: items.map(toAccount), total };
    },

    /** Cash desks, bank or transfer accounts the caller may take money into. */
    async paymentList(actor: AuthUser, paymentType: 'cash' | 'bank' | 'transfer' | 'card') {
      const seesAll = satisfies(actor.roles, { anyOf: [ROLE_ADMIN, ROLE_ACCOUNTING] });
      const ids = seesAll ? undefined : await operableVirtualAccountIds(db, actor.id);
      const { items, total } = await listAccounts(
        db,
        { virtualKind: paymentType, isActive: true, ...(ids ? { ids } : {}) },
        { page: 0, pageSize: 500, sortBy: 'displayName', sortOrder: 'ASC' },
      );
      return { items: items.map(toAccount), total };
    },

    async virtualAccounts() {
      const { items } = await listAccounts(
        db,
        { scope: { userAccounts: false, managerAccounts: false, virtualAccounts: true } },
        { page: 0, pageSize: 500, sortBy: 'id', sortOrder: 'ASC' },
      );
      return { items: items.map(toVirtualAccount) };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
