import { officeDayOf } from '@flybook/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { API, apiToken, expect, expectAccessible, expectLedgerBalanced, logIn, test } from './support.ts';

// A change, a split and a cancellation with a fee move money: the ledger's invariants hold after each.
test.afterEach(async ({ request }) => {
  await expectLedgerBalanced(request);
});

interface DemoFlight {
  id: number;
  number: string;
  departure: string;
}

/**
 * A ZRH → PRN flight at least 10 days ahead (far from the 48-hour rule) with a PRN → ZRH flight
 * back on the same local day, from the demo timetable.
 */
async function returnTrip(
  request: APIRequestContext,
  token: string,
  list: 'agent/flight/list' | 'flight/list',
) {
  const headers = { 'x-auth-token': token };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const flights = async (origin: string, destination: string) =>
    (
      await (
        await request.get(
          `${API}/${list}?origin=${origin}&destination=${destination}&departureFrom=${day(10)}&departureTo=${day(40)}&pageSize=100`,
          { headers },
        )
      ).json()
    ).items as DemoFlight[];
  const [outbound, back] = await Promise.all([flights('ZRH', 'PRN'), flights('PRN', 'ZRH')]);
  const zurichDay = (flight: DemoFlight) => officeDayOf(flight.departure);
  for (const there of outbound) {
    const home = back.find(
      (flight) => zurichDay(flight) === zurichDay(there) && flight.departure > there.departure,
    );
    if (home) return { outbound: there, return: home, day: zurichDay(there) };
  }
  throw new Error('No return trip in the demo timetable');
}

/** Picks a tariff of a flight in the flight step's list. */
async function chooseTariff(page: Page, flight: DemoFlight, tariff: string) {
  await page
    .getByRole('radio', { name: new RegExp(`^${tariff} on ${flight.number} `) })
    .check({ force: true });
}

/** Fills one passenger card of the passengers step. */
async function fillPassenger(
  card: Locator,
  person: {
    salutation: 'mr' | 'mrs';
    gender: 'male' | 'female';
    first: string;
    last: string;
    birthday: string;
  },
) {
  await card.getByLabel('Salutation').selectOption(person.salutation);
  await card.getByLabel('Gender').selectOption(person.gender);
  await card.getByLabel('First name').fill(person.first);
  await card.getByLabel('Last name').fill(person.last);
  await card.getByLabel('Date of birth').fill(person.birthday);
}

/** The billing contact typed by hand (no billing user chosen). */
async function fillBilling(
  page: Page,
  contact: { first: string; last: string; email: string; phone: string },
) {
  await page.getByLabel('Salutation').selectOption('mr');
  await page.getByLabel('First name').fill(contact.first);
  await page.getByLabel('Last name').fill(contact.last);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(contact.email);
  await page.getByLabel('Date of birth').fill('1979-08-21');
  await page.getByLabel('Street').fill('Langstrasse 12');
  await page.getByLabel('Postcode').fill('8004');
  await page.getByLabel('City').fill('Zürich');
  await page.getByLabel('Mobile phone').fill(contact.phone);
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

/** The id of the reservation the list was opened to mark (after a save). */
const highlighted = (page: Page) => Number(new URL(page.url()).searchParams.get('highlightReservationId'));

/** A row of a reservation list, found by the reservation's id in its first cell (id, then status). */
const listRow = (page: Page, id: number) =>
  page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: new RegExp(`^${id} `) }) });

