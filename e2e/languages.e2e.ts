import { formatChf, formatDate, formatDateTime, formatMoney, formatTime } from '@flybook/locales/format';
import type { Page } from '@playwright/test';
import { API, apiToken, expect, expectAccessible, logIn, soonestFlight, test } from './support.ts';

// Dates, times and amounts as German and Albanian readers get them, on the public board, in the
// booking wizard, on the reservation list and in the balance log (docs/i18n.md). Debian's Chromium
// has no Albanian locale data: what is right here comes from @flybook/locales/format, not from
// the browser. Each screen is photographed for a person to look at (test-results/languages-*).
test.use({ viewport: { width: 1280, height: 800 } });

const MANAGER = 'manager@flybook.test';

/** Month names a reader of the language expects inside a date (short and long forms). */
const MONTHS: Record<'de' | 'sq', RegExp> = {
  de: /\b\d{1,2}\. (Jan|Feb|März|Apr|Mai|Juni|Juli|Aug|Sept|Okt|Nov|Dez)[a-z]*\.?/,
  sq: /\b\d{1,2} (jan|shk|mar|pri|maj|qer|korr|gush|sht|tet|nën|dhj)[a-zë]*/,
};

/** How a reservation payment's ledger title starts ("Reservation 12" in English). */
const RESERVATION_WORD = { de: 'Reservation', sq: 'Rezervimi' } as const;

/** What a page must never show in these languages: browser fallbacks and 12-hour clocks. */
async function expectNoFallbacks(page: Page, where: string) {
  const text = await page.locator('main').innerText();
  expect(text, `${where}: month written as M12`).not.toMatch(/\bM\d{1,2}\b/);
  expect(text, `${where}: 12-hour clock`).not.toMatch(/\d{1,2}:\d{2}\s?(AM|PM)/);
  expect(text, `${where}: amount after the number`).not.toMatch(/\d[.,]\d{2}[ \u00a0]?CHF/);
  expect(text, `${where}: unfilled text`).not.toContain('{{');
}

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`languages-${name}.png`) });

