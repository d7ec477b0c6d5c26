import type { ReservationListItem } from '@flybook/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../test/fake-api.ts';
import { createFakeFlights } from '../../test/fake-flights.ts';
import { renderAdmin } from '../../test/render-admin.tsx';
import { FLIGHT_ROUTES } from '../routes.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const booking: ReservationListItem = {
  id: 41,
  recordLocator: 'KX7QPM',
  status: 'confirmed',
  createdAt: '2031-05-01T10:00:00.000Z',
  flights: [
    {
      id: 4,
      number: 'AP404',
      direction: 'outbound',
      departure: '2031-06-05T09:00:00.000Z',
      status: 'cancelled',
      origin: { code: 'ZRH', timezone: 'Europe/Zurich' },
      destination: { code: 'SKP', timezone: 'Europe/Skopje' },
    },
  ],
  passengerCount: 2,
  billingInformation: { firstName: 'Drita', lastName: 'Hoxha', email: 'drita@example.test' },
  owner: null,
  reservator: null,
  invoice: {
    id: 41,
    status: 'paid',
    total: 480,
    totalPaid: 480,
    paymentDeadline: null,
    paymentTerms: 'bill',
  },
  priceNeedsToBeHidden: false,
};

/** The rebooked reservation as the API answers it (ReservationSchema). */
const rebooked = {
  id: 41,
  recordLocator: 'KX7QPM',
  status: 'confirmed',
  flights: [
    {
      id: 7,
      number: 'AP408',
      direction: 'outbound',
      departure: '2031-06-07T09:00:00.000Z',
      arrival: '2031-06-07T11:00:00.000Z',
      origin: { code: 'ZRH' },
      destination: { code: 'SKP' },
      status: 'created',
    },
  ],
  passengers: [],
  invoice: {
    id: 41,
    status: 'paid',
    total: 480,
    totalPaid: 480,
    paymentDeadline: null,
    paymentTerms: 'bill',
    isSpecificPrice: true,
    payments: [],
  },
  owner: null,
  reservator: null,
  billingInformation: {
    salutation: 'mrs',
    firstName: 'Drita',
    lastName: 'Hoxha',
    email: 'drita@example.test',
    country: 'CH',
    phoneMobile: '+41791234567',
  },
  language: 'en',
  comment: '',
  priceNeedsToBeHidden: false,
  expiresAt: null,
  createdAt: '2031-05-01T10:00:00.000Z',
};

/**
 * The worklist over the fake API: flight 4 (AP404 ZRH → SKP, cancelled) holds one booking; flight 7
 * is another AP flight of the route, open for booking. `rebook` answers the rebook call.
 */
function worklist(rebook: (request: FakeRequest) => Response) {
  const flights = createFakeFlights();
  const cancelled = flights.flights.find((flight) => flight.id === 4)!;
  Object.assign(cancelled, { passengers: 2, reservations: 1 });
  flights.flights.push({
    ...cancelled,
    id: 7,
    number: 'AP408',
    status: 'created',
    departure: '2031-06-07T09:00:00.000Z',
    arrival: '2031-06-07T11:00:00.000Z',
    passengers: 0,
    reservations: 0,
  });
  let onFlight = [booking];
  const app = renderAdmin({
    as: 'admin',
    url: '/admin/flight/cancelled/list',
    areaRoutes: FLIGHT_ROUTES,
    flights,
    handle: (request) => {
      if (request.method === 'GET' && request.path === 'reservation/list') {
        const flightId = Number(request.query.get('flightId'));
        return json({ items: flightId === 4 ? onFlight : [], total: flightId === 4 ? onFlight.length : 0 });
      }
      if (request.method === 'POST' && request.path === 'reservation/41/rebook') {
        const answer = rebook(request);
        if (answer.ok) {
          onFlight = [];
          Object.assign(cancelled, { passengers: 0, reservations: 0 });
        }
        return answer;
      }
      return undefined;
    },
  });
  return app;
}

