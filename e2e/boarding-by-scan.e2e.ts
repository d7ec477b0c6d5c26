import type { APIRequestContext, Page } from '@playwright/test';
import { layoutProblems } from './layout.ts';
import { API, apiToken, expect, logIn, test } from './support.ts';

// Boarding by scan (docs/passengers.md): passengers check in online on a flight leaving in a few
// hours, the gate scans their boarding passes on the passenger list. The list with its check-in
// column and the scan field fits 1280 and 1440 px in each language (docs/i18n.md "List layout");
// each screen is photographed (test-results/…/boarding-*.jpeg).
const ADMIN = 'admin@flybook.test';
const MANAGER = 'manager@flybook.test';
const NUMBER = `FB${7000 + (Date.now() % 1000)}`;

test.describe.configure({ mode: 'serial' });

interface Boarding {
  flightId: number;
  /** Boarding pass barcode texts by last name. */
  passes: Map<string, string>;
}
let boarding: Boarding | undefined;

const minute = (at: number) => new Date(Math.floor(at / 60_000) * 60_000).toISOString();

/** A flight ZRH → PRN leaving in five hours, so that its check-in is open now. */
async function makeFlight(request: APIRequestContext, headers: Record<string, string>) {
  const items = async (url: string) => (await (await request.get(`${API}/${url}`, { headers })).json()).items;
  const company = (await items('flight-company/entire-list')).find((c: { code: string }) => c.code === 'FB');
  const template = (await items('aircraft-template-generic/list')).find((a: { label: string }) =>
    a.label.startsWith('Airbus A320'),
  );
  const rate = (await items('rate/entire-list'))[0];
  const departure = Date.now() + 5 * 3_600_000;
  const response = await request.post(`${API}/flight`, {
    headers,
    data: {
      flightCompany: { id: company.id },
      number: NUMBER,
      origin: { code: 'ZRH' },
      destination: { code: 'PRN' },
      departure: minute(departure),
      arrival: minute(departure + 135 * 60_000),
      aircraftTemplate: { id: template.id },
      rate: { id: rate.id },
      isOnlineCheckInEnabled: true,
      seatsByTariff: [
        { tariffGroup: { id: 1 }, totalSeats: 168, costPerSeat: 90, agentSeatsLimit: 40 },
        { tariffGroup: { id: 3 }, totalSeats: 12, costPerSeat: 210, agentSeatsLimit: 2 },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id as number;
}

/** A booking, paid in cash at the desk unless `unpaid`; answers its record locator. */
async function book(
  request: APIRequestContext,
  headers: Record<string, string>,
  flightId: number,
  people: { firstName: string; lastName: string; seat: string }[],
  unpaid = false,
) {
  const created = await request.post(`${API}/reservation`, {
    headers,
    data: {
      bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
      passengers: people.map((person) => ({
        firstName: person.firstName,
        lastName: person.lastName,
        gender: 'female',
        ageType: 'adult',
        birthday: '1985-04-12',
      })),
      passengersSeats: people.map((person, index) => ({
        passenger: index,
        flight: { id: flightId },
        seatLabel: person.seat,
      })),
      billingInformation: {
        salutation: 'mrs',
        firstName: people[0]!.firstName,
        lastName: people[0]!.lastName,
        email: 'boarding@example.test',
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
  const reservation = await created.json();
  if (unpaid) return reservation.recordLocator as string;
  const desks = await (await request.get(`${API}/account/payment-list?paymentType=cash`, { headers })).json();
  const paid = await request.post(`${API}/payment/reservation/invoice`, {
    headers,
    data: {
      amount: reservation.invoice.total,
      paymentTypeCode: 'cash',
      reservationInvoiceId: reservation.invoice.id,
      accountId: desks.items[0].id,
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return reservation.recordLocator as string;
}

/** Checks every passenger of a booking in online, as the traveller would; answers their passes. */
async function checkIn(
  request: APIRequestContext,
  recordLocator: string,
  lastName: string,
  flightId: number,
) {
  const lookup = { recordLocator, lastName, locale: 'en' };
  const found = await request.post(`${API}/public/check-in/find`, { data: lookup });
  expect(found.status(), await found.text()).toBe(200);
  const { passengers } = (await found.json()) as { passengers: { id: number; lastName: string }[] };
  const done = await request.post(`${API}/public/check-in`, {
    data: { ...lookup, flightId, passengerIds: passengers.map((p) => p.id) },
  });
  expect(done.status(), await done.text()).toBe(200);
  const { boardingPasses } = (await done.json()) as {
    boardingPasses: { passengerId: number; bcbp: string }[];
  };
  return boardingPasses.map((pass) => ({
    lastName: passengers.find((p) => p.id === pass.passengerId)!.lastName,
    bcbp: pass.bcbp,
  }));
}

async function prepare(request: APIRequestContext): Promise<Boarding> {
  const headers = { 'x-auth-token': await apiToken(request, MANAGER) };
  const flightId = await makeFlight(request, headers);
  const checkedIn = await book(request, headers, flightId, [
    { firstName: 'Arbëreshë', lastName: 'Dushku-Krasniqi', seat: '14A' },
    { firstName: 'Maximilian', lastName: 'Schönenberger', seat: '14B' },
    { firstName: 'Anna', lastName: 'Müller', seat: '14C' },
  ]);
  // A second booking is not paid, so not checked in: its rows show nothing in the check-in column.
  await book(
    request,
    headers,
    flightId,
    [
      { firstName: 'Besa', lastName: 'Hoxha', seat: '15A' },
      { firstName: 'Ilir', lastName: 'Hoxha', seat: '15B' },
    ],
    true,
  );
  const passes = await checkIn(request, checkedIn, 'Müller', flightId);
  return { flightId, passes: new Map(passes.map((pass) => [pass.lastName, pass.bcbp])) };
}

/** The passenger list in a language, with at least `rows` rows drawn (appeared passengers leave it). */
async function openList(page: Page, locale: string, rows = 5) {
  await logIn(page, ADMIN);
  await page.getByRole('banner').getByRole('radio', { name: locale.toUpperCase() }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await page.goto(`/admin/flight/${boarding!.flightId}/passenger/list`);
  await expect(page.locator('.ag-row[row-index]').nth(rows - 1)).toBeAttached();
  // The grid measures its fit-content columns after drawing the rows.
  await page.waitForTimeout(300);
}

/** Columns whose header lies beyond the grid's right edge: cut off by the grid, not by their own box. */
const columnsOutside = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const grid = main.querySelector('.ag-root-wrapper')?.getBoundingClientRect();
    if (!grid) return ['no grid'];
    return [...main.querySelectorAll('.ag-header-cell')]
      .filter((cell) => cell.getBoundingClientRect().right > grid.right + 1)
      .map((cell) => cell.getAttribute('col-id'));
  });

async function photograph(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    expect(await layoutProblems(page), `${name} at ${width}`).toEqual([]);
    expect(await columnsOutside(page), `${name} at ${width}: columns beyond the grid`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`boarding-${width}-${name}.jpeg`), quality: 80 });
  }
}

for (const locale of ['en', 'de', 'fr', 'sq'] as const) {
  test(`${locale}: the passenger list with online check-in fits 1280 and 1440 px`, async ({
    page,
    request,
  }) => {
    boarding ??= await prepare(request);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openList(page, locale);
    // Three checked in, numbered in check-in order; the two others show nothing.
    const cells = page.locator('.ag-row [col-id="checkIn"]');
    await expect(cells.filter({ hasText: /00[123]/ })).toHaveCount(3);
    await expect(cells.filter({ hasText: /^$/ })).toHaveCount(2);
    await photograph(page, `${locale}-list`);
  });
}

test('the gate scans boarding passes: appeared, refusals, a double scan sends once', async ({
  page,
  request,
}) => {
  boarding ??= await prepare(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openList(page, 'en');
  const scans: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/passenger/scan')) scans.push(request.url());
  });
  const field = page.getByRole('textbox', { name: 'Scan boarding pass' });
  await expect(field).toBeFocused();
  const form = page.getByRole('form', { name: 'Boarding' });

  // A handheld scanner types the text and a line end; a double scan sends it twice.
  const anna = boarding!.passes.get('Müller')!.trimEnd();
  await page.keyboard.type(anna);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toHaveText(/^Anna Müller, seat 14C, sequence 00\d — appeared$/);
  expect(scans).toHaveLength(1);
  await expect(field).toHaveValue('');
  await photograph(page, 'en-appeared');

  await page.keyboard.type('NOT A BOARDING PASS');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toHaveText('This is not a boarding pass barcode.');
  await photograph(page, 'en-refused');

  // The same pass for another flight number: the next scan replaces the selected text.
  const other = `${anna.slice(0, 39)}0999 ${anna.slice(44)}`;
  await page.keyboard.type(other);
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toHaveText(
    /^This boarding pass is for flight FB999 on .+, not this flight\.$/,
  );
  await expect(field).toHaveValue(other.trimEnd());

  // With appeared passengers shown, Anna's row is marked appeared.
  await page.getByRole('group', { name: 'Appearing status' }).getByText('Appeared').click();
  const annaRow = page
    .getByRole('row')
    .filter({ has: page.locator('[col-id="lastName"]', { hasText: 'Müller, Anna' }) });
  await expect(annaRow.getByRole('radio', { name: 'Appeared' })).toBeChecked();
});

test('sq: the scan field tells the passenger and the refusals in Albanian', async ({ page, request }) => {
  boarding ??= await prepare(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openList(page, 'sq', 4);
  const form = page.getByRole('form', { name: 'Imbarkimi' });
  await expect(page.getByRole('textbox', { name: 'Skano kartën e imbarkimit' })).toBeFocused();
  await page.keyboard.type(boarding!.passes.get('Dushku-Krasniqi')!.trimEnd());
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toHaveText(
    /^Arbëreshë Dushku-Krasniqi, vendi 14A, nr\. i rendit 00\d — i\/e paraqitur$/,
  );
  await photograph(page, 'sq-appeared');
  const pass = boarding!.passes.get('Schönenberger')!.trimEnd();
  await page.keyboard.type(`${pass.slice(0, 39)}0999 ${pass.slice(44)}`);
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toContainText('Kjo kartë imbarkimi është për fluturimin FB999');
  await photograph(page, 'sq-refused');
});
