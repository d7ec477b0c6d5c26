import type { APIRequestContext, Page } from '@playwright/test';
import { API, apiToken, expect, expectAccessible, logIn, test } from './support.ts';

const ADMIN = 'admin@flybook.test';

// The journeys share one database per worker: everything made here carries this run's suffix.
const SUFFIX = Date.now().toString(36).toUpperCase();

/**
 * A notice is shown (a success waits its turn, role status; an error interrupts, role alert); it is
 * dismissed so that the next one is not confused with it.
 */
async function expectNotice(page: Page, text: string, role: 'status' | 'alert' = 'status') {
  const notice = page.getByRole(role).filter({ hasText: text });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(notice).toHaveCount(0);
}

/** Confirms the delete dialog of a row. */
async function deleteRow(page: Page, name: string, dialogTitle: string) {
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
}

const seat = (page: Page, label: string) =>
  page.getByRole('gridcell', { name: new RegExp(`^Seat ${label},`) });

/** An airline company, a rate and an option nothing uses, made through the API. */
async function unusedCatalogue(request: APIRequestContext) {
  const headers = { 'X-AUTH-TOKEN': await apiToken(request, ADMIN) };
  const companies = await (await request.get(`${API}/flight-company/list?pageSize=50`, { headers })).json();
  const used = new Set(companies.items.map((company: { code: string }) => company.code));
  const code = [...'ZYXWVUTSRQ'].flatMap((letter) => [...'0123456789'].map((digit) => `${letter}${digit}`));
  const company = await request.post(`${API}/flight-company`, {
    headers,
    data: { name: `Gone Air ${SUFFIX}`, code: code.find((candidate) => !used.has(candidate)) },
  });
  expect(company.status()).toBe(201);
  const tariffs = await (await request.get(`${API}/tariff/entire-list`, { headers })).json();
  const rate = await request.post(`${API}/rate`, {
    headers,
    data: {
      name: `Gone rate ${SUFFIX}`,
      priceList: tariffs.items.map((tariff: { id: number }) => ({
        tariff: { id: tariff.id },
        priceStandard: 100,
        priceRound: 180,
        priceChildPercent: 75,
        priceInfantPercent: 10,
        airportFee: 10,
        fuelFee: 20,
      })),
    },
  });
  expect(rate.status()).toBe(201);
  const text = (value: string) => ({ de: value, en: value, fr: value, sq: value });
  const option = await request.post(`${API}/option`, {
    headers,
    data: {
      code: `GONE-${SUFFIX}`,
      type: { id: 1 },
      configValues: { title: text('Gone'), description: text(''), price: 5 },
    },
  });
  expect(option.status()).toBe(201);
  return {
    company: `Gone Air ${SUFFIX}`,
    rate: `Gone rate ${SUFFIX}`,
    option: `GONE-${SUFFIX}`,
    ids: {
      company: (await company.json()).id,
      rate: (await rate.json()).id,
      option: (await option.json()).id,
    },
    headers,
  };
}

