import type { APIRequestContext, Page } from '@playwright/test';
import { API, apiToken, expect, expectAccessible, expectLedgerBalanced, PASSWORD, test } from './support.ts';

// Card payments, desk payments and invoices move money here: the ledger's invariants hold after each
// journey (debits equal credits, balances equal their records).
test.afterEach(async ({ request }) => {
  await expectLedgerBalanced(request);
});

const CUSTOMER = 'customer@flybook.test';

/** A one-adult booking of the demo customer on a flight; staff add owner and terms. */
const customerBooking = (flightId: number, extra: Record<string, unknown>) => ({
  bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
  passengers: [
    { firstName: 'Arben', lastName: 'Berisha', gender: 'male', ageType: 'adult', birthday: '1984-05-02' },
  ],
  billingInformation: {
    salutation: 'mr',
    firstName: 'Arben',
    lastName: 'Berisha',
    email: CUSTOMER,
    street: 'Rruga B 4',
    zip: '10000',
    city: 'Prishtina',
    country: 'KV',
    birthday: '1984-05-02',
    phoneMobile: '+383 44 123 456',
    language: 'en',
  },
  ...extra,
});

/** A billed booking on the first open demo flight, made by the manager for the demo customer. */
async function reservationForCustomer(request: APIRequestContext) {
  const customer = await (
    await request.get(`${API}/user/me`, { headers: { 'x-auth-token': await apiToken(request, CUSTOMER) } })
  ).json();
  const headers = { 'x-auth-token': await apiToken(request, 'manager@flybook.test') };
  const flights = await (
    await request.get(`${API}/flight/list?status[]=created&pageSize=1`, { headers })
  ).json();
  const response = await request.post(`${API}/reservation`, {
    headers,
    data: customerBooking(flights.items[0].id, { paymentTerms: 'bill', owner: { id: customer.id } }),
  });
  expect(response.status(), await response.text()).toBe(201);
  const reservation = await response.json();
  return {
    recordLocator: reservation.recordLocator as string,
    flightNumber: flights.items[0].number as string,
  };
}

