import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { API, apiToken, expect, expectAccessible, expectLedgerBalanced, logIn, test } from './support.ts';

// Card payments, desk payments and invoices move money here: the ledger's invariants hold after each
// journey (debits equal credits, balances equal their records).
test.afterEach(async ({ request }) => {
  await expectLedgerBalanced(request);
});

const MANAGER = 'manager@flybook.test';
const AGENT = 'agent@flybook.test';

// The journeys share one database: flight numbers and a title no one else uses, in a week of 2028
// no seeded timetable reaches.
const RUN = Date.now() % 1000;
const NUMBERS = [`FB${7000 + RUN}`, `FB${8000 + RUN}`];
const DAYS = ['2028-05-08', '2028-05-10'];
const TITLE = `Allotments May 2028 ${RUN}`;

/** CHF as the back office shows it (en): "CHF 1,234.50". */
const chf = (amount: number) =>
  `CHF\u00a0${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Two flights ZRH → PRN without allotments, made through the API as the manager. */
async function twoFlights(request: APIRequestContext, token: string): Promise<number[]> {
  const headers = { 'x-auth-token': token };
  const items = async (url: string) => (await (await request.get(`${API}/${url}`, { headers })).json()).items;
  const company = (await items('flight-company/entire-list')).find(
    (row: { code: string }) => row.code === 'FB',
  );
  const template = (await items('aircraft-template-generic/list')).find((row: { label: string }) =>
    row.label.startsWith('Airbus A320'),
  );
  const [rate] = await items('rate/entire-list');
  const ids: number[] = [];
  for (const [index, number] of NUMBERS.entries()) {
    const response = await request.post(`${API}/flight`, {
      headers,
      data: {
        flightCompany: { id: company.id },
        number,
        origin: { code: 'ZRH' },
        destination: { code: 'PRN' },
        departure: `${DAYS[index]}T05:30:00Z`,
        arrival: `${DAYS[index]}T07:45:00Z`,
        aircraftTemplate: { id: template.id },
        rate: { id: rate.id },
        seatsByTariff: [
          { tariffGroup: { id: 1 }, totalSeats: 168, costPerSeat: 90, agentSeatsLimit: 20 },
          { tariffGroup: { id: 3 }, totalSeats: 12, costPerSeat: 210, agentSeatsLimit: 2 },
        ],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push((await response.json()).id);
  }
  return ids;
}

/** The manager gives the demo agent `seats` economy seats at CHF 145 on a flight, in the flight form. */
async function allot(page: Page, flightId: number, seats: number) {
  await page.goto(`/admin/flight/edit/${flightId}`);
  await page.getByRole('tab', { name: 'Allotment' }).click();
  await page.getByRole('button', { name: 'Add allotment' }).click();
  const agent = page.getByRole('combobox', { name: 'Allotment 1: Agent' });
  await agent.fill('Alpen');
  await page.getByRole('option', { name: 'Alpen Reisen GmbH' }).click();
  await page.getByRole('combobox', { name: 'Allotment 1: Tariff group' }).selectOption({ label: 'Economy' });
  await page.getByRole('textbox', { name: 'Allotment 1: Seats' }).fill(String(seats));
  await page.getByRole('textbox', { name: 'Allotment 1: Cost per seat (CHF)' }).fill('145');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/flight\/list$/);
}

const invoiceRow = (page: Page) => page.getByRole('row').filter({ hasText: TITLE });

test('a manager invoices an agent’s allotments, the agent sees the invoice, the manager takes the transfer', async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const managerToken = await apiToken(request, MANAGER);
  const agentToken = await apiToken(request, AGENT);
  const balanceBefore = (
    await (
      await request.get(`${API}/agent/allotment/invoice/balance`, { headers: { 'x-auth-token': agentToken } })
    ).json()
  ).outstanding as number;
  const flightIds = await twoFlights(request, managerToken);

  // The manager allots 12 and 8 seats to the agent on the two flights.
  await logIn(page, MANAGER);
  await allot(page, flightIds[0]!, 12);
  await allot(page, flightIds[1]!, 8);

  // The allotment list of that week shows both as open; both are chosen and invoiced.
  await page.goto('/admin/allotment/list');
  await expect(page.getByRole('heading', { name: 'Allotments', exact: true })).toBeVisible();
  await page.getByLabel('Departure from').fill('2028-05-08');
  await page.getByLabel('Departure to').fill('2028-05-14');
  for (const number of NUMBERS) {
    await expect(page.getByRole('row').filter({ hasText: number })).toContainText('Alpen Reisen GmbH');
  }
  const create = page.getByRole('button', { name: 'Create invoice' });
  await expect(create).toBeDisabled();
  for (const number of NUMBERS) {
    await page.getByRole('row').filter({ hasText: number }).getByRole('checkbox').check();
  }
  await expect(page.getByText(`2 allotments chosen, 20 seats · ${chf(2900)}`)).toBeVisible();
  await expect(create).toBeEnabled();
  await expectAccessible(page, 'allotment list');
  await page.screenshot({ path: 'test-results/allotment-list.png', fullPage: true });

  await create.click();
  const dialog = page.getByRole('dialog', { name: 'Create allotment invoice' });
  await expect(dialog.getByText('Alpen Reisen GmbH', { exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Title/ }).fill(TITLE);
  await dialog.getByRole('textbox', { name: /^Discount \(CHF\)/ }).fill('100');
  await dialog.getByRole('textbox', { name: /^Discount description/ }).fill('Early booking');
  await expectAccessible(page, 'invoice popup');
  await page.screenshot({ path: 'test-results/allotment-invoice-popup.png' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Create invoice' }).click(),
  ]);
  await expect(page.getByText('Invoice created successfully')).toBeVisible();
  expect(download.suggestedFilename()).toBe('AllotmentInvoice.pdf');
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /\u00a0/g,
    ' ',
  );
  expect(text).toContain(TITLE);
  expect(text).toContain('Alpen Reisen GmbH');
  for (const number of NUMBERS) expect(text).toMatch(new RegExp(`${number}\\s+ZRH–PRN`));
  expect(text).toMatch(/Total \(20 seats\)\s+CHF 2,900\.00/);
  expect(text).toMatch(/Discount: Early booking\s+− CHF 100\.00/);
  expect(text).toMatch(/Still to pay\s+CHF 2,800\.00/);
  // Invoiced, they leave the open allotments.
  await expect(page.getByRole('row').filter({ hasText: NUMBERS[0]! })).toHaveCount(0);

  // The agent sees the invoice and its balance.
  const agentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const agentPage = await agentContext.newPage();
  await logIn(agentPage, AGENT);
  await agentPage.goto('/admin/allotment/invoiceList');
  await expect(agentPage.getByRole('heading', { name: 'Allotment Invoices' })).toBeVisible();
  await expect(invoiceRow(agentPage)).toContainText(chf(2800));
  await expect(invoiceRow(agentPage)).toContainText('Pending');
  const balance = agentPage.getByRole('region', { name: 'Agent balance' });
  await expect(balance).toContainText(chf(balanceBefore + 2800));
  await expect(invoiceRow(agentPage).getByRole('button', { name: /^Pay invoice/ })).toBeDisabled();
  await expectAccessible(agentPage, 'agent invoice list');
  await agentPage.screenshot({ path: 'test-results/allotment-invoices-agent.png', fullPage: true });

  // The manager takes the payment by transfer.
  await page.goto('/admin/allotment/invoiceList');
  await page.getByRole('combobox', { name: 'Agent' }).fill('Alpen');
  await page.getByRole('option', { name: 'Alpen Reisen GmbH' }).click();
  await expect(page.getByRole('region', { name: 'Agent balance' })).toContainText(chf(balanceBefore + 2800));
  await expectAccessible(page, 'manager invoice list');
  await page.screenshot({ path: 'test-results/allotment-invoices.png', fullPage: true });
  await invoiceRow(page)
    .getByRole('link', { name: /^Pay invoice/ })
    .click();
  await expect(page.getByRole('heading', { name: `Allotment Invoice Payment - ${TITLE}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Amount to pay (CHF)' })).toHaveValue('2800.00');
  await page.getByRole('radio', { name: 'Transfer' }).check({ force: true });
  await expectAccessible(page, 'allotment payment');
  await page.screenshot({ path: 'test-results/allotment-payment.png', fullPage: true });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Payment successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/allotment\/invoiceList\?highlightAllotmentInvoiceId=\d+$/);
  await expect(invoiceRow(page)).toContainText('Paid');
  await expect(invoiceRow(page)).toHaveClass(/list-row--highlight/);
  await page.screenshot({ path: 'test-results/allotment-invoice-paid.png', fullPage: true });

  // The agent's invoice shows paid, and its balance is back where it was.
  await agentPage.getByRole('combobox', { name: 'Payment status' }).selectOption({ label: 'Paid' });
  await expect(invoiceRow(agentPage)).toContainText('Paid');
  await agentPage.reload();
  await expect(agentPage.getByRole('region', { name: 'Agent balance' })).toContainText(chf(balanceBefore));
  await agentContext.close();
});
