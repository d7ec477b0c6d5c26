/** The name of the card provider's payment window, so a second payment reuses the open one. */
export const PAYMENT_WINDOW_NAME = 'flybook-card-payment';

/** How often an open payment window is checked for having been closed. */
export const PAYMENT_WINDOW_POLL_MS = 1000;

/** How this page leaves for another site (a seam for tests: jsdom cannot navigate away). */
export const pageNavigation = {
  assign: (url: string) => window.location.assign(url),
};

export type PaymentWindowOutcome =
  /** The payment page opened in a popup; `onClosed` runs once the user closes it. */
  | 'popup'
  /** Popups are blocked: this page itself moves on to the payment page. */
  | 'redirect';

/**
 * Opens the card provider's payment page (spec 02 §4 card flow, spec 03 charge account) in a popup
 * window. A blocked popup must not strand the payment, so the page itself goes to the payment page
 * instead; the provider sends the browser back to the return address either way.
 */
export function openPaymentWindow(paymentPageUrl: string, onClosed?: () => void): PaymentWindowOutcome {
  let popup: Window | null = null;
  try {
    popup = window.open(paymentPageUrl, PAYMENT_WINDOW_NAME, 'popup,width=640,height=820');
  } catch {
    popup = null;
  }
  if (!popup) {
    pageNavigation.assign(paymentPageUrl);
    return 'redirect';
  }
  if (onClosed) {
    const opened = popup;
    const timer = setInterval(() => {
      if (!opened.closed) return;
      clearInterval(timer);
      onClosed();
    }, PAYMENT_WINDOW_POLL_MS);
  }
  return 'popup';
}
