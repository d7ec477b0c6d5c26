import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../test/fake-api.ts';
import { fakeReservation, handlePayments } from '../../test/fake-payments.ts';
import { renderAdmin } from '../../test/render-admin.tsx';
import { RESERVATION_ROUTES } from '../routes.ts';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const name = (text: string) => ({ de: text, en: text, fr: text, sq: text });
const airport = (code: string, city: string, isMain = true) => ({
  id: code.charCodeAt(0),
  code,
  name: name(city),
  city: name(city),
  countryCode: 'CH',
  timezone: 'Europe/Zurich',
  isMain,
});

function open() {
  return renderAdmin({
    as: 'agent',
    url: '/admin/reservation/new',
    areaRoutes: RESERVATION_ROUTES,
    roles: { agent: ['ROLE_FLIGHT_AGENT_FLIGHT_LIST', 'ROLE_RESERVATION_CREATE'] },
    handle: (request: FakeRequest) => {
      if (request.path === 'airport/list') {
        return json({
          items: [airport('ZRH', 'Zurich'), airport('PRN', 'Pristina'), airport('OHD', 'Ohrid', false)],
        });
      }
      if (request.path === 'airport/flights-map') {
        return json({
          items: [
            { origin: 'ZRH', destinations: ['PRN', 'OHD'] },
            { origin: 'PRN', destinations: ['ZRH'] },
          ],
        });
      }
      return undefined;
    },
  });
}

const steps = () =>
  within(screen.getByRole('navigation', { name: 'Reservation steps' }))
    .getAllByRole('button')
    .map((button) => button.textContent?.replace(/^\d/, ''));

describe('the reservation wizard', () => {
  it('starts at travel dates from Zurich to Prishtina, return, one adult, with later steps closed', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'New reservation', level: 1 })).toBeTruthy();
    expect((await screen.findByRole('combobox', { name: 'From' })) as HTMLSelectElement).toHaveProperty(
      'value',
      'ZRH',
    );
    expect((screen.getByRole('combobox', { name: 'To' }) as HTMLSelectElement).value).toBe('PRN');
    expect((screen.getByRole('combobox', { name: 'Adults (12+)' }) as HTMLSelectElement).value).toBe('1');
    expect(steps()).toEqual([
      'Travel dates',
      'Outbound flight',
      'Return flight',
      'Billing information',
      'Passengers',
      'Seats',
      'Payment',
    ]);
    expect(screen.getByRole('button', { name: 'Outbound flight' }).hasAttribute('disabled')).toBe(true);
  });

  it('refuses to go on without dates, and more infants than adults', async () => {
    const app = open();
    await screen.findByRole('combobox', { name: 'From' });
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Infants (under 2)' }), '2');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('This value is required.')).toHaveLength(2);
    expect(screen.getByText(/no more infants than adults/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Travel dates', level: 2 })).toBeTruthy();
  });

  it('leaves the return flight out of a one-way trip', async () => {
    const app = open();
    await screen.findByRole('combobox', { name: 'From' });
    await app.user.click(screen.getByRole('radio', { name: 'One way' }));
    await app.user.type(screen.getByLabelText('Departure date'), '2031-06-09');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Outbound flight', level: 2 })).toBeTruthy();
    expect(steps()).not.toContain('Return flight');
  });
});

describe('editing a reservation that cannot be loaded or priced', () => {
  const failure = (status: number, code: string, message: string, params?: Record<string, unknown>) =>
    new Response(JSON.stringify({ errors: [{ code, message, ...(params ? { params } : {}) }] }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });

  /** Reservation 42 with each passenger's ticket in tariff 1 on flight 7. */
  const booked = () => {
    const reservation = fakeReservation();
    return fakeReservation({
      passengers: reservation.passengers?.map((passenger) => ({
        ...passenger,
        tickets: [
          { flight: { id: 7 }, direction: 'outbound', tariff: { id: 1 }, seatLabel: null, options: [] },
        ],
      })),
    });
  };

  function openEdit(id: number, handle: (request: FakeRequest) => Response | undefined) {
    return renderAdmin({
      as: 'manager',
      url: `/admin/reservation/edit/${id}`,
      areaRoutes: RESERVATION_ROUTES,
      roles: {
        manager: [
          'ROLE_RESERVATION_READ',
          'ROLE_RESERVATION_UPDATE',
          'ROLE_FLIGHT_LIST',
          'ROLE_RESERVATION_LIST',
        ],
      },
      handle: (request) =>
        handle(request) ?? handlePayments({ reservation: booked(), ownerReservations: [] }, request),
    });
  }

  it('shows Not Found for a reservation the server does not have', async () => {
    openEdit(999, () => undefined);
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
    expect(screen.getByText('Reservation 999 could not be found.')).toBeTruthy();
  });

  it('says why it could not be loaded, never "could not be found", and opens it on Retry', async () => {
    let failing = true;
    const app = openEdit(42, (request) =>
      failing && request.path === 'reservation/42'
        ? failure(403, 'ERROR_FORBIDDEN', 'Not yours.')
        : undefined,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded.');
    expect(alert.textContent).toContain("You don't have permissions for this action.");
    expect(screen.queryByText(/could not be found/)).toBeNull();
    failing = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('complementary', { name: 'Summary' })).toBeTruthy();
  });

  it("shows a refused calculation's error in the summary", async () => {
    openEdit(42, (request) =>
      request.path === 'reservation/calculate'
        ? failure(422, 'ERROR_TARIFF_NOT_AVAILABLE', 'Tariff not available.', { direction: 'outbound' })
        : undefined,
    );
    const summary = await screen.findByRole('complementary', { name: 'Summary' });
    const alert = await within(summary).findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('The price could not be calculated.');
    expect(alert.textContent).toContain('This tariff cannot be booked on the outbound flight.');
    expect(within(summary).queryByText('Calculating…')).toBeNull();
    expect(within(summary).getByRole('button', { name: 'Go to “Outbound flight”' })).toBeTruthy();
    // A refusal is mended by changing the booking, not by asking again.
    expect(within(alert.parentElement ?? alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
