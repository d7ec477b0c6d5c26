import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, USERS } from '../../test/fake-api.ts';
import { createFakeLedger, type FakeLedger, handleLedger } from '../../test/fake-ledger.ts';
import { type FakePayments, fakeReservation, handlePayments, listItem } from '../../test/fake-payments.ts';
import { renderAdmin } from '../../test/render-admin.tsx';
import { RESERVATION_ROUTES } from '../routes.ts';

/** The route's own rule (spec 02 §6). */
const PAGE = ['ROLE_RESERVATION_INVOICE_ADD_PAYMENT', 'ROLE_ACCOUNT_LIST_PAYMENT', 'ROLE_RESERVATION_LIST'];
const METHODS = [
  'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_ACCOUNT',
  'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_CASH',
  'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_BANK',
  'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_TRANSFER',
  'ROLE_PAYMENT_DATATRANS',
];
const PARTIAL = 'ROLE_RESERVATION_INVOICE_ADD_PARTIAL_PAYMENT';

function open(
  options: {
    roles?: string[];
    url?: string;
    payments?: Partial<FakePayments>;
    ledger?: FakeLedger;
    handle?: (request: FakeRequest) => Response | undefined;
  } = {},
) {
  const payments: FakePayments = {
    reservation: fakeReservation(),
    ownerReservations: [],
    ...options.payments,
  };
  const ledger = options.ledger ?? createFakeLedger();
  return renderAdmin({
    as: 'manager',
    url: options.url ?? '/admin/reservation/42/payment',
    areaRoutes: RESERVATION_ROUTES,
    roles: { manager: [...PAGE, ...(options.roles ?? [...METHODS, PARTIAL])] },
    handle: (request) =>
      options.handle?.(request) ??
      handlePayments(payments, request) ??
      handleLedger(ledger, request, USERS.manager.id),
  });
}

const methodNames = async () => {
  const group = await screen.findByRole('radiogroup', { name: 'Payment method' });
  return within(group)
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);
};

const paymentBodies = (requests: readonly FakeRequest[]) =>
  requests
    .filter((request) => request.method === 'POST' && request.path === 'payment/reservation/invoice')
    .map((request) => request.body);

const errorOf = (field: HTMLElement) =>
  field.closest('.fb-field')?.querySelector('.fb-field__error')?.textContent;

const confirm = () => screen.getByRole('button', { name: 'Confirm' });
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');

afterEach(() => vi.restoreAllMocks());

