import type { APIRequestContext, Page } from '@playwright/test';
import { API, apiToken, expect, logIn, test } from './support.ts';

const MANAGER = 'manager@flybook.test';

// The journeys share one database: a flight number no seeded timetable uses, unique to this run.
const NUMBER = `FB${7000 + (Date.now() % 1000)}`;

interface Ids {
  companyId: number;
  a320Id: number;
  b737Id: number;
  rateId: number;
}

async function catalogue(request: APIRequestContext, token: string): Promise<Ids> {
  const headers = { 'x-auth-token': token };
  const items = async (url: string) => (await (await request.get(`${API}/${url}`, { headers })).json()).items;
  const templates: { id: number; label: string }[] = await items('aircraft-template-generic/list');
  const templateId = (prefix: string) => templates.find((template) => template.label.startsWith(prefix))?.id;
  return {
    companyId: (await items('flight-company/entire-list')).find((c: { code: string }) => c.code === 'FB').id,
    a320Id: templateId('Airbus A320') ?? 0,
    b737Id: templateId('Boeing 737') ?? 0,
    rateId: (await items('rate/entire-list'))[0].id,
  };
}

/** A flight ZRH → PRN on the A320 in 2028 holding all its seats, made through the API. */
async function makeFlight(request: APIRequestContext, token: string, ids: Ids) {
  const response = await request.post(`${API}/flight`, {
    headers: { 'x-auth-token': token },
    data: {
      flightCompany: { id: ids.companyId },
      number: NUMBER,
      origin: { code: 'ZRH' },
      destination: { code: 'PRN' },
      departure: '2028-06-12T05:30:00Z',
      arrival: '2028-06-12T07:45:00Z',
      aircraftTemplate: { id: ids.a320Id },
      rate: { id: ids.rateId },
      seatsByTariff: [
        { tariffGroup: { id: 1 }, costPerSeat: 90, agentSeatsLimit: 40 },
        { tariffGroup: { id: 3 }, costPerSeat: 210, agentSeatsLimit: 2 },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id as number;
}

/** A booking of one seated adult, billed; answers its record locator. */
async function bookSeat(request: APIRequestContext, token: string, flightId: number, seatLabel: string) {
  const response = await request.post(`${API}/reservation`, {
    headers: { 'x-auth-token': token },
    data: {
      bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
      passengers: [
        {
          firstName: 'Valbona',
          lastName: 'Shala',
          gender: 'female',
          ageType: 'adult',
          birthday: '1988-04-02',
        },
      ],
      passengersSeats: [{ passenger: 0, flight: { id: flightId }, seatLabel }],
      billingInformation: {
        salutation: 'mrs',
        firstName: 'Valbona',
        lastName: 'Shala',
        email: 'valbona.shala@example.test',
        street: 'Bahnhofstrasse 7',
        zip: '8001',
        city: 'Zürich',
        country: 'CH',
        birthday: '1988-04-02',
        phoneMobile: '+41 79 555 44 33',
        language: 'en',
      },
      paymentTerms: 'bill',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).recordLocator as string;
}

const flightOf = async (request: APIRequestContext, token: string, id: number) =>
  (await request.get(`${API}/flight/${id}`, { headers: { 'x-auth-token': token } })).json();

const economy = (flight: { seatsByTariff: { tariffGroup: { id: number } }[] }) =>
  flight.seatsByTariff.find((seats) => seats.tariffGroup.id === 1);

async function openEdit(page: Page, flightId: number) {
  await page.goto(`/admin/flight/edit/${flightId}`);
  await expect(page.getByRole('textbox', { name: 'Flight number' })).toHaveValue(NUMBER.slice(2));
}

test.use({ viewport: { width: 1280, height: 900 } });

test('a manager hides seats of a flight and saves, then replaces its template after seeing who loses which seat', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, MANAGER);
  const ids = await catalogue(request, token);
  const flightId = await makeFlight(request, token, ids);
  expect(economy(await flightOf(request, token, flightId))).toMatchObject({ totalSeats: 168 });
  await logIn(page, MANAGER);

  // Hide two economy seats: the economy total follows the map, and the flight saves.
  await openEdit(page, flightId);
  await page.getByRole('tab', { name: 'Template settings' }).click();
  await page.getByRole('radio', { name: 'Hide' }).click();
  await page.locator('[data-seat="20A"]').click();
  await page.locator('[data-seat="20B"]').click();
  await page.getByRole('tab', { name: 'Tariff seats' }).click();
  await expect(page.getByRole('textbox', { name: 'Economy: Total seats' })).toHaveValue('166');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Updated successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/flight\/list$/);
  const hidden = await flightOf(request, token, flightId);
  expect(economy(hidden)).toMatchObject({ totalSeats: 166, numberOfSeatsToSale: 166 });

  // A passenger takes 14A; another template would take it away. The form says whose seat it is.
  const locator = await bookSeat(request, token, flightId, '14A');
  await openEdit(page, flightId);
  await page.getByRole('combobox', { name: 'Aircraft template' }).selectOption(String(ids.b737Id));
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the aircraft template?' });
  const seated = dialog.getByRole('table', { name: /1 passenger loses their seat/ });
  await expect(seated).toBeVisible();
  await expect(seated.getByRole('row').filter({ hasText: locator })).toContainText('Valbona Shala');
  await expect(seated.getByRole('row').filter({ hasText: locator })).toContainText('14A');

  // Cancel keeps the flight as it is.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/admin/flight/edit/${flightId}$`));
  expect((await flightOf(request, token, flightId)).aircraftTemplate.id).toBe(ids.a320Id);

  // Confirmed, the 737's map replaces the A320's and the passenger's seat goes.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(seated).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove seats and save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Updated successfully' })).toBeVisible();
  const replaced = await flightOf(request, token, flightId);
  expect(replaced.aircraftTemplate.id).toBe(ids.b737Id);
  expect(replaced.takenSeatLabels).toEqual([]);
});
