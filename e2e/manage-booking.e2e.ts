import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import {
  API,
  apiToken,
  expect,
  expectAccessible,
  expectLedgerBalanced,
  islandsHydrated,
  payGuestBookingByCard,
  test,
} from './support.ts';

// Card payments, desk payments and invoices move money here: the ledger's invariants hold after each
// journey (debits equal credits, balances equal their records).
test.afterEach(async ({ request }) => {
  await expectLedgerBalanced(request);
});

/** The first open demo flight. */
async function openFlight(request: APIRequestContext) {
  const token = await apiToken(request, 'manager@flybook.test');
  const flights = await (
    await request.get(`${API}/flight/list?status[]=created&pageSize=1`, {
      headers: { 'x-auth-token': token },
    })
  ).json();
  return { token, flightId: flights.items[0].id as number };
}

/** A booking of one adult, booked by Besa Çeku: as a guest on card terms, or billed by the manager. */
async function book(request: APIRequestContext, as: 'guest' | 'manager') {
  const { token, flightId } = await openFlight(request);
  const response = await request.post(`${API}/reservation`, {
    ...(as === 'manager' ? { headers: { 'x-auth-token': token } } : {}),
    data: {
      bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
      passengers: [
        { firstName: 'Besa', lastName: 'Çeku', gender: 'female', ageType: 'adult', birthday: '1990-05-04' },
      ],
      billingInformation: {
        salutation: 'mrs',
        firstName: 'Besa',
        lastName: 'Çeku',
        email: 'besa.ceku@example.test',
        street: 'Langstrasse 4',
        zip: '8004',
        city: 'Zürich',
        country: 'CH',
        birthday: '1990-05-04',
        phoneMobile: '+41 79 555 22 11',
        language: 'en',
      },
      paymentTerms: as === 'guest' ? 'now' : 'bill',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as {
    id: number;
    recordLocator: string;
    guestKey?: string;
    invoice: { total: number };
  };
}

test('a guest who paid by card finds the booking by a lower-case reference and an accent-less name and downloads the ticket', async ({
  page,
  request,
}) => {
  const reservation = await book(request, 'guest');
  // The guest pays on the provider's stand-in page.
  await payGuestBookingByCard(page, request, reservation);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();

  await page.goto('/');
  // Under Booking in the menu, and in the footer's Booking column.
  await expect(
    page.locator('#site-menu').getByRole('link', { name: 'Manage booking', includeHidden: true }),
  ).toHaveCount(1);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Manage booking' }).click();
  await expect(page).toHaveURL(/\/booking\/manage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage my booking' })).toBeVisible();
  await expectAccessible(page, 'manage form');
  await islandsHydrated(page);

  // A wrong name: not found, and the form stays.
  await page.getByLabel('Booking reference').fill(reservation.recordLocator.toLowerCase());
  await page.getByLabel('Last name').fill('Gashi');
  await page.getByRole('button', { name: 'Find my booking' }).click();
  await expect(page.getByRole('alert')).toHaveText(/No booking matches this reference and name/);
  // Both fields are marked, and a screen reader hears why with each.
  for (const field of ['Booking reference', 'Last name']) {
    await expect(page.getByLabel(field)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(field)).toHaveAccessibleDescription(/No booking matches/);
  }

  await page.getByLabel('Last name').fill('ceku');
  await page.getByRole('button', { name: 'Find my booking' }).click();
  await expect(page.locator('.record-locator')).toHaveText(reservation.recordLocator);
  await expect(page.getByText('Paid in full. Your ticket is ready.')).toBeVisible();
  await expect(page.getByText('Besa Çeku')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`\\?ref=${reservation.recordLocator}$`));
  await expectAccessible(page, 'managed booking');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download ticket (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Ticket.pdf');
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('an unpaid billed booking is paid by card from the manage page, opened in German', async ({
  page,
  request,
}) => {
  const reservation = await book(request, 'manager');
  await page.goto('/de/booking/manage');
  await islandsHydrated(page);
  await page.getByLabel('Buchungsnummer').fill(reservation.recordLocator);
  await page.getByLabel('Nachname').fill('ÇEKU');
  await page.getByRole('button', { name: 'Buchung suchen' }).click();
  await expect(page.locator('.manage-open')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ticket herunterladen (PDF)' })).toHaveCount(0);

  await page.getByRole('button', { name: /mit Karte bezahlen$/ }).click();
  await page.getByRole('button', { name: /4242 4242 4242 4242/ }).click();
  await expect(page).toHaveURL(/\/de\/datatrans\/success\?/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Back to the page in the same tab: the key kept for the visit shows the booking, now paid.
  await page.goto(`/de/booking/manage?ref=${reservation.recordLocator}`);
  await expect(page.getByText('Vollständig bezahlt.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ticket herunterladen (PDF)' })).toBeVisible();
  await expect(page.getByRole('button', { name: /mit Karte bezahlen$/ })).toHaveCount(0);
});
