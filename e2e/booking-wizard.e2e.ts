import type { APIRequestContext, Page } from '@playwright/test';
import { API, expect, expectAccessible, expectLedgerBalanced, test } from './support.ts';

// Card payments, desk payments and invoices move money here: the ledger's invariants hold after each
// journey (debits equal credits, balances equal their records).
test.afterEach(async ({ request }) => {
  await expectLedgerBalanced(request);
});

/** The first bookable flight of a route from the public search, as the wizard will list it. */
async function firstFlight(request: APIRequestContext, origin: string, destination: string, from: string) {
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
  const answer = await request.get(
    `${API}/public/flight/list?origin=${origin}&destination=${destination}&departureFrom=${from}&departureTo=${to}`,
  );
  expect(answer.ok()).toBe(true);
  const flight = (await answer.json()).items[0];
  expect(flight, `a flight ${origin} → ${destination}`).toBeTruthy();
  return flight as { id: number; number: string; departure: string };
}

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post(`${API}/auth/token`, {
    data: { login: 'admin@flybook.test', password: 'flybook-demo' },
  });
  return { 'x-auth-token': (await login.json()).token as string };
}

/** Step 6: the public billing form (spec 02 §5), with a Swiss mobile number. */
async function fillBilling(page: Page) {
  await page.getByLabel('First name').fill('Drita');
  await page.getByLabel('Last name').fill('Krasniqi');
  await page.getByLabel('Date of birth').fill('1990-03-14');
  await page.getByLabel('E-mail', { exact: true }).fill('drita.krasniqi@example.com');
  await page.getByLabel('Street and number').fill('Bahnhofstrasse 1');
  await page.getByLabel('Postcode').fill('8001');
  await page.getByLabel('City').fill('Zürich');
  await expect(page.getByLabel('Country')).toHaveValue('CH');
  // 8 digits after +41: the spec's message; 9 are right.
  await page.getByLabel('Mobile phone').fill('+41 79 123 45 6');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('#billing-phoneMobile-note')).toHaveText('should be greater or equal: 9');
  await page.getByLabel('Mobile phone').fill('+41 79 123 45 67');
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('one way for one adult without a seat, paid by card: confirmed and paid in the back office', async ({
  page,
  request,
}) => {
  const today = new Date().toISOString().slice(0, 10);
  const flight = await firstFlight(request, 'ZRH', 'PRN', today);
  const day = flight.departure.slice(0, 10);

  await page.goto('/booking/flight/travel-dates');
  await expect(page.getByRole('heading', { level: 1, name: 'New Reservation' })).toBeVisible();
  await page.getByRole('radio', { name: 'One way' }).check();
  await page.getByLabel('Departure').fill(day);
  await expectAccessible(page, 'travel dates');
  await page.getByRole('button', { name: 'Search flights' }).click();

  await expect(page).toHaveURL(/\/booking\/flight\/select-flight-outbound$/);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(7);
  await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
  const card = page.locator('.flight-card').filter({ hasText: flight.number });
  await card.getByRole('button', { name: /^Economy Light CHF/ }).click();
  await expect(card.getByRole('button', { name: /^Economy Light CHF/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('complementary', { name: 'Your trip' })).toContainText(flight.number);
  await expectAccessible(page, 'outbound flights');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/passengers$/);
  // The date of birth must fit the age type on the day of travel.
  await page.getByLabel('First name').fill('Drita');
  await page.getByLabel('Last name').fill('Krasniqi');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Date of birth').fill(`${Number(day.slice(0, 4)) - 5}${day.slice(4)}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('The date of birth does not fit: Adult on the day of travel.')).toBeVisible();
  await page.getByLabel('Date of birth').fill('1990-03-14');
  await expectAccessible(page, 'passengers');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/seat-reservation$/);
  await expect(page.getByRole('grid').first()).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click(); // no seat: check-in gives one

  await expect(page).toHaveURL(/\/billing-information$/);
  await fillBilling(page);

  await expect(page).toHaveURL(/\/reservation-overview$/);
  await expect(page.locator('.wizard-summary')).toHaveCount(0);
  await expect(page.getByText('Drita Krasniqi · Adult')).toBeVisible();
  const total = page.locator('.overview-total strong');
  await expect(total).toHaveText(/^CHF\s\d/);
  const totalText = await total.textContent();
  await page.getByRole('button', { name: 'Book and pay by card' }).click();
  await expect(page.getByText('Please accept the terms and conditions.')).toBeVisible();
  await page.getByRole('checkbox').check();
  await expectAccessible(page, 'overview');

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book and pay by card' }).click();
  const popup = await popupOpened;
  await expect(popup.getByText(totalText!.replace(/\s/g, ' '), { exact: true })).toBeVisible();
  await popup.getByRole('button', { name: /4242 4242 4242 4242/ }).click();

  await expect(page).toHaveURL(/\/datatrans\/success\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('reservationId'));
  const reservation = await (
    await request.get(`${API}/reservation/${id}`, { headers: await adminHeaders(request) })
  ).json();
  // The traveller is given the record locator as the booking's reference, not the internal number.
  expect(reservation.recordLocator).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  await expect(page.getByText(`Reservation ${reservation.recordLocator} is confirmed`)).toBeVisible();
  expect(reservation.status).toBe('confirmed');
  expect(reservation.invoice.status).toBe('paid');
  expect(reservation.passengers[0]).toMatchObject({
    firstName: 'Drita',
    lastName: 'Krasniqi',
    ageType: 'adult',
  });
  expect(reservation.flights.map((booked: { id: number }) => booked.id)).toEqual([flight.id]);

  // The booking is done: the wizard starts afresh.
  await page.goto('/booking/flight/passengers');
  await expect(page).toHaveURL(/\/travel-dates$/);
});

