import { DEFAULT_TRIP, type TripSearch } from '@flybook/domain/trips';
import type { Locale } from '@flybook/locales';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_DRAFT, withFlight, withTrip } from '../booking/draft.ts';
import { $draft } from '../booking/state.ts';
import { STEPS, type StepName } from '../booking/steps.ts';
import { testFlight } from '../booking/test-flights.ts';
import { URL_PROBLEMS_KEY } from '../booking/wizard-context.ts';
import { siteTexts } from '../lib/i18n.ts';
import { bookingErrorTexts, searchTexts, wizardTexts } from '../lib/island-texts.ts';
import { leave } from '../lib/navigation.ts';
import BookingWizard from './BookingWizard.tsx';

// The texts as the wizard's page hands them over (pages/[...locale]/booking/flight/[step].astro), in English.
const english = siteTexts('en');
const texts = wizardTexts(english);
const tripTexts = searchTexts(english);
const errorTexts = bookingErrorTexts(english);
const stepPath = (step: StepName) => `/booking/flight/${step}`;
const stepPaths = Object.fromEntries(STEPS.map((step) => [step, stepPath(step)])) as Record<StepName, string>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, code: string, params?: Record<string, unknown>) =>
  json({ errors: [{ code, message: `${code} (English)`, ...(params ? { params } : {}) }] }, status);

const FLIGHT = testFlight(12);
const COST = {
  costForPassengers: [
    {
      ageType: 'adult',
      flightsCosts: [
        { flightId: 12, base: 249, airportFee: 30, fuelFee: 20, seat: 0, optionsCosts: [], total: 299 },
      ],
      total: 299,
    },
  ],
  total: 299,
};

type Answer = (path: string, query: URLSearchParams) => Response | Promise<Response> | undefined;

/**
 * The API as the wizard meets it: airports ZRH, PRN and BSL, flight 12 on the list, and `answer`
 * first for what a test wants otherwise. Every call's path is recorded.
 */
function stubApi(answer: Answer = () => undefined) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/api\/v1\//, '');
      paths.push(path);
      const own = await answer(path, url.searchParams);
      if (own) return own;
      if (path === 'airport/entire-list')
        return json({ items: ['ZRH', 'PRN', 'BSL'].map((code) => ({ code, city: { en: code } })) });
      if (path === 'airport/flights-map')
        return json({
          items: [
            { origin: 'ZRH', destinations: ['PRN'] },
            { origin: 'PRN', destinations: ['ZRH'] },
          ],
        });
      if (path === 'public/flight/list') return json({ items: [FLIGHT], total: 1 });
      if (path === 'public/option/attach/list') return json({ items: [] });
      if (path === 'reservation/calculate') return json(COST);
      return refusal(404, 'ERROR_NOT_FOUND');
    }),
  );
  return paths;
}

const ONE_WAY: TripSearch = {
  ...DEFAULT_TRIP,
  travelType: 'one-way',
  departureDate: '2026-12-19',
  airportFrom: 'ZRH',
  airportTo: 'PRN',
};

/** A booking with its trip and outbound flight chosen: the passengers step may open. */
const bookingWithFlight = () =>
  $draft.set(withFlight(withTrip(EMPTY_DRAFT, ONE_WAY), 'outbound', { flight: FLIGHT, tariffId: 1 }));

function openStep(step: StepName, address = '', locale: Locale = 'en') {
  window.history.replaceState(null, '', `${stepPath(step)}${address}`);
  const language = locale === 'en' ? english : siteTexts(locale);
  return render(
    <BookingWizard
      step={step}
      locale={locale}
      texts={locale === 'en' ? texts : wizardTexts(language)}
      tripTexts={locale === 'en' ? tripTexts : searchTexts(language)}
      errorTexts={locale === 'en' ? errorTexts : bookingErrorTexts(language)}
      stepPaths={stepPaths}
      paths={{ home: '/', terms: '/terms', cardCancel: '/datatrans/cancel', login: '/login' }}
    />,
  );
}

const summary = () => screen.getByRole('complementary', { name: 'Your trip' });

beforeEach(() => {
  $draft.set(EMPTY_DRAFT);
});
afterEach(() => {
  $draft.set(EMPTY_DRAFT);
});

