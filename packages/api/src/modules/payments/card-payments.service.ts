import { randomBytes } from 'node:crypto';
import {
  cardPaymentSplit,
  invoiceStatusOf,
  isPastPaymentWindow,
  mayStartCardPayment,
  outstandingOf,
  PARTIAL_PAYMENT_ROLE,
  ROLE_ACCOUNTING,
  ROLE_ADMIN,
  satisfies,
  toChf,
  toRappen,
} from '@flybook/domain';
import type { CardAgentInitBody, CardReservationInitBody, CardTransaction } from '@flybook/schemas';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { cardTransactions } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { reservationIdOfAccessKey } from '../../platform/access-keys.ts';
import { logEntityChange } from '../../platform/entity-log.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { recordMoneyOut } from '../ledger/invoice-transfers.ts';
import { post, userAccountId, virtualAccountId } from '../ledger/ledger.ts';
import { guestKeyMatches } from '../reservations/guest-key.ts';
import { reservationAccess } from '../reservations/reservation-access.ts';
import type { ReservationsService } from '../reservations/reservations.service.ts';
import { type CardProvider, ProviderError } from './card-provider.ts';
import { bookInvoicePayment, checkPayable, type LockedInvoice, lockInvoice } from './invoice-payments.ts';
import * as repo from './payments.repository.ts';

type CardRow = typeof cardTransactions.$inferSelect;

/** A start found an open card payment of the reservation already paid at the provider. */
class PaidMeanwhile extends Error {
  readonly row: CardRow;
  constructor(row: CardRow) {
    super(`card transaction ${row.id} was paid meanwhile`);
    this.row = row;
  }
}

const EXPIRED_MESSAGE = 'Reservation expired.';
const REPLACED_MESSAGE = 'Replaced by a newer card payment of the reservation.';
/** How long the public card pages may read a transaction's reservation. */
const PUBLIC_TRANSACTION_HOURS = 24;

export const toCardTransaction = (row: CardRow): CardTransaction => ({
  transactionId: row.transactionId ?? '',
  status: row.status,
  amount: toChf(row.amount),
  source: row.source,
  reservationId: row.reservationId,
  agentId: row.agentId,
  routeName: row.routeName,
  isBooked: row.bookedAt !== null,
  paymentPageUrl: row.paymentPageUrl ?? '',
  details: { fail: row.failMessage ? { message: row.failMessage } : null },
  createdAt: row.createdAt.toISOString(),
});

/**
 * Card payments through the provider (spec 02 §4 Card flow, DESIGN §7): start a transaction for a
 * reservation or an agent's top-up, and book its money exactly once when the provider says it is
 * ours, whichever of confirm, webhook or status poll asks first (`sync`).
 */
