import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_CATALOGUES } from '../../test/catalogues.ts';
import { createFakeApi, tokenOf } from '../../test/fake-api.ts';
import { cardTransaction } from '../../test/fake-ledger.ts';
import { MemoryStorage } from '../../test/memory-storage.ts';
import { AdminProviders } from '../context.tsx';
import { CARD_RESULT_MESSAGE } from '../payment-window.ts';
import { createAdminServices } from '../services.ts';
import { SESSION_STORAGE_KEY } from '../session.ts';
import { CardReturnWindow } from './CardReturnWindow.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const originalUrl = window.location.href;

/**
 * The payment window after the provider sent the payer back to `address`, opened by a back-office
 * page whose `postMessage` is watched. Rendered in StrictMode as main.tsx renders it.
 */
function openReturn(address: string, failMessage: string | null = null) {
  window.history.replaceState(null, '', address);
  const opener = { postMessage: vi.fn() };
  vi.stubGlobal('opener', opener);
  const storage = new MemoryStorage();
  storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: tokenOf('manager') }));
  const api = createFakeApi({
    handle: (request) => {
      if (request.method !== 'POST') return undefined;
      const { transactionId } = request.body as { transactionId: string };
      if (request.path === 'payment/datatrans/transaction/confirm') {
        return json(cardTransaction(transactionId, { source: 'reservationPayment', reservationId: 42 }));
      }
      if (request.path === 'payment/datatrans/transaction/update') {
        return json(
          cardTransaction(transactionId, {
            status: failMessage ? 'failed' : 'canceled',
            isBooked: false,
            details: { fail: failMessage ? { message: failMessage } : null },
          }),
        );
      }
      return undefined;
    },
  });
  const services = createAdminServices({
    fetch: api.fetch,
    storage,
    languages: ['en-US'],
    catalogues: { en: ALL_CATALOGUES.en },
  });
  render(
    <StrictMode>
      <AdminProviders services={services}>
        <CardReturnWindow isAgentCharge={false} />
      </AdminProviders>
    </StrictMode>,
  );
  const calls = (path: string) => api.requests.filter((request) => request.path === path);
  return { api, opener, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', originalUrl);
});

describe('the card payment window after the provider', () => {
  it('confirms a success once, shows only the outcome and tells the window that opened it', async () => {
    const { opener, calls } = openReturn(
      '/admin/reservation/42/payment?status=success&datatransTrxId=260317120512345678',
    );
    expect(await screen.findByText('Payment successfully')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Card payment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close window' })).toBeTruthy();
    // Only the outcome: no back office, no payment form to pay again.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(calls('payment/datatrans/transaction/confirm').map((request) => request.body)).toEqual([
      { transactionId: '260317120512345678' },
    ]);
    expect(opener.postMessage).toHaveBeenCalledTimes(1);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: CARD_RESULT_MESSAGE, transactionId: '260317120512345678', status: 'success' },
      window.location.origin,
    );
  });

  it('says a cancelled payment was not completed, and books nothing', async () => {
    const { opener, calls } = openReturn(
      '/admin/reservation/42/payment?status=cancel&datatransTrxId=260317120512345679',
    );
    expect(await screen.findByText('The payment was not completed.')).toBeTruthy();
    expect(calls('payment/datatrans/transaction/confirm')).toEqual([]);
    expect(opener.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'cancel' }),
      window.location.origin,
    );
  });

  it("shows the provider's message for a failed payment", async () => {
    const { calls } = openReturn(
      '/admin/reservation/42/payment?status=error&datatransTrxId=260317120512345680',
      'Card declined by the issuer.',
    );
    expect(await screen.findByText('Card declined by the issuer.')).toBeTruthy();
    expect(calls('payment/datatrans/transaction/confirm')).toEqual([]);
  });
});