test('a booking address with bad parameters goes to travel dates with the spec messages', async ({
  page,
}) => {
  await page.goto(
    '/booking/flight/select-flight-outbound?travelType=one-way&returnDate=2030-01-02&airportFrom=XXX&adult=1',
  );
  await expect(page).toHaveURL(/\/travel-dates\?travelType=one-way/);
  const notice = page.getByRole('alert').filter({ hasText: 'The booking address has a problem' });
  await expect(notice).toContainText('The "departureDate" query parameter is required');
  await expect(notice).toContainText('The "returnDate" query parameter is not allowed');
  await expect(notice).toContainText(
    'Element with query "airportFrom=XXX" not found. Choose a different value.',
  );
  await expect(notice).toContainText('The "airportTo" query parameter is required');
});

test('a family return trip with seats and insurance: declined, then paid from the error page', async ({
  page,
  request,
}) => {
  const today = new Date().toISOString().slice(0, 10);
  const outbound = await firstFlight(request, 'ZRH', 'PRN', today);
  const back = await firstFlight(request, 'PRN', 'ZRH', outbound.departure.slice(0, 10));
  const year = Number(outbound.departure.slice(0, 4));

  await page.goto('/booking/flight/travel-dates');
  await page.getByLabel('Departure').fill(outbound.departure.slice(0, 10));
  await page.getByLabel('Return', { exact: true }).last().fill(back.departure.slice(0, 10));
  await page.getByLabel('Adults').fill('2');
  await page.getByLabel('Children (2–11)').fill('1');
  await page.getByLabel('Infants (under 2)').fill('1');
  await page.getByRole('button', { name: 'Search flights' }).click();

  for (const flight of [outbound, back]) {
    await page
      .locator('.flight-card')
      .filter({ hasText: flight.number })
      .getByRole('button', { name: /^Economy Light CHF/ })
      .click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  await expect(page).toHaveURL(/\/passengers$/);
  const people = [
    ['Arben', 'Berisha', 'male', '1984-05-02'],
    ['Drita', 'Berisha', 'female', '1986-09-20'],
    ['Liridon', 'Berisha', 'male', `${year - 6}-01-15`],
    ['Era', 'Berisha', 'female', `${year - 1}-01-10`],
  ];
  const forms = page.locator('.passengers-form > fieldset');
  await expect(forms).toHaveCount(4);
  for (const [index, [first, last, gender, birthday]] of people.entries()) {
    const form = forms.nth(index);
    await form.getByLabel('First name').fill(first!);
    await form.getByLabel('Last name').fill(last!);
    await form.getByLabel('Gender').selectOption(gender!);
    await form.getByLabel('Date of birth').fill(birthday!);
  }
  // Travel insurance for the first passenger on the way out: the summary's total follows.
  const summaryTotal = page.locator('.summary-total strong');
  await expect(summaryTotal).toHaveText(/^CHF/);
  const before = await summaryTotal.textContent();
  await forms
    .nth(0)
    .locator('.passenger-extras')
    .first()
    .getByLabel(/Travel insurance/)
    .check();
  await expect(summaryTotal).not.toHaveText(before!);
  await page.getByRole('button', { name: 'Continue' }).click();

  // One seat for each of the three who are not infants, in each direction.
  await expect(page).toHaveURL(/\/seat-reservation$/);
  await expect(page.getByText('Era Berisha')).toHaveCount(0);
  for (const [tab, row] of [
    ['Outbound', 20],
    ['Return', 21],
  ] as const) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    for (const column of ['A', 'B', 'C']) {
      await page.getByRole('gridcell', { name: new RegExp(`^Seat ${row}${column},.*free$`) }).click();
    }
    await expect(page.locator('.seat-passengers')).toContainText(`Seat ${row}C`);
    // A chosen seat is announced as chosen, and as selected in the grid.
    const chosen = page.getByRole('gridcell', { name: new RegExp(`^Seat ${row}C,.*selected$`) });
    await expect(chosen).toHaveAttribute('aria-selected', 'true');
  }
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/billing-information$/);
  await fillBilling(page);
  await expect(page.getByText('Era Berisha · Infant (under 2)')).toBeVisible();
  await expect(page.getByText('Arben Berisha · Adult · 20A, 21A · Travel insurance')).toBeVisible();
  await page.getByRole('checkbox').check();

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book and pay by card' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: /4000 0000 0000 0002/ }).click();
  // Back on the site the payment window closes and this page shows the outcome.
  await expect(page).toHaveURL(/\/datatrans\/error\?/);
  expect(popup.isClosed()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible();
  const summary = page.locator('.result-summary');
  await expect(summary).toContainText('Era Berisha (Infant)');
  await expect(summary).toContainText('Seat 20A, Travel insurance');

  // Pay now opens the provider's page in this tab; the good card pays.
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.getByRole('button', { name: /4242 4242 4242 4242/ }).click();
  await expect(page).toHaveURL(/\/datatrans\/success\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
});

test('closing the payment window goes to the cancel page with the minutes left to pay', async ({
  page,
  request,
}) => {
  const today = new Date().toISOString().slice(0, 10);
  const flight = await firstFlight(request, 'ZRH', 'PRN', today);
  const query = new URLSearchParams({
    travelType: 'one-way',
    departureDate: flight.departure.slice(0, 10),
    airportFrom: 'ZRH',
    airportTo: 'PRN',
    departureFlightId: String(flight.id),
  });
  // The flights page's link: the flight is chosen already.
  await page.goto(`/de/booking/flight/select-flight-outbound?${query.toString()}`);
  await expect(page.getByRole('button', { name: /^Economy Light/ }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Vorname').fill('Besa');
  await page.getByLabel('Nachname').fill('Hoxha');
  await page.getByLabel('Geschlecht').selectOption('female');
  await page.getByLabel('Geburtsdatum').fill('1992-07-07');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Vorname').fill('Besa');
  await page.getByLabel('Nachname').fill('Hoxha');
  await page.getByLabel('Geburtsdatum').fill('1992-07-07');
  await page.getByLabel('E-Mail', { exact: true }).fill('besa.hoxha@example.com');
  await page.getByLabel('Mobiltelefon').fill('+41 78 765 43 21');
  await page.getByLabel('Strasse und Nr.').fill('Marktgasse 3');
  await page.getByLabel('PLZ').fill('3011');
  await page.getByLabel('Ort').fill('Bern');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('checkbox').check();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Buchen und mit Karte bezahlen' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('button', { name: /4242 4242 4242 4242/ })).toBeVisible();
  await popup.close();
  await expect(page).toHaveURL(/\/de\/datatrans\/cancel\?.*status=cancel/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zahlung abgebrochen' })).toBeVisible();
  await expect(page.getByRole('alert').first()).toContainText(/noch 1[0-5] Minuten reserviert/);

  // After the payment window the booking is released: its seat is for sale again.
  const bookedBefore = await bookedEconomySeats(request, flight);
  const released = await request.post('/api/dev/expire-unpaid', {
    data: { at: new Date(Date.now() + 16 * 60_000).toISOString() },
  });
  expect((await released.json()).released).toBeGreaterThanOrEqual(1);
  expect(await bookedEconomySeats(request, flight)).toBe(bookedBefore - 1);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Reservation abgelaufen' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Die Reservation ist abgelaufen.');
});

/** Economy seats booked on a flight, as the back office counts them. */
async function bookedEconomySeats(request: APIRequestContext, flight: { id: number }) {
  const answer = await request.get(`${API}/flight/${flight.id}`, { headers: await adminHeaders(request) });
  return (await answer.json()).seatsByTariff.find(
    (seats: { tariffGroup: { id: number } }) => seats.tariffGroup.id === 1,
  ).booked as number;
}

/** Through the wizard to the overview for one adult on `flightId`, taking seat `seat`. */
async function toOverviewWithSeat(
  page: Page,
  flight: { id: number; departure: string },
  seat: string,
  name: string,
) {
  const query = new URLSearchParams({
    travelType: 'one-way',
    departureDate: flight.departure.slice(0, 10),
    airportFrom: 'ZRH',
    airportTo: 'PRN',
    departureFlightId: String(flight.id),
  });
  await page.goto(`/booking/flight/select-flight-outbound?${query.toString()}`);
  await expect(page.getByRole('button', { name: /^Economy Light/ }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Last name').fill('Gashi');
  await page.getByLabel('Gender').selectOption('male');
  await page.getByLabel('Date of birth').fill('1980-01-01');
  await page.getByRole('button', { name: 'Continue' }).click();
  // The seat typed by hand, checked against the seat-label pattern first.
  await page.getByLabel('Or type a seat').fill('30-F');
  await page.getByRole('button', { name: 'Take seat' }).click();
  await expect(page.locator('#typed-seat-note')).toHaveText('This value is not in the right format.');
  await page.getByLabel('Or type a seat').fill(seat.toLowerCase());
  await page.getByRole('button', { name: 'Take seat' }).click();
  await expect(page.locator('.seat-passengers')).toContainText(`Seat ${seat}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillBilling(page);
  await expect(page).toHaveURL(/\/reservation-overview$/);
  await page.getByRole('checkbox').check();
}

test('two browsers race for the same seat: one books it, the other is told it is taken on the outbound flight', async ({
  browser,
  request,
}) => {
  const flight = await firstFlight(request, 'ZRH', 'PRN', new Date().toISOString().slice(0, 10));
  const [first, second] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [pageA, pageB] = await Promise.all([first.newPage(), second.newPage()]);
  await toOverviewWithSeat(pageA, flight, '30F', 'Agon');
  await toOverviewWithSeat(pageB, flight, '30F', 'Blerim');

  const book = async (page: Page) => {
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Book and pay by card' }).click();
    await popup;
  };
  await Promise.all([book(pageA), book(pageB)]);
  const outcomes = await Promise.all(
    [pageA, pageB].map(async (page) => {
      const refused = page.getByRole('alert').filter({ hasText: 'already occupied' });
      const inWindow = page.getByText('Complete the payment in the payment window.');
      await expect(refused.or(inWindow)).toBeVisible();
      return (await refused.count()) > 0 ? 'refused' : 'booked';
    }),
  );
  expect([...outcomes].sort()).toEqual(['booked', 'refused']);
  const loser = outcomes[0] === 'refused' ? pageA : pageB;
  await expect(loser.getByRole('alert').filter({ hasText: 'already occupied' })).toContainText(
    '1102: Seat 30F is already occupied. Select an available seat on the outbound flight.',
  );
  // The way out: back to the seats, where 30F now shows as taken.
  await loser.getByRole('link', { name: 'Change' }).click();
  await expect(loser).toHaveURL(/\/seat-reservation$/);
  await expect(loser.getByRole('gridcell', { name: /^Seat 30F,.*taken$/ })).toBeVisible();
  await Promise.all([first.close(), second.close()]);
});