test('an agent books a return trip for two with seats and an extra, pays later, and a manager changes, splits and cancels it', async ({
  page,
  request,
  browser,
}) => {
  const agentToken = await apiToken(request, 'agent@flybook.test');
  const trip = await returnTrip(request, agentToken, 'agent/flight/list');

  // The agent books through the wizard.
  await logIn(page, 'agent@flybook.test');
  await page.getByRole('link', { name: 'New reservation' }).click();
  await expect(page.getByRole('heading', { name: 'New reservation', level: 1 })).toBeVisible();
  await page.getByLabel('Departure date').fill(trip.day);
  await page.getByLabel('Return date').fill(trip.day);
  await page.getByLabel('Adults (12+)').selectOption('2');
  await expectAccessible(page);
  await continueButton(page).click();

  await expect(page.getByRole('heading', { name: 'Outbound flight', level: 2 })).toBeVisible();
  // Agents see no seat counts (spec 02 §6).
  await expect(page.getByText(/Seats left/)).toHaveCount(0);
  await chooseTariff(page, trip.outbound, 'Economy Classic');
  await expectAccessible(page);
  await continueButton(page).click();
  await chooseTariff(page, trip.return, 'Economy Classic');
  await continueButton(page).click();

  await expect(page.getByRole('heading', { name: 'Billing information', level: 2 })).toBeVisible();
  // An agent has no billing user picker: the contact is typed.
  await expect(page.getByRole('combobox', { name: 'Billing user' })).toHaveCount(0);
  await fillBilling(page, {
    first: 'Driton',
    last: 'Hoxha',
    email: 'driton.hoxha@example.test',
    phone: '+41 79 123 45 6',
  });
  await continueButton(page).click();
  // The Swiss mobile rule: 9 digits after +41.
  await expect(page.getByText('should be greater or equal: 9')).toBeVisible();
  await page.getByLabel('Mobile phone').fill('+41 79 123 45 67');
  await continueButton(page).click();

  await expect(page.getByRole('heading', { name: 'Passengers', level: 2 })).toBeVisible();
  const first = page.getByRole('region', { name: 'Passenger 1' });
  const second = page.getByRole('region', { name: 'Passenger 2' });
  await fillPassenger(first, {
    salutation: 'mr',
    gender: 'male',
    first: 'Driton',
    last: 'Hoxha',
    birthday: '1979-08-21',
  });
  await fillPassenger(second, {
    salutation: 'mrs',
    gender: 'female',
    first: 'Arta',
    last: 'Hoxha',
    birthday: '2015-02-11',
  });
  await continueButton(page).click();
  // Arta is 11 on the day of travel: not an adult.
  await expect(
    second.getByText('The date of birth does not fit the age type on the day of travel.'),
  ).toBeVisible();
  await second.getByLabel('Date of birth').fill('1982-02-11');
  await first
    .getByRole('group', { name: `Extras on ${trip.outbound.number}` })
    .getByRole('checkbox', { name: /Checked bag 23 kg/ })
    .check({ force: true });
  await expect(page.getByRole('complementary', { name: 'Summary' })).toContainText('Checked bag 23 kg');
  await continueButton(page).click();

  await expect(page.getByRole('heading', { name: 'Seats', level: 2 })).toBeVisible();
  // Outbound: Driton takes 20A, then Arta (next up) 20B; return: 21A and 21B.
  await page.getByRole('gridcell', { name: /^Seat 20A,/ }).click();
  await page.getByRole('gridcell', { name: /^Seat 20B,/ }).click();
  await page.getByRole('tab', { name: `Return · ${trip.return.number}` }).click();
  await page.getByRole('gridcell', { name: /^Seat 21A,/ }).click();
  await page.getByRole('gridcell', { name: /^Seat 21B,/ }).click();
  const summary = page.getByRole('complementary', { name: 'Summary' });
  await expect(summary).toContainText(`seat 20A on ${trip.outbound.number}`);
  await expect(summary).toContainText(`seat 21B on ${trip.return.number}`);
  await page.screenshot({ path: 'test-results/wizard-seats.png', fullPage: true });
  await continueButton(page).click();

  await expect(page.getByRole('heading', { name: 'Payment', level: 2 })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Bill/ })).toHaveCount(0);
  await page.getByRole('radio', { name: /^Later/ }).check({ force: true });
  await expect(summary.getByText('Calculating…')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create reservation' }).click();

  await expect(page).toHaveURL(/\/admin\/reservation\/list\?highlightReservationId=\d+$/);
  await expect(page.getByText('Reservation created successfully')).toBeVisible();
  const reservationId = highlighted(page);
  const row = listRow(page, reservationId);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Driton Hoxha');
  await expect(row).toContainText('Later');
  await page.screenshot({ path: 'test-results/agent-reservation-list.png', fullPage: true });

  // The manager changes a seat in another browser.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await logIn(manager, 'manager@flybook.test');
  await manager.goto(`/admin/reservation/edit/${reservationId}?source=reservationList`);
  await expect(manager.getByRole('heading', { name: `Edit reservation ${reservationId}` })).toBeVisible();
  await manager.getByRole('button', { name: 'Seats' }).click();
  await manager.getByRole('gridcell', { name: /^Seat 22C,/ }).click();
  await expect(manager.getByRole('complementary', { name: 'Summary' })).toContainText(
    `seat 22C on ${trip.outbound.number}`,
  );
  await manager.getByRole('button', { name: 'Payment' }).click();
  await manager.getByRole('button', { name: 'Save changes' }).click();
  await expect(manager.getByText('Reservation updated successfully')).toBeVisible();
  await expect(manager).toHaveURL(new RegExp(`highlightReservationId=${reservationId}$`));

  // Two versions, the second naming the seat that moved.
  const managerRow = listRow(manager, reservationId);
  await managerRow
    .getByRole('button', { name: `More actions for reservation ${reservationId}`, exact: true })
    .click();
  await manager.getByRole('menuitem', { name: 'History' }).click();
  await expect(manager.getByRole('heading', { name: `Reservation history ${reservationId}` })).toBeVisible();
  await expect(manager.getByRole('heading', { name: /Version 2/ })).toBeVisible();
  await expect(manager.getByRole('heading', { name: /Version 1/ })).toBeVisible();
  const change = manager
    .getByRole('listitem')
    .filter({ hasText: `Seat of Driton Hoxha on ${trip.outbound.number}` });
  await expect(change.locator('del')).toContainText('20A');
  await expect(change.locator('ins')).toContainText('22C');
  await expectAccessible(manager);
  await manager.screenshot({ path: 'test-results/reservation-history.png', fullPage: true });

  // Split Arta off into a reservation of her own.
  await manager.getByRole('link', { name: 'Back to the reservations' }).click();
  await listRow(manager, reservationId)
    .getByRole('button', { name: `More actions for reservation ${reservationId}`, exact: true })
    .click();
  await manager.getByRole('menuitem', { name: 'Split…' }).click();
  const split = manager.getByRole('dialog', { name: `Split reservation ${reservationId}` });
  await split.getByRole('button', { name: 'Split' }).click();
  await expect(split.getByText('Please select a passenger.')).toBeVisible();
  await split.getByRole('radio', { name: /Arta Hoxha/ }).check({ force: true });
  await split.getByRole('button', { name: 'Split' }).click();
  await expect(manager.getByText('Reservation separated successfully')).toBeVisible();

  // Cancel what is left of the original with a fee.
  await listRow(manager, reservationId)
    .getByRole('button', { name: `More actions for reservation ${reservationId}`, exact: true })
    .click();
  await manager.getByRole('menuitem', { name: 'Cancel reservation…' }).click();
  const cancel = manager.getByRole('dialog', { name: `Cancel reservation ${reservationId}` });
  await cancel.getByLabel('Cancellation fee (CHF)').fill('25');
  await cancel.getByRole('button', { name: 'Cancel reservation' }).click();
  await expect(manager.getByText('Reservation cancelled')).toBeVisible();

  const managerToken = await apiToken(request, 'manager@flybook.test');
  const original = await (
    await request.get(`${API}/reservation/${reservationId}`, { headers: { 'x-auth-token': managerToken } })
  ).json();
  expect(original.status).toBe('cancelled');
  expect(original.invoice.total).toBe(25);
  expect(original.passengers.map((p: { firstName: string }) => p.firstName)).toEqual(['Driton']);
  const arta = await (
    await request.get(`${API}/reservation/list?query=Arta`, { headers: { 'x-auth-token': managerToken } })
  ).json();
  expect(arta.items).toEqual([
    expect.objectContaining({
      status: 'reserved',
      passengerCount: 1,
      owner: expect.objectContaining({ displayName: 'Alpen Reisen GmbH' }),
    }),
  ]);
  await managerContext.close();
});

