import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

const API = '/api/v1';

async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations, what).toEqual([]);
}

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
  await expect(page.getByText('Drita Krasniqi (Adult)')).toBeVisible();
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
  const id = Number((await page.getByText(/Reservation \d+ is confirmed/).textContent())?.match(/\d+/)?.[0]);
  const reservation = await (
    await request.get(`${API}/reservation/${id}`, { headers: await adminHeaders(request) })
  ).json();
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
