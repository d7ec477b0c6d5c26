import { CHECKIN_OPENS_HOURS_DEFAULT } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_IN_BOOKING } from '../lib/check-in.fixtures.ts';
import { siteTexts } from '../lib/i18n.ts';
import { checkInErrorTexts, checkInTexts } from '../lib/island-texts.ts';
import CheckIn from './CheckIn.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, code: string, params?: Record<string, unknown>) =>
  json({ errors: [{ code, message: code, params }] }, status);

interface Sent {
  path: string;
  body: Record<string, unknown>;
}

/** The page at `address`, the API answering with `answer` per path and request body. */
function openPage(
  answer: (path: string, body: Record<string, unknown>) => Response | Promise<Response>,
  address = '/check-in',
  locale: Locale = 'en',
) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1\//, '');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      sent.push({ path, body });
      return answer(path, body);
    }),
  );
  window.history.replaceState(null, '', address);
  const s = siteTexts(locale);
  render(
    <CheckIn
      texts={checkInTexts(s, CHECKIN_OPENS_HOURS_DEFAULT)}
      errorTexts={checkInErrorTexts(s)}
      locale={locale}
    />,
  );
  return sent;
}

async function findBooking(lastName = 'Müller') {
  await userEvent.type(screen.getByLabelText('Last name'), lastName);
  await userEvent.click(screen.getByRole('button', { name: 'Find my flight' }));
}

