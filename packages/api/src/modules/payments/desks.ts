import { ROLE_ACCOUNTING, ROLE_ADMIN, satisfies } from '@flybook/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { operableVirtualAccountIds } from '../ledger/ledger.ts';

/** The kinds of virtual account a payment is taken into at the office. */
export type DeskMethod = 'cash' | 'bank' | 'transfer';

/** A virtual account the money goes into: cash desk, bank (ec) or transfer. */
export async function virtualAccountOf(tx: Tx, where: { id?: number; code?: string }) {
  const [row] = await tx
    .select({
      id: accounts.id,
      kind: accounts.virtualKind,
      code: accounts.virtualCode,
      isActive: accounts.isActive,
    })
    .from(accounts)
    .where(where.id !== undefined ? eq(accounts.id, where.id) : eq(accounts.virtualCode, where.code ?? ''))
    .limit(1);
  return row;
}

/**
 * The desk a cash, bank (ec) or transfer payment is taken into: the chosen account (a bank payment
 * may name its bank by code instead), of the method's kind, active, and one the caller may operate
 * (their group's or their own virtual accounts; accounting and admins all). Reservation and
 * allotment invoice payments both take money in through it (spec 02 §5).
 */
export async function deskAccount(
  tx: Tx,
  user: AuthUser,
  payment: { method: DeskMethod; accountId: number | undefined; bankCode?: string },
): Promise<number> {
  const { method, accountId, bankCode } = payment;
  const chosen =
    accountId !== undefined
      ? await virtualAccountOf(tx, { id: accountId })
      : method === 'bank' && bankCode !== undefined
        ? await virtualAccountOf(tx, { code: bankCode })
        : undefined;
  if (!chosen) throw new ApiError('ERROR_PAYMENT_ACCOUNT_REQUIRED', 422, { field: 'accountId' });
  const fits = chosen.kind === method && chosen.isActive && (method !== 'bank' || chosen.code === bankCode);
  const mayUse =
    satisfies(user.roles, { anyOf: [ROLE_ADMIN, ROLE_ACCOUNTING] }) ||
    (await operableVirtualAccountIds(tx, user.id)).includes(chosen.id);
  if (!fits || !mayUse) throw new ApiError('ERROR_ACCOUNT_NOT_ALLOWED', 422, { field: 'accountId' });
  return chosen.id;
}
