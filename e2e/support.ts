import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { logEntries, type ServerProcess, startServerProcess } from '@flybook/api/server-process';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export { expect };

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/** A port nobody listens on now (the kernel's choice), for a server that must know its own address. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface JourneyServer {
  url: string;
  process: ServerProcess;
  /** Stops the process and removes its database. */
  stop(): Promise<void>;
}

/**
 * A server process serving the built back office and site on a fresh PGlite database with the
 * demo data; `env` on top (SMTP_URL, job intervals) for journeys that need more.
 */
export async function startJourneyServer(env: Record<string, string> = {}): Promise<JourneyServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'flybook-e2e-'));
  const serverProcess = await startServerProcess({
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_DIST: join(repositoryRoot, 'admin', 'dist'),
    SITE_DIST: join(repositoryRoot, 'site', 'dist'),
    // The demo users and flights, without the booked season: journeys count their own bookings,
    // and the season's 12 s of booking at every start would cost each worker (docs/demo-airline.md).
    FLYBOOK_DEMO_SEASON: '0',
    ...env,
  });
  return {
    url: `http://localhost:${port}`,
    process: serverProcess,
    async stop() {
      serverProcess.child.kill('SIGTERM');
      await serverProcess.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Each Playwright worker runs its journeys against a platform of its own: the built back office
 * and site served by a server process on a fresh PGlite database with the demo data. So journeys
 * in parallel workers never see each other's users, flights or bookings (one changes the manager's
 * password, others sell seats). The server logs requests at info; the lines stay out of the run's
 * output and are attached to a journey that fails, with the warnings and errors of that journey.
 */
export const test = base.extend<{ serverLog: undefined }, { server: JourneyServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
    async ({}, use) => {
      const server = await startJourneyServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  serverLog: [
    async ({ server }, use, testInfo) => {
      const from = server.process.lines.length;
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      const lines = server.process.lines.slice(from);
      await testInfo.attach('server log', { body: lines.join('\n'), contentType: 'text/plain' });
      const problems = logEntries(lines).filter((entry) => Number(entry.level) >= 40);
      if (problems.length) console.error(problems.map((entry) => JSON.stringify(entry)).join('\n'));
    },
    { auto: true },
  ],
});

/** Every demo user's password (the seed's). */
export const PASSWORD = 'flybook-demo';
export const API = '/api/v1';

/** Logs in to the back office through its login page; it opens on the reservation list. */
export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/reservation\/list$/);
}

/** A session token of a user, for setting up data through the API. */
export async function apiToken(request: APIRequestContext, email: string) {
  const response = await request.post(`${API}/auth/token`, { data: { login: email, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  return (await response.json()).token as string;
}

/** A booking as the API answers it, as far as the journeys read it. */
export interface BilledBooking {
  id: number;
  invoice: { id: number; total: number };
  passengers: { id: number; firstName: string }[];
}

/** The soonest open demo flight (the demo timetable starts today: near departure). */
export async function soonestFlight(
  request: APIRequestContext,
  token: string,
): Promise<{ id: number; departure: string }> {
  const flights = await (
    await request.get(`${API}/flight/list?status[]=created&sortBy=departure&sortOrder=ASC&pageSize=5`, {
      headers: { 'x-auth-token': token },
    })
  ).json();
  return flights.items.find((flight: { isActive: boolean }) => flight.isActive);
}

/**
 * The body of a booking through the API: adults named `firstNames` and `lastName` on one flight in
 * Economy Light, the first of them the contact (born 1986, living in Zurich).
 */
export function bookingBody(booking: {
  flightId: number;
  lastName: string;
  firstNames: string[];
  email: string;
  language: string;
  paymentTerms: 'bill' | 'now' | 'later';
  paymentDeadline?: string;
}) {
  const { lastName, firstNames } = booking;
  return {
    bookedFlights: [{ flight: { id: booking.flightId }, tariff: { id: 1 } }],
    passengers: firstNames.map((firstName) => ({
      firstName,
      lastName,
      gender: 'female',
      ageType: 'adult',
      birthday: '1986-03-14',
    })),
    billingInformation: {
      salutation: 'mrs',
      firstName: firstNames[0],
      lastName,
      email: booking.email,
      street: 'Bahnhofstrasse 7',
      zip: '8001',
      city: 'Zürich',
      country: 'CH',
      birthday: '1986-03-14',
      phoneMobile: '+41 79 555 44 33',
      language: booking.language,
    },
    paymentTerms: booking.paymentTerms,
    ...(booking.paymentDeadline ? { paymentDeadline: booking.paymentDeadline } : {}),
  };
}

/**
 * A booking on bill terms made through the API by the user of `token` (staff), on the soonest
 * open demo flight: adults with `firstNames` (default two) and `lastName`, the first of them the
 * contact, in German unless told otherwise.
 */
export async function billedBooking(
  request: APIRequestContext,
  token: string,
  booking: { lastName: string; firstNames?: string[]; language?: string; paymentDeadline?: string },
): Promise<BilledBooking> {
  const { lastName, firstNames = ['Liridona', 'Elira'], language = 'de' } = booking;
  const response = await request.post(`${API}/reservation`, {
    headers: { 'x-auth-token': token },
    data: bookingBody({
      flightId: (await soonestFlight(request, token)).id,
      lastName,
      firstNames,
      email: `${firstNames[0]!.toLowerCase()}.${lastName.toLowerCase()}@example.test`,
      language,
      paymentTerms: 'bill',
      ...(booking.paymentDeadline ? { paymentDeadline: booking.paymentDeadline } : {}),
    }),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as BilledBooking;
}

/** No WCAG 2.1 A/AA violations on what the page shows now; each one named with where it is. */
export async function expectAccessible(page: Page, what = page.url()) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  // Headings that go down one level at a time and say something (axe's best practices).
  const headings = await new AxeBuilder({ page }).withRules(['heading-order', 'empty-heading']).analyze();
  expect(
    [...results.violations, ...headings.violations].map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
    what,
  ).toEqual([]);
}

/**
 * The ledger's invariants after a journey moved money: debits equal credits, each account's
 * balance equals its records, each invoice's paid total equals its payments and their records.
 */
export async function expectLedgerBalanced(request: APIRequestContext) {
  const response = await request.get('/api/dev/ledger');
  expect(response.ok()).toBe(true);
  expect(await response.json()).toEqual({ signedSum: 0, mismatchedAccounts: 0, mismatchedInvoiceIds: [] });
}

/**
 * A guest pays their booking by card on the provider's stand-in page with the test card that pays,
 * as the booking wizard's payment window does; the page ends on the site's success page.
 */
export async function payGuestBookingByCard(
  page: Page,
  request: APIRequestContext,
  reservation: { id: number; guestKey?: string | undefined; invoice: { total: number } },
) {
  const init = await request.post(`${API}/payment/datatrans/reservation/init`, {
    data: {
      source: 'customerReservation',
      reservationId: reservation.id,
      amount: reservation.invoice.total,
      locale: 'en',
      guestKey: reservation.guestKey,
    },
  });
  expect(init.status(), await init.text()).toBe(201);
  const start = await request.post(`${API}/public/payment/datatrans/start`, {
    data: { transactionId: (await init.json()).transactionId },
  });
  await page.goto((await start.json()).paymentPageUrl);
  await page.getByRole('button', { name: /4242 4242 4242 4242/ }).click();
  await expect(page).toHaveURL(/\/datatrans\/success\?/);
}

/**
 * Waits until the page's islands have hydrated (Astro then drops their `ssr` attribute): text typed
 * into a server-rendered form before that would be reset by React's first render.
 */
export async function islandsHydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}
