import { ApiRequestError } from '@flybook/client';
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
}: {
  reservationId: number;
  amount: number;
  locale: Locale;
  /** A guest booking's key (its create answer): without a session, only it starts the payment. */
  guestKey?: string | undefined;
}): Promise<{ transactionId: string; paymentPageUrl: string }> {
  if (guestKey) rememberGuestKey(reservationId, guestKey);
  const { transactionId } = await client.call(paymentCalls.cardReservationInit, {
    body: { source: 'customerReservation', reservationId, amount, locale, ...(guestKey ? { guestKey } : {}) },
  });
  return client.call(paymentCalls.cardStart, { body: { transactionId } });
}

const guestKeyName = (reservationId: number) => `flybook.guestKey.${reservationId}`;

/** Keeps a guest booking's key for this tab, so a retry from the card result pages can pay it. */
function rememberGuestKey(reservationId: number, key: string) {
  try {
    sessionStorage.setItem(guestKeyName(reservationId), key);
  } catch {
    // Storage off: the first start still works; only a later retry needs the key again.
  }
}

function rememberedGuestKey(reservationId: number): string | undefined {
  try {
    return sessionStorage.getItem(guestKeyName(reservationId)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** What is still to pay, in CHF; 0 when nothing or when the prices are hidden from the reader. */
export const outstandingOf = (invoice: { total?: number | undefined; totalPaid?: number | undefined }) =>
  invoice.total === undefined
    ? 0
    : Math.max(0, Math.round((invoice.total - (invoice.totalPaid ?? 0)) * 100) / 100);

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
