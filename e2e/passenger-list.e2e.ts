import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { API, apiToken, expect, expectAccessible, PASSWORD, test } from './support.ts';

const MANAGER = 'manager@flybook.test';
const AGENT = 'agent@flybook.test';

// The journeys share one database: a flight number no seeded timetable uses, unique to this run.
const NUMBER = `FB${8000 + (Date.now() % 1000)}`;

/** Screenshots of the pages at 1280 px when FLYBOOK_SCREENSHOTS names a folder (to look at them). */
const SHOTS = process.env.FLYBOOK_SCREENSHOTS;
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A flight ZRH → PRN on the A320 in 2028, made through the API as the manager. */
async function makeFlight(request: APIRequestContext, token: string) {
  const headers = { 'x-auth-token': token };
  const items = async (url: string) => (await (await request.get(`${API}/${url}`, { headers })).json()).items;
  const company = (await items('flight-company/entire-list')).find((c: { code: string }) => c.code === 'FB');
  const template = (await items('aircraft-template-generic/list')).find((a: { label: string }) =>
    a.label.startsWith('Airbus A320'),
  );
  const rate = (await items('rate/entire-list'))[0];
  const response = await request.post(`${API}/flight`, {
    headers,
    data: {
      flightCompany: { id: company.id },
      number: NUMBER,
      origin: { code: 'ZRH' },
      destination: { code: 'PRN' },
      departure: '2028-05-15T05:30:00Z',
      arrival: '2028-05-15T07:45:00Z',
      aircraftTemplate: { id: template.id },
      rate: { id: rate.id },
      seatsByTariff: [
        { tariffGroup: { id: 1 }, totalSeats: 168, costPerSeat: 90, agentSeatsLimit: 40 },
        { tariffGroup: { id: 3 }, totalSeats: 12, costPerSeat: 210, agentSeatsLimit: 2 },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id as number;
}

/** A booking on the flight, seated in row 14 onwards; staff bill it, the agent pays later. */
async function book(
  request: APIRequestContext,
  token: string,
  flightId: number,
  people: { firstName: string; lastName: string; seat?: string; ageType?: string; birthday?: string }[],
  terms: 'bill' | 'later' = 'bill',
) {
  const response = await request.post(`${API}/reservation`, {
    headers: { 'x-auth-token': token },
    data: {
      bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
      passengers: people.map((person) => ({
        firstName: person.firstName,
        lastName: person.lastName,
        gender: 'male',
        ageType: person.ageType ?? 'adult',
        birthday: person.birthday ?? '1984-06-21',
      })),
      passengersSeats: people.flatMap((person, index) =>
        person.seat ? [{ passenger: index, flight: { id: flightId }, seatLabel: person.seat }] : [],
      ),
      billingInformation: {
        salutation: 'mr',
        firstName: people[0]!.firstName,
        lastName: people[0]!.lastName,
        email: `${people[0]!.lastName.toLowerCase()}@example.test`,
        street: 'Bahnhofstrasse 7',
        zip: '8001',
        city: 'Zürich',
        country: 'CH',
        birthday: '1984-06-21',
        phoneMobile: '+41 79 555 44 33',
        language: 'en',
      },
      paymentTerms: terms,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function logIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(MANAGER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/reservation\/list$/);
}

/** A passenger's row by the name cell ("Berisha, Arben"). */
const rowOf = (page: Page, name: string): Locator =>
  page.getByRole('row').filter({ has: page.locator('[col-id="lastName"]', { hasText: name }) });

test.use({ viewport: { width: 1280, height: 900 } });

test('a manager marks passengers in bulk and one by one, moves a seat, lets the flight depart and reads the PNL', async ({
  page,
  request,
}) => {
  // The longest journeys: a dozen steps, each with screenshots and an axe scan; 1.5–2 minutes on
  // two cores while the other worker runs, at the default two-minute limit (three times it here).
  test.slow();
  const manager = await apiToken(request, MANAGER);
  const agent = await apiToken(request, AGENT);
  const flightId = await makeFlight(request, manager);
  // Ten passengers: a family with a child and an infant, three more bookings, and two by the agent.
  await book(request, manager, flightId, [
    { firstName: 'Arben', lastName: 'Berisha', seat: '14A' },
    { firstName: 'Vjosa', lastName: 'Berisha', seat: '14B' },
    { firstName: 'Drita', lastName: 'Berisha', seat: '14C', ageType: 'child', birthday: '2019-02-02' },
    { firstName: 'Luan', lastName: 'Berisha', ageType: 'infant', birthday: '2027-09-09' },
  ]);
  await book(request, manager, flightId, [
    { firstName: 'Mira', lastName: 'Hoxha', seat: '15A' },
    { firstName: 'Ilir', lastName: 'Hoxha', seat: '15B' },
  ]);
  await book(request, manager, flightId, [{ firstName: 'Teuta', lastName: 'Morina', seat: '16D' }]);
  await book(request, manager, flightId, [{ firstName: 'Dren', lastName: 'Shala' }]);
  await book(
    request,
    agent,
    flightId,
    [
      { firstName: 'Endrit', lastName: 'Krasniqi' },
      { firstName: 'Besa', lastName: 'Krasniqi' },
    ],
    'later',
  );

  await logIn(page);
  // From the flight list, by the row's menu.
  await page.goto('/admin/flight/list');
  await page.getByRole('searchbox', { name: 'Search' }).fill(NUMBER);
  await page.getByRole('button', { name: `More actions for ${NUMBER}, 15 May 2028` }).click();
  await shoot(page, 'flight-list-menu');
  await page.getByRole('menuitem', { name: 'Passenger list' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/flight/${flightId}/passenger/list$`));
  await expect(
    page.getByRole('heading', {
      name: `Passenger List ${NUMBER} · 15 May 2028 07:30 · Zurich Airport – Pristina International Airport`,
    }),
  ).toBeVisible();
  await expect(page.getByText('Showing 1–10 of 10')).toBeVisible();
  const bar = page.getByRole('region', { name: 'Flight' });
  await expect(bar.getByText('Adults')).toBeVisible();
  await shoot(page, 'passenger-list');
  await expectAccessible(page, 'passenger list');

  // Three appeared in bulk.
  for (const name of ['Select Arben Berisha', 'Select Vjosa Berisha', 'Select Mira Hoxha']) {
    await page.getByRole('checkbox', { name, exact: true }).check();
  }
  const bulk = page.getByRole('region', { name: 'Bulk marks' });
  await expect(bulk.getByText('3 passengers selected')).toBeVisible();
  await bulk.getByRole('button', { name: 'Mark appeared' }).click();
  await expect(page.getByText('3 passengers marked appeared')).toBeVisible();
  // They leave the default list (pending and no-show).
  await expect(page.getByText('Showing 1–7 of 7')).toBeVisible();
  await expect(bar.getByText('Appeared').locator('..')).toContainText('3');

  // One no-show with a comment.
  await rowOf(page, 'Shala, Dren').getByRole('radio', { name: 'No-show' }).click({ force: true });
  const noShow = page.getByRole('dialog', { name: 'No-show: Dren Shala' });
  await noShow.getByRole('textbox', { name: /Please, add comment/ }).fill('Did not come to the gate');
  await shoot(page, 'no-show-dialog');
  await noShow.getByRole('button', { name: 'Mark no-show' }).click();
  await expect(page.getByText('Dren Shala marked no-show')).toBeVisible();
  await expect(rowOf(page, 'Shala, Dren').locator('[col-id="appearing"]')).toContainText(
    'Did not come to the gate',
  );

  // A seat moved through the seat-map popup.
  await rowOf(page, 'Morina, Teuta')
    .getByRole('button', { name: /change the seat of Teuta Morina$/ })
    .click();
  const seatDialog = page.getByRole('dialog', { name: 'Seat of Teuta Morina' });
  await expect(seatDialog.getByText('Current seat: 16D.')).toBeVisible();
  await seatDialog.getByRole('gridcell', { name: /^Seat 20F,/ }).click();
  await expect(seatDialog.getByRole('textbox', { name: /Seat label/ })).toHaveValue('20F');
  await shoot(page, 'seat-dialog');
  await expectAccessible(page, 'seat popup');
  await seatDialog.getByRole('button', { name: 'Save seat' }).click();
  const inform = page.getByRole('dialog', { name: 'Inform about Teuta Morina' });
  await expect(inform.getByText('Would you like to inform your passengers about this change?')).toBeVisible();
  await inform.getByRole('button', { name: 'Inform' }).click();
  await expect(page.getByText('Teuta Morina: the booking contact was informed')).toBeVisible();
  await expect(rowOf(page, 'Morina, Teuta').locator('[col-id="seatLabel"]')).toContainText('20F');

  // The flight departs: first delayed (spec 03 §4), then departed, from the header.
  await bar.getByRole('button', { name: 'Delayed' }).click();
  const delay = page.getByRole('dialog', { name: `Delay flight ${NUMBER}` });
  await delay.getByRole('textbox', { name: /Delay in minutes/ }).fill('30');
  await delay.getByRole('button', { name: 'Set delayed' }).click();
  await expect(bar.getByText('Delayed by 30 min')).toBeVisible();
  await bar.getByRole('button', { name: 'Departed' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark departed' }).click();
  await expect(bar.getByText('Departed', { exact: true })).toBeVisible();
  await expect(bar.getByRole('button')).toHaveCount(0);
  // Seats are fixed now; marks still go on.
  await expect(
    rowOf(page, 'Shala, Dren').getByRole('button', { name: /change the seat of Dren Shala$/ }),
  ).toBeDisabled();

  await shoot(page, 'passenger-list-departed');

  // The PNL: the own list and the agent's.
  await page.getByRole('button', { name: 'PNL', exact: true }).click();
  const pnl = page.getByRole('dialog', { name: 'PNL' });
  await expect(pnl.getByRole('tab', { name: 'Own (8)' })).toBeVisible();
  const text = pnl.getByRole('textbox', { name: 'PNL message text' });
  await expect(text).toHaveValue(
    new RegExp(`^QU ZRHKKFB\\n\\.ZRHRMFB \\d{6}\\nPNL\\n${NUMBER}/15MAY ZRH PART1\\n`),
  );
  await expect(text).toHaveValue(/1MORINA\/TEUTAMR\n\.L\/[A-Z2-9]{6}\n\.R\/RQST HK1 20F/);
  await expect(text).toHaveValue(/\.R\/INFT HK1 09SEP27 BERISHA\/LUANMSTR/);
  await shoot(page, 'pnl-dialog');
  await expectAccessible(page, 'PNL viewer');
  await pnl.getByRole('tab', { name: /\(2\)$/ }).click();
  await expect(pnl.getByRole('textbox', { name: 'PNL message text' })).toHaveValue(/1KRASNIQI\/BESAMR-A2/);
  await pnl.getByRole('tab', { name: 'Own (8)' }).click();
  await pnl.getByRole('button', { name: 'Record PNL as sent' }).click();
  await expect(page.getByText('PNL recorded as sent')).toBeVisible();
  await expect(pnl.getByText(/Last sent: PNL/)).toBeVisible();
});
