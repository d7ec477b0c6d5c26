import {
  accountPaymentRefusal,
  mayChargeOwnerAccount,
  mayPayBy,
  PARTIAL_PAYMENT_ROLE,
  type Rappen,
  satisfies,
  toRappen,
} from '@flybook/domain';
import type { PaymentMethod, ReservationPaymentBody } from '@flybook/schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { reservationAccess } from '../reservations/reservation-access.ts';
import type { ReservationsService } from '../reservations/reservations.service.ts';
import { deskAccount, virtualAccountOf } from './desks.ts';
import { bookInvoicePayment, checkPayable, lockInvoice, lockOwnerAccount } from './invoice-payments.ts';

type Body = z.output<typeof ReservationPaymentBody>;

/**
 * Payments of reservation invoices by account, cash, bank (ec) and transfer (spec 02 §5, §7).
 * Card payments come through the card module and end in the same booking function.
 */
export function createPaymentsService(db: Db, reservations: ReservationsService) {
  /** What method a payment type code names: the four words, or a bank account's code. */
  async function methodOf(tx: Tx, code: string): Promise<Exclude<PaymentMethod, 'datatrans'> | null> {
    if (code === 'account' || code === 'cash' || code === 'transfer') return code;
    const bank = await virtualAccountOf(tx, { code });
    return bank?.kind === 'bank' ? 'bank' : null;
  }

  /**
   * The account the money comes from: the chosen desk for cash, bank and transfer; for account,
   * the owner's, charged as @flybook/domain's `accountPaymentRefusal` allows.
   */
  async function sourceAccount(
    tx: Tx,
    user: AuthUser,
    method: Exclude<PaymentMethod, 'datatrans'>,
    body: Body,
    reservation: { id: number; ownerId: number | null },
    payer: { isStaff: boolean; isOwner: boolean },
    amount: Rappen,
  ): Promise<number> {
    if (method === 'account') {
      // Nothing is locked for anyone who may not spend it.
      if (!mayChargeOwnerAccount(payer)) throw ApiError.forbidden();
      const owner =
        reservation.ownerId === null ? null : await lockOwnerAccount(tx, reservation.ownerId, reservation.id);
      switch (accountPaymentRefusal(payer, owner, amount)) {
        case 'notTheirs':
          throw ApiError.forbidden();
        case 'noAccount':
          throw new ApiError('ERROR_ACCOUNT_NOT_ALLOWED', 422, { field: 'paymentTypeCode' });
        case 'notEnoughMoney':
          throw new ApiError('ERROR_PAYMENT_NOT_ENOUGH_MONEY', 422, { field: 'amount' });
      }
      return owner!.id;
    }
    return deskAccount(tx, user, {
      method,
      accountId: body.accountId,
      bankCode: body.paymentTypeCode,
    });
  }

  async function payInvoice(user: AuthUser, body: Body, idempotencyKey?: string) {
    const amount = toRappen(body.amount);
    return idempotent(db, { scope: `payment:invoice:${user.id}`, key: idempotencyKey, body }, async (tx) => {
      const locked = await lockInvoice(tx, body.reservationInvoiceId);
      if (!locked) throw ApiError.notFound('invoice', body.reservationInvoiceId);
      // An invoice the caller may not read does not exist for them.
      const access = reservationAccess(user, locked.reservation);
      checkPayable(locked, amount, new Date(), satisfies(user.roles, PARTIAL_PAYMENT_ROLE));
      const method = await methodOf(tx, body.paymentTypeCode);
      if (!method) throw new ApiError('ERROR_PAYMENT_UNEXPECTED_METHOD', 422, { field: 'paymentTypeCode' });
      if (!mayPayBy(user.roles, method)) throw ApiError.forbidden();
      const fromAccountId = await sourceAccount(tx, user, method, body, locked.reservation, access, amount);
      const id = await bookInvoicePayment(tx, locked, {
        amount,
        method,
        fromAccountId,
        createdById: user.id,
      });
      return { id, reservation: await reservations.recordPayment(tx, user, locked.reservation.id, amount) };
    });
  }

  return { payInvoice };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
