import type { Rappen } from '@flybook/domain';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { reservationInvoices, reservationPayments } from '../../db/schema/index.ts';
import { post, virtualAccountId } from './ledger.ts';

/**
 * A reservation's payments with what is left of each after the money that already went back out
 * of it (refunds, split shares), newest first: what a refund or a split can still take back.
 */
export async function paymentsLeft(tx: Tx, invoiceId: number) {
  const rows = await tx
    .select({
      id: reservationPayments.id,
      amount: reservationPayments.amount,
      method: reservationPayments.method,
      accountId: reservationPayments.accountId,
      cardTransactionId: reservationPayments.cardTransactionId,
      takenBack: sql<string>`coalesce((select -sum(r.amount) from reservation_payments r where r.reverses_payment_id = ${reservationPayments.id}), 0)::text`,
    })
    .from(reservationPayments)
    .where(and(eq(reservationPayments.invoiceId, invoiceId), gt(reservationPayments.amount, 0)))
    .orderBy(desc(reservationPayments.id));
  return rows.map(({ takenBack, ...row }) => ({ ...row, left: row.amount - Number(takenBack) }));
}
export type PaymentLeft = Awaited<ReturnType<typeof paymentsLeft>>[number];

/**
 * Money going back out of an invoice (a refund or a split share), in the caller's transaction: the
 * row with the negative amount that names the payment it takes back, and the invoice's paid total.
 */
export async function recordMoneyOut(
  tx: Tx,
  payment: PaymentLeft & { invoiceId: number },
  out: { amount: Rappen; accountId: number; balanceLogRecordId: number; createdById: number | null },
) {
  await tx.insert(reservationPayments).values({
    invoiceId: payment.invoiceId,
    amount: -out.amount,
    method: payment.method,
    accountId: out.accountId,
    balanceLogRecordId: out.balanceLogRecordId,
    cardTransactionId: payment.cardTransactionId,
    reversesPaymentId: payment.id,
    createdById: out.createdById,
  });
  await tx
    .update(reservationInvoices)
    .set({ totalPaid: sql`${reservationInvoices.totalPaid} - ${out.amount}`, updatedAt: new Date() })
    .where(eq(reservationInvoices.id, payment.invoiceId));
}

/**
 * Moves `amount` of what was paid on one reservation's invoice to another's (a split,
 * docs/payments.md): newest payment first, each part goes back from ticket revenue to the account
 * it came from and from there onto the new invoice as a payment by the same method (same desk, same
 * card transaction), so a later refund of the new reservation gives it back the way it came. Both
 * invoices' paid totals follow; the caller sets their statuses.
 */
export async function transferPaid(
  tx: Tx,
  from: { invoiceId: number; reservationId: number },
  to: { invoiceId: number; reservationId: number },
  amount: Rappen,
  createdById: number,
): Promise<Rappen> {
  if (amount <= 0) return 0;
  const revenue = await virtualAccountId(tx, 'REVENUE_TICKETS');
  let left = amount;
  for (const payment of await paymentsLeft(tx, from.invoiceId)) {
    if (left <= 0) break;
    const part = Math.min(left, payment.left);
    if (part <= 0) continue;
    const title = {
      code: 'reservationSplit',
      params: {
        fromReservationId: from.reservationId,
        toReservationId: to.reservationId,
        method: payment.method,
      },
    } as const;
    const out = await post(tx, {
      debitAccountId: revenue,
      creditAccountId: payment.accountId,
      amount: part,
      type: 'reservation_transfer',
      title,
      description: payment.method,
      reservationId: from.reservationId,
      createdById,
    });
    await recordMoneyOut(
      tx,
      { ...payment, invoiceId: from.invoiceId },
      { amount: part, accountId: payment.accountId, balanceLogRecordId: out.id, createdById },
    );
    const into = await post(tx, {
      debitAccountId: payment.accountId,
      creditAccountId: revenue,
      amount: part,
      type: 'reservation_transfer',
      title,
      description: payment.method,
      reservationId: to.reservationId,
      createdById,
    });
    await tx.insert(reservationPayments).values({
      invoiceId: to.invoiceId,
      amount: part,
      method: payment.method,
      accountId: payment.accountId,
      balanceLogRecordId: into.id,
      cardTransactionId: payment.cardTransactionId,
      createdById,
    });
    await tx
      .update(reservationInvoices)
      .set({ totalPaid: sql`${reservationInvoices.totalPaid} + ${part}`, updatedAt: new Date() })
      .where(eq(reservationInvoices.id, to.invoiceId));
    left -= part;
  }
  return amount - left;
}

/**
 * Books the unpaid part of a cancellation fee as owed (docs/payments.md, "Cancellation fees"):
 * receivables to ticket revenue, so the fee is revenue when charged and its payment settles the
 * receivable instead of earning it twice.
 */
export async function bookFeeReceivable(tx: Tx, reservationId: number, amount: Rappen, createdById: number) {
  if (amount <= 0) return;
  await post(tx, {
    debitAccountId: await virtualAccountId(tx, 'RECEIVABLES'),
    creditAccountId: await virtualAccountId(tx, 'REVENUE_TICKETS'),
    amount,
    type: 'cancellation_fee',
    title: { code: 'cancellationFee', params: { reservationId } },
    reservationId,
    createdById,
  });
}