test('a manager books by bill with a deadline, finds it in the invoice overview and texts its contact', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'manager@flybook.test');
  const trip = await returnTrip(request, token, 'flight/list');
  await logIn(page, 'manager@flybook.test');
  await page.goto('/admin/reservation/new');
  await page.getByRole('radio', { name: 'One way' }).check({ force: true });
  await page.getByLabel('Departure date').fill(trip.day);
  await continueButton(page).click();
  // Managers see the seats left.
  await expect(page.getByText(/Seats left: \d+/).first()).toBeVisible();
  await chooseTariff(page, trip.outbound, 'Economy Light');
  await continueButton(page).click();
  const phone = '+41 78 987 65 43';
  await fillBilling(page, { first: 'Besa', last: 'Krasniqi', email: 'besa.krasniqi@example.test', phone });
  await continueButton(page).click();
  await fillPassenger(page.getByRole('region', { name: 'Passenger 1' }), {
    salutation: 'mrs',
    gender: 'female',
    first: 'Besa',
    last: 'Krasniqi',
    birthday: '1990-10-10',
  });
  await continueButton(page).click();
  await continueButton(page).click(); // no seat: given at check-in

  // Bill asks for the deadline first (spec 02 §4).
  await page.getByRole('radio', { name: /^Bill/ }).click({ force: true });
  const deadline = page.getByRole('dialog', { name: 'Payment deadline' });
  await expect(deadline.getByLabel('Deadline')).not.toHaveValue('');
  await deadline.getByLabel('Deadline').fill('2020-01-01');
  await deadline.getByRole('button', { name: 'Set deadline' }).click();
  await expect(deadline.getByText('The deadline cannot be in a past year.')).toBeVisible();
  const tomorrow = officeDayOf(new Date(Date.now() + 86_400_000));
  await deadline.getByLabel('Deadline').fill(tomorrow);
  await deadline.getByRole('button', { name: 'Set deadline' }).click();
  await expect(page.getByText(/^Payment deadline: /)).toBeVisible();
  await page.getByRole('button', { name: 'Create reservation' }).click();
  await expect(page).toHaveURL(/highlightReservationId=\d+$/);
  const reservationId = highlighted(page);

  await page.getByRole('link', { name: 'Invoice overview' }).click();
  await expect(page.getByRole('heading', { name: 'Invoice Overview' })).toBeVisible();
  const billed = listRow(page, reservationId);
  await expect(billed).toContainText('Bill');
  await expect(billed).toContainText('Not paid');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/invoice-overview.png', fullPage: true });

  // The SMS bulk action on the reservation list.
  await page.getByRole('link', { name: 'Reservations', exact: true }).first().click();
  await listRow(page, reservationId)
    .getByRole('checkbox', { name: `Select reservation ${reservationId}` })
    .check();
  await expect(page.getByText('Reservations selected: 1')).toBeVisible();
  await page.getByRole('button', { name: 'Send SMS…' }).click();
  const sms = page.getByRole('dialog', { name: 'SMS to 1 reservations' });
  await sms.getByRole('button', { name: 'Send SMS' }).click();
  await expect(sms.getByText('Please write the message.')).toBeVisible();
  const content = 'Your flight check-in opens 2 hours before departure.';
  await sms.getByLabel('Message').fill(content);
  await sms.getByRole('button', { name: 'Send SMS' }).click();
  await expect(page.getByText('Notifications were sent.')).toBeVisible();
  const outbox = await (await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(phone)}`)).json();
  // The staff's text after the booking reference, in the booking's language (German here).
  expect(outbox.items.map((message: { body: string }) => message.body)).toContainEqual(
    expect.stringMatching(new RegExp(`^Buchungsreferenz [A-Z2-9]{6}: ${content.replace(/\./g, '\\.')}$`)),
  );
});