describe('reservation payment', () => {
  it('offers each method only with its role, cash, bank and transfer only with accounts', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(await methodNames()).toEqual(['Account', 'Cash', 'Bank (EC)', 'Transfer', 'Card']);
  });

  it('hides the methods the user has no role for and cash without a cash desk', async () => {
    open({
      roles: [
        'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_CASH',
        'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_TRANSFER',
      ],
      handle: (request) =>
        request.path === 'account/payment-list' && request.query.get('paymentType') === 'cash'
          ? new Response(JSON.stringify({ items: [], total: 0 }), {
              headers: { 'Content-Type': 'application/json' },
            })
          : undefined,
    });
    expect(await methodNames()).toEqual(['Transfer']);
  });

  it('starts the amount at what is still to pay and refuses more', async () => {
    const app = open();
    const amount = await screen.findByRole('textbox', { name: 'Amount to pay (CHF)' });
    expect(amount).toHaveProperty('value', '200.00');
    await app.user.click(screen.getByRole('radio', { name: 'Cash' }));
    expect(isDisabled(confirm())).toBe(false);
    await app.user.clear(amount);
    await app.user.type(amount, '200.05');
    expect(errorOf(amount)).toBe('Partial amount should be less than price to pay.');
    expect(isDisabled(confirm())).toBe(true);
    await app.user.clear(amount);
    await app.user.type(amount, '50');
    expect(errorOf(amount)).toBeUndefined();
    await app.user.click(confirm());
    await waitFor(() =>
      expect(paymentBodies(app.api.requests)).toEqual([
        { amount: 50, paymentTypeCode: 'cash', reservationInvoiceId: 420, accountId: 101 },
      ]),
    );
  });

  it('pays the whole outstanding amount without the partial payment role', async () => {
    const app = open({ roles: ['ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_TRANSFER'] });
    await screen.findByRole('radiogroup', { name: 'Payment method' });
    expect(screen.queryByRole('textbox', { name: 'Amount to pay (CHF)' })).toBeNull();
    expect(screen.getByText('Amount to pay:').textContent).toBe('Amount to pay: CHF\u00a0200.00');
    // Confirm waits for a method; the first transfer account is chosen already
    expect(isDisabled(confirm())).toBe(true);
    await app.user.click(screen.getByRole('radio', { name: 'Transfer' }));
    expect(screen.getByRole('combobox', { name: 'Transfer account' })).toHaveProperty('value', '104');
    await app.user.click(confirm());
    await waitFor(() =>
      expect(paymentBodies(app.api.requests)).toEqual([
        { amount: 200, paymentTypeCode: 'transfer', reservationInvoiceId: 420, accountId: 104 },
      ]),
    );
  });

  it('sends a payment once with an Idempotency-Key, however fast Confirm is clicked twice', async () => {
    const app = open();
    await app.user.click(await screen.findByRole('radio', { name: 'Cash' }));
    // Two clicks within one task: nothing renders in between to disable the button.
    confirm().click();
    confirm().click();
    expect(await screen.findByText('Payment successfully')).toBeTruthy();
    const sent = app.api.requests.filter((request) => request.path === 'payment/reservation/invoice');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
  });

  it("sends the bank account's code for a bank (EC) payment", async () => {
    const app = open();
    await app.user.click(await screen.findByRole('radio', { name: 'Bank (EC)' }));
    const bank = screen.getByRole('combobox', { name: 'Bank (EC) account' });
    // no bank account is preselected: choosing one is part of the payment
    expect(bank).toHaveProperty('value', '');
    await app.user.click(confirm());
    expect(errorOf(bank)).toBe('Ec, cash or transfer account must be selected.');
    expect(paymentBodies(app.api.requests)).toEqual([]);
    await app.user.selectOptions(bank, 'UBS EC terminal');
    await app.user.click(confirm());
    await waitFor(() =>
      expect(paymentBodies(app.api.requests)).toEqual([
        { amount: 200, paymentTypeCode: 'BANK_UBS', reservationInvoiceId: 420, accountId: 103 },
      ]),
    );
  });

  it('disables the account option when balance and credit limit minus withheld money fall short', async () => {
    // the agent's balance is 250; another card booking of theirs still waits for 120 of its 150
    const app = open({
      payments: {
        ownerReservations: [
          listItem(50, 'created', 150, 30),
          listItem(51, 'confirmed', 900, 0),
          listItem(42, 'created', 300, 100),
        ],
      },
    });
    const account = await screen.findByRole('radio', { name: 'Account' });
    await waitFor(() => expect(isDisabled(account)).toBe(true));
    expect(screen.getByText(/Not enough money on account \(available: CHF.130\.00\)/)).toBeTruthy();
    const list = app.api.requests.find((request) => request.path === 'reservation/list');
    expect(Object.fromEntries(list?.query ?? [])).toMatchObject({
      page: '0',
      pageSize: '100',
      ownerId: '3',
      'reservationStatus[]': 'created',
    });
    // a smaller part fits the account's means
    const amount = screen.getByRole('textbox', { name: 'Amount to pay (CHF)' });
    await app.user.clear(amount);
    await app.user.type(amount, '130');
    await waitFor(() => expect(isDisabled(account)).toBe(false));
    await app.user.click(account);
    await app.user.click(confirm());
    await waitFor(() =>
      expect(paymentBodies(app.api.requests)).toEqual([
        { amount: 130, paymentTypeCode: 'account', reservationInvoiceId: 420 },
      ]),
    );
  });

  it('enables the account option when the account covers the amount', async () => {
    open();
    const account = await screen.findByRole('radio', { name: 'Account' });
    await waitFor(() => expect(screen.getByText('Account: Available: CHF 250.00')).toBeTruthy());
    expect(isDisabled(account)).toBe(false);
  });

  it('says "Payment successfully", downloads the overview of a now confirmed reservation and returns to the list', async () => {
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:file';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const app = open();
    await app.user.click(await screen.findByRole('radio', { name: 'Cash' }));
    await app.user.click(confirm());
    expect(await screen.findByText('Payment successfully')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/reservation/list?highlightReservationId=42'));
    expect(saved).toEqual(['ReservationOverview.pdf']);
  });

  it('hides the form of a paid invoice', async () => {
    open({
      payments: { reservation: fakeReservation({ status: 'confirmed' }, { status: 'paid', totalPaid: 300 }) },
    });
    expect(await screen.findByText('This invoice is paid.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Payment method' })).toBeNull();
    // the summary still shows what was paid
    const summary = within(screen.getByRole('complementary', { name: 'Reservation 42' }));
    expect(summary.getByText('AP101')).toBeTruthy();
    expect(summary.getByText(/Besnik Krasniqi/)).toBeTruthy();
  });

  it('opens the card payment page for a card payment', async () => {
    const openWindow = vi.spyOn(window, 'open').mockReturnValue({ closed: false } as unknown as Window);
    const app = open();
    await app.user.click(await screen.findByRole('radio', { name: 'Card' }));
    await app.user.click(confirm());
    await waitFor(() => expect(openWindow).toHaveBeenCalled());
    const init = app.api.requests.find((request) => request.path === 'payment/datatrans/reservation/init');
    expect(init?.body).toEqual({
      source: 'reservationPayment',
      reservationId: 42,
      amount: 200,
      locale: 'en',
    });
    expect(openWindow.mock.calls[0]?.[0]).toBe('http://localhost:4390/v1/start/TRX1');
    expect(paymentBodies(app.api.requests)).toEqual([]);
  });

  it('learns the outcome from its payment window, checks it with the API and ignores other senders', async () => {
    // jsdom cannot open windows: the page itself stands in for the payment window.
    vi.spyOn(window, 'open').mockReturnValue(window);
    const ledger = createFakeLedger();
    ledger.transactions.TRX2 = { status: 'settled', isBooked: true, source: 'reservationPayment' };
    const app = open({ ledger });
    await app.user.click(await screen.findByRole('radio', { name: 'Card' }));
    await app.user.click(confirm());
    expect(await screen.findByText('Complete the payment in the payment window.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Paying…' }).hasAttribute('disabled')).toBe(true);
    const checks = () =>
      app.api.requests.filter((request) => request.path === 'payment/datatrans/transaction/update');
    const reads = () =>
      app.api.requests.filter((request) => request.method === 'GET' && request.path === 'reservation/42')
        .length;
    const report = { type: 'flybook:card-payment-result', transactionId: 'TRX2', status: 'success' };

    window.dispatchEvent(
      new MessageEvent('message', { data: report, origin: 'https://elsewhere.example', source: window }),
    );
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { ...report, transactionId: 'TRX9' },
        origin: window.location.origin,
        source: window,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(checks()).toEqual([]);

    const readsBefore = reads();
    window.dispatchEvent(
      new MessageEvent('message', { data: report, origin: window.location.origin, source: window }),
    );
    expect(await screen.findByText('Payment successfully')).toBeTruthy();
    expect(checks().map((request) => request.body)).toEqual([{ transactionId: 'TRX2' }]);
    await waitFor(() => expect(reads()).toBeGreaterThan(readsBefore));
  });

  it('says the payment was not completed when its window is closed without paying', async () => {
    const popup = { closed: false };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const ledger = createFakeLedger();
    ledger.transactions.TRX2 = { status: 'initialized', isBooked: false, source: 'reservationPayment' };
    const app = open({ ledger });
    await app.user.click(await screen.findByRole('radio', { name: 'Card' }));
    await app.user.click(confirm());
    await screen.findByText('Complete the payment in the payment window.');
    popup.closed = true;
    expect(await screen.findByText('The payment was not completed.', {}, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(isDisabled(confirm())).toBe(false));
    expect(paymentBodies(app.api.requests)).toEqual([]);
  });

  it('confirms a card payment the provider returns with success', async () => {
    const ledger = createFakeLedger();
    ledger.transactions.TRX2 = { status: 'settled', source: 'reservationPayment', reservationId: 42 };
    const app = open({
      url: '/admin/reservation/42/payment?source=invoiceOverview&status=success&datatransTrxId=TRX2',
      ledger,
    });
    expect(await screen.findByText('Payment successfully')).toBeTruthy();
    const confirmCall = app.api.requests.find(
      (request) => request.path === 'payment/datatrans/transaction/confirm',
    );
    expect(confirmCall?.body).toEqual({ transactionId: 'TRX2' });
    await waitFor(() => expect(app.location()).toBe('/reservation/42/payment?source=invoiceOverview'));
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe(
      '/admin/reservation/invoiceOverview?highlightReservationId=42',
    );
  });

  it("shows the provider's message when a card payment failed, and a warning when it was cancelled", async () => {
    const ledger = createFakeLedger();
    ledger.transactions.TRX2 = {
      status: 'failed',
      details: { fail: { message: 'Insufficient funds on card' } },
    };
    const failed = open({ url: '/admin/reservation/42/payment?status=error&datatransTrxId=TRX2', ledger });
    expect(await screen.findByText('Insufficient funds on card')).toBeTruthy();
    expect(
      failed.api.requests.some((request) => request.path === 'payment/datatrans/transaction/update'),
    ).toBe(true);
    failed.unmount();

    open({ url: '/admin/reservation/42/payment?status=cancel&datatransTrxId=TRX2' });
    expect(await screen.findByText('The payment was not completed.')).toBeTruthy();
  });

  it('shows Not Found for a reservation the server does not have, with the way back', async () => {
    const app = open({ url: '/admin/reservation/999/payment?source=reservationList' });
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
    expect(screen.getByText('Reservation 999 could not be found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the list/ }).getAttribute('href')).toBe(
      '/admin/reservation/list?highlightReservationId=999',
    );
    expect(app.location()).toBe('/reservation/999/payment?source=reservationList');
  });

  it('says why the reservation could not be loaded, and shows the page after Retry', async () => {
    let failures = 1;
    const app = open({
      handle: (request) => {
        if (request.method !== 'GET' || request.path !== 'reservation/42' || failures === 0) return undefined;
        failures--;
        return new Response(
          JSON.stringify({ errors: [{ code: 'ERROR_SERVICE_UNAVAILABLE', message: 'Busy.' }] }),
          { status: 503, headers: { 'Content-Type': 'application/json' } },
        );
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded.');
    expect(alert.textContent).toContain('The service is unavailable for a moment.');
    expect(screen.queryByText(/could not be found/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Not Found' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await methodNames()).toEqual(['Account', 'Cash', 'Bank (EC)', 'Transfer', 'Card']);
    expect(app.location()).toBe('/reservation/42/payment');
  });
});