export function createCardPaymentsService(
  db: Db,
  provider: CardProvider,
  reservationsService: ReservationsService,
  config: Pick<Config, 'publicUrl'>,
) {
  const returnUrls = (row: {
    source: string;
    reservationId: number | null;
    routeName: string | null;
    locale: string;
  }) => {
    const base = config.publicUrl;
    const to = (status: 'success' | 'cancel' | 'error') => {
      if (row.source === 'agentAccount')
        return `${base}/admin/agent/payment?status=${status}&route=${encodeURIComponent(row.routeName ?? '/reservation/list')}`;
      if (row.source === 'customerReservation') {
        const prefix = row.locale === 'en' ? '' : `/${row.locale}`;
        return `${base}${prefix}/datatrans/${status}?reservationId=${row.reservationId}&source=${row.source}`;
      }
      return `${base}/admin/reservation/${row.reservationId}/payment?status=${status}&source=${row.source}`;
    };
    return { successUrl: to('success'), cancelUrl: to('cancel'), errorUrl: to('error') };
  };

  /**
   * Inserts our row, starts the transaction at the provider and keeps its id and payment page, in
   * one database transaction: a provider that refuses leaves no row behind.
   */
  async function start(tx: Tx, values: Omit<typeof cardTransactions.$inferInsert, 'refno'>) {
    const refno = `${values.reservationId ? `R${values.reservationId}` : `A${values.agentId}`}-${randomBytes(4).toString('hex')}`;
    const row = await repo.insertCardTransaction(tx, { ...values, refno });
    const started = await provider.init({
      refno,
      amount: row.amount,
      language: row.locale,
      ...returnUrls(row),
      webhookUrl: `${config.publicUrl}/api/v1/public/payment/datatrans/webhook`,
    });
    await repo.updateCardTransaction(tx, row.id, {
      transactionId: started.transactionId,
      paymentPageUrl: started.paymentPageUrl,
    });
    return { transactionId: started.transactionId };
  }

  async function findRow(transactionId: string): Promise<CardRow> {
    const row = await repo.findCardTransaction(db, transactionId);
    if (!row) throw new ApiError('ERROR_TRANSACTION_NOT_FOUND', 404);
    return row;
  }

  /** Who may see and confirm a transaction: its reservation's readers, the agent topping up, or card staff. */
  async function checkAccess(user: AuthUser, row: CardRow) {
    if (satisfies(user.roles, { anyOf: [ROLE_ADMIN, ROLE_ACCOUNTING] })) return;
    if (row.agentId !== null) {
      if (row.agentId !== user.id) throw new ApiError('ERROR_TRANSACTION_NOT_FOUND', 404);
      return;
    }
    const reservation = await repo.findReservationRow(db, row.reservationId!);
    try {
      reservationAccess(user, reservation!);
    } catch {
      throw new ApiError('ERROR_TRANSACTION_NOT_FOUND', 404);
    }
  }

  const setState = (id: number, values: Partial<typeof cardTransactions.$inferInsert>) =>
    repo.updateCardTransaction(db, id, values);

  /** Books a settled transaction's money, once: the row lock and `bookedAt` make repeats do nothing. */
  async function book(row: CardRow, actor: AuthUser | null): Promise<CardRow> {
    return db.transaction(async (tx: Tx) => {
      const locked = await repo.lockCardTransaction(tx, row.id);
      if (!locked || locked.bookedAt) return locked!;
      const cardAccount = await virtualAccountId(tx, 'CARD_PROVIDER');
      if (locked.reservationId !== null) {
        const invoiceId = await repo.invoiceIdOf(tx, locked.reservationId);
        const lockedInvoice = (await lockInvoice(tx, invoiceId!))!;
        // Two card payments of one booking can both be paid (two tabs, a race at the provider):
        // the money is booked as it came, and what the invoice did not need goes back to the card.
        const { kept, excess } = cardPaymentSplit(lockedInvoice.invoice, locked.amount);
        const createdById = actor?.id ?? locked.startedById;
        const paymentId = await bookInvoicePayment(tx, lockedInvoice, {
          amount: locked.amount,
          method: 'datatrans',
          fromAccountId: cardAccount,
          cardTransactionId: locked.id,
          createdById,
        });
        if (excess > 0)
          await giveBackExcess(tx, lockedInvoice, locked, {
            id: paymentId,
            excess,
            cardAccount,
            createdById,
          });
        await reservationsService.recordPayment(tx, actor, locked.reservationId, kept);
      } else {
        const agentAccount = await userAccountId(tx, locked.agentId!);
        const record = await post(tx, {
          debitAccountId: cardAccount,
          creditAccountId: agentAccount!,
          amount: locked.amount,
          type: 'charge_account',
          title: { code: 'cardTopUp', params: { refno: locked.refno } },
          createdById: actor?.id ?? locked.agentId,
        });
        // A top-up has no reservation to log it with: it is a transaction of its own, as one booked by hand.
        await logEntityChange(tx, {
          userId: actor?.id ?? locked.agentId,
          entityType: 'balanceLogRecord',
          entityId: record.id,
          operation: 'create',
          changedFields: ['debitAccountId', 'creditAccountId', 'amount', 'typeId'],
        });
      }
      return repo.updateCardTransaction(tx, locked.id, {
        status: 'settled',
        bookedAt: new Date(),
        failMessage: null,
      });
    });
  }

  /**
   * Credits what a card payment brought beyond the invoice's total back to the card, in the
   * booking's transaction: the provider's credit, a refund record back from where the payment went
   * to the card provider's account, the money going out of the invoice as a negative payment that
   * names the card payment (so its paid total is its total again), and a credit note. If the
   * provider refuses the credit, nothing is booked and the next sync tries again.
   */
  async function giveBackExcess(
    tx: Tx,
    lockedInvoice: LockedInvoice,
    card: CardRow,
    payment: { id: number; excess: number; cardAccount: number; createdById: number | null },
  ) {
    const { invoice, reservation } = lockedInvoice;
    const { excess, cardAccount, createdById } = payment;
    await provider.credit(card.transactionId!, excess, card.refno);
    await repo.updateCardTransaction(tx, card.id, { refunded: card.refunded + excess });
    const record = await post(tx, {
      // Back from where the payment went: a cancelled reservation's payments settle its receivable.
      debitAccountId: await virtualAccountId(
        tx,
        reservation.status === 'cancelled' ? 'RECEIVABLES' : 'REVENUE_TICKETS',
      ),
      creditAccountId: cardAccount,
      amount: excess,
      type: 'refund',
      title: { code: 'overpaymentRefund', params: { reservationId: reservation.id, method: 'datatrans' } },
      description: 'overpayment',
      reservationId: reservation.id,
      createdById,
    });
    await recordMoneyOut(
      tx,
      {
        id: payment.id,
        invoiceId: invoice.id,
        amount: card.amount,
        left: card.amount,
        method: 'datatrans',
        accountId: cardAccount,
        cardTransactionId: card.id,
      },
      { amount: excess, accountId: cardAccount, balanceLogRecordId: record.id, createdById },
    );
    const paid = invoice.totalPaid + card.amount;
    const totalPaid = paid - excess;
    await repo.setInvoiceStatus(tx, invoice.id, invoiceStatusOf(invoice.total, totalPaid));
    await repo.insertCreditNote(tx, {
      reservationId: reservation.id,
      reason: 'overpayment',
      paid,
      fee: invoice.total,
      refund: excess,
      parts: [{ method: 'datatrans', accountId: cardAccount, amount: excess }],
      createdById,
    });
  }

  /**
   * Before a new card payment of a reservation starts, in its transaction, the open ones end: one
   * still waiting on the provider's page is cancelled there, so a second tab (or an earlier Pay
   * now) cannot charge the card too. One the customer has already paid stops the start
   * (PaidMeanwhile): it is booked first. A row being booked right now is waited for, so a start in
   * that instant is refused as already paid instead of opening a second payment; should two
   * payments still both be paid (a race at the provider), the excess goes back to the card
   * (`giveBackExcess`).
   */
  async function endOpenPayments(tx: Tx, reservationId: number) {
    // Card rows before the invoice, as `book` locks them: no deadlock between the two.
    const open = await repo.lockOpenCardTransactions(tx, reservationId);
    for (const row of open) {
      if (row.transactionId === null) continue;
      const remote = await provider.status(row.transactionId);
      if (remote.status === 'authorized' || remote.status === 'settled' || remote.status === 'transmitted')
        throw new PaidMeanwhile(row);
      // Failed, expired or cancelled at the provider already: its own sync records why.
      if (remote.status !== 'initialized' && remote.status !== 'authenticated') continue;
      try {
        await provider.cancel(row.transactionId, row.refno);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        // Paid on the provider's page in this very instant: book it before anything new starts.
        throw new PaidMeanwhile(row);
      }
      await repo.updateCardTransaction(tx, row.id, { status: 'canceled', failMessage: REPLACED_MESSAGE });
    }
  }

  /**
   * Whether the reservation a card payment is for can still take it: not expired, and not cancelled
   * unless the payment fits in its unpaid cancellation fee (docs/payments.md).
   */
  async function reservationStillPayable(row: CardRow) {
    if (row.reservationId === null) return true;
    const found = await repo.findReservationWithInvoice(db, row.reservationId);
    if (!found) return false;
    if (found.reservation.status === 'cancelled') return row.amount <= outstandingOf(found.invoice);
    return !isPastPaymentWindow(found.reservation, new Date());
  }

  /**
   * Brings our row in line with the provider: an authorized payment is settled and booked (or, for
   * a reservation that expired meanwhile, given back); failures keep the provider's message.
   */
  async function sync(row: CardRow, actor: AuthUser | null): Promise<CardRow> {
    if (row.bookedAt || row.status === 'expired' || row.transactionId === null) return row;
    let remote = await provider.status(row.transactionId);
    if (remote.status === 'authorized') {
      if (!(await reservationStillPayable(row))) {
        await provider.cancel(row.transactionId, row.refno).catch(() => undefined);
        return setState(row.id, { status: 'expired', failMessage: EXPIRED_MESSAGE });
      }
      try {
        await provider.settle(row.transactionId, row.amount, row.refno);
      } catch (error) {
        // Another sync settled it first: read again and book below.
        if (!(error instanceof ProviderError)) throw error;
      }
      remote = await provider.status(row.transactionId);
    }
    if (remote.status === 'settled' || remote.status === 'transmitted') return book(row, actor);
    if (remote.status === 'canceled' && !(await reservationStillPayable(row))) {
      // A sync running beside this one found the payment authorized too late and cancelled it at
      // the provider: the reservation expired, which is what the customer must read.
      return setState(row.id, { status: 'expired', failMessage: EXPIRED_MESSAGE });
    }
    if (remote.status === 'failed' || remote.status === 'canceled') {
      return setState(row.id, {
        status: remote.status,
        failMessage:
          remote.detail?.fail?.message ?? (remote.status === 'canceled' ? 'Payment cancelled.' : null),
      });
    }
    return row;
  }

  return {
    async initReservation(
      user: AuthUser | null,
      body: z.output<typeof CardReservationInitBody>,
      idempotencyKey?: string,
    ) {
      const amount = toRappen(body.amount);
      const found = await repo.findReservationWithInvoice(db, body.reservationId);
      // Guests pay the bookings they made without a session (also those that opened a customer
      // account), known by the key the booking answered them with (ids count up: without it anyone
      // could pay-start, and so read, any guest booking). Anyone else pays only what they may read.
      const isOwnGuestBooking =
        found !== undefined &&
        found.reservation.reservatorId === null &&
        guestKeyMatches(body.guestKey, found.reservation.guestKeyHash);
      // The holder of the booking's access key (manage my booking) pays what is open of that booking
      // only, and not when its price is hidden from its travellers (docs/booking-manage.md).
      const isKeyHolder =
        found !== undefined &&
        body.accessKey !== undefined &&
        !found.reservation.priceNeedsToBeHidden &&
        (await reservationIdOfAccessKey(db, body.accessKey)) === found.reservation.id;
      if (!found || (!user && !isOwnGuestBooking && !isKeyHolder))
        throw ApiError.notFound('reservation', body.reservationId);
      const access =
        user && !isKeyHolder && !isOwnGuestBooking ? reservationAccess(user, found.reservation) : null;
      if (access && !mayStartCardPayment(user!.roles, access)) throw ApiError.forbidden();
      const partialAllowed = user !== null && satisfies(user.roles, PARTIAL_PAYMENT_ROLE);
      checkPayable(found, amount, new Date(), partialAllowed);
      // A retried start answers the first transaction: one payment page, never two charges.
      const scope = `payment:card:${user?.id ?? `guest:${found.reservation.id}`}`;
      const startOnce = () =>
        idempotent(db, { scope, key: idempotencyKey, body }, async (tx) => {
          await endOpenPayments(tx, found.reservation.id);
          // Under the invoice's lock, after the open payments ended: what is open now.
          checkPayable((await lockInvoice(tx, found.invoice.id))!, amount, new Date(), partialAllowed);
          return start(tx, {
            source: body.source,
            reservationId: found.reservation.id,
            amount,
            locale: body.locale,
            startedById: user?.id ?? null,
          });
        });
      try {
        return await startOnce();
      } catch (error) {
        if (!(error instanceof PaidMeanwhile)) throw error;
        // The open payment was paid in another tab: book it, then start only if something is left.
        await sync(error.row, null);
        return startOnce();
      }
    },

    async initAgent(user: AuthUser, body: z.output<typeof CardAgentInitBody>, idempotencyKey?: string) {
      if (body.agentId !== user.id && !satisfies(user.roles, { anyOf: [ROLE_ADMIN, ROLE_ACCOUNTING] }))
        throw ApiError.forbidden();
      if ((await repo.userTypeOf(db, body.agentId)) !== 'agent')
        throw ApiError.notFound('agent', body.agentId);
      return idempotent(db, { scope: `payment:card:${user.id}`, key: idempotencyKey, body }, (tx) =>
        start(tx, {
          source: 'agentAccount',
          agentId: body.agentId,
          amount: toRappen(body.amount),
          routeName: body.routeName,
          startedById: user.id,
        }),
      );
    },

    async paymentPage(transactionId: string) {
      const row = await findRow(transactionId);
      if (row.status !== 'initialized') throw new ApiError('ERROR_TRANSACTION_NOT_FOUND', 404);
      return { transactionId, paymentPageUrl: row.paymentPageUrl ?? '' };
    },

    async confirm(user: AuthUser, transactionId: string) {
      const row = await findRow(transactionId);
      await checkAccess(user, row);
      const synced = await sync(row, user);
      if (synced.status === 'expired') throw new ApiError('ERROR_RESERVATION_EXPIRED', 422);
      if (!synced.bookedAt) throw new ApiError('ERROR_TRANSACTION_NOT_CONFIRMED', 422);
      return toCardTransaction(synced);
    },

    async update(user: AuthUser, transactionId: string) {
      const row = await findRow(transactionId);
      await checkAccess(user, row);
      return toCardTransaction(await sync(row, user));
    },

    async get(user: AuthUser, transactionId: string) {
      const row = await findRow(transactionId);
      await checkAccess(user, row);
      return toCardTransaction(row);
    },

    /**
     * The reservation of a transaction for the public card result pages. The transaction id shows
     * the booking without people; its guest key or a session that may read it shows everything.
     */
    async reservationOf(
      transactionId: string,
      caller: { user: AuthUser | null; guestKey?: string | undefined },
    ) {
      const row = await findRow(transactionId);
      // Only for the public card pages, and only for a day: a provider's ids are not secrets forever.
      const isFresh = Date.now() - row.createdAt.getTime() < PUBLIC_TRANSACTION_HOURS * 3_600_000;
      if (row.reservationId === null || row.source !== 'customerReservation' || !isFresh)
        throw new ApiError('ERROR_TRANSACTION_NOT_FOUND', 404);
      return reservationsService.readForCardPage(row.reservationId, caller);
    },

    async publicStatus(reservationId: number, transactionId: string) {
      const row = await findRow(transactionId);
      if (row.reservationId !== reservationId) throw new ApiError('ERROR_TRANSACTION_NOT_FOUND', 404);
      const synced = await sync(row, null);
      const state = await repo.findReservationWithInvoice(db, reservationId);
      const expiresAt = state!.reservation.expiresAt;
      return {
        transactionId,
        status: synced.status,
        isBooked: synced.bookedAt !== null,
        reservationStatus: state!.reservation.status,
        invoiceStatus: state!.invoice.status,
        expiresAt: expiresAt?.toISOString() ?? null,
        minutesLeft: expiresAt ? Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 60_000)) : null,
        failMessage: synced.failMessage,
      };
    },

    /** A provider notification: verified by its signature, then the same sync as confirm. */
    async webhook(rawBody: string, signature: string | undefined) {
      if (!provider.verifyWebhook(rawBody, signature)) throw new ApiError('ERROR_WEBHOOK_SIGNATURE', 401);
      let transactionId: unknown;
      try {
        transactionId = (JSON.parse(rawBody) as { transactionId?: unknown }).transactionId;
      } catch {
        throw new ApiError('ERROR_MALFORMED_REQUEST', 400);
      }
      if (typeof transactionId !== 'string') throw new ApiError('ERROR_MALFORMED_REQUEST', 400);
      const row = await repo.findCardTransaction(db, transactionId);
      // Not ours (another shop on the same merchant account): acknowledged, nothing to do.
      if (row) await sync(row, null);
    },
  };
}

export type CardPaymentsService = ReturnType<typeof createCardPaymentsService>;
