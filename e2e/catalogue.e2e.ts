import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, PASSWORD, test } from './support.ts';

const MANAGER = 'manager@flybook.test';

// The journeys share one database: everything made here carries this run's suffix.
const SUFFIX = Date.now().toString(36).toUpperCase();

async function logIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(MANAGER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/reservation\/list$/);
}

/** A two-character airline code no company in the database has yet. */
async function freeAirlineCode(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/auth/token', { data: { login: MANAGER, password: PASSWORD } });
  const { token } = await login.json();
  const headers = { 'X-AUTH-TOKEN': token };
  const used = new Set<string>();
  for (let page = 0; ; page += 1) {
    const answer = await request.get(`/api/v1/flight-company/list?page=${page}&pageSize=50`, { headers });
    expect(answer.status()).toBe(200);
    const { items, total } = await answer.json();
    for (const company of items) used.add(company.code);
    if ((page + 1) * 50 >= total) break;
  }
  await request.delete('/api/v1/auth/token', { headers });
  const letters = 'ZYXWVUTSRQ';
  for (const first of letters) {
    for (let digit = 0; digit < 10; digit += 1) {
      const code = `${first}${digit}`;
      if (!used.has(code)) return code;
    }
  }
  throw new Error('no free airline code');
}

/** Types into a list's search box and waits for the list to show the match (reload after 1 s). */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect(page.getByText(/^Showing 1–1 of 1$/)).toBeVisible();
}

/** A notice is shown; it is dismissed so that the next one is not confused with it. */
async function expectNotice(page: Page, text: string) {
  const notice = page.getByRole('status').filter({ hasText: text });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(notice).toHaveCount(0);
}

const cellTexts = (row: Locator) => row.getByRole('gridcell').allInnerTexts();

test('the manager adds an airline company, a rate for all tariffs and an option, and finds each in its list', async ({
  page,
  request,
}) => {
  const code = await freeAirlineCode(request);
  await logIn(page);

  // Airline company
  const company = `Journey Air ${SUFFIX}`;
  await page.goto('/admin/flight/company/list');
  await expect(page.getByRole('heading', { name: 'Airline companies' })).toBeVisible();
  await page.getByRole('link', { name: 'Add airline company' }).click();
  await expect(page.getByRole('heading', { name: 'Add Airline Company' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(company);
  await page.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Created successfully');
  await expect(page).toHaveURL(/\/admin\/flight\/company\/list$/);
  await search(page, company);
  const companyRow = page.getByRole('row').filter({ hasText: company });
  expect((await cellTexts(companyRow)).slice(1, 4)).toEqual([company, code, 'Active']);

  // Rate: prices for all four tariffs
  const rate = `Journey rate ${SUFFIX}`;
  await page.goto('/admin/rate/list');
  await expect(page.getByRole('heading', { name: 'Rates' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Economy Light' })).toBeVisible();
  await expectAccessible(page, 'rates list');
  await page.getByRole('link', { name: 'Add new rate' }).click();
  await expect(page.getByRole('heading', { name: 'New rate' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Business: Fuel fee (CHF)' })).toBeVisible();
  await expectAccessible(page, 'new rate form');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'new rate form with errors');

  await page.getByRole('textbox', { name: 'Name' }).fill(rate);
  const prices: Record<string, { standard: string; fuel: string; airport: string; total: string }> = {
    'Economy Light': { standard: '199.95', fuel: '35.10', airport: '12.05', total: 'CHF\u00a0247.10' },
    'Economy Classic': { standard: '249.9', fuel: '35.1', airport: '12.05', total: 'CHF\u00a0297.05' },
    'Economy Plus': { standard: '0.10', fuel: '0.20', airport: '0.05', total: 'CHF\u00a00.35' },
    Business: { standard: '1234.50', fuel: '40', airport: '12.05', total: 'CHF\u00a01,286.55' },
  };
  for (const [tariff, price] of Object.entries(prices)) {
    const field = (name: string) => page.getByRole('textbox', { name: `${tariff}: ${name}` });
    await field('Standard price (CHF)').fill(price.standard);
    await field('Round-trip price (CHF)').fill(price.standard);
    await field('Child (%)').fill('75');
    await field('Infant (%)').fill('10');
    await field('Airport fee (CHF)').fill(price.airport);
    await field('Fuel fee (CHF)').fill(price.fuel);
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Created successfully');
  await expect(page).toHaveURL(/\/admin\/rate\/list$/);
  await search(page, rate);
  const rateRow = page.getByRole('row').filter({ hasText: rate });
  expect((await cellTexts(rateRow)).slice(1, 6)).toEqual([
    rate,
    ...Object.values(prices).map((p) => p.total),
  ]);
  await expectAccessible(page, 'rates list with the new rate');

  // Option with title and description in all four languages
  const optionCode = `J-${SUFFIX}`;
  const texts = {
    Deutsch: { title: `Reiseschutz ${SUFFIX}`, description: 'Annullierung und Gepäck' },
    English: { title: `Travel cover ${SUFFIX}`, description: 'Cancellation and baggage' },
    Français: { title: `Protection voyage ${SUFFIX}`, description: 'Annulation et bagages' },
    Shqip: { title: `Mbrojtje udhëtimi ${SUFFIX}`, description: 'Anulim dhe bagazh' },
  };
  await page.getByRole('navigation', { name: 'Rates' }).getByRole('link', { name: 'Options' }).click();
  await expect(page.getByRole('heading', { name: 'Options' })).toBeVisible();
  await page.getByRole('link', { name: 'Add new option' }).click();
  await expect(page.getByRole('heading', { name: 'New option' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill(optionCode.toLowerCase());
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Travel insurance' });
  await page.getByRole('textbox', { name: 'Price (CHF)' }).fill('19.9');
  for (const [language, text] of Object.entries(texts)) {
    const group = page.getByRole('group', { name: language });
    await group.getByRole('textbox', { name: 'Title' }).fill(text.title);
    await group.getByRole('textbox', { name: 'Description' }).fill(text.description);
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Created successfully');
  await expect(page).toHaveURL(/\/admin\/rate\/option\/list$/);
  await search(page, optionCode);
  const optionRow = page.getByRole('row').filter({ hasText: optionCode });
  expect((await cellTexts(optionRow)).slice(0, 5)).toEqual([
    optionCode,
    'Travel insurance',
    texts.English.title,
    'CHF\u00a019.90',
    'Active',
  ]);

  // The option keeps its texts in every language, and its type cannot change
  await optionRow.getByRole('link', { name: `Edit ${optionCode}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit option' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Type' })).toBeDisabled();
  for (const [language, text] of Object.entries(texts)) {
    const group = page.getByRole('group', { name: language });
    await expect(group.getByRole('textbox', { name: 'Title' })).toHaveValue(text.title);
    await expect(group.getByRole('textbox', { name: 'Description' })).toHaveValue(text.description);
  }
});
