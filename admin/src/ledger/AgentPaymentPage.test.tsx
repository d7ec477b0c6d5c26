import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../app/payment-window.ts';
import { type FakeRequest, USERS } from '../test/fake-api.ts';
import { createFakeLedger, type FakeLedger, handleLedger } from '../test/fake-ledger.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { returnTarget } from './AgentPaymentPage.tsx';
import { ACCOUNTING_ROUTES } from './routes.ts';

const AGENT_ROLES = [
  'ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST',
  'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CHARGE_ACCOUNT',
  'ROLE_FLIGHT_AGENT_FLIGHT_LIST',
];

function open(url: string, ledger: FakeLedger = createFakeLedger()) {
  return renderAdmin({
    as: 'agent',
    url,
    areaRoutes: ACCOUNTING_ROUTES,
    roles: { agent: AGENT_ROLES },
    handle: (request) => handleLedger(ledger, request, USERS.agent.id),
  });
}

const calls = (requests: readonly FakeRequest[], path: string) =>
  requests.filter((request) => request.path === path);

afterEach(() => vi.restoreAllMocks());

describe('agent payment return', () => {
  it('confirms a successful payment, reloads the balance and goes on to the route', async () => {
    const ledger = createFakeLedger();
    ledger.transactions.TRX1 = { status: 'settled', amount: 150 };
    const app = open(
      '/admin/agent/payment?datatransTrxId=TRX1&status=success&route=/invoice/balance-log',
      ledger,
    );
    expect(await screen.findByText('Payment done: your account has been charged.')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/invoice/balance-log'));
    expect(
      calls(app.api.requests, 'payment/datatrans/transaction/confirm').map((request) => request.body),
    ).toEqual([{ transactionId: 'TRX1' }]);
    // the header's balance is read again after the charge
    await waitFor(() => expect(calls(app.api.requests, 'user/3/account').length).toBeGreaterThan(1));
  });

  it('warns that a cancelled payment was not completed', async () => {
    const app = open('/admin/agent/payment?transactionId=TRX1&status=cancel&route=balanceLog');
    expect(await screen.findByText('The payment was not completed.')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/invoice/balance-log'));
    expect(calls(app.api.requests, 'payment/datatrans/transaction/confirm')).toEqual([]);
  });

  it("shows the provider's failure message for a failed payment", async () => {
    const ledger = createFakeLedger();
    ledger.transactions.TRX1 = {
      status: 'failed',
      details: { fail: { message: 'Card declined by the issuer' } },
    };
    const app = open(
      '/admin/agent/payment?datatransTrxId=TRX1&status=error&route=/invoice/balance-log',
      ledger,
    );
    expect(await screen.findByText('Card declined by the issuer')).toBeTruthy();
    expect(
      calls(app.api.requests, 'payment/datatrans/transaction/update').map((request) => request.body),
    ).toEqual([{ transactionId: 'TRX1' }]);
    await waitFor(() => expect(app.location()).toBe('/invoice/balance-log'));
  });

  it('treats an unknown status as an error, with the generic message when the provider gives none', async () => {
    const ledger = createFakeLedger();
    ledger.transactions.TRX1 = { status: 'failed' };
    open('/admin/agent/payment?datatransTrxId=TRX1&status=weird&route=/invoice/balance-log', ledger);
    expect(await screen.findByText('Your payment could not be processed. Please try again.')).toBeTruthy();
  });

  it('sends the user to the reservation list with a payment issue when parameters are missing', async () => {
    const app = open('/admin/agent/payment?route=/invoice/balance-log');
    expect(await screen.findByText('There was an issue with your payment. Please try again.')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/reservation/list'));
    expect(calls(app.api.requests, 'payment/datatrans/transaction/confirm')).toEqual([]);
  });

  it('follows only back-office routes', () => {
    expect(returnTarget('balanceLog')).toBe('/invoice/balance-log');
    expect(returnTarget('/invoice/balance-log?accountId=3')).toBe('/invoice/balance-log?accountId=3');
    expect(returnTarget('//evil.example/invoice/balance-log')).toBeNull();
    expect(returnTarget('https://evil.example/')).toBeNull();
    expect(returnTarget('/agent/payment')).toBeNull();
    expect(returnTarget(null)).toBeNull();
  });
});

describe('charge account in the header', () => {
  it('is offered to agents with the charge role and starts the card payment from the page they are on', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const app = open('/admin/invoice/balance-log');
    await screen.findByText('Deposit at the Zurich desk');
    await app.user.click(screen.getByRole('button', { name: 'Charge account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Charge account' }));
    await app.user.type(dialog.getByRole('textbox', { name: 'Amount (CHF)' }), '75.5');
    await app.user.click(dialog.getByRole('button', { name: 'Pay by card' }));
    // popups blocked: the page itself goes to the payment page
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:4390/v1/start/TRX1'));
    expect(calls(app.api.requests, 'payment/datatrans/agent/init').map((request) => request.body)).toEqual([
      { source: 'agentAccount', amount: 75.5, agentId: 3, routeName: '/invoice/balance-log' },
    ]);
  });

  it('is not offered to staff', async () => {
    renderAdmin({ as: 'admin', url: '/admin/invoice/balance-log', areaRoutes: ACCOUNTING_ROUTES });
    await screen.findByRole('heading', { name: 'Balance log' });
    expect(screen.queryByRole('button', { name: 'Charge account' })).toBeNull();
  });
});
