import {
  availableOnAccount,
  invoiceStatusOf,
  outstandingOf,
  paymentAmountProblem,
  payVerdict,
  type Rappen,
  withheldOf,
} from '@flybook/domain';
import type { PaymentMethod } from '@flybook/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  accounts,
  reservationInvoices,
  reservationPayments,
  reservations,
  users,
} from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import { post, virtualAccountId } from '../ledger/ledger.ts';
import { refuseUnless, reservationCancelled } from '../reservations/action-refusals.ts';

/**
 * The invoice of a reservation and the reservation's state, both rows locked for a payment. The
 * reservation is locked first, as every change of a reservation (a cancellation, an edit) locks it
 * before its invoice: a payment that took the invoice first and then waited on the reservation
 * (its ledger record's key) deadlocked with a cancellation of the same reservation.
 */
export async function lockInvoice(tx: Tx, invoiceId: number) {
  await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      eq(
        reservations.id,
        sql`(select ${reservationInvoices.reservationId} from ${reservationInvoices} where ${reservationInvoices.id} = ${invoiceId})`,
      ),
    )
    .for('no key update');
  const [row] = await tx
    .select({ invoice: reservationInvoices, reservation: reservations })
    .from(reservationInvoices)
    .innerJoin(reservations, eq(reservations.id, reservationInvoices.reservationId))
    .where(eq(reservationInvoices.id, invoiceId))
    .for('update', { of: reservationInvoices });
  return row;
}
export type LockedInvoice = NonNullable<Awaited<ReturnType<typeof lockInvoice>>>;

/**
 * The checks every payment of an invoice passes before its method's own (spec 02 §5, in that
 * order): the reservation can still be paid (the pay verdict of `reservationActions`), the amount
 * is not above what is still to pay, and less than that only with the partial-payment right. A
 * payment is not refused for the payer's view of the prices.
 */
export function checkPayable(locked: LockedInvoice, amount: Rappen, now: Date, partialAllowed: boolean) {
  const { invoice, reservation } = locked;
  refuseUnless(payVerdict({ ...reservation, invoice, pricesHidden: false }, now), {
    cancelled: reservationCancelled,
    expired: () => new ApiError('ERROR_RESERVATION_EXPIRED', 422),
    alreadyPaid: () => new ApiError('ERROR_INVOICE_ALREADY_PAID', 422),
  });
  const problem = paymentAmountProblem(amount, outstandingOf(invoice), partialAllowed);
  if (problem === 'ERROR_PAYMENT_AMOUNT_TOO_BIG') throw new ApiError(problem, 422, { field: 'amount' });
  if (problem) throw new ApiError(problem, 403, { field: 'amount' });
}

/**
 * Money an owner's created (card-pending) reservations hold back from their account (spec 02 §4):
 * what is unpaid on each, except the reservation being paid now.
 */
export async function withheldFor(tx: Tx, ownerId: number, exceptReservationId: number): Promise<Rappen> {
  const waiting = await tx
    .select({ id: reservations.id, status: reservations.status, invoice: reservationInvoices })
    .from(reservations)
    .innerJoin(reservationInvoices, eq(reservationInvoices.reservationId, reservations.id))
    .where(and(eq(reservations.ownerId, ownerId), eq(reservations.status, 'created')));
  return withheldOf(waiting, exceptReservationId);
}

/** The owner's account locked for an account payment, with what it may still pay. */
export async function lockOwnerAccount(tx: Tx, ownerId: number, reservationId: number) {
  const [row] = await tx
    .select({ id: accounts.id, balance: accounts.balance, creditLimit: users.creditLimitTotalAmount })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(accounts.ownerUserId, ownerId))
    .for('update', { of: accounts });
  if (!row) return null;
  const withheld = await withheldFor(tx, ownerId, reservationId);
  return { id: row.id, available: availableOnAccount(row.balance, row.creditLimit, withheld) };
}

/**
 * Books a payment on an invoice in the caller's transaction: the ledger record (money from
 * `fromAccountId` to ticket revenue), the payment row and the invoice's paid total and status.
 * The caller has locked the invoice and checked the payment.
 */
export async function bookInvoicePayment(
  tx: Tx,
  locked: LockedInvoice,
  payment: {
    amount: Rappen;
    method: PaymentMethod;
    fromAccountId: number;
    cardTransactionId?: number;
    createdById: number | null;
  },
) {
  const { invoice, reservation } = locked;
  const record = await post(tx, {
    debitAccountId: payment.fromAccountId,
    // A cancellation fee was revenue when charged: its payment settles what the customer owes.
    creditAccountId: await virtualAccountId(
      tx,
      reservation.status === 'cancelled' ? 'RECEIVABLES' : 'REVENUE_TICKETS',
    ),
    amount: payment.amount,
    type: payment.method === 'datatrans' ? 'card_payment' : 'payment',
    title: { code: 'reservationPayment', params: { reservationId: reservation.id, method: payment.method } },
    description: payment.method,
    reservationId: reservation.id,
    createdById: payment.createdById,
  });
  const [row] = await tx
    .insert(reservationPayments)
    .values({
      invoiceId: invoice.id,
      amount: payment.amount,
      method: payment.method,
      accountId: payment.fromAccountId,
      balanceLogRecordId: record.id,
      cardTransactionId: payment.cardTransactionId ?? null,
      createdById: payment.createdById,
    })
    .returning({ id: reservationPayments.id });
  const totalPaid = invoice.totalPaid + payment.amount;
  await tx
    .update(reservationInvoices)
    .set({ totalPaid, status: invoiceStatusOf(invoice.total, totalPaid), updatedAt: new Date() })
    .where(eq(reservationInvoices.id, invoice.id));
  return row!.id;
}