describe('the price in the summary', () => {
  it("shows a refused calculation's error in words, with the step that can mend it", async () => {
    bookingWithFlight();
    stubApi((path) =>
      path === 'reservation/calculate'
        ? refusal(422, 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH', { direction: 'outbound', flightId: 12 })
        : undefined,
    );
    openStep('passengers');
    const alert = await within(await screen.findByRole('complementary', { name: 'Your trip' })).findByRole(
      'alert',
    );
    expect(alert.textContent).toContain('The price could not be calculated.');
    expect(alert.textContent).toContain(
      'Not enough seats available on selected outbound flight. Please select another flight.',
    );
    const mend = within(alert).getByRole('link', { name: 'Go to “Outbound flight”' });
    expect(mend.getAttribute('href')).toBe('/booking/flight/select-flight-outbound');
    // A refusal does not change by asking again: no Retry, and never "Calculating" for good.
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(summary()).queryByText('Calculating the price…')).toBeNull();
  });

  it('says a calculation that got no answer could not be made, and prices the booking on Retry', async () => {
    bookingWithFlight();
    let offline = true;
    const paths = stubApi((path) => {
      if (path !== 'reservation/calculate' || !offline) return undefined;
      throw new TypeError('Failed to fetch');
    });
    openStep('passengers');
    const alert = await within(await screen.findByRole('complementary', { name: 'Your trip' })).findByRole(
      'alert',
    );
    expect(alert.textContent).toContain('The price could not be calculated.');
    expect(alert.textContent).toContain('The server cannot be reached. Please check your connection.');
    expect(within(summary()).queryByText('Calculating the price…')).toBeNull();

    offline = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(summary()).findByText('CHF 299.00')).toBeTruthy();
    expect(within(summary()).queryByRole('alert')).toBeNull();
    expect(paths.filter((path) => path === 'reservation/calculate')).toHaveLength(2);
  });
});

describe('bad values in the booking address', () => {
  /** A one-way search from ZRH to PRN for one adult, with `changes` in place of its values. */
  const address = (changes: string) => {
    const query = new URLSearchParams(
      'travelType=one-way&departureDate=2026-12-19&airportFrom=ZRH&airportTo=PRN&adult=1',
    );
    for (const [name, value] of new URLSearchParams(changes)) query.set(name, value);
    return `?${query}`;
  };

  /**
   * Opens a flight step with the address; it must send the visitor to travel dates with the
   * address kept. Then opens travel dates as the browser would, and returns its messages.
   */
  async function messagesAfter(query: string) {
    stubApi();
    const sent = vi.spyOn(leave, 'replace').mockImplementation(() => undefined);
    const flightStep = openStep('select-flight-outbound', address(query));
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    const [target] = sent.mock.calls[0] ?? [];
    expect(target).toBe(`/booking/flight/travel-dates${address(query)}`);
    expect(screen.queryByRole('tabpanel')).toBeNull();
    flightStep.unmount();

    openStep('travel-dates', address(query));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('The booking address has a problem:');
    // The form to mend them is there, not "Loading…".
    expect(await screen.findByRole('button', { name: tripTexts.submit })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    return within(notice)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  }

  it('names a date no calendar has and leads to travel dates', async () => {
    expect(await messagesAfter('departureDate=2026-13-45')).toContain(
      'Invalid query parameter "departureDate". Use value like: 2026-12-24',
    );
    expect(sessionStorage.getItem(URL_PROBLEMS_KEY)).toBeNull();
  });

  it('names an airport that does not exist', async () => {
    expect(await messagesAfter('airportTo=XYZ')).toEqual([
      'Element with query "airportTo=XYZ" not found. Choose a different value.',
    ]);
  });

  it('names more passengers than a booking may have', async () => {
    expect(await messagesAfter('adult=5&child=5')).toEqual([
      'Invalid query parameter "adult". Use value like: 4',
    ]);
  });

  it('names more infants than adults', async () => {
    expect(await messagesAfter('infant=3')).toEqual(['Invalid query parameter "infant". Use value like: 1']);
  });

  it('names a flight id its list does not have on the flight step, where another can be chosen', async () => {
    stubApi();
    const sent = vi.spyOn(leave, 'replace').mockImplementation(() => undefined);
    openStep('select-flight-outbound', address('departureFlightId=999'));
    expect(
      await screen.findByText(
        'Element with query "departureFlightId=999" not found. Choose a different value.',
      ),
    ).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: /Economy/ })).toBeTruthy();
  });
});

