import { ApiRequestError, createIntent, type Intent, idempotencyHeaders } from '@flybook/client';
import { toChf, toRappen } from '@flybook/domain/money';
import { outstandingOf as outstandingRappen } from '@flybook/domain/payments';
import type { Locale } from '@flybook/locales';
import { paymentCalls } from '@flybook/schemas/payments';
import { client } from './session.ts';

/**
 * Starts the card payment of a customer's reservation: the transaction and the provider's page.
 * The provider sends the payer back to /datatrans/success|error|cancel (in `locale`) with the
 * transaction's id; those pages settle or retry (spec 02 §2, §4 Card flow).
 */
export async function startCardPayment({
  reservationId,
  amount,
  locale,
  guestKey = rememberedGuestKey(reservationId),
  accessKey = remembered(accessKeyName(reservationId)),
}: {
  reservationId: number;
  amount: number;
  locale: Locale;
  /** A guest booking's key (its create answer): without a session, only it starts the payment. */
  guestKey?: string | undefined;
  /** Manage my booking's key to the booking (a find or an e-mail link): it starts the payment too. */
  accessKey?: string | undefined;
}): Promise<{ transactionId: string; paymentPageUrl: string }> {
  if (guestKey) remember(guestKeyName(reservationId), guestKey);
  if (accessKey) remember(accessKeyName(reservationId), accessKey);
  const body = {
    source: 'customerReservation' as const,
    reservationId,
    amount,
    locale,
    ...(guestKey ? { guestKey } : {}),
    ...(accessKey ? { accessKey } : {}),
  };
  const { transactionId } = await intentOf(reservationId).run(body, (key) =>
    client.call(paymentCalls.cardReservationInit, { body }, { headers: idempotencyHeaders(key) }),
  );
  // The result pages the provider sends the payer back to know the transaction: by it they find the
  // key that shows the booking's passengers and contact details (without it, only the booking).
  if (guestKey) remember(transactionKeyName(transactionId), guestKey);
  return client.call(paymentCalls.cardStart, { body: { transactionId } });
}

/**
 * One card start per reservation and intent: a double click on Pay now, or a retry after a lost
 * answer, starts one transaction (the server answers a repeated Idempotency-Key with the first).
 */
const intents = new Map<number, Intent>();
function intentOf(reservationId: number): Intent {
  let intent = intents.get(reservationId);
  if (!intent) {
    intent = createIntent();
    intents.set(reservationId, intent);
  }
  return intent;
}

const guestKeyName = (reservationId: number) => `flybook.guestKey.${reservationId}`;
const transactionKeyName = (transactionId: string) => `flybook.guestKey.transaction.${transactionId}`;
/**
 * Where this tab keeps manage my booking's key to a booking: the card result pages' Pay now starts
 * the payment again with it (docs/booking-manage.md).
 */
export const accessKeyName = (reservationId: number) => `flybook.accessKey.${reservationId}`;

/**
 * Keeps a guest booking's key for this tab (sessionStorage: it survives the trip to the provider's
 * page and back, and ends with the tab), so the card result pages can show and pay the booking.
 */
function remember(name: string, key: string) {
  try {
    sessionStorage.setItem(name, key);
  } catch {
    // Storage off: the first start still works; the result pages then show the booking without people.
  }
}

function remembered(name: string): string | undefined {
  try {
    return sessionStorage.getItem(name) ?? undefined;
  } catch {
    return undefined;
  }
}

const rememberedGuestKey = (reservationId: number) => remembered(guestKeyName(reservationId));

/**
 * The guest key this tab holds for a card transaction the provider sent the payer back with: kept
 * by the transaction when its payment started, else by the reservation the address names.
 */
export function guestKeyForTransaction(
  transactionId: string,
  reservationId: number | null,
): string | undefined {
  return (
    remembered(transactionKeyName(transactionId)) ??
    (reservationId === null ? undefined : rememberedGuestKey(reservationId))
  );
}

/** What is still to pay, in CHF; 0 when nothing or when the prices are hidden from the reader. */
export const outstandingOf = (invoice: { total?: number | undefined; totalPaid?: number | undefined }) =>
  invoice.total === undefined
    ? 0
    : toChf(
        outstandingRappen({ total: toRappen(invoice.total), totalPaid: toRappen(invoice.totalPaid ?? 0) }),
      );

/** The API errors a card payment start may answer a customer with; the pages show their texts. */
export const CARD_PAYMENT_ERRORS = [
  'ERROR_RESERVATION_EXPIRED',
  'ERROR_RESERVATION_CANCELLED',
  'ERROR_INVOICE_ALREADY_PAID',
  'ERROR_PAYMENT_AMOUNT_TOO_BIG',
  'ERROR_TRANSACTION_NOT_FOUND',
] as const;

/** The transaction a result page is about: ours (`transactionId`) or the provider's own name for it. */
export function transactionOfAddress(search: string): {
  transactionId: string | null;
  reservationId: number | null;
} {
  const query = new URLSearchParams(search);
  const transactionId = query.get('transactionId') || query.get('datatransTrxId');
  const reservationId = Number(query.get('reservationId'));
  return {
    transactionId: transactionId && /^[0-9A-Za-z]{1,40}$/.test(transactionId) ? transactionId : null,
    reservationId: Number.isInteger(reservationId) && reservationId > 0 ? reservationId : null,
  };
}

/**
 * Pay now: starts the payment of what is still to pay and opens the provider's page in this tab.
 * Only returns when it could not start, with the text to show (the code's, else `fallback`).
 */
export async function payOutstanding(
  reservation: { id: number; invoice: { total?: number | undefined; totalPaid?: number | undefined } },
  { locale, errorTexts, fallback }: { locale: Locale; errorTexts: Record<string, string>; fallback: string },
): Promise<string> {
  try {
    const { paymentPageUrl } = await startCardPayment({
      reservationId: reservation.id,
      amount: outstandingOf(reservation.invoice),
      locale,
    });
    window.location.assign(paymentPageUrl);
    return '';
  } catch (failure) {
    const code = failure instanceof ApiRequestError ? failure.code : undefined;
    return (code && errorTexts[code]) || fallback;
  }
}
