import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Inbox, openInbox } from '@flybook/api/smtp-inbox';
import type { Locale } from '@flybook/locales';
import { formatDateTime } from '@flybook/locales/format';
import type { APIRequestContext, Page } from '@playwright/test';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { layoutProblems } from './layout.ts';
import {
  API,
  apiToken,
  test as base,
  expect,
  expectAccessible,
  expectLedgerBalanced,
  islandsHydrated,
  type JourneyServer,
  logIn,
  payGuestBookingByCard,
  startJourneyServer,
} from './support.ts';

/**
 * Online check-in as a traveller does it (issue 30, docs/check-in.md "Online check-in: the page"):
 * a guest pays a flight leaving in a few hours, checks in on /check-in with another seat, downloads
 * the boarding passes and receives them by e-mail at a real SMTP server started here; the gate then
 * scans the pass's barcode as read from the PDF.
 */

const test = base.extend<object, { inbox: Inbox; server: JourneyServer }>({
  inbox: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
    async ({}, use) => {
      const inbox = await openInbox();
      await use(inbox);
      await inbox.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ inbox }, use) => {
      const server = await startJourneyServer({ SMTP_URL: inbox.url });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

test.afterEach(async ({ request }) => {
  await expectLedgerBalanced(request);
});

const RUN = Date.now() % 1000;
const MANAGER = 'manager@flybook.test';

/** A flight ZRH → PRN leaving in five hours: inside the 24 hours of check-in, before it closes. */
async function soonFlight(request: APIRequestContext, token: string, number: string) {
  const headers = { 'x-auth-token': token };
  const items = async (url: string) => (await (await request.get(`${API}/${url}`, { headers })).json()).items;
  const company = (await items('flight-company/entire-list')).find(
    (row: { code: string }) => row.code === 'FB',
  );
  const template = (await items('aircraft-template-generic/list')).find((row: { label: string }) =>
    row.label.startsWith('Airbus A320'),
  );
  const [rate] = await items('rate/entire-list');
  const departure = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5 * 3_600_000);
  const response = await request.post(`${API}/flight`, {
    headers,
    data: {
      flightCompany: { id: company.id },
      number,
      origin: { code: 'ZRH' },
      destination: { code: 'PRN' },
      departure: departure.toISOString(),
      arrival: new Date(departure.getTime() + 135 * 60_000).toISOString(),
      aircraftTemplate: { id: template.id },
      rate: { id: rate.id },
      isOnlineCheckInEnabled: true,
      seatsByTariff: [
        { tariffGroup: { id: 1 }, totalSeats: 168, costPerSeat: 90, agentSeatsLimit: 20 },
        { tariffGroup: { id: 3 }, totalSeats: 12, costPerSeat: 210, agentSeatsLimit: 2 },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: (await response.json()).id as number, departure: departure.toISOString() };
}

/** Two free economy seats of the same price: one to book, one to move to at check-in. */
async function twoSeats(request: APIRequestContext, flightId: number): Promise<[string, string]> {
  const map = await (
    await request.get(`${API}/public/flight/${flightId}/aircraft-passengers-seats?tariffId=1`)
  ).json();
  const free: { label: string; price: number }[] = [];
  for (const section of map.sections as {
    rowLabels: string[];
    columnLabels: string[];
    seats: string[][];
    prices: number[][];
  }[]) {
    section.rowLabels.forEach((row, r) => {
      section.columnLabels.forEach((column, c) => {
        if (section.seats[r]?.[c] === 'free')
          free.push({ label: `${row}${column}`, price: section.prices[r]![c]! });
      });
    });
  }
  const first = free.find((seat) => free.some((other) => other !== seat && other.price === seat.price))!;
  const second = free.filter((seat) => seat !== first && seat.price === first.price).at(-1)!;
  return [first.label, second.label];
}

/** A guest's paid booking on the flight: an adult in `seat` with an infant on the lap, paid by card. */
async function paidBooking(
  request: APIRequestContext,
  page: Page,
  flightId: number,
  seat: string,
  email: string,
) {
  const response = await request.post(`${API}/reservation`, {
    data: {
      bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
      passengers: [
        { firstName: 'Besa', lastName: 'Çeku', gender: 'female', ageType: 'adult', birthday: '1990-05-04' },
        { firstName: 'Lira', lastName: 'Çeku', gender: 'female', ageType: 'infant', birthday: '2026-02-10' },
      ],
      passengersSeats: [{ passenger: 0, flight: { id: flightId }, seatLabel: seat }],
      billingInformation: {
        salutation: 'mrs',
        firstName: 'Besa',
        lastName: 'Çeku',
        email,
        street: 'Langstrasse 4',
        zip: '8004',
        city: 'Zürich',
        country: 'CH',
        birthday: '1990-05-04',
        phoneMobile: '+41 79 555 22 11',
        language: 'en',
      },
      paymentTerms: 'now',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const reservation = (await response.json()) as {
    id: number;
    recordLocator: string;
    guestKey: string;
    invoice: { total: number };
  };
  await payGuestBookingByCard(page, request, reservation);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return reservation;
}

/** The page at 1280 and 1440 px wide, as JPEG files in test-results, for a person to look at. */
async function shoot(page: Page, name: string) {
  // From the top, the pointer off the page: the sticky header and a hovered seat stay out of the picture.
  await page.mouse.move(0, 0);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await layoutProblems(page), `${name} at ${width}`).toEqual([]);
    await page.screenshot({
      path: `test-results/check-in-${name}-${width}.jpg`,
      fullPage: true,
      quality: 80,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The PDF417 barcodes' texts on each page of a PDF, rendered at 200 dpi as a scanner sees it. */
async function barcodesOf(pdf: Buffer): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'flybook-check-in-'));
  try {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    });
    writeFileSync(join(dir, 'passes.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '200', join(dir, 'passes.pdf'), join(dir, 'page')]);
    const texts: string[] = [];
    for (const file of readdirSync(dir)
      .filter((entry) => entry.endsWith('.png'))
      .sort()) {
      const results = await readBarcodes(readFileSync(join(dir, file)), {
        formats: ['PDF417'],
        tryHarder: true,
        maxNumberOfSymbols: 2,
      });
      texts.push(...results.filter((result) => result.isValid).map((result) => result.text));
    }
    return texts;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The mails to `address` so far. */
const mailsTo = (inbox: Inbox, address: string) =>
  inbox.mails.filter(({ to }) => to.includes(address)).map(({ mail }) => mail);

const departureText = (iso: string, locale: Locale) =>
  formatDateTime(iso, locale, { weekday: 'short', timeZone: 'Europe/Zurich' });

test.describe.configure({ mode: 'serial' });

test('a guest checks in online on another seat, downloads the boarding passes, gets them by e-mail, and the gate scans one', async ({
  page,
  request,
  inbox,
}) => {
  const token = await apiToken(request, MANAGER);
  const flight = await soonFlight(request, token, `FB${6000 + RUN}`);
  const [bookedSeat, newSeat] = await twoSeats(request, flight.id);
  const email = `besa.checkin.${RUN}@example.test`;
  const reservation = await paidBooking(request, page, flight.id, bookedSeat, email);

  // From manage my booking: "Check in online" carries the reference.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/booking/manage');
  await islandsHydrated(page);
  await page.getByLabel('Booking reference').fill(reservation.recordLocator);
  await page.getByLabel('Last name').fill('Ceku');
  await page.getByRole('button', { name: 'Find my booking' }).click();
  await page.getByRole('link', { name: 'Check in online' }).click();
  await expect(page).toHaveURL(new RegExp(`/check-in\\?ref=${reservation.recordLocator}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Online check-in' })).toBeVisible();
  await expect(page.getByLabel('Booking reference')).toHaveValue(reservation.recordLocator);
  // Also under Booking in the menu.
  await expect(
    page.locator('#site-menu').getByRole('link', { name: 'Online check-in', includeHidden: true }),
  ).toHaveCount(1);

  // A wrong name: no match, said as such.
  await page.getByLabel('Last name').fill('Gashi');
  await page.getByRole('button', { name: 'Find my flight' }).click();
  await expect(page.getByRole('alert')).toHaveText(/No booking matches this reference and name/);
  await expectAccessible(page, 'check-in form');
  await shoot(page, 'en-1-find');

  await page.getByLabel('Last name').fill('çeku');
  await page.getByRole('button', { name: 'Find my flight' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: passengers and seats' })).toBeVisible();
  await expect(page.getByText(departureText(flight.departure, 'en'))).toBeVisible();
  await expect(page.locator('.manage-route')).toContainText('ZRH');
  await expect(page.locator('.manage-route')).toContainText('PRN');
  const besa = page.getByRole('checkbox', { name: /Besa Çeku/ });
  await expect(besa).toBeChecked();
  await expect(page.getByText(/travels on the lap of Besa Çeku/)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Lira/ })).toHaveCount(0);
  await expect(page.getByText(`Seat ${bookedSeat}`)).toBeVisible();

  await page.getByRole('button', { name: 'Change seat of Besa Çeku' }).click();
  const map = page.locator('.check-in-seat-map');
  await expect(map.getByRole('heading', { name: 'Choose a seat for Besa Çeku' })).toBeVisible();
  await map.locator(`[data-seat="${newSeat}"]`).click();
  await expect(page.getByText(`New seat ${newSeat} (instead of ${bookedSeat})`)).toBeVisible();
  await expectAccessible(page, 'check-in passengers with the seat map');
  await shoot(page, 'en-2-passengers');

  // Confirm, double-clicked: one check-in.
  const checkIns: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/public/check-in'))
      checkIns.push(request.url());
  });
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/public/check-in') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Check in 2 passengers' }).dblclick();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  const { boardingPasses } = (await answer.json()) as {
    boardingPasses: { passengerId: number; seat: string | null; sequenceNumber: number; bcbp: string }[];
  };
  expect(checkIns).toHaveLength(1);
  // One pass: Lira is named on her mother's, with no pass of her own.
  expect(boardingPasses.map((pass) => pass.seat)).toEqual([newSeat]);

  await expect(page.getByRole('heading', { name: 'Step 3 of 3: boarding passes' })).toBeVisible();
  await expect(page.getByText(`2 passengers are checked in on flight FB${6000 + RUN}.`)).toBeVisible();
  const besaRow = page.getByRole('row').filter({ hasText: 'Besa Çeku' });
  await expect(besaRow).toContainText(newSeat);
  await expect(besaRow).toContainText(String(boardingPasses[0]!.sequenceNumber).padStart(3, '0'));
  await expect(besaRow).toContainText('Lira Çeku · Infant · travels on the lap of Besa Çeku');
  await expect(page.getByText(/also sent the boarding passes by e-mail/)).toBeVisible();
  await expectAccessible(page, 'boarding passes');
  await shoot(page, 'en-3-passes');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download boarding passes (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('BoardingPass.pdf');
  const pdf = readFileSync((await download.path())!);
  const scanned = await barcodesOf(pdf);
  expect(scanned).toEqual(boardingPasses.map((pass) => pass.bcbp));

  // The e-mail with the passes reaches the booking's contact, the same barcodes attached.
  const subject = `Flybook booking ${reservation.recordLocator}: your boarding passes for FB${6000 + RUN}`;
  await expect
    .poll(() => mailsTo(inbox, email).map((mail) => mail.subject), {
      message: 'the boarding passes by e-mail',
      timeout: 30_000,
      intervals: [500],
    })
    .toContain(subject);
  const mail = mailsTo(inbox, email).find((candidate) => candidate.subject === subject)!;
  const mailed = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
  expect(mailed, 'a PDF attached').toBeTruthy();
  expect(await barcodesOf(mailed!.content)).toEqual(scanned);

  // Back: the passengers, now checked in and not to be ticked again; reload: the form, filled in.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: passengers and seats' })).toBeVisible();
  await expect(besa).toBeDisabled();
  await expect(page.getByText('Everyone on this flight is checked in.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: find your booking' })).toBeVisible();
  await expect(page.getByLabel('Booking reference')).toHaveValue(reservation.recordLocator);

  // The gate: staff scan Besa's pass, as read from the PDF, on the flight's passenger list.
  await logIn(page, 'admin@flybook.test');
  await page.goto(`/admin/flight/${flight.id}/passenger/list`);
  const field = page.getByRole('textbox', { name: 'Scan boarding pass' });
  await field.fill(scanned[0]!);
  await field.press('Enter');
  const sequence = String(boardingPasses[0]!.sequenceNumber).padStart(3, '0');
  await expect(page.getByRole('form', { name: 'Boarding' }).getByRole('status')).toHaveText(
    `Besa Çeku, seat ${newSeat}, sequence ${sequence} — appeared`,
  );
  // The list's answer agrees: Besa appeared, in her new seat, and so did Lira on her lap.
  const appeared = await (
    await request.get(`${API}/flight/${flight.id}/passenger/list?appearing[]=appeared`, {
      headers: { 'x-auth-token': token },
    })
  ).json();
  expect(
    appeared.items.map((passenger: { firstName: string; seatLabel: string | null; isAppeared: boolean }) => [
      passenger.firstName,
      passenger.seatLabel,
      passenger.isAppeared,
    ]),
  ).toEqual(
    expect.arrayContaining([
      ['Besa', newSeat, true],
      ['Lira', null, true],
    ]),
  );
});

test('the Albanian page speaks Albanian, with Albanian dates', async ({ page, request }) => {
  const token = await apiToken(request, MANAGER);
  const flight = await soonFlight(request, token, `FB${5000 + RUN}`);
  const [bookedSeat] = await twoSeats(request, flight.id);
  const reservation = await paidBooking(request, page, flight.id, bookedSeat, `besa.sq.${RUN}@example.test`);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/sq/check-in?ref=${reservation.recordLocator}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in online' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hapi 1 nga 3: gjeni rezervimin' })).toBeVisible();
  await expect(page.getByLabel('Kodi i rezervimit')).toHaveValue(reservation.recordLocator);
  await shoot(page, 'sq-1-find');
  await islandsHydrated(page);

  await page.getByLabel('Mbiemri').fill('Çeku');
  await page.getByRole('button', { name: 'Gjej fluturimin tim' }).click();
  await expect(page.getByRole('heading', { name: 'Hapi 2 nga 3: pasagjerët dhe ulëset' })).toBeVisible();
  await expect(page.getByText(departureText(flight.departure, 'sq'))).toBeVisible();
  await expect(page.getByText(/udhëton në prehrin e Besa Çeku/)).toBeVisible();
  await page.getByRole('button', { name: 'Ndrysho ulësen e Besa Çeku' }).click();
  await expect(page.getByRole('heading', { name: 'Zgjidhni një ulëse për Besa Çeku' })).toBeVisible();
  await expectAccessible(page, 'Albanian check-in passengers');
  await shoot(page, 'sq-2-passengers');
  await page.getByRole('button', { name: 'Mbyll hartën e ulëseve' }).click();

  await page.getByRole('button', { name: 'Bëj check-in për 2 pasagjerë' }).click();
  await expect(page.getByRole('heading', { name: 'Hapi 3 nga 3: kartat e imbarkimit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shkarko kartat e imbarkimit (PDF)' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Besa Çeku' })).toContainText(
    'Lira Çeku · Foshnjë · udhëton në prehrin e Besa Çeku',
  );
  await shoot(page, 'sq-3-passes');
});
