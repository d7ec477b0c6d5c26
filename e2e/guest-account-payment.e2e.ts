import type { APIRequestContext } from '@playwright/test';
import { API, expect, expectLedgerBalanced, test } from './support.ts';

/** The first bookable flight of a route from the public search, as the wizard lists it. */
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

test('a guest who opens a customer account while booking pays by card like any guest', async ({
  page,
  request,
}) => {
  const today = new Date().toISOString().slice(0, 10);
  const flight = await firstFlight(request, 'ZRH', 'PRN', today);
  const email = `arber.gashi.${Date.now()}@example.com`;

  await page.goto('/booking/flight/travel-dates');
  await page.getByRole('radio', { name: 'One way' }).check();
  await page.getByLabel('Departure').fill(flight.departure.slice(0, 10));
  await page.getByRole('button', { name: 'Search flights' }).click();
  await expect(page).toHaveURL(/\/booking\/flight\/select-flight-outbound$/);
  const card = page.locator('.flight-card').filter({ hasText: flight.number });
  await card.getByRole('button', { name: /^Economy Light CHF/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/passengers$/);
  await page.getByLabel('First name').fill('Arbër');
  await page.getByLabel('Last name').fill('Gashi');
  await page.getByLabel('Gender').selectOption('male');
  await page.getByLabel('Date of birth').fill('1985-06-02');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/seat-reservation$/);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/billing-information$/);
  await page.getByLabel('First name').fill('Arbër');
  await page.getByLabel('Last name').fill('Gashi');
  await page.getByLabel('Date of birth').fill('1985-06-02');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Street and number').fill('Bahnhofstrasse 1');
  await page.getByLabel('Postcode').fill('8001');
  await page.getByLabel('City').fill('Zürich');
  await page.getByLabel('Mobile phone').fill('+41 79 123 45 67');
  await page.getByLabel('Create a customer account with this e-mail').check();
  await page.getByLabel('Password', { exact: true }).fill('gashi-flies-2031');
  await page.getByLabel('Confirm password').fill('gashi-flies-2031');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/reservation-overview$/);
  await page.getByRole('checkbox').check();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book and pay by card' }).click();
  // Before the fix the card start answered 404 here and no payment page opened.
  const popup = await popupOpened;
  await popup.getByRole('button', { name: /4242 4242 4242 4242/ }).click();

  await expect(page).toHaveURL(/\/datatrans\/success\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('reservationId'));

  // The new account owns the booking, and sees it paid and confirmed.
  const login = await request.post(`${API}/auth/token`, {
    data: { login: email, password: 'gashi-flies-2031' },
  });
  expect(login.ok()).toBe(true);
  const token = (await login.json()).token as string;
  const reservation = await (
    await request.get(`${API}/reservation/${id}`, { headers: { 'x-auth-token': token } })
  ).json();
  expect(reservation).toMatchObject({ status: 'confirmed', invoice: { status: 'paid' } });
  expect(reservation.invoice.totalPaid).toBe(reservation.invoice.total);
  await expectLedgerBalanced(request);
});
