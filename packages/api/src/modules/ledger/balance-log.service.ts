import { canSeeAccount, ROLE_ACCOUNTING, ROLE_ADMIN, satisfies, toChf, toRappen } from '@flybook/domain';
import {
  type BalanceLogFilters,
  type BalanceLogListQuery,
  type BalanceLogRecord,
  type BalanceLogTypeCode,
  FREE_BALANCE_LOG_TYPE_CODES,
  type FreeTransactionBody,
} from '@flybook/schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { logEntityChange } from '../../platform/entity-log.ts';
import { idempotent } from '../../platform/idempotency.ts';
import {
  accountFacts,
  type BalanceLogRow,
  countRecords,
  findRecord,
  listRecords,
  recordTypes,
  summaryOf,
} from './balance-log.repository.ts';
import { operableVirtualAccountIds, post, userAccountId } from './ledger.ts';

type Filters = z.output<typeof BalanceLogFilters>;
type ListQuery = z.output<typeof BalanceLogListQuery>;
type FreeBody = z.output<typeof FreeTransactionBody>;

export const toRecord = (row: BalanceLogRow): BalanceLogRecord => ({
  id: row.record.id,
  debitAccount: {
    ...row.debit,
    userId: row.debit.userId ?? null,
    virtualCode: row.debit.virtualCode ?? null,
  },
  creditAccount: {
    ...row.credit,
    userId: row.credit.userId ?? null,
    virtualCode: row.credit.virtualCode ?? null,
  },
  amount: toChf(row.record.amount),
  debitAccountBalance: toChf(row.record.debitAccountBalance),
  creditAccountBalance: toChf(row.record.creditAccountBalance),
  createdAt: row.record.createdAt.toISOString(),
  type: row.type,
  title: row.record.title,
  titleCode: row.record.titleCode,
  titleParams: row.record.titleParams,
  description: row.record.description,
  reservationId: row.record.reservationId,
  createdBy: row.createdBy?.id ? { id: row.createdBy.id, displayName: row.createdBy.displayName } : null,
});

/**
 * The basic transactions of the New Transaction page (spec 03): which category needs which role,
 * and which kinds of account may stand on each side.
 */
const BASIC_RULES: Partial<
  Record<BalanceLogTypeCode, { role: string; debit: AccountSide; credit: AccountSide }>
