import type { APIRequestContext } from '@playwright/test';
import { API, apiToken, expect, expectAccessible, expectLedgerBalanced, logIn, test } from './support.ts';

// The journey moves money (a refund): the ledger's invariants hold afterwards.
test.afterEach(async ({ request }) => {
  await expectLedgerBalanced(request);
});

const NUMBER = 'FB9461';
const OTHER = 'FB9463';

type Headers = { 'x-auth-token': string };

/** A flight ZRH → PRN on a day of April 2027 (08:00 UTC), through the API. */
async function flightOn(request: APIRequestContext, headers: Headers, number: string, day: string) {
  const items = async (url: string) => (await (await request.get(`${API}/${url}`, { headers })).json()).items;
  const company = (await items('flight-company/entire-list')).find((c: { code: string }) => c.code === 'FB');
  const template = (await items('aircraft-template-generic/list')).find((t: { label: string }) =>
    t.label.startsWith('Airbus A320'),
  );
  const [rate] = await items('rate/entire-list');
  const response = await request.post(`${API}/flight`, {
    headers,
    data: {
      flightCompany: { id: company.id },
      number,
      origin: { code: 'ZRH' },
      destination: { code: 'PRN' },
      departure: `${day}T08:00:00Z`,
      arrival: `${day}T10:15:00Z`,
      aircraftTemplate: { id: template.id },
      rate: { id: rate.id },
      seatsByTariff: [
        {
          tariffGroup: { id: 1 },
          totalSeats: 168,
          numberOfSeatsToSale: 150,
          costPerSeat: 90,
          agentSeatsLimit: 40,
        },
        { tariffGroup: { id: 3 }, totalSeats: 12, costPerSeat: 210, agentSeatsLimit: 2, onlineSeatsLimit: 4 },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id as number;
}

/** A billed booking on the flight, seats as given, its contact writing in `language`. */
async function book(
  request: APIRequestContext,
  headers: Headers,
  flightId: number,
  people: { firstName: string; seat: string }[],
  contact: { lastName: string; language: string },
) {
  const response = await request.post(`${API}/reservation`, {
    headers,
    data: {
      bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
      passengers: people.map((person) => ({
        firstName: person.firstName,
        lastName: contact.lastName,
        gender: 'female',
        ageType: 'adult',
        birthday: '1984-06-02',
      })),
      passengersSeats: people.map((person, index) => ({
        passenger: index,
        flight: { id: flightId },
        seatLabel: person.seat,
      })),
      billingInformation: {
        salutation: 'mrs',
        firstName: people[0]!.firstName,
        lastName: contact.lastName,
        email: `${people[0]!.firstName.toLowerCase()}.${contact.lastName.toLowerCase()}@example.test`,
        street: 'Bahnhofstrasse 7',
        zip: '8001',
        city: 'Zürich',
        country: 'CH',
        birthday: '1984-06-02',
        phoneMobile: '+41 79 555 44 33',
        language: contact.language,
      },
      paymentTerms: 'bill',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as {
    id: number;
    recordLocator: string;
    invoice: { id: number; total: number };
  };
}

const templatesTo = async (request: APIRequestContext, email: string) =>
  (
    (await (await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(email)}`)).json()).items as {
      template: string;
      language: string;
    }[]
  ).map((message) => `${message.template}:${message.language}`);

test('an operations employee cancels a booked flight, rebooks one booking and refunds the other', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'manager@flybook.test');
  const headers = { 'x-auth-token': token };
  const cancelledId = await flightOn(request, headers, NUMBER, '2027-04-06');
  const targetId = await flightOn(request, headers, OTHER, '2027-04-08');
  const family = await book(
    request,
    headers,
    cancelledId,
    [
      { firstName: 'Vjosa', seat: '12A' },
      { firstName: 'Blerta', seat: '12B' },
    ],
    { lastName: 'Morina', language: 'sq' },
  );
  const single = await book(request, headers, cancelledId, [{ firstName: 'Anna', seat: '14C' }], {
    lastName: 'Keller',
    language: 'de',
  });
  // Anna paid in cash at the desk.
  const cash = (await (await request.get(`${API}/account/payment-list?paymentType=cash`, { headers })).json())
    .items[0];
  const paid = await request.post(`${API}/payment/reservation/invoice`, {
    headers,
    data: {
      amount: single.invoice.total,
      paymentTypeCode: 'cash',
      reservationInvoiceId: single.invoice.id,
      accountId: cash.id,
    },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  // Cancelling asks with what is booked and says the contacts are told.
  await logIn(page, 'manager@flybook.test');
  await page.goto('/admin/flight/list');
  await page.getByRole('searchbox', { name: 'Search' }).fill(NUMBER);
  await expect(page.getByText(/^Showing 1–1 of 1$/)).toBeVisible();
  await page.getByRole('button', { name: /^More actions for FB9461/ }).click();
  await page.getByRole('menuitem', { name: 'Cancel flight' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel flight' });
  await expect(confirm).toContainText('reservations: 2, passengers: 3');
  await expect(confirm).toContainText('told by e-mail');
  await confirm.getByRole('button', { name: 'Cancel flight' }).click();
  await expect(page.getByText(`Flight ${NUMBER} cancelled.`)).toBeVisible();

  // Each contact heard of it in their language.
  expect(await templatesTo(request, 'vjosa.morina@example.test')).toContain('flightCancelled:sq');
  expect(await templatesTo(request, 'anna.keller@example.test')).toContain('flightCancelled:de');

  // The worklist holds the flight with both bookings.
  await page.getByRole('link', { name: 'Cancelled flights' }).click();
  await expect(page).toHaveURL(/\/admin\/flight\/cancelled\/list$/);
  const flight = page.getByRole('region', { name: `${NUMBER} · ZRH → PRN` });
  await expect(flight.getByRole('link', { name: family.recordLocator })).toBeVisible();
  await expect(flight.getByRole('link', { name: single.recordLocator })).toBeVisible();
  await expectAccessible(page, 'cancelled flights worklist');

  // Rebook the family onto the flight two days later: a double click rebooks once.
  const familyRow = flight.getByRole('row').filter({ hasText: family.recordLocator });
  await familyRow.getByRole('button', { name: 'Rebook…' }).click();
  const rebook = page.getByRole('dialog', { name: `Rebook ${family.recordLocator}` });
  // react-aria keeps the radio input out of sight: a user clicks the option.
  await rebook.locator('label').filter({ hasText: OTHER }).click();
  await expect(rebook.getByRole('radio', { name: new RegExp(OTHER) })).toBeChecked();
  await rebook.getByRole('button', { name: 'Rebook', exact: true }).dblclick();
  await expect(
    page.getByText(`Reservation ${family.recordLocator} was rebooked. The contact was told.`),
  ).toBeVisible();
  await expect(flight.getByRole('link', { name: family.recordLocator })).toBeHidden();

  // Cancel Anna's booking with a full refund of what she paid.
  const singleRow = flight.getByRole('row').filter({ hasText: single.recordLocator });
  await singleRow.getByRole('button', { name: 'Cancel with refund…' }).click();
  const refund = page.getByRole('dialog', { name: `Cancel ${single.recordLocator} with a full refund` });
  await expect(refund).toContainText('goes back');
  await refund.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(
    page.getByText(`Reservation ${single.recordLocator} was cancelled and refunded.`),
  ).toBeVisible();
  // Nothing of either booking is on the flight: the flight leaves the worklist.
  await expect(page.getByText('No cancelled flight has passengers left.')).toBeVisible();

  // What each side ends up with.
  const moved = await (await request.get(`${API}/reservation/${family.id}`, { headers })).json();
  expect(moved.flights.map((f: { id: number }) => f.id)).toEqual([targetId]);
  expect(moved.passengers.map((p: { tickets: { seatLabel: string }[] }) => p.tickets[0]!.seatLabel)).toEqual([
    '12A',
    '12B',
  ]);
  expect(moved.invoice.total).toBe(family.invoice.total);
  const snapshots = await (
    await request.get(`${API}/reservation/${family.id}/snapshot/list`, { headers })
  ).json();
  // Booked, marked by the cancellation, rebooked: once.
  expect(snapshots.items).toHaveLength(3);
  const refunded = await (await request.get(`${API}/reservation/${single.id}`, { headers })).json();
  expect(refunded.status).toBe('cancelled');
  expect(refunded.invoice.totalPaid).toBe(0);
  expect(refunded.hasCreditNote).toBe(true);
  expect(await templatesTo(request, 'vjosa.morina@example.test')).toContain('reservation-changed:sq');
  expect(await templatesTo(request, 'anna.keller@example.test')).toContain('reservation-cancelled:de');
});
