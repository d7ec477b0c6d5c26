import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeAllotments, type FakeAllotments, handleAllotments } from '../test/fake-allotments.ts';
import { type FakeRequest, USERS } from '../test/fake-api.ts';
import { createFakeLedger, handleLedger } from '../test/fake-ledger.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { allotmentOutstanding } from './AllotmentInvoicePaymentPage.tsx';
import { ALLOTMENT_ROUTES } from './routes.ts';

/** The page's rule (spec 02 §6) and the calls behind it. */
const ROLES = [
  'ROLE_ALLOTMENT_LIST',
  'ROLE_ALLOTMENT_INVOICE_EDIT',
  'ROLE_ALLOTMENT_INVOICE_READ',
  'ROLE_ALLOTMENT_INVOICE_PAY',
  'ROLE_ACCOUNT_LIST_PAYMENT',
];

function open(
  url: string,
  options: { data?: FakeAllotments; handle?: (request: FakeRequest) => Response | undefined } = {},
) {
  const data = options.data ?? createFakeAllotments();
  const ledger = createFakeLedger();
  return renderAdmin({
    as: 'manager',
    url,
    areaRoutes: ALLOTMENT_ROUTES,
    roles: { manager: ROLES },
    handle: (request) =>
      options.handle?.(request) ??
      handleAllotments(data, request, USERS.manager.id) ??
      handleLedger(ledger, request, USERS.manager.id),
  });
}

const payments = (requests: readonly FakeRequest[]) =>
  requests
    .filter((request) => request.method === 'POST' && request.path === 'payment/allotment/invoice')
    .map((request) => request.body);

const confirm = () => screen.getByRole('button', { name: 'Confirm' });

describe('allotment invoice payment', () => {
  it('offers cash and transfer only, for what is still to pay, beside the invoice', async () => {
    open('/admin/allotment/72/payment?source=allotmentInvoiceList');
    expect(
      await screen.findByRole('heading', { name: 'Allotment Invoice Payment - April block' }),
    ).toBeTruthy();
    const group = await screen.findByRole('radiogroup', { name: 'Payment method' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Cash', 'Transfer']);
    expect(screen.getByRole('textbox', { name: 'Amount to pay (CHF)' })).toHaveProperty('value', '2000.00');
    const summary = within(screen.getByRole('complementary', { name: 'Invoice' }));
    expect(summary.getByText('Allotment invoice 72')).toBeTruthy();
    expect(summary.getByText('Alpen Reisen GmbH')).toBeTruthy();
    expect(summary.getByText('Over deadline')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the allotment invoices/ }).getAttribute('href')).toBe(
      '/admin/allotment/invoiceList',
    );
  });

  it('refuses more than is left, then pays by transfer and returns to the highlighted invoice', async () => {
    const app = open('/admin/allotment/72/payment');
    const amount = await screen.findByRole('textbox', { name: 'Amount to pay (CHF)' });
    await app.user.click(screen.getByRole('radio', { name: 'Transfer' }));
    expect(screen.getByRole('combobox', { name: 'Transfer account' })).toHaveProperty('value', '104');
    await app.user.clear(amount);
    await app.user.type(amount, '2000.01');
    expect(amount.closest('.fb-field')?.querySelector('.fb-field__error')?.textContent).toBe(
      'Partial amount should be less than price to pay.',
    );
    expect(confirm()).toHaveProperty('disabled', true);
    await app.user.clear(amount);
    await app.user.type(amount, '2000');
    // A double click pays once, with the intent's Idempotency-Key.
    await app.user.dblClick(confirm());
    await waitFor(() =>
      expect(payments(app.api.requests)).toEqual([
        { amount: 2000, paymentTypeCode: 'transfer', allotmentInvoiceId: 72, accountId: 104 },
      ]),
    );
    expect(await screen.findByText('Payment successfully')).toBeTruthy();
    expect(payments(app.api.requests)).toHaveLength(1);
    expect(
      app.api.requests.find((request) => request.path === 'payment/allotment/invoice')?.idempotencyKey,
    ).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(app.location()).toBe('/allotment/invoiceList?highlightAllotmentInvoiceId=72'));
    const row = (await screen.findByText('April block', {}, { timeout: 3000 })).closest('[role="row"]');
    expect(row?.classList.contains('list-row--highlight')).toBe(true);
    expect(within(row as HTMLElement).getByText('Paid')).toBeTruthy();
  });

  it('names a cash desk for cash, and shows the server’s refusal', async () => {
    const app = open('/admin/allotment/71/payment', {
      handle: (request) =>
        request.method === 'POST' && request.path === 'payment/allotment/invoice'
          ? new Response(
              JSON.stringify({
                errors: [{ code: 'ERROR_ACCOUNT_NOT_ALLOWED', message: 'x', field: 'accountId' }],
              }),
              { status: 422, headers: { 'Content-Type': 'application/json' } },
            )
          : undefined,
    });
    await app.user.click(await screen.findByRole('radio', { name: 'Cash' }));
    const desk = screen.getByRole('combobox', { name: 'Cash desk' });
    await app.user.selectOptions(desk, 'Cash desk Pristina');
    await app.user.click(confirm());
    expect(await screen.findByText('This account cannot be used for this transaction.')).toBeTruthy();
    expect(payments(app.api.requests)).toEqual([
      { amount: 3000, paymentTypeCode: 'cash', allotmentInvoiceId: 71, accountId: 102 },
    ]);
    expect(app.location()).toBe('/allotment/71/payment');
  });

  it('hides the form once the invoice is paid', async () => {
    open('/admin/allotment/73/payment');
    expect(await screen.findByText('This invoice is paid.')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Payment method' })).toBeNull();
  });

  it('shows Not Found for an invoice the server does not have', async () => {
    const app = open('/admin/allotment/999/payment');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
    expect(screen.getByText('Not found allotment invoice 999.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the allotment invoices/ })).toBeTruthy();
    expect(app.location()).toBe('/allotment/999/payment');
  });

  it('says why the invoice could not be loaded, and shows it after Retry', async () => {
    let failures = 1;
    const app = open('/admin/allotment/71/payment', {
      handle: (request) => {
        if (request.path !== 'allotment/invoice/71' || failures === 0) return undefined;
        failures--;
        return new Response(JSON.stringify({ errors: [{ code: 'ERROR_FORBIDDEN', message: 'No.' }] }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("You don't have permissions for this action.");
    expect(screen.queryByText('Not found allotment invoice 71.')).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radiogroup', { name: 'Payment method' })).toBeTruthy();
  });

  it('computes what is left to pay exactly, never below zero', () => {
    expect(allotmentOutstanding({ totalWithDiscount: 100.1, totalPaid: 0.2 })).toBe(9990);
    expect(allotmentOutstanding({ totalWithDiscount: 50, totalPaid: 60 })).toBe(0);
  });
});
