import type { APIRequestContext } from '@playwright/test';
import { gridChanges, layoutProblems, rowsInView } from './layout.ts';
import { API, apiToken, expect, logIn, test } from './support.ts';

// The back office's lists at 1280 and 1440 px in each language (issue 27, docs/i18n.md "List
// layout"): no header, button, tab or label cut off, no word broken in the middle, no list wider
// than its box or the screen, long free texts cut with an ellipsis only where a tooltip holds them
// whole, and at least ten rows in view at 1440×900, and once drawn the list rests (it once measured
// its columns without end, thousands of redraws a second). Each screen is photographed
// (test-results/list-layout-*). The reservation list, the invoice overview (the same columns with
// other actions), the balance log with its documents column and the passenger list with an infant on
// the lap hold the widest cells: a partly paid invoice, the row buttons, "Auf dem Schoss".
const ADMIN = 'admin@flybook.test';
const MANAGER = 'manager@flybook.test';
const ROWS = 14;

test.describe.configure({ mode: 'serial' });

let deskId = 0;
/** The flight of the first booking, whose passengers include a child and an infant on the lap. */
let familyFlightId = 0;
/** What the first booking's contact paid of its invoice: "Paguar pjesërisht · CHF 373.00" once measured 248 px. */
const PART_PAID = 373;
const DAY = 86_400_000;

/**
 * Fourteen bookings with long German and Albanian names and addresses, twelve paid at one desk, the
 * first partly (so the invoice overview lists it) and with a child and an infant, the second not at all.
 */
async function book(request: APIRequestContext) {
  const headers = { 'x-auth-token': await apiToken(request, MANAGER) };
  const flights = (
    await (
      await request.get(`${API}/flight/list?status[]=created&sortBy=departure&sortOrder=ASC&pageSize=30`, {
        headers,
      })
    ).json()
  ).items.filter((flight: { isActive: boolean }) => flight.isActive) as { id: number }[];
  const desks = await (await request.get(`${API}/account/payment-list?paymentType=cash`, { headers })).json();
  deskId = desks.items[0].id;
  for (let index = 0; index < ROWS; index++) {
    const created = await request.post(`${API}/reservation`, {
      headers,
      data: {
        bookedFlights: [{ flight: { id: flights[index % flights.length]!.id }, tariff: { id: 1 } }],
        passengers: [
          ...(index === 0
            ? [
                {
                  firstName: 'Lirie',
                  lastName: 'Dushku-Krasniqi',
                  gender: 'female',
                  ageType: 'infant',
                  birthday: new Date(Date.now() - 300 * DAY).toISOString().slice(0, 10),
                },
                {
                  firstName: 'Valdrin',
                  lastName: 'Dushku-Krasniqi',
                  gender: 'male',
                  ageType: 'child',
                  birthday: new Date(Date.now() - 7 * 365 * DAY).toISOString().slice(0, 10),
                },
              ]
            : []),
          {
            firstName: 'Arbëreshë',
            lastName: `Dushku-Krasniqi`,
            gender: 'female',
            ageType: 'adult',
            birthday: '1985-04-12',
          },
          {
            firstName: 'Maximilian',
            lastName: 'Schönenberger',
            gender: 'male',
            ageType: 'adult',
            birthday: '1983-04-12',
          },
        ],
        billingInformation: {
          salutation: 'mr',
          firstName: 'Maximilian',
          lastName: 'Schönenberger-Müller',
          email: `maximilian.schoenenberger-mueller${index}@example-travel-agency.test`,
          street: 'Rruga e Kavajës 12',
          zip: '1001',
          city: 'Tiranë',
          country: 'AL',
          birthday: '1985-04-12',
          phoneMobile: '+41 79 555 77 88',
          language: 'sq',
        },
        paymentTerms: 'bill',
        paymentDeadline: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    if (index === 1) continue;
    if (index === 0) familyFlightId = flights[0]!.id;
    const { invoice } = await created.json();
    const paid = await request.post(`${API}/payment/reservation/invoice`, {
      headers,
      data: {
        amount: index === 0 ? PART_PAID : invoice.total,
        paymentTypeCode: 'cash',
        reservationInvoiceId: invoice.id,
        accountId: deskId,
      },
    });
    expect(paid.status(), await paid.text()).toBe(201);
  }
}

for (const locale of ['en', 'de', 'fr', 'sq'] as const) {
  test(`${locale}: the lists fit 1280 and 1440 px, nothing cut, ten rows in view at 1440×900`, async ({
    page,
    request,
  }) => {
    if (deskId === 0) await book(request);
    await page.setViewportSize({ width: 1280, height: 800 });
    await logIn(page, ADMIN);
    await page.getByRole('banner').getByRole('radio', { name: locale.toUpperCase() }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const lists = [
      { path: '/reservation/list', rows: ROWS, tall: true },
      // the two unpaid bookings, one of them partly paid
      { path: '/reservation/invoiceOverview', rows: 2, tall: false },
      // ten records a page: the payments at the desk
      { path: `/invoice/balance-log?accountId=${deskId}`, rows: 10, tall: true },
      { path: '/flight/list', rows: 15, tall: true },
      { path: `/flight/${familyFlightId}/passenger/list`, rows: 4, tall: false },
      { path: '/settings/permissions', rows: 1, tall: false },
    ];
    for (const { path, rows, tall } of lists) {
      const where = `${locale} ${path}`;
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/admin${path}`);
      await expect(page.locator('.ag-row[row-index]').nth(rows - 1)).toBeAttached();
      // The grid measures its columns after drawing the rows; the next frame shows the result.
      await page.waitForTimeout(300);
      // Soft: one run names every list that does not fit, not only the first.
      expect.soft(await layoutProblems(page), `${where} at 1280`).toEqual([]);
      const file = `${locale}${path.split('?')[0]!.replaceAll(/\/\d+/g, '').replaceAll('/', '-')}`;
      // JPEG: a third of the time PNG takes to encode, and as good for a person to look at.
      await page.screenshot({ path: test.info().outputPath(`list-layout-1280-${file}.jpeg`), quality: 80 });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.waitForTimeout(300);
      expect.soft(await layoutProblems(page), `${where} at 1440`).toEqual([]);
      if (tall)
        expect.soft(await rowsInView(page), `${where}: rows in view at 1440×900`).toBeGreaterThanOrEqual(10);
      expect.soft(await gridChanges(page), `${where}: changes of a list at rest in a second`).toBe(0);
      await page.screenshot({ path: test.info().outputPath(`list-layout-1440-${file}.jpeg`), quality: 80 });
    }
  });
}