for (const locale of ['sq', 'de'] as const) {
  test(`${locale}: the board and the wizard read dates, times and prices in the language`, async ({
    page,
  }) => {
    await page.goto(`/${locale}/flights`);
    const days = page.locator('.board-day h2');
    await expect(days).toHaveCount(7);
    const first = page.locator('.board-flight a').first();
    await expect(first).toBeVisible();
    // The day headings: the seventh day is there and reads like the first, in the language.
    const search = new URL((await first.getAttribute('href'))!, 'http://x').searchParams;
    const firstDay = search.get('departureDate')!;
    const heading = formatDate(firstDay, locale, { weekday: 'long', style: 'long', year: false });
    await expect(page.locator(`#day-${firstDay}`)).toHaveText(heading);
    await expect(days.nth(6)).toHaveText(MONTHS[locale]);
    // All seven days side by side on a 1280 px screen: the seventh is not cut off, nothing scrolls.
    const board = page.locator('.flights-board');
    await board.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const fits = await board.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits, 'the board scrolls sideways').toBe(true);
    const seventh = (await days.nth(6).boundingBox())!;
    const edge = (await board.boundingBox())!;
    expect(seventh.x + seventh.width).toBeLessThanOrEqual(edge.x + edge.width);
    await expect(days.nth(6)).toBeInViewport();
    await expect(first.locator('.board-time')).toHaveText(/^\d{2}:\d{2}$/);
    await expect(first.locator('.board-fare')).toHaveText(/CHF\s\d{1,3}('\d{3})*\.\d{2}$/);
    await expectNoFallbacks(page, `${locale} board`);
    await shoot(page, `${locale}-board`);

    // The board's flight opens the wizard on its day, one way, one adult.
    const flightId = search.get('departureFlightId');
    const publicFlights = await (
      await page.request.get(
        `${API}/public/flight/list?${new URLSearchParams({
          origin: search.get('airportFrom')!,
          destination: search.get('airportTo')!,
          departureFrom: firstDay,
          departureTo: firstDay,
        })}`,
      )
    ).json();
    const flight = publicFlights.items.find((item: { id: number }) => String(item.id) === flightId) as {
      number: string;
      departure: string;
      arrival: string;
      origin: { timezone: string };
      destination: { timezone: string };
    };
    expect(flight).toBeTruthy();
    await first.click();
    await expect(page).toHaveURL(/select-flight-outbound/);
    const selectedTab = page.getByRole('tab', { selected: true });
    await expect(selectedTab).toHaveText(formatDate(firstDay, locale, { weekday: 'short', year: false }));
    const card = page.locator('.flight-card').filter({ hasText: flight.number });
    await expect(card).toContainText(formatTime(flight.departure, flight.origin.timezone));
    await expect(card).toContainText(formatTime(flight.arrival, flight.destination.timezone));
    const tariff = card.locator('button.tariff:not([disabled])').first();
    await expect(tariff).toHaveText(/CHF\s\d{1,3}('\d{3})*\.\d{2}/);
    await tariff.click();
    const summary = page.locator('.wizard-summary');
    await expect(summary).toContainText(
      formatDateTime(flight.departure, locale, { weekday: 'short', timeZone: flight.origin.timezone }),
    );
    await expect(summary).toContainText(/CHF\s\d{1,3}('\d{3})*\.\d{2}/);
    await expectNoFallbacks(page, `${locale} wizard`);
    await expectAccessible(page, `${locale} wizard outbound`);
    await shoot(page, `${locale}-wizard`);
  });
}

for (const locale of ['sq', 'de'] as const)
  test(`${locale}: the reservation list and the balance log read dates and amounts in the language`, async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, MANAGER);
    const headers = { 'x-auth-token': token };
    const flight = await soonestFlight(request, token);
    const created = await request.post(`${API}/reservation`, {
      headers,
      data: {
        bookedFlights: [{ flight: { id: flight.id }, tariff: { id: 1 } }],
        passengers: [
          {
            firstName: 'Arbër',
            lastName: 'Dushku',
            gender: 'male',
            ageType: 'adult',
            birthday: '1985-04-12',
          },
        ],
        billingInformation: {
          salutation: 'mr',
          firstName: 'Arbër',
          lastName: 'Dushku',
          email: 'arber.dushku@example.test',
          street: 'Rruga e Kavajës 12',
          zip: '1001',
          city: 'Tiranë',
          country: 'AL',
          birthday: '1985-04-12',
          phoneMobile: '+41 79 555 77 88',
          language: 'sq',
        },
        paymentTerms: 'bill',
        paymentDeadline: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const reservation = await created.json();
    const total = Math.round(reservation.invoice.total * 100);
    // Paid in cash at the desk: a balance-log record on the desk's account.
    const desks = await (
      await request.get(`${API}/account/payment-list?paymentType=cash`, { headers })
    ).json();
    const desk = desks.items[0] as { id: number };
    const paid = await request.post(`${API}/payment/reservation/invoice`, {
      headers,
      data: {
        amount: reservation.invoice.total,
        paymentTypeCode: 'cash',
        reservationInvoiceId: reservation.invoice.id,
        accountId: desk.id,
      },
    });
    expect(paid.status(), await paid.text()).toBe(201);

    await logIn(page, MANAGER);
    // The header's language switch; the choice is kept for the next pages.
    await page.getByRole('banner').getByRole('radio', { name: locale.toUpperCase() }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await page.goto(`/admin/reservation/list?highlightReservationId=${reservation.id}`);
    const row = page.locator('.list-row--highlight');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(formatMoney(total, locale));
    await expect(row).toContainText(formatDate(flight.departure, locale, { weekday: 'short' }));
    await expect(row).toContainText(MONTHS[locale]);
    await expectNoFallbacks(page, `${locale} reservation list`);
    await expectAccessible(page, `${locale} reservation list`);
    await shoot(page, `${locale}-reservation-list`);

    await page.goto(`/admin/invoice/balance-log?accountId=${desk.id}`);
    // The newest record of the desk: the payment, its amount in the language.
    const record = page
      .locator('.ag-row')
      .filter({ hasText: formatChf(reservation.invoice.total, locale) })
      .first();
    await expect(record).toBeVisible();
    await expect(record).toContainText(MONTHS[locale]);
    // The desk's name and the record's title in the language too, not as they are stored.
    await expect(page.locator('main')).not.toContainText('Cash desk');
    await expect(record).toContainText(`${RESERVATION_WORD[locale]} ${reservation.id}`);
    await expectNoFallbacks(page, `${locale} balance log`);
    await expectAccessible(page, `${locale} balance log`);
    await shoot(page, `${locale}-balance-log`);
  });