const PASSES = {
  boardingPasses: [{ passengerId: 10, flightId: 7, seat: '2B', sequenceNumber: 4, bcbp: 'M1MUELLER/ANNA' }],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the online check-in page', () => {
  it('fills the reference from ?ref=, then lists the flight in its local time and the passengers, infants on their adult’s lap', async () => {
    const sent = openPage(() => json(CHECK_IN_BOOKING), '/check-in?ref=kx7p2m');
    const locator = screen.getByLabelText(/Booking reference/) as HTMLInputElement;
    await vi.waitFor(() => expect(locator.value).toBe('kx7p2m'));
    await findBooking();

    expect(await screen.findByRole('heading', { name: 'Step 2 of 3: passengers and seats' })).toBeTruthy();
    expect(sent[0]).toEqual({
      path: 'public/check-in/find',
      body: { recordLocator: 'kx7p2m', lastName: 'Müller', locale: 'en' },
    });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // 05:30 UTC is 06:30 in Zurich; check-in closes an hour before.
    expect(screen.getByText('Sat 28 Nov 2026, 06:30')).toBeTruthy();
    expect(screen.getByText(/check-in closes at 05:30/)).toBeTruthy();

    const anna = screen.getByRole('checkbox', { name: /Anna Müller/ }) as HTMLInputElement;
    const ben = screen.getByRole('checkbox', { name: /Ben Müller/ }) as HTMLInputElement;
    expect(anna.checked).toBe(true);
    expect(ben.disabled).toBe(true);
    expect(screen.queryByRole('checkbox', { name: /Lina/ })).toBeNull();
    expect(screen.getByText(/travels on the lap of Anna Müller/)).toBeTruthy();
    expect(screen.getByText('Checked in')).toBeTruthy();
    // Ben is checked in: no seat change for him.
    expect(screen.queryByRole('button', { name: 'Change seat of Ben Müller' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Check in 2 passengers' })).toBeTruthy();
    expect(window.location.search).toBe('?ref=KX7P2M');
  });

  it('says no booking matches on 404, marking both fields, and never says so when the server fails', async () => {
    let status = 404;
    openPage(() => (status === 404 ? refusal(404, 'ERROR_NOT_FOUND') : refusal(500, 'ERROR_INTERNAL')));
    await userEvent.type(screen.getByLabelText(/Booking reference/), 'ABC234');
    await findBooking('Nobody');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'No booking matches this reference and name. Please check both and try again.',
    );
    expect(screen.getByLabelText('Last name').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText(/Booking reference/) as HTMLInputElement).value).toBe('ABC234');

    status = 500;
    await userEvent.click(screen.getByRole('button', { name: 'Find my flight' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This is our fault'));
    expect(screen.queryByText(/No booking matches/)).toBeNull();
  });

  it('explains a refusal in words with the local date, and how long to wait when rate-limited', async () => {
    let next = refusal(422, 'ERROR_CHECK_IN_NOT_OPEN', { date: '2026-11-28', time: '06:30' });
    openPage(() => next);
    await userEvent.type(screen.getByLabelText(/Booking reference/), 'ABC234');
    await findBooking();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Check-in for this flight opens on 28 November 2026 at 06:30 (local time at the airport).',
    );
    next = refusal(422, 'ERROR_CHECK_IN_UNPAID');
    await userEvent.click(screen.getByRole('button', { name: 'Find my flight' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/not paid in full/));
    next = refusal(429, 'ERROR_RATE_LIMITED', { retryAfterSeconds: 240 });
    await userEvent.click(screen.getByRole('button', { name: 'Find my flight' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/wait 4 min/));
  });

  it('changes a seat on the map (dearer seats shown with their reason), checks in once however often Confirm is clicked, and shows the passes', async () => {
    let release: () => void = () => undefined;
    const sent = openPage(async (path) => {
      if (path === 'public/check-in') {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return json(PASSES);
      }
      if (path === 'public/check-in/boarding-pass')
        return new Response(new Blob(['%PDF-1.7']), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="BoardingPass.pdf"',
          },
        });
      return json(CHECK_IN_BOOKING);
    }, '/check-in?ref=KX7P2M');
    await findBooking();
    await userEvent.click(await screen.findByRole('button', { name: 'Change seat of Anna Müller' }));
    const map = screen.getByRole('heading', { name: 'Choose a seat for Anna Müller' }).parentElement!;
    expect(within(map).getByText(/up to CHF\s20.00/)).toBeTruthy();
    const dear = within(map).getByRole('gridcell', { name: /Seat 2D/ });
    expect(dear.getAttribute('aria-disabled')).toBe('true');
    expect(dear.getAttribute('aria-label')).toMatch(/costs more than the seat paid for/);
    expect(
      within(map)
        .getByRole('gridcell', { name: /Seat 2A/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    await userEvent.click(dear);
    expect(screen.queryByText(/New seat/)).toBeNull();
    await userEvent.click(within(map).getByRole('gridcell', { name: /Seat 2B/ }));
    expect(screen.getByText('New seat 2B (instead of 1A)')).toBeTruthy();

    const confirm = screen.getByRole('button', { name: 'Check in 2 passengers' });
    await userEvent.dblClick(confirm);
    await userEvent.click(confirm);
    expect(screen.getByRole('button', { name: 'Checking in…' }).hasAttribute('disabled')).toBe(true);
    await act(async () => release());
    expect(sent.filter(({ path }) => path === 'public/check-in')).toEqual([
      {
        path: 'public/check-in',
        body: {
          recordLocator: 'KX7P2M',
          lastName: 'Müller',
          locale: 'en',
          flightId: 7,
          passengerIds: [10],
          seats: [{ passengerId: 10, seatLabel: '2B' }],
        },
      },
    ]);

    expect(await screen.findByRole('heading', { name: 'Step 3 of 3: boarding passes' })).toBeTruthy();
    expect(screen.getByText('3 passengers are checked in on flight FB101.')).toBeTruthy();
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Anna Müller · AdultLina Müller · Infant · travels on the lap of Anna Müller2B004',
      'Ben Müller · Adult1B001',
    ]);
    expect(screen.getByText(/also sent the boarding passes by e-mail/)).toBeTruthy();

    const createObjectURL = vi.fn(() => 'blob:pass');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await userEvent.click(screen.getByRole('button', { name: 'Download boarding passes (PDF)' }));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(sent.at(-1)).toEqual({
      path: 'public/check-in/boarding-pass',
      body: { recordLocator: 'KX7P2M', lastName: 'Müller', locale: 'en', flightId: 7 },
    });
  });

  it('says the seat was taken meanwhile and shows the map again as the server has it now', async () => {
    let taken = false;
    openPage((path) => {
      if (path === 'public/check-in') {
        taken = true;
        return refusal(409, 'ERROR_SEAT_LABEL_NOT_UNIQUE', { seatLabel: '2B' });
      }
      if (!taken) return json(CHECK_IN_BOOKING);
      const [flight] = CHECK_IN_BOOKING.flights;
      const section = flight!.seatMap[0]!;
      return json({
        ...CHECK_IN_BOOKING,
        flights: [
          {
            ...flight,
            seatMap: [{ ...section, seats: [section.seats[0], ['taken', 'taken', 'free', 'free']] }],
          },
        ],
      });
    }, '/check-in?ref=KX7P2M');
    await findBooking();
    await userEvent.click(await screen.findByRole('button', { name: 'Change seat of Anna Müller' }));
    await userEvent.click(screen.getByRole('gridcell', { name: /Seat 2B/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Check in 2 passengers' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Seat 2B has just been taken by someone else. Please choose another seat.',
    );
    await vi.waitFor(() => expect(screen.getByText('Seat 1A')).toBeTruthy());
    expect(screen.getByRole('gridcell', { name: /Seat 2B/ }).getAttribute('data-state')).toBe('taken');
  });

  it('goes back from the passes to the passengers and from there to the filled-in form', async () => {
    openPage(
      (path) => (path === 'public/check-in' ? json(PASSES) : json(CHECK_IN_BOOKING)),
      '/check-in?ref=KX7P2M',
    );
    await findBooking();
    await userEvent.click(await screen.findByRole('button', { name: 'Check in 2 passengers' }));
    await screen.findByRole('heading', { name: 'Step 3 of 3: boarding passes' });
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByRole('heading', { name: 'Step 2 of 3: passengers and seats' })).toBeTruthy();
    expect(screen.getByText('Everyone on this flight is checked in.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Check in \d/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show boarding passes' })).toBeTruthy();
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByRole('heading', { name: 'Step 1 of 3: find your booking' })).toBeTruthy();
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Müller');
  });

  it('offers a choice when two flights are open, and checks in on the one chosen', async () => {
    const [outbound] = CHECK_IN_BOOKING.flights;
    const back = {
      ...outbound!,
      id: 8,
      number: 'FB102',
      origin: outbound!.destination,
      destination: outbound!.origin,
      departure: '2026-11-28T18:00:00.000Z',
      closesAt: '2026-11-28T17:00:00.000Z',
    };
    const booking = {
      ...CHECK_IN_BOOKING,
      flights: [outbound, back],
      passengers: CHECK_IN_BOOKING.passengers.map((passenger) => ({
        ...passenger,
        tickets: [
          ...passenger.tickets,
          { flightId: 8, checkedIn: false, seat: null, sequenceNumber: null, paidSeatPrice: 0 },
        ],
      })),
    };
    const sent = openPage(
      (path) => (path === 'public/check-in' ? json(PASSES) : json(booking)),
      '/check-in?ref=KX7P2M',
    );
    await findBooking();
    const group = await screen.findByRole('group', { name: 'Flight to check in on' });
    await userEvent.click(within(group).getByRole('radio', { name: /FB102/ }));
    // On the way back nobody is checked in yet, Ben included; nobody has a seat.
    expect((screen.getByRole('checkbox', { name: /Ben Müller/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByText('No seat yet')).toHaveLength(2);
    expect(screen.getByText('Sat 28 Nov 2026, 19:00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Check in 3 passengers' }));
    await screen.findByRole('heading', { name: 'Step 3 of 3: boarding passes' });
    expect(sent.find(({ path }) => path === 'public/check-in')?.body).toMatchObject({
      flightId: 8,
      passengerIds: [10, 11],
    });
  });

  it('speaks German on the German page, with German dates', async () => {
    openPage(() => json(CHECK_IN_BOOKING), '/de/check-in?ref=KX7P2M', 'de');
    await userEvent.type(screen.getByLabelText('Nachname'), 'Müller');
    await userEvent.click(screen.getByRole('button', { name: 'Meinen Flug finden' }));
    expect(
      await screen.findByRole('heading', { name: 'Schritt 2 von 3: Passagiere und Sitzplätze' }),
    ).toBeTruthy();
    expect(screen.getByText('Sa., 28. Nov. 2026, 06:30')).toBeTruthy();
    expect(screen.getByText(/reist auf dem Schoss von Anna Müller/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '2 Passagiere einchecken' })).toBeTruthy();
  });
});
