import { TEST_CARDS } from './cards.ts';
import type { Transaction } from './transactions.ts';

/**
 * The browser-facing pages: self-contained HTML (inline CSS, no script, no external assets), in
 * English whatever the transaction's language, since nobody but developers and tests sees them.
 */

/** `CHF 1'234.50` from Rappen, with the Swiss thousands separator. */
export function formatChf(amountRappen: number): string {
  const francs = Math.floor(amountRappen / 100);
  const rappen = String(amountRappen % 100).padStart(2, '0');
  return `CHF ${String(francs).replace(/\B(?=(\d{3})+(?!\d))/g, "'")}.${rappen}`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f5;color:#1d2733}
  main{width:100%;max-width:26rem;margin:1.5rem;padding:1.75rem;background:#fff;border-radius:12px;
    box-shadow:0 6px 24px rgba(20,40,70,.12)}
  h1{margin:0 0 1rem;font-size:1.35rem}
  .notice{margin:0 0 1.25rem;padding:.6rem .8rem;border-radius:8px;background:#fff6d6;color:#6b5200;font-size:.9rem}
  .error{margin:0 0 1rem;padding:.6rem .8rem;border-radius:8px;background:#fde8e8;color:#8a1c1c}
  dl{margin:0 0 1.25rem;display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
  dt{color:#5a6b7d}
  dd{margin:0;text-align:right;font-weight:600}
  dd.amount{font-size:1.2rem}
  label{display:block;margin:.75rem 0 .25rem;font-size:.9rem;font-weight:600}
  input{width:100%;padding:.6rem .7rem;border:1px solid #b8c4d0;border-radius:8px;font:inherit}
  input:focus{outline:2px solid #2f6fde;outline-offset:1px}
  .row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
  button{width:100%;margin-top:1rem;padding:.7rem;border-radius:8px;border:1px solid transparent;font:inherit;cursor:pointer}
  button.pay{background:#2f6fde;color:#fff;font-weight:600}
  button.cancel{background:#fff;border-color:#b8c4d0;color:#1d2733}
  fieldset{margin:1.25rem 0 0;padding:.25rem .9rem .9rem;border:1px dashed #b8c4d0;border-radius:8px}
  legend{padding:0 .3rem;font-size:.9rem;color:#5a6b7d}
  fieldset button{margin-top:.6rem;background:#f4f7fb;border-color:#d5dde6;font-size:.9rem}
  a.return{display:inline-block;margin-top:1rem;color:#2f6fde;font-weight:600}
`;

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="notice" role="note">Test stand-in for the Datatrans payment page: no real card is charged.</p>
${content}
</main>
</body>
</html>
`;
}

function groupDigits(cardNumber: string): string {
  return cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export interface PaymentFormPage {
  merchantId: string;
  transaction: Transaction;
  /** Absolute URL the form posts to. */
  actionUrl: string;
  /** Shown above the form when a submission was incomplete. */
  error?: string;
  values?: { cardNumber?: string; expiry?: string };
}

/** The payment form with the test cards as one-click buttons. */
export function renderPaymentPage({
  merchantId,
  transaction,
  actionUrl,
  error,
  values,
}: PaymentFormPage): string {
  const amount = formatChf(transaction.amount);
  const testCard = (cardNumber: string, outcome: string) =>
    `<button type="submit" name="testCard" value="${cardNumber}" formnovalidate>Pay with test card ${groupDigits(cardNumber)} (${outcome})</button>`;
  return page(
    'Flybook test payment',
    `<h1>Flybook test payment</h1>
<dl>
<dt>Merchant</dt><dd>${escapeHtml(merchantId)}</dd>
<dt>Reference</dt><dd>${escapeHtml(transaction.refno)}</dd>
<dt>Amount</dt><dd class="amount">${amount}</dd>
</dl>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(actionUrl)}">
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required value="${escapeHtml(values?.cardNumber ?? '')}">
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required value="${escapeHtml(values?.expiry ?? '')}"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div>
</div>
<button type="submit" name="action" value="pay" class="pay">Pay ${amount}</button>
<fieldset>
<legend>Test cards</legend>
${testCard(TEST_CARDS.success, 'success')}
${testCard(TEST_CARDS.decline, 'declined')}
</fieldset>
<button type="submit" name="action" value="cancel" class="cancel" formnovalidate>Cancel</button>
</form>`,
  );
}

/** What the page says about a transaction the payment page is done with. */
function finishedWording(transaction: Transaction): { heading: string; text: string } {
  switch (transaction.status) {
    case 'authorized':
    case 'settled':
    case 'transmitted':
      return { heading: 'Payment completed', text: 'This payment has already been completed.' };
    case 'canceled':
      return { heading: 'Payment canceled', text: 'This payment was canceled.' };
    default:
      return transaction.fail?.reason === 'EXPIRED'
        ? { heading: 'Payment expired', text: 'This payment page has expired; no payment was made.' }
        : { heading: 'Payment failed', text: 'This payment was declined; no payment was made.' };
  }
}

/** For a transaction already completed, canceled, failed or expired: says so and links back. */
export function renderFinishedPage(transaction: Transaction, returnUrl: string): string {
  const { heading, text } = finishedWording(transaction);
  return page(
    `${heading} - Flybook test payment`,
    `<h1>${heading}</h1>
<p>${text} Reference ${escapeHtml(transaction.refno)}, ${formatChf(transaction.amount)}.</p>
<a class="return" href="${escapeHtml(returnUrl)}">Return to the shop</a>`,
  );
}

/** A heading and a sentence, for errors. */
export function renderMessagePage(heading: string, text: string): string {
  return page(
    `${heading} - Flybook test payment`,
    `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(text)}</p>`,
  );
}

export function renderNotFoundPage(transactionId: string): string {
  return renderMessagePage(
    'Payment not found',
    `There is no payment with the id ${transactionId}. It may belong to an earlier run of the test ` +
      'payment server, which keeps transactions in memory only.',
  );
}
