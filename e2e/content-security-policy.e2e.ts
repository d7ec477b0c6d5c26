import type { BrowserContext, Page } from '@playwright/test';
import { API, expect, logIn, test } from './support.ts';

/**
 * Every Content-Security-Policy refusal Chromium reports in any tab of the context (the payment page
 * opens in a popup): the console line it prints and the `securitypolicyviolation` event of the page.
 */
function watchPolicyViolations(context: BrowserContext) {
  const violations: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => {
      const text = message.text();
      if (/Content Security Policy|Refused to/i.test(text)) violations.push(`${page.url()}: ${text}`);
    });
  };
  context.on('page', watch);
  for (const page of context.pages()) watch(page);
  return violations;
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`,
      );
    });
  });
});

test('the public site sends its policy and runs its islands without a single CSP refusal', async ({
  page,
  context,
}) => {
  const violations = watchPolicyViolations(context);
  const home = await page.goto('/');
  const policy = home?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
  expect(scriptSources).toContain("'self'");
  expect(scriptSources).not.toContain('unsafe-inline');
  expect(scriptSources).not.toContain('unsafe-eval');
  expect(home?.headers()['x-content-type-options']).toBe('nosniff');

  // The home page's search island hydrates: its form answers.
  await expect(page.getByRole('button', { name: 'Search flights' })).toBeVisible();
  for (const path of ['/about-us', '/flights', '/de', '/booking/flight/travel-dates']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await expect(page.getByRole('heading', { level: 1, name: 'New Reservation' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('a card booking through the payment stand-in runs without a CSP refusal', async ({
  page,
  context,
  request,
}) => {
  const violations = watchPolicyViolations(context);
  const today = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const found = await request.get(
    `${API}/public/flight/list?origin=ZRH&destination=PRN&departureFrom=${today}&departureTo=${to}`,
  );
  const flight = (await found.json()).items[0] as { number: string; departure: string };

  await page.goto('/booking/flight/travel-dates');
  await page.getByRole('radio', { name: 'One way' }).check();
  await page.getByLabel('Departure').fill(flight.departure.slice(0, 10));
  await page.getByRole('button', { name: 'Search flights' }).click();
  const card = page.locator('.flight-card').filter({ hasText: flight.number });
  await card.getByRole('button', { name: /^Economy Light CHF/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('First name').fill('Arta');
  await page.getByLabel('Last name').fill('Hoxha');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Date of birth').fill('1991-04-02');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/seat-reservation$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('First name').fill('Arta');
  await page.getByLabel('Last name').fill('Hoxha');
  await page.getByLabel('Date of birth').fill('1991-04-02');
  await page.getByLabel('E-mail', { exact: true }).fill('arta.hoxha@example.com');
  await page.getByLabel('Street and number').fill('Bahnhofstrasse 3');
  await page.getByLabel('Postcode').fill('8001');
  await page.getByLabel('City').fill('Zürich');
  await page.getByLabel('Mobile phone').fill('+41 79 123 45 68');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/reservation-overview$/);
  await page.getByRole('checkbox').check();

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Book and pay by card' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: /4242 4242 4242 4242/ }).click();
  await expect(page).toHaveURL(/\/datatrans\/success\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('the back office logs in and shows its grids and forms without a CSP refusal', async ({
  page,
  context,
}) => {
  const violations = watchPolicyViolations(context);
  const login = await page.goto('/admin/login');
  expect(login?.headers()['content-security-policy']).toContain("script-src 'self'");
  await logIn(page, 'manager@flybook.test');
  await expect(page.getByRole('grid').first()).toBeVisible();
  for (const path of [
    '/admin/flight/list',
    '/admin/invoice/balance-log',
    '/admin/flight/new',
    '/admin/reservation/new',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});