test('the public pages are in four languages and the language choice sticks', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectAccessible(page, 'about us');
  await page.getByRole('link', { name: 'DE', exact: true }).click();
  await expect(page).toHaveURL(/\/de\/about-us$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Über uns' })).toBeVisible();
  // The saved choice wins over the English address on the next visit…
  await page.goto('/information/baggage');
  await expect(page).toHaveURL(/\/de\/information\/baggage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gepäck' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/de\/information\/baggage$/);
  const missing = await page.goto('/de/gibt-es-nicht');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Nicht gefunden' })).toBeVisible();
  // …until another language is chosen.
  await page.goto('/de/information/baggage');
  await page.getByRole('link', { name: 'EN', exact: true }).click();
  await expect(page).toHaveURL(/\/information\/baggage$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fly home, fly direct' })).toBeVisible();
  await expectAccessible(page, 'home');
});

test('the home search starts at Zurich → Prishtina for one adult and offers only served destinations', async ({
  page,
}) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Find your flight' });
  const from = form.getByRole('combobox', { name: 'From' });
  const to = form.getByRole('combobox', { name: 'To', exact: true });
  await expect(from).toHaveValue('ZRH');
  await expect(to).toHaveValue('PRN');
  await expect(form.getByLabel('Adults')).toHaveValue('1');
  await expect(form.getByLabel('Children (2–11)')).toHaveValue('0');
  await expect(form.getByLabel('Infants (under 2)')).toHaveValue('0');
  await expect(form.getByRole('radio', { name: 'Return', exact: true })).toBeChecked();
  // Geneva has no flight to Prishtina: the destination is cleared and only Geneva's are offered.
  await from.selectOption('GVA');
  await expect(to).toHaveValue('');
  await expect(to.locator('option')).toHaveText(['Choose…', 'Ohrid (OHD)']);
  await to.selectOption('OHD');
  await form.getByRole('button', { name: 'Search flights' }).click();
  await expect(form.getByText('Required')).toHaveCount(2);
  // One way needs no return date.
  await form.getByRole('radio', { name: 'One way' }).check();
  await expect(form.locator('input[type="date"]')).toHaveCount(1);
  await form.getByLabel('Departure').fill('2030-06-01');
  // Eight seats are more than one online booking takes: the form says so, as the flights page does.
  await form.getByLabel('Adults').fill('8');
  await form.getByRole('button', { name: 'Search flights' }).click();
  await expect(form.getByText('Online, one booking takes at most 7 seats', { exact: false })).toBeVisible();
  // The failed search takes the focus to the field it names, which carries the message.
  await expect(form.getByLabel('Adults')).toBeFocused();
  await expect(form.getByLabel('Adults')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Adults').fill('1');
  await expectAccessible(page, 'home with the search form');
  // The address the form opens (the wizard then takes the search into its draft and cleans the
  // address, so it is caught as the navigation commits).
  const opened = page.waitForURL(
    /\/booking\/flight\/select-flight-outbound\?travelType=one-way&departureDate=2030-06-01&airportFrom=GVA&airportTo=OHD&adult=1&child=0&infant=0$/,
    { waitUntil: 'commit' },
  );
  await form.getByRole('button', { name: 'Search flights' }).click();
  await opened;
});

test('the home page rotates offers, folds a long flight overview and shows current news', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/');
  const slider = page.getByRole('region', { name: 'Offers' });
  await slider.scrollIntoViewIfNeeded();
  await expect(slider.getByRole('group', { name: 'Offer 1 of 3' })).toBeVisible();
  // The slider hydrates when it comes into view (Astro drops `ssr` then); its timer starts there.
  await expect(page.locator('astro-island[component-url*="AdSlider"]')).not.toHaveAttribute('ssr');
  await page.mouse.move(0, 0); // the slider holds while pointed at
  // The timer starts in an effect a moment after hydration: advance the clock a second at a time
  // until the second offer shows (it turns after 10 s), not in one jump that may come first.
  await expect
    .poll(async () => {
      await page.clock.runFor(1_000);
      return slider.getByRole('group', { name: 'Offer 2 of 3' }).isVisible();
    })
    .toBe(true);
  await slider.getByRole('button', { name: 'Next offer' }).click();
  await expect(slider.getByRole('group', { name: 'Offer 3 of 3' })).toBeVisible();
  await slider.getByRole('button', { name: 'Pause' }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(30_000);
  await expect(slider.getByRole('group', { name: 'Offer 3 of 3' })).toBeVisible();

  const overview = page.locator('.flight-overview');
  await overview.scrollIntoViewIfNeeded();
  await expect(overview.locator('li')).toHaveCount(5);
  const showAll = overview.getByRole('button', { name: /^Show all \d+ flights$/ });
  const total = Number((await showAll.textContent())?.match(/\d+/)?.[0]);
  expect(total).toBeGreaterThan(5);
  await showAll.click();
  await expect(overview.locator('li')).toHaveCount(total);
  await overview.getByRole('button', { name: 'Show fewer' }).click();
  await expect(overview.locator('li')).toHaveCount(5);

  // The summer 2025 baggage news expired long ago; the Christmas advice is current.
  const news = page.getByRole('region', { name: 'News' });
  await expect(news.getByRole('heading', { name: 'Travelling at Christmas' })).toBeVisible();
  await expect(news.getByText('Summer 2025: 30 kg baggage')).toHaveCount(0);
  await expectAccessible(page, 'home with slider, overview and news');
});

test('the flights page shows today and the next six days with the flights that have seats', async ({
  page,
}) => {
  await page.goto('/flights');
  const days = page.locator('.board-day');
  await expect(days).toHaveCount(7);
  // The demo timetable flies every day of the week from one airport or another.
  const flights = page.locator('.board-flight a');
  await expect(flights.first()).toBeVisible();
  expect(await flights.count()).toBeGreaterThan(3);
  await expect(flights.first()).toContainText(/\d{2}:\d{2}/);
  await expect(flights.first()).toContainText(/from CHF/);
  await expect(flights.first()).toHaveAttribute(
    'href',
    /^\/booking\/flight\/select-flight-outbound\?travelType=one-way&departureDate=\d{4}-\d{2}-\d{2}&airportFrom=[A-Z]{3}&airportTo=[A-Z]{3}&departureFlightId=\d+$/,
  );
  await expectAccessible(page, 'flights page');
});

test('an agent logging in on the public site goes to the back office reservation list', async ({ page }) => {
  // A visitor whose session the server ended (401) is told so on the login.
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem('flybook.session.v0.1', JSON.stringify({ token: 'expired-token' })),
  );
  await page.goto('/account/reservations');
  await expect(page).toHaveURL(/\/login\?next=/);
  await expect(page.getByRole('dialog', { name: 'Log in' }).getByRole('status')).toHaveText(
    'The session has expired. Login again.',
  );
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('E-mail').fill('agent@flybook.test');
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/reservation\/list$/);
});