describe('the flight list of a flight step', () => {
  it('says why it could not be loaded and loads it on Retry', async () => {
    bookingWithFlight();
    let failing = true;
    stubApi((path) =>
      path === 'public/flight/list' && failing ? refusal(503, 'ERROR_SERVICE_UNAVAILABLE') : undefined,
    );
    openStep('select-flight-outbound');
    const panel = await screen.findByRole('tabpanel');
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('The flights could not be loaded.');
    expect(alert.textContent).toContain(
      'The service is unavailable for a moment. Please try again in a few seconds.',
    );
    expect(within(panel).queryByText('There are no available flights for search.')).toBeNull();
    failing = false;
    await act(() => userEvent.click(within(panel).getByRole('button', { name: 'Try again' })));
    expect(await within(panel).findByRole('button', { name: /Economy/ })).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });
});

/** The billing details a visitor filled in. */
const billing = {
  salutation: 'mrs' as const,
  company: '',
  firstName: 'Drita',
  lastName: 'Krasniqi',
  email: 'drita@example.test',
  street: 'Bahnhofstrasse 1',
  zip: '8001',
  city: 'Zürich',
  country: 'CH',
  birthday: '1990-03-14',
  phoneMobile: '+41 79 123 45 67',
  phoneNumberFirst: '',
  phoneNumberSecond: '',
  isCreateAccount: false,
  password: '',
  passwordConfirm: '',
};

describe('a booking that changes under an open step', () => {
  it('leaves a flight step for travel dates when the booking is gone', async () => {
    bookingWithFlight();
    stubApi();
    const sent = vi.spyOn(leave, 'replace').mockImplementation(() => undefined);
    openStep('select-flight-outbound');
    expect(await screen.findByRole('tabpanel')).toBeTruthy();
    act(() => $draft.set(EMPTY_DRAFT));
    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith('/booking/flight/travel-dates'));
    expect(screen.queryByRole('tabpanel')).toBeNull();
  });

  it('keeps the payment step, which clears the booking itself once booked', async () => {
    bookingWithFlight();
    $draft.set({ ...$draft.get(), passengersDone: true, seatsDone: true, billing });
    stubApi();
    const sent = vi.spyOn(leave, 'replace').mockImplementation(() => undefined);
    openStep('reservation-overview');
    const pay = await screen.findByRole('button', { name: texts.payByCard });
    act(() => $draft.set(EMPTY_DRAFT));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).not.toHaveBeenCalled();
    expect(pay.isConnected).toBe(true);
  });
});

describe('the payment step in Albanian', () => {
  it('names the billing country, not its code, in the language of the page', async () => {
    bookingWithFlight();
    $draft.set({
      ...$draft.get(),
      passengersDone: true,
      seatsDone: true,
      billing: { ...billing, country: 'KV' },
    });
    const paths = stubApi((path) =>
      path === 'public/country/list'
        ? json({
            items: [
              {
                id: 1,
                code: 'CH',
                name: { en: 'Switzerland', de: 'Schweiz', fr: 'Suisse', sq: 'Zvicër' },
                dialCode: '+41',
              },
              {
                id: 2,
                code: 'KV',
                name: { en: 'Kosovo', de: 'Kosovo', fr: 'Kosovo', sq: 'Kosova' },
                dialCode: '+383',
              },
            ],
          })
        : undefined,
    );
    openStep('reservation-overview', '', 'sq');
    const billed = await screen.findByRole('region', { name: 'Faturimi' });
    await vi.waitFor(() => expect(billed.textContent).toContain('Bahnhofstrasse 1, 8001 Zürich, Kosova'));
    expect(billed.textContent).not.toMatch(/\bKV\b/);
    expect(paths).toContain('public/country/list');
    // The terms sentence around its link, in Albanian, with nothing left to fill.
    const terms = screen.getByRole('link', { name: 'Kushtet e përgjithshme' });
    expect(terms.parentElement?.textContent).toBe('Kam lexuar dhe pranoj Kushtet e përgjithshme.');
    expect(document.body.textContent).not.toContain('{{');
  });
});