describe('cancelled flights with passengers', () => {
  it('lists the cancelled flight with its booking and rebooks it once onto a flight of the route', async () => {
    const app = worklist(() => json(rebooked));
    expect(await screen.findByRole('heading', { name: 'Cancelled flights with passengers' })).toBeTruthy();
    const flight = await screen.findByRole('region', { name: 'AP404 · ZRH → SKP' });
    expect(within(flight).getByText('Reservations: 1, passengers: 2')).toBeTruthy();
    expect(await within(flight).findByText('KX7QPM')).toBeTruthy();
    expect(
      Object.fromEntries(app.api.requests.find((request) => request.path === 'flight/list')!.query),
    ).toMatchObject({ 'status[]': 'cancelled', hasPassengers: 'true' });

    await app.user.click(within(flight).getByRole('button', { name: 'Rebook…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rebook KX7QPM' });
    // Only other flights of the route, open for booking: AP408, not the cancelled AP404.
    const target = await within(dialog).findByRole('radio', { name: /AP408/ });
    expect(within(dialog).queryByRole('radio', { name: /AP404/ })).toBeNull();
    await app.user.click(within(dialog).getByRole('button', { name: 'Rebook' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose the new flight.');

    await app.user.click(target);
    const confirm = within(dialog).getByRole('button', { name: 'Rebook' });
    await app.user.dblClick(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const rebooks = app.api.requests.filter((request) => request.path === 'reservation/41/rebook');
    expect(rebooks).toHaveLength(1);
    expect(rebooks[0]!.body).toEqual({ fromFlightId: 4, toFlightId: 7 });
    expect(rebooks[0]!.idempotencyKey).toBeTruthy();
    expect(await screen.findByText('No cancelled flight has passengers left.')).toBeTruthy();
  });

  it('sends a changed total and keeps the dialog open with the server refusal', async () => {
    const app = worklist(() =>
      json(
        {
          errors: [
            {
              code: 'ERROR_REBOOK_OTHER_ROUTE',
              message: 'Passengers can only be rebooked onto another flight of the same route.',
              field: 'toFlightId',
            },
          ],
        },
        422,
      ),
    );
    const flight = await screen.findByRole('region', { name: 'AP404 · ZRH → SKP' });
    await app.user.click(await within(flight).findByRole('button', { name: 'Rebook…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rebook KX7QPM' });
    await app.user.click(await within(dialog).findByRole('radio', { name: /AP408/ }));
    const total = within(dialog).getByRole('textbox', { name: 'Total (CHF)' });
    expect((total as HTMLInputElement).value).toBe('480.00');
    await app.user.clear(total);
    await app.user.type(total, '450');
    await app.user.click(within(dialog).getByRole('button', { name: 'Rebook' }));
    expect(
      await within(dialog).findByText(
        'Passengers can only be rebooked onto another flight of the same route.',
      ),
    ).toBeTruthy();
    const rebook = app.api.requests.find((request) => request.path === 'reservation/41/rebook');
    expect(rebook!.body).toEqual({ fromFlightId: 4, toFlightId: 7, total: 450 });
    expect(within(flight).getByText('KX7QPM')).toBeTruthy();
  });

  it('shows a failed load with the server message and Retry, never as an empty worklist', async () => {
    let failing = true;
    const app = renderAdmin({
      as: 'admin',
      url: '/admin/flight/cancelled/list',
      areaRoutes: FLIGHT_ROUTES,
      handle: (request) =>
        failing && request.path === 'flight/list'
          ? json(
              { errors: [{ code: 'ERROR_SERVICE_UNAVAILABLE', message: 'The service is unavailable.' }] },
              503,
            )
          : undefined,
    });
    const alert = await screen.findByRole('alert');
    expect(screen.queryByText('No cancelled flight has passengers left.')).toBeNull();
    failing = false;
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No cancelled flight has passengers left.')).toBeTruthy();
  });
});
