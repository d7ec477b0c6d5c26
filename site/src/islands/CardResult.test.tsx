import type { CardPageReservationSchema, CardPaymentStatusSchema } from '@flybook/schemas/payments';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { siteTexts } from '../lib/i18n.ts';
import { cardResultTexts, paymentErrorTexts } from '../lib/island-texts.ts';
import { leave } from '../lib/navigation.ts';
import CardResult, { type CardOutcome } from './CardResult.tsx';

// The texts as the page hands them over (pages/[...locale]/datatrans/[outcome].astro), in English.
const texts = cardResultTexts(siteTexts('en'));
const paymentErrors = paymentErrorTexts(siteTexts('en'));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const RESERVATION: z.input<typeof CardPageReservationSchema> = {
  id: 42,
  recordLocator: 'KX7P2M',
  status: 'created',
  flights: [
    {
      id: 7,
      number: 'FB101',
      direction: 'outbound',
      departure: '2031-06-09T06:30:00.000Z',
      arrival: '2031-06-09T08:45:00.000Z',
      origin: { code: 'ZRH' },
      destination: { code: 'PRN' },
      status: 'created',
    },
  ],
  invoice: {
    id: 420,
    status: 'notPaid',
    total: 300,
    totalPaid: 0,
    paymentDeadline: null,
    paymentTerms: 'now',
    isSpecificPrice: false,
    payments: [],
  },
  language: 'en',
  priceNeedsToBeHidden: false,
  expiresAt: '2031-06-01T10:15:00.000Z',
  createdAt: '2031-06-01T10:00:00.000Z',
};

const status = (
  patch: Partial<z.input<typeof CardPaymentStatusSchema>> = {},
): z.input<typeof CardPaymentStatusSchema> => ({
  transactionId: 'T1000',
  status: 'settled',
  isBooked: true,
  reservationStatus: 'confirmed',
  invoiceStatus: 'paid',
  expiresAt: null,
  minutesLeft: null,
  failMessage: null,
  ...patch,
});

/** The provider's way back to the site, the API answering with `answer` per path. */
function openResult(
  outcome: CardOutcome,
  answer: (path: string) => Response,
  address = '?transactionId=T1000&reservationId=42',
) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1\//, '');
      paths.push(path);
      return answer(path);
    }),
  );
  const home = vi.spyOn(leave, 'assign').mockImplementation(() => undefined);
  window.history.replaceState(null, '', `/datatrans/${outcome}${address}`);
  render(
    <CardResult
      outcome={outcome}
      texts={texts}
      paymentErrors={paymentErrors}
      locale="en"
      homePath="/"
      reservationsPath="/account/reservations"
    />,
  );
  return { paths, home };
}

const STATUS_PATH = 'public/reservation/42/transaction/T1000/status';
const offline = () => {
  throw new TypeError('Failed to fetch');
};

describe('the card result page', () => {
  it('says the status could not be checked when the network fails, never that the booking expired, and checks again on Retry', async () => {
    let online = false;
    const { paths, home } = openResult('success', (path) => {
      if (path === 'transaction/T1000/reservation') return json(RESERVATION);
      if (path === STATUS_PATH && online) return json(status());
      return offline();
    });
    expect(await screen.findByRole('heading', { name: 'We could not check your payment' })).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The status of your payment could not be checked.');
    expect(alert.textContent).toContain('The server cannot be reached. Please check your connection.');
    expect(screen.queryByText(/probably expired/)).toBeNull();
    expect(screen.queryByText(/expired/i)).toBeNull();
    expect(screen.queryByText(texts.redirecting)).toBeNull();
    expect(home).not.toHaveBeenCalled();

    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeTruthy();
    expect(paths.filter((path) => path === STATUS_PATH)).toHaveLength(2);
  });

  it('says so too when the booking itself cannot be fetched, with the server’s words for a failure of its own', async () => {
    openResult('error', () =>
      json({ errors: [{ code: 'ERROR_INTERNAL', message: 'Internal server error (request r-1).' }] }, 500),
    );
    expect(await screen.findByRole('heading', { name: 'We could not check your payment' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Unknown Error. Internal server error (request r-1).',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows Not Found for a transaction the server does not have', async () => {
    openResult('success', () =>
      json({ errors: [{ code: 'ERROR_TRANSACTION_NOT_FOUND', message: 'No such transaction.' }] }, 404),
    );
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'No such transaction exists, the reservation has probably expired.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows Not Found for an address without a transaction, asking nothing', async () => {
    const { paths } = openResult('cancel', () => json({}), '?transactionId=');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
    expect(paths).toEqual([]);
  });

  it('says the reservation expired only when the server says so', async () => {
    openResult('cancel', (path) =>
      path === 'transaction/T1000/reservation'
        ? json({ ...RESERVATION, status: 'cancelled' })
        : json(
            status({
              status: 'initialized',
              isBooked: false,
              reservationStatus: 'cancelled',
              invoiceStatus: 'notPaid',
              minutesLeft: 0,
            }),
          ),
    );
    expect(await screen.findByRole('heading', { name: 'Reservation expired' })).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('Reservation expired.')).toBeTruthy();
  });
});