test('a customer logs in through the popup, sees their reservations, edits their details and logs out', async ({
  page,
  request,
}) => {
  const reservation = await reservationForCustomer(request);
  await page.goto('/flights');
  // The account page needs a login: it sends the visitor to the login popup and back.
  await page.goto('/account/reservations');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount%2Freservations$/);
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'login popup');
  // Fields of only spaces are refused in the spec's words (spec 01 §5), each marked invalid.
  await dialog.getByLabel('E-mail').fill('   ');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByText('Value should not be empty string.')).toHaveCount(2);
  await expect(dialog.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('E-mail').fill(CUSTOMER);
  await dialog.getByLabel('Password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a correct email and password.');
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/account\/reservations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My reservations' })).toBeVisible();
  // Customers know their booking by its record locator, not the internal number.
  const row = page.getByRole('row').filter({ hasText: reservation.recordLocator });
  await expect(row).toContainText(reservation.flightNumber);
  await expect(row).toContainText('Reserved');
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  await expectAccessible(page, 'account reservations');

  // A logged-in visitor is not shown the login again.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/account\/reservations$/);

  // My details: the customer form with the phone rule by dial code, saved to their profile.
  await page.getByRole('link', { name: 'My details' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'My details' })).toBeVisible();
  const mobile = page.getByLabel('Mobile phone');
  await expect(mobile).toHaveValue('+383 44 123 456');
  await mobile.fill('+41 79 123 45 6');
  await page.getByLabel('City').fill('Zürich');
  await page.getByLabel('Country').selectOption({ label: 'Switzerland' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#phoneMobile-note')).toHaveText('should be greater or equal: 9');
  await expect(mobile).toBeFocused();
  await expectAccessible(page, 'account details with errors');
  await mobile.fill('+41 79 123 45 67');
  // A new password needs the current one; a wrong one is refused by the server, nothing is saved.
  await page.getByLabel('New password', { exact: true }).fill('new-secret-123');
  await page.getByLabel('Confirm new password').fill('new-secret-123');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#currentPassword-note')).toHaveText('This value is required.');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#currentPassword-note')).toHaveText('The current password is not correct.');
  await page.getByLabel('New password', { exact: true }).fill('');
  await page.getByLabel('Confirm new password').fill('');
  await page.getByLabel('Current password').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your details have been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Zürich');
  await expect(page.getByLabel('Mobile phone')).toHaveValue('+41 79 123 45 67');
  await expect(page.getByLabel('Country')).toHaveValue(
    String(
      (await (await page.request.get(`${API}/public/country/list`)).json()).items.find(
        (country: { code: string }) => country.code === 'CH',
      ).id,
    ),
  );
  await expectAccessible(page, 'account details');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/account/reservations');
  await expect(page).toHaveURL(/\/login/);
});

test('the login popup opens the recovery popup, which sends a link', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const recovery = page.getByRole('dialog', { name: 'Forgot password' });
  await recovery.getByLabel('E-mail').fill('nobody@flybook.test');
  await recovery.getByRole('button', { name: 'Send link' }).click();
  await expect(recovery.getByRole('alert')).toHaveText('User is not registered yet');
  await recovery.getByLabel('E-mail').fill(CUSTOMER);
  await recovery.getByRole('button', { name: 'Send link' }).click();
  await expect(recovery.getByRole('status')).toHaveText('You will receive a recovery link shortly.');
});

