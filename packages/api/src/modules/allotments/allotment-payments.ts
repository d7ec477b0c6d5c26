import {
  allotmentPaymentState,
  isInvoiceSettled,
  outstandingOf,
  toRappen,
  totalWithDiscount,
} from '@flybook/domain';
import type { AllotmentPaymentBody } from '@flybook/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { logEntityChange } from '../../platform/entity-log.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { post, userAccountId, virtualAccountId } from '../ledger/ledger.ts';
import { deskAccount } from '../payments/desks.ts';
import * as repo from './allotments.repository.ts';
import type { AllotmentsService } from './allotments.service.ts';

type Body = z.output<typeof AllotmentPaymentBody>;

/** The methods an allotment invoice takes (spec 02 §9): cash and transfer only. */
const METHODS = ['cash', 'transfer'] as const;
const isMethod = (code: string): code is (typeof METHODS)[number] =>
  (METHODS as readonly string[]).includes(code);

/**
 * Payments of allotment invoices (spec 02 §5): checked in the spec's order (the invoice can still
 * be paid, the amount is not above what is still to pay, the method is cash or transfer, the desk
 * is one the caller may operate), then booked in the ledger in two records of the same transaction:
 * the money comes in at the desk for the agent (desk → agent's account, a deposit), and the agent's
 * account settles the invoice (agent's account → ticket revenue, a payment, as an account payment of
 * a reservation is booked). The agent's balance is where it was; the agent's balance log shows both.
 */
export function createAllotmentPayments(db: Db, allotments: AllotmentsService) {
  async function pay(user: AuthUser, body: Body, idempotencyKey?: string) {
    const amount = toRappen(body.amount);
    return idempotent(
      db,
      { scope: `payment:allotment:${user.id}`, key: idempotencyKey, body },
      async (tx) => {
        const invoice = await repo.lockInvoice(tx, body.allotmentInvoiceId);
        if (!invoice) throw ApiError.notFound('allotment invoice', body.allotmentInvoiceId);
        if (isInvoiceSettled(invoice)) throw new ApiError('ERROR_INVOICE_ALREADY_PAID', 422);
        const charged = totalWithDiscount(invoice);
        if (amount > outstandingOf({ total: charged, totalPaid: invoice.totalPaid }))
          throw new ApiError('ERROR_PAYMENT_AMOUNT_TOO_BIG', 422, { field: 'amount' });
        const method = body.paymentTypeCode;
        if (!isMethod(method)) {
          throw new ApiError('ERROR_PAYMENT_UNEXPECTED_METHOD', 422, { field: 'paymentTypeCode' });
        }
        const deskId = await deskAccount(tx, user, { method, accountId: body.accountId });
        const agentAccountId = await userAccountId(tx, invoice.agentId);
        if (agentAccountId === null) throw new Error(`agent ${invoice.agentId} has no account`);
        const deposit = await post(tx, {
          debitAccountId: deskId,
          creditAccountId: agentAccountId,
          amount,
          type: 'prepaid_deposit',
          title: { code: 'allotmentPayment', params: { allotmentInvoiceId: invoice.id, method } },
          description: method,
          createdById: user.id,
        });
        const settlement = await post(tx, {
          debitAccountId: agentAccountId,
          creditAccountId: await virtualAccountId(tx, 'REVENUE_TICKETS'),
          amount,
          type: 'payment',
          title: { code: 'allotmentPayment', params: { allotmentInvoiceId: invoice.id } },
          description: invoice.title,
          createdById: user.id,
        });
        const payment = await repo.insertPayment(tx, {
          invoiceId: invoice.id,
          amount,
          method,
          accountId: deskId,
          depositRecordId: deposit.id,
          balanceLogRecordId: settlement.id,
          createdById: user.id,
        });
        const totalPaid = invoice.totalPaid + amount;
        const status = allotmentPaymentState(charged, totalPaid);
        await repo.updateInvoice(tx, invoice.id, { totalPaid, status });
        await logEntityChange(tx, {
          userId: user.id,
          entityType: 'allotmentInvoice',
          entityId: invoice.id,
          operation: 'update',
          changedFields: status === invoice.status ? ['totalPaid'] : ['totalPaid', 'status'],
        });
        return { id: payment.id, invoice: await allotments.view(tx, invoice.id) };
      },
    );
  }
  return { pay };
}

export type AllotmentPayments = ReturnType<typeof createAllotmentPayments>;