test('the admin builds an aircraft template in the seat-map editor and deletes it; a template flights use stays', async ({
  page,
  request,
}) => {
  const label = `Journey Dash ${SUFFIX}`;
  await logIn(page, ADMIN);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Flights' }).click();
  await page
    .getByRole('navigation', { name: 'Flights' })
    .getByRole('link', { name: 'Aircraft templates' })
    .click();
  await expect(page.getByRole('heading', { name: 'Aircraft templates' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Airbus A320' })).toBeVisible();
  await expectAccessible(page, 'aircraft template list');

  // A new template: one economy section of five rows, four abreast, an exit row, a galley in row 5
  await page.getByRole('link', { name: 'Add aircraft template' }).click();
  await expect(page.getByRole('heading', { name: 'New aircraft template' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Label' }).fill(label);
  await page.getByRole('textbox', { name: 'Rows', exact: true }).fill('1-5');
  await page.getByRole('textbox', { name: 'Seat letters' }).fill('AB CD');
  await page.getByRole('textbox', { name: 'Exit rows' }).fill('3');
  await expect(page.getByText('Seats: Economy 20 (20 in all)')).toBeVisible();
  await expectAccessible(page, 'new aircraft template');
  await page.getByRole('radio', { name: 'Hide' }).click();
  await seat(page, '5C').click();
  await seat(page, '5D').click();
  await page.getByRole('radio', { name: 'Select' }).click();
  await seat(page, '1A').click();
  await seat(page, '1B').click();
  await page.getByRole('textbox', { name: 'Seat price (CHF)' }).fill('20');
  await page.getByRole('button', { name: 'Apply price' }).click();
  await expect(page.getByText('Seats: Economy 18 (18 in all)')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Created successfully');
  await expect(page).toHaveURL(/\/admin\/flight\/aircraft-template\/list$/);
  const row = page.getByRole('row').filter({ hasText: label });
  await expect(row).toBeVisible();
  expect((await row.getByRole('gridcell').allInnerTexts()).slice(1, 3)).toEqual([label, '18']);

  // The server holds the map as drawn
  const headers = { 'X-AUTH-TOKEN': await apiToken(request, ADMIN) };
  const id = Number((await row.getByRole('gridcell').first().innerText()).trim());
  const stored = await (await request.get(`${API}/aircraft-template-generic/${id}`, { headers })).json();
  expect(stored.sections).toEqual([
    {
      tariffGroup: { id: 1 },
      rowLabels: ['1', '2', '3', '4', '5'],
      columnLabels: ['A', 'B', 'C', 'D'],
      seats: [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 4, 4],
      ],
      prices: [
        [20, 20, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
      rowsWithExitDoors: ['3'],
    },
  ]);

  // No flight uses it: it goes
  await deleteRow(page, label, 'Delete aircraft template');
  await expectNotice(page, `${label} was deleted.`);
  await expect(row).toHaveCount(0);
  expect((await request.get(`${API}/aircraft-template-generic/${id}`, { headers })).status()).toBe(404);

  // The demo flights fly the A320: it stays, and the server says why
  const a320 = page.getByRole('row').filter({ hasText: 'Airbus A320' });
  const a320Label = (await a320.getByRole('gridcell').nth(1).innerText()).trim();
  await deleteRow(page, a320Label, 'Delete aircraft template');
  await expectNotice(page, 'This is still in use and cannot be deleted.', 'alert');
  await expect(a320).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Airbus A320' })).toBeVisible();
});

test('the admin deletes an airline company, a rate and an option nothing uses; a rate flights use stays', async ({
  page,
  request,
}) => {
  const made = await unusedCatalogue(request);
  await logIn(page, ADMIN);

  await page.goto('/admin/flight/company/list');
  await page.getByRole('searchbox', { name: 'Search' }).fill(made.company);
  await expect(page.getByText(/^Showing 1–1 of 1$/)).toBeVisible();
  await deleteRow(page, made.company, 'Delete airline company');
  await expectNotice(page, `${made.company} was deleted.`);
  await expect(page.getByText('No airline companies found')).toBeVisible();

  await page.goto('/admin/rate/list');
  await page.getByRole('searchbox', { name: 'Search' }).fill(made.rate);
  await expect(page.getByText(/^Showing 1–1 of 1$/)).toBeVisible();
  await deleteRow(page, made.rate, 'Delete rate');
  await expectNotice(page, `${made.rate} was deleted.`);
  await expect(page.getByText('No rates found')).toBeVisible();

  // The demo flights are sold under Balkan summer: it stays
  await page.getByRole('searchbox', { name: 'Search' }).fill('Balkan summer');
  await expect(page.getByText(/^Showing 1–1 of 1$/)).toBeVisible();
  await deleteRow(page, 'Balkan summer', 'Delete rate');
  await expectNotice(page, 'This is still in use and cannot be deleted.', 'alert');
  await expect(page.getByRole('row').filter({ hasText: 'Balkan summer' })).toBeVisible();

  await page.goto('/admin/rate/option/list');
  await page.getByRole('searchbox', { name: 'Search' }).fill(made.option);
  await expect(page.getByText(/^Showing 1–1 of 1$/)).toBeVisible();
  await deleteRow(page, made.option, 'Delete option');
  await expectNotice(page, `${made.option} was deleted.`);
  await expect(page.getByText('No options found')).toBeVisible();

  for (const path of [
    `flight-company/${made.ids.company}`,
    `rate/${made.ids.rate}`,
    `option/${made.ids.option}`,
  ]) {
    expect((await request.get(`${API}/${path}`, { headers: made.headers })).status(), path).toBe(404);
  }
});