/** A card booking of the demo customer, made by them, waiting for its payment (seats held). */
async function cardBookingOfCustomer(request: APIRequestContext) {
  const manager = { 'x-auth-token': await apiToken(request, 'manager@flybook.test') };
  const flights = await (
    await request.get(`${API}/flight/list?status[]=created&pageSize=1`, { headers: manager })
  ).json();
  const response = await request.post(`${API}/reservation`, {
    headers: { 'x-auth-token': await apiToken(request, CUSTOMER) },
    data: customerBooking(flights.items[0].id, { paymentTerms: 'now' }),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; recordLocator: string; invoice: { total: number } };
}

async function logInWithToken(page: Page, request: APIRequestContext) {
  const token = await apiToken(request, CUSTOMER);
  await page.goto('/');
  await page.evaluate(
    (value) => localStorage.setItem('flybook.session.v0.1', JSON.stringify({ token: value })),
    token,
  );
}

test('a customer pays an unpaid card booking from the account: declined, then paid on the error page', async ({
  page,
  request,
}) => {
  const booking = await cardBookingOfCustomer(request);
  await logInWithToken(page, request);
  await page.goto('/account/reservations');
  const row = page.getByRole('row').filter({ hasText: booking.recordLocator }).first();
  await row.getByRole('button', { name: 'Pay now' }).click();

  // The provider's page (its local stand-in) charges what is still to pay; the test card declines.
  await expect(page.getByRole('button', { name: /4000 0000 0000 0002/ })).toBeVisible();
  await expect(page.getByText(`CHF ${booking.invoice.total.toFixed(2)}`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /4000 0000 0000 0002/ }).click();
  await expect(page).toHaveURL(/\/datatrans\/error\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible();
  await expect(page.getByRole('alert').first()).toContainText('Your payment could not be processed.');
  await expect(page.getByText(/Your seats are held for 1[0-5] more minutes/)).toBeVisible();
  const summary = page.getByRole('region', { name: `Reservation ${booking.recordLocator}` });
  await expect(summary).toContainText('Arben Berisha (Adult)');
  await expect(summary).toContainText(`CHF ${booking.invoice.total.toFixed(2)}`);
  await expectAccessible(page, 'card error page');
  await page.screenshot({ path: 'test-results/card-error.png', fullPage: true });

  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.getByRole('button', { name: /4242 4242 4242 4242/ }).click();
  await expect(page).toHaveURL(/\/datatrans\/success\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText(`Reservation ${booking.recordLocator} is confirmed`)).toBeVisible();
  await expectAccessible(page, 'card success page');

  // The booking is paid and confirmed; the account offers no payment any more.
  await page.getByRole('link', { name: 'My reservations' }).last().click();
  const paid = page.getByRole('row').filter({ hasText: booking.recordLocator }).first();
  await expect(paid).toContainText('Confirmed');
  await expect(paid.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
});

test('a cancelled card payment shows the minutes left; a page without transaction goes home', async ({
  page,
  request,
}) => {
  const booking = await cardBookingOfCustomer(request);
  await logInWithToken(page, request);
  await page.goto('/de/account/reservations');
  await page
    .getByRole('row')
    .filter({ hasText: booking.recordLocator })
    .first()
    .getByRole('button', { name: 'Jetzt bezahlen' })
    .click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/de\/datatrans\/cancel\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zahlung abgebrochen' })).toBeVisible();
  await expect(page.getByRole('alert').first()).toContainText(/noch 1[0-5] Minuten reserviert/);
  await expect(page.getByRole('button', { name: 'Jetzt bezahlen' })).toBeVisible();

  await page.goto('/datatrans/success');
  await expect(page.getByRole('alert')).toHaveText(
    'No such transaction exists, the reservation has probably expired.',
  );
  await expect(page).toHaveURL(/localhost:\d+\/$/, { timeout: 10_000 });
});

test('no public page scrolls sideways on a 360 px phone, in any language', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map(
    (match) => match[1] || '/',
  );
  expect(paths.length).toBeGreaterThan(60);
  const tooWide: string[] = [];
  for (const path of [...paths, '/login', '/de/login']) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 360) tooWide.push(`${path}: ${width}px`);
  }
  expect(tooWide).toEqual([]);
});
