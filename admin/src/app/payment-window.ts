import { matchAdminRoute } from '@flybook/domain';
import { ADMIN_BASE } from './paths.ts';

/** The name of the card provider's payment window, so a second payment reuses the open one. */
export const PAYMENT_WINDOW_NAME = 'flybook-card-payment';

/** How often an open payment window is checked for having been closed. */
export const PAYMENT_WINDOW_POLL_MS = 1000;

/** The `type` of the message the payment window's return page sends to the window that opened it. */
export const CARD_RESULT_MESSAGE = 'flybook:card-payment-result';

/** What the return page in the payment window tells its opener: which transaction came back, how. */
export interface CardResultMessage {
  type: typeof CARD_RESULT_MESSAGE;
  transactionId: string;
  status: string;
}

/** A message is the return page's when it has its shape; the sender is checked by the listener. */
export function isCardResultMessage(data: unknown): data is CardResultMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.type === CARD_RESULT_MESSAGE &&
    typeof message.transactionId === 'string' &&
    typeof message.status === 'string'
  );
}

/** How this page leaves for another site (a seam for tests: jsdom cannot navigate away). */
export const pageNavigation = {
  assign: (url: string) => window.location.assign(url),
};

export type PaymentWindowOutcome =
  /** The payment page opened in a popup; `onEnd` runs once it reports back or is closed. */
  | 'popup'
  /** Popups are blocked: this page itself moves on to the payment page. */
  | 'redirect';

/** How a payment window ended: its return page reported the transaction, or it was closed first. */
export type PaymentWindowEnd = 'reported' | 'closed';

export interface PaymentWindowWatch {
  /** The transaction the window pays: only a report about it counts. */
  transactionId: string;
  /** Runs once: on the return page's report, or when the window is closed without one. */
  onEnd: (how: PaymentWindowEnd) => void;
}

/**
 * Opens the card provider's payment page (spec 02 §4 card flow, spec 03 charge account) in a popup
 * window and watches it: the return page in it posts a message (same origin only, from that very
 * window), or the user closes it. A blocked popup must not strand the payment, so the page itself
 * goes to the payment page instead; the provider sends the browser back to the return address.
 * Returns the outcome and, for a popup, a function that stops watching (a page left meanwhile).
 */
export function openPaymentWindow(
  paymentPageUrl: string,
  watch?: PaymentWindowWatch,
): { outcome: PaymentWindowOutcome; stop: () => void } {
  let popup: Window | null = null;
  try {
    popup = window.open(paymentPageUrl, PAYMENT_WINDOW_NAME, 'popup,width=640,height=820');
  } catch {
    popup = null;
  }
  if (!popup) {
    pageNavigation.assign(paymentPageUrl);
    return { outcome: 'redirect', stop: () => undefined };
  }
  if (!watch) return { outcome: 'popup', stop: () => undefined };
  const opened = popup;
  let ended = false;
  const stop = () => {
    clearInterval(timer);
    window.removeEventListener('message', onMessage);
  };
  const end = (how: PaymentWindowEnd) => {
    if (ended) return;
    ended = true;
    stop();
    watch.onEnd(how);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || event.source !== opened) return;
    if (isCardResultMessage(event.data) && event.data.transactionId === watch.transactionId) end('reported');
  };
  window.addEventListener('message', onMessage);
  const timer = setInterval(() => {
    if (opened.closed) end('closed');
  }, PAYMENT_WINDOW_POLL_MS);
  return { outcome: 'popup', stop };
}

/** The back-office pages the card provider returns to: a reservation's payment page, `/agent/payment`. */
const RETURN_ROUTES = new Set(['reservationPayment', 'agentPayment']);

/** Whether this window was opened by a page of this site (a cross-origin opener cannot be read). */
function openedHere(): boolean {
  try {
    return (
      Boolean(window.opener) &&
      window.opener !== window &&
      window.opener.location.origin === window.location.origin
    );
  } catch {
    return false;
  }
}

/**
 * Whether this page is the provider's return into the payment window the back office opened: a
 * return address (`status` on a reservation's payment page or `/agent/payment`) in a window with an
 * opener of this site. Such a window shows only the outcome, not the back office; a return in the
 * back office's own tab (popups blocked) is handled by the pages themselves.
 */
export function isPaymentWindowReturn(location: Pick<Location, 'pathname' | 'search'>): boolean {
  if (!location.pathname.startsWith(`${ADMIN_BASE}/`)) return false;
  const match = matchAdminRoute(location.pathname.slice(ADMIN_BASE.length));
  if (!match || !RETURN_ROUTES.has(match.route.name)) return false;
  return new URLSearchParams(location.search).has('status') && openedHere();
}