> = {
  // The airline gives money back to a customer's or agent's account, as an expense.
  cashback: { role: 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CASHBACK', debit: 'expense', credit: 'user' },
  // A customer or agent pays money in at a desk, the bank or by transfer: their balance grows.
  prepaid_deposit: {
    role: 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_PREPAID_DEPOSIT',
    debit: 'desk',
    credit: 'user',
  },
  // The airline pays a user's balance out (or the user's debt is settled the other way round).
  settlement: { role: 'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_SETTLEMENT', debit: 'user', credit: 'desk' },
};
type AccountSide = 'user' | 'desk' | 'expense';

export function createBalanceLogService(db: Db) {
  /** The account the caller's own-records calls are about. */
  async function ownAccount(user: AuthUser): Promise<number> {
    const id = await userAccountId(db, user.id);
    if (id === null) throw ApiError.notFound('account of user', user.id);
    return id;
  }

  async function list(filters: Filters, query: ListQuery) {
    const [rows, total] = await Promise.all([listRecords(db, filters, query), countRecords(db, filters)]);
    return { items: rows.map(toRecord), total };
  }

  async function summary(accountId: number, filters: Pick<Filters, 'dateFrom' | 'dateTo'>) {
    const { initialBalance, finalBalance } = await summaryOf(db, accountId, filters);
    return { accountId, initialBalance: toChf(initialBalance), finalBalance: toChf(finalBalance) };
  }

  /** An account a person may book on: visible to them, active, of the side's kind. */
  async function usableAccount(tx: Tx, user: AuthUser, id: number, side: AccountSide | 'any', field: string) {
    const account = await accountFacts(tx, id);
    if (!account) throw ApiError.notFound('account', id);
    const isVirtual = account.ownerUserId === null;
    const visible = canSeeAccount([...user.roles], { ownerType: account.ownerType ?? null, isVirtual });
    const kindFits =
      side === 'any' ||
      (side === 'user' && !isVirtual) ||
      (side === 'expense' && account.virtualKind === 'expense') ||
      (side === 'desk' &&
        (account.virtualKind === 'cash' ||
          account.virtualKind === 'bank' ||
          account.virtualKind === 'transfer'));
    const mayOperate =
      side !== 'desk' ||
      satisfies(user.roles, { anyOf: [ROLE_ADMIN, ROLE_ACCOUNTING] }) ||
      (await operableVirtualAccountIds(tx, user.id)).includes(account.id);
    if (!visible || !kindFits || !mayOperate || !account.isActive)
      throw new ApiError('ERROR_ACCOUNT_NOT_ALLOWED', 422, { field });
    return account;
  }

  async function typeCodeOf(typeId: number): Promise<BalanceLogTypeCode> {
    const type = (await recordTypes(db)).find((row) => row.id === typeId);
    if (!type || !(FREE_BALANCE_LOG_TYPE_CODES as readonly string[]).includes(type.code))
      throw new ValidationError([{ code: 'ERROR_ENUM', message: 'Unknown category', field: 'typeId' }]);
    return type.code;
  }

  /** Books a transaction by hand: basic by the category's rule, advanced between any two accounts. */
  async function book(user: AuthUser, body: FreeBody, kind: 'basic' | 'advanced', idempotencyKey?: string) {
    const code = await typeCodeOf(body.typeId);
    const rule = kind === 'basic' ? BASIC_RULES[code] : undefined;
    if (kind === 'basic') {
      if (!rule)
        throw new ValidationError([{ code: 'ERROR_ENUM', message: 'Not a basic category', field: 'typeId' }]);
      if (!satisfies(user.roles, rule.role)) throw ApiError.forbidden();
    }
    return idempotent(db, { scope: `payment:free:${user.id}`, key: idempotencyKey, body }, async (tx) => {
      const debit = await usableAccount(
        tx,
        user,
        body.debitAccountId,
        rule?.debit ?? 'any',
        'debitAccountId',
      );
      const credit = await usableAccount(
        tx,
        user,
        body.creditAccountId,
        rule?.credit ?? 'any',
        'creditAccountId',
      );
      const record = await post(tx, {
        debitAccountId: debit.id,
        creditAccountId: credit.id,
        amount: toRappen(body.amount),
        type: code,
        title: kind === 'basic' ? { code: 'accountTransfer', params: {} } : { text: body.description },
        description: body.description,
        createdById: user.id,
      });
      // A transaction booked by hand is an entity of its own in the event log; movements with a
      // cause (payments, refunds) are logged with that cause (the reservation).
      await logEntityChange(tx, {
        userId: user.id,
        entityType: 'balanceLogRecord',
        entityId: record.id,
        operation: 'create',
        changedFields: ['debitAccountId', 'creditAccountId', 'amount', 'typeId', 'description'],
      });
      return { id: record.id };
    });
  }

  return {
    list: (query: ListQuery) => list(query, query),
    async ownList(user: AuthUser, query: Omit<ListQuery, 'selectedAccountId'>) {
      const selectedAccountId = await ownAccount(user);
      return list({ ...query, selectedAccountId }, query);
    },
    summary: (query: Filters & { selectedAccountId: number }) => summary(query.selectedAccountId, query),
    async ownSummary(user: AuthUser, query: Pick<Filters, 'dateFrom' | 'dateTo'>) {
      return summary(await ownAccount(user), query);
    },
    types: async () => ({ items: await recordTypes(db) }),
    freeTypes: async () => ({
      items: (await recordTypes(db)).filter((row) =>
        (FREE_BALANCE_LOG_TYPE_CODES as readonly string[]).includes(row.code),
      ),
    }),
    record: (id: number) => findRecord(db, id),
    book,
  };
}

export type BalanceLogService = ReturnType<typeof createBalanceLogService>;
