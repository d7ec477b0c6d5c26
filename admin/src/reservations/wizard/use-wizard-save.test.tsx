import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../test/fake-api.ts';
import { fakeReservation } from '../../test/fake-payments.ts';
import { renderAdmin } from '../../test/render-admin.tsx';
import { useWizardSave } from './use-wizard-save.ts';
import { DEFAULT_TRIP, type Draft, newDraft, type Terms, withFlight, withTrip } from './wizard-model.ts';
import { wizardAccess } from './wizard-rules.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// The shipped agent group's roles for booking and paying (packages/api/src/seed/groups.ts): the
// payment page's route needs ROLE_RESERVATION_INVOICE_ADD_PAYMENT and ROLE_ACCOUNT_LIST_PAYMENT.
const AGENT_ROLES = [
  'ROLE_FLIGHT_AGENT_FLIGHT_LIST',
  'ROLE_ACCOUNT_LIST_PAYMENT',
  'ROLE_RESERVATION_CREATE',
  'ROLE_RESERVATION_READ',
  'ROLE_RESERVATION_INVOICE_ADD_PAYMENT',
  'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_ACCOUNT',
  'ROLE_RESERVATION_PAYMENT_TERMS_LATER',
  'ROLE_PAYMENT_DATATRANS',
];

/** A one-way booking for one adult on flight 10, ready to book with the given terms. */
function draftWith(terms: Terms): Draft {
  const city = { de: 'X', en: 'X', fr: 'X', sq: 'X' };
  const flight = {
    id: 10,
    number: 'FB110',
    departure: '2031-06-09T04:30:00.000Z',
    arrival: '2031-06-09T06:45:00.000Z',
    origin: { code: 'ZRH', timezone: 'Europe/Zurich', city },
    destination: { code: 'PRN', timezone: 'Europe/Belgrade', city },
    flightCompany: { name: 'Flybook Air', code: 'FB' },
    status: 'created' as const,
    isActive: true,
    isBookedOut: false,
    rate: { id: 1, priceList: [] },
    seatsByTariff: [],
  };
  const base = withFlight(
    withTrip(newDraft(terms), { ...DEFAULT_TRIP, travelType: 'one-way', departureDate: '2031-06-09' }),
    'outbound',
    { flight, tariffId: 1 },
  );
  return {
    ...base,
    billing: {
      ...base.billing,
      salutation: 'mrs',
      firstName: 'Liridona',
      lastName: 'Gashi',
      email: 'liridona@example.test',
      street: 'Bahnhofstrasse 7',
      zip: '8001',
      city: 'Zürich',
      birthday: '1986-03-14',
      phoneMobile: '+41 79 555 44 33',
    },
    passengers: base.passengers.map((passenger) => ({
      ...passenger,
      salutation: 'mrs',
      gender: 'female',
      firstName: 'Liridona',
      lastName: 'Gashi',
      birthday: '1986-03-14',
    })),
  };
}

const PAGE_LOAD_MS = 300;

function open(terms: Terms, answered: 'created' | 'confirmed') {
  const access = wizardAccess({ type: 'agent', roles: AGENT_ROLES });
  function Harness() {
    const { save, isSaving } = useWizardSave({
      mode: 'new',
      access,
      reservation: null,
      backPath: (id) => `/reservation/list?highlightReservationId=${id}`,
    });
    return (
      // Disabled while saving, as the wizard's Book button is.
      <button type="button" disabled={isSaving} onClick={() => save(draftWith(terms))}>
        Book
      </button>
    );
  }
  return renderAdmin({
    as: 'agent',
    url: '/admin/reservation/new',
    roles: { agent: AGENT_ROLES },
    areaRoutes: [
      { name: 'reservationNew', load: async () => ({ Component: Harness }) },
      // The payment page is a chunk of its own: the wizard stays on screen while it loads.
      {
        name: 'reservationPayment',
        load: () =>
          new Promise((resolve) =>
            setTimeout(() => resolve({ Component: () => <h1>Payment page</h1> }), PAGE_LOAD_MS),
          ),
      },
    ],
    handle: (request: FakeRequest) => {
      if (request.method === 'POST' && request.path === 'reservation') {
        return json(fakeReservation({ id: 42, status: answered }), 201);
      }
      return undefined;
    },
  });
}

describe('saving a new reservation', () => {
  it('leads an agent’s card-now booking straight to its payment page (not the deny page), once per click', async () => {
    const app = open('now', 'created');
    const book = await screen.findByRole('button', { name: 'Book' });
    const creates = () => app.api.requests.filter((request) => request.path === 'reservation');
    await app.user.dblClick(book);
    await waitFor(() => expect(creates()).toHaveLength(1));
    // Booked, while the payment page loads: the button stays busy and books nothing more.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Book' })).toHaveProperty('disabled', true);
    await app.user.click(book);
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeTruthy();
    expect(app.location()).toBe('/reservation/42/payment?source=reservationList');
    expect(creates()).toHaveLength(1);
    expect(creates()[0]?.body).toMatchObject({ paymentTerms: 'now' });
    expect(creates()[0]?.idempotencyKey).toMatch(/\S/);
  });

  it('returns to the list when the booking was paid in the same step', async () => {
    const app = open('now', 'confirmed');
    await app.user.click(await screen.findByRole('button', { name: 'Book' }));
    await waitFor(() => expect(app.location()).toBe('/reservation/list?highlightReservationId=42'));
  });

  it('returns to the list for other terms', async () => {
    const app = open('later', 'created');
    await app.user.click(await screen.findByRole('button', { name: 'Book' }));
    await waitFor(() => expect(app.location()).toBe('/reservation/list?highlightReservationId=42'));
  });
});
