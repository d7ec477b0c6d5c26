import type { APIRequestContext, Page } from '@playwright/test';
import { API, apiToken, expect, logIn, test } from './support.ts';

// The back office's lists at 1280 and 1440 px in each language (issue 27, docs/i18n.md "List
// layout"): no header, button, tab or label cut off, no word broken in the middle, no list wider
// than the screen, long free texts cut with an ellipsis only where a tooltip holds them whole, and
// at least ten rows in view at 1440×900. Each screen is photographed (test-results/list-layout-*).
// The invoice overview has the reservation list's columns, so the list stands for both.
const ADMIN = 'admin@flybook.test';
const MANAGER = 'manager@flybook.test';
const ROWS = 14;

test.describe.configure({ mode: 'serial' });

let deskId = 0;

/** Fourteen bookings with long German and Albanian names and addresses, twelve paid at one desk. */
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
    if (index < 2) continue;
    const { invoice } = await created.json();
    const paid = await request.post(`${API}/payment/reservation/invoice`, {
      headers,
      data: {
        amount: invoice.total,
        paymentTypeCode: 'cash',
        reservationInvoiceId: invoice.id,
        accountId: deskId,
      },
    });
    expect(paid.status(), await paid.text()).toBe(201);
  }
}

/** What a reader would see cut: texts wider than their box without a tooltip, words split over two lines. */
async function layoutProblems(page: Page) {
  return page.locator('main').evaluate((main) => {
    const problems: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    // Texts for screen readers only (a 1 px box) are not seen, so never cut.
    const unseen = (element: HTMLElement) =>
      !element.offsetParent || element.getBoundingClientRect().width <= 1;
    for (const element of main.querySelectorAll<HTMLElement>('*')) {
      if (unseen(element) || element.children.length > 0 || !element.textContent?.trim()) continue;
      const style = getComputedStyle(element);
      const cut = element.scrollWidth > element.clientWidth + 1 && style.overflowX !== 'visible';
      // Free text of any length may end in an ellipsis when the whole of it is in the tooltip.
      if (cut && !(style.textOverflow === 'ellipsis' && element.closest('[title]'))) {
        problems.push(`cut: ${name(element)}`);
      }
    }
    // A word is broken when its letters land on two lines (a break after a hyphen is a word break).
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || unseen(parent) || getComputedStyle(parent).textOverflow === 'ellipsis') continue;
      for (const match of text.matchAll(/[^\s\-‑–/]{2,}/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) problems.push(`broken word: "${match[0]}" in ${name(parent)}`);
      }
    }
    // The list itself never scrolls sideways unless it has more columns than any screen (flights).
    const viewport = main.querySelector('.ag-center-cols-viewport');
    if (
      viewport &&
      !main.querySelector('.ag-pinned-right-cols-container .ag-row') &&
      viewport.scrollWidth > viewport.clientWidth + 1
    ) {
      problems.push('the list scrolls sideways');
    }
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push('the page scrolls sideways');
    return problems;
  });
}

/** Rows of the list wholly inside the window. */
const rowsInView = (page: Page) =>
  page.locator('main').evaluate(
    (main) =>
      new Set(
        [...main.querySelectorAll('.ag-row[row-index]')]
          .filter((row) => {
            const box = row.getBoundingClientRect();
            return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
          })
          .map((row) => row.getAttribute('row-index')),
      ).size,
  );

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
      // ten records a page: the payments at the desk
      { path: `/invoice/balance-log?accountId=${deskId}`, rows: 10, tall: true },
      { path: '/flight/list', rows: 15, tall: true },
      { path: '/settings/permissions', rows: 1, tall: false },
    ];
    for (const { path, rows, tall } of lists) {
      const where = `${locale} ${path}`;
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/admin${path}`);
      await expect(page.locator('.ag-row[row-index]').nth(rows - 1)).toBeAttached();
      // The grid measures its columns after drawing the rows; the next frame shows the result.
      await page.waitForTimeout(300);
      expect(await layoutProblems(page), `${where} at 1280`).toEqual([]);
      const file = `${locale}${path.split('?')[0]!.replaceAll('/', '-')}`;
      // JPEG: a third of the time PNG takes to encode, and as good for a person to look at.
      await page.screenshot({ path: test.info().outputPath(`list-layout-1280-${file}.jpeg`), quality: 80 });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.waitForTimeout(300);
      expect(await layoutProblems(page), `${where} at 1440`).toEqual([]);
      if (tall)
        expect(await rowsInView(page), `${where}: rows in view at 1440×900`).toBeGreaterThanOrEqual(10);
      await page.screenshot({ path: test.info().outputPath(`list-layout-1440-${file}.jpeg`), quality: 80 });
    }
  });
}
