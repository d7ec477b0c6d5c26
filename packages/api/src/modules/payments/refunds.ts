import { paymentsLeft, recordMoneyOut } from '../ledger/invoice-transfers.ts';
import { post, userAccountId, virtualAccountId } from '../ledger/ledger.ts';
import type { RefundOnCancel } from '../reservations/reservations.service.ts';
import type { CardProvider } from './card-provider.ts';
import * as repo from './payments.repository.ts';

/**
 * Refunds on cancellation (docs/payments.md): what was paid minus the fee goes back the way it
 * came, newest payment first: card payments to the card through the provider's credit call,
 * account payments to the owner's account, cash, bank and transfer payments to the owner's
 * account when there is an owner, else out of the same desk. Each part is a ledger record from
 * ticket revenue; a credit note lists them.
 */
export function createRefunds(provider: CardProvider): RefundOnCancel {
  return async (tx, { reservationId, fee, userId }) => {
    const invoice = await repo.findInvoiceOfReservation(tx, reservationId);
    const reservation = await repo.findReservationRow(tx, reservationId);
    const paid = invoice!.totalPaid;
    if (paid <= 0) return 0;
    const refund = Math.max(0, paid - fee);
    const revenue = await virtualAccountId(tx, 'REVENUE_TICKETS');
    const ownerAccount = reservation!.ownerId === null ? null : await userAccountId(tx, reservation!.ownerId);
    const parts: { method: string; accountId: number; amount: number }[] = [];
    let left = refund;
    for (const payment of await paymentsLeft(tx, invoice!.id)) {
      if (left <= 0) break;
      const card = payment.cardTransactionId
        ? await repo.findCardTransactionById(tx, payment.cardTransactionId)
        : undefined;
      const amount = Math.min(left, payment.left, card ? card.amount - card.refunded : payment.left);
      if (amount <= 0) continue;
      let toAccount: number;
      if (payment.method === 'datatrans' && card?.transactionId) {
        await provider.credit(card.transactionId, amount, card.refno);
        await repo.updateCardTransaction(tx, card.id, { refunded: card.refunded + amount });
        toAccount = payment.accountId;
      } else {
        toAccount = ownerAccount ?? payment.accountId;
      }
      const record = await post(tx, {
        debitAccountId: revenue,
        creditAccountId: toAccount,
        amount,
        type: 'refund',
        title: { code: 'reservationRefund', params: { reservationId, method: payment.method } },
        description: payment.method,
        reservationId,
        createdById: userId,
      });
      // The invoice lists the refund beside the payment it gives back; its paid total drops by it.
      await recordMoneyOut(
        tx,
        { ...payment, invoiceId: invoice!.id },
        { amount, accountId: toAccount, balanceLogRecordId: record.id, createdById: userId },
      );
      parts.push({
        method:
          payment.method === 'datatrans'
            ? 'datatrans'
            : toAccount === ownerAccount
              ? 'account'
              : payment.method,
        accountId: toAccount,
        amount,
      });
      left -= amount;
    }
    await repo.insertCreditNote(tx, {
      reservationId,
      paid,
      fee,
      refund: refund - left,
      parts,
      createdById: userId,
    });
    return refund - left;
  };
}
