import type { APIRequestContext } from '@playwright/test';
import { API, apiToken, expect, expectAccessible, logIn, soonestFlight, test } from './support.ts';

// The failure states and marked rows that only a real browser lays out (docs/decisions.md
// "Failure states"); their logic is covered by component tests.
test.use({ viewport: { width: 1280, height: 800 } });

const MANAGER = 'manager@flybook.test';

/** Bookings on the soonest open flight, paid by bill, oldest first. */
async function bookings(request: APIRequestContext, count: number) {
  const token = await apiToken(request, MANAGER);
  const headers = { 'x-auth-token': token };
  const flightId = (await soonestFlight(request, token)).id;
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const lastName = `Berisha${String.fromCharCode(65 + index)}`;
    const response = await request.post(`${API}/reservation`, {
      headers,
      data: {
        bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
        passengers: [
          { firstName: 'Arta', lastName, gender: 'female', ageType: 'adult', birthday: '1988-05-02' },
        ],
        billingInformation: {
          salutation: 'mrs',
          firstName: 'Arta',
          lastName,
          email: `arta.${index}@example.test`,
          street: 'Langstrasse 4',
          zip: '8004',
          city: 'Zürich',
          country: 'CH',
          birthday: '1988-05-02',
          phoneMobile: '+41 79 555 12 34',
          language: 'en',
        },
        paymentTerms: 'bill',
        paymentDeadline: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push((await response.json()).id as number);
  }
  return ids;
}

test('after a payment the list shows the paid reservation marked, on screen', async ({ page, request }) => {
  // The first of twelve: far down the first page, under the filters and eleven newer rows.
  const [paid] = await bookings(request, 12);
  await logIn(page, MANAGER);
  await page.goto(`/admin/reservation/${paid}/payment?source=reservationList`);
  await page.getByRole('radio', { name: 'Cash' }).check({ force: true });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/reservation/list\\?highlightReservationId=${paid}$`));
  const row = page.locator('.list-row--highlight');
  await expect(row).toHaveCount(1);
  await expect(row).toBeInViewport({ ratio: 0.9 });
});

test('a list that cannot load says why with Retry, never that nothing matched', async ({ page }) => {
  await logIn(page, MANAGER);
  let failing = true;
  await page.route('**/api/v1/flight/list?**', (route) =>
    failing
      ? route.fulfill({
          status: 403,
          json: { errors: [{ code: 'ERROR_FORBIDDEN', message: 'Not for you.' }] },
        })
      : route.continue(),
  );
  await page.goto('/admin/flight/list');
  const list = page.locator('section.server-list');
  const alert = list.getByRole('alert');
  await expect(alert).toContainText('The list could not be loaded.');
  await expect(alert).toContainText("You don't have permissions for this action.");
  await expect(list).not.toContainText('No flights match these filters');
  await expectAccessible(page, 'a failed flight list');
  failing = false;
  await list.getByRole('button', { name: 'Try again' }).click();
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  await expect(alert).toHaveCount(0);
});
