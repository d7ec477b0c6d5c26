import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AreaRoute } from '../../app/routes.tsx';
import type { FakeRequest } from '../../test/fake-api.ts';
import { renderAdmin } from '../../test/render-admin.tsx';

const ROUTES: readonly AreaRoute[] = [
  {
    name: 'flightNew',
    load: () => import('../FlightFormPage.tsx').then((m) => ({ Component: m.FlightNewPage })),
  },
  {
    name: 'flightEdit',
    load: () => import('../FlightFormPage.tsx').then((m) => ({ Component: m.FlightEditPage })),
  },
  // The list itself is another page's business: a stand-in shows where saving leads.
  { name: 'flightList', load: async () => ({ Component: () => <h1>Flight list</h1> }) },
  { name: 'allotmentList', load: async () => ({ Component: () => <h1>Allotment list</h1> }) },
];

type Options = Parameters<typeof renderAdmin>[0];
const open = (url: string, options: Options = {}) =>
  renderAdmin({ as: 'admin', url, areaRoutes: ROUTES, ...options });
type App = ReturnType<typeof open>;

const FORM_LOOKUP_ROLES = ['ROLE_FLIGHT_COMPANY_LIST', 'ROLE_RATE_LIST', 'ROLE_AIRCRAFT_TEMPLATE_LIST'];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const errorOf = (field: HTMLElement) =>
  field.closest('.fb-field')?.querySelector('.fb-field__error')?.textContent ?? undefined;
const textbox = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });
const requestsOf = (app: App, method: string, path: string) =>
  app.api.requests.filter((request) => request.method === method && request.path === path);
const lastBody = (app: App, method: string, path: string) => requestsOf(app, method, path).at(-1)?.body;

/** A native date or time input by its label (a required one ends in " *"). */
const dateInput = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input' });

/** Sets a native date or time input (user-event types into them only digit by digit). */
function setInput(label: string, value: string) {
  const input = dateInput(label);
  fireEvent.change(input, { target: { value } });
  return input;
}

async function openTab(app: App, name: string) {
  await app.user.click(screen.getByRole('tab', { name }));
  expect(screen.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
}

/** The info tab of a new flight: GM1234 ZRH 08:30 → PRN 10:45 on 1 July 2031, E190, Summer 2027. */
async function fillInfo(app: App) {
  await app.user.selectOptions(await screen.findByRole('combobox', { name: 'Airline company' }), '2');
  expect(textbox('Airline code')).toHaveProperty('value', 'GM');
  await app.user.type(textbox('Flight number'), '1234');
  await app.user.selectOptions(select('Origin'), 'ZRH');
  await app.user.selectOptions(select('Destination'), 'PRN');
  setInput('Departure date', '2031-07-01');
  setInput('Departure time', '08:30');
  setInput('Arrival date', '2031-07-01');
  setInput('Arrival time', '10:45');
  await app.user.selectOptions(select('Aircraft template'), '2');
  await app.user.selectOptions(select('Rate'), '1');
}

/** The tariff seats tab of the E190: a cost and an agent limit for each group. */
async function fillSeats(app: App) {
  await openTab(app, 'Tariff seats');
  for (const [group, cost] of [
    ['Economy', '80'],
    ['Economy Plus', '99.5'],
    ['Business', '150'],
  ] as const) {
    await app.user.type(textbox(`${group}: Cost per seat (CHF)`), cost);
    await app.user.type(textbox(`${group}: Agent seats limit`), '4');
  }
}

describe('new flight', () => {
  it('creates a flight: local times at the airports, the number with its code, seats from the template', async () => {
    const app = open('/admin/flight/new');
    expect(await screen.findByRole('heading', { name: 'New flight' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to flights/ }).getAttribute('href')).toBe(
      '/admin/flight/list',
    );
    await fillInfo(app);
    expect(screen.getByText('Local time at ZRH (Europe/Zurich)')).toBeTruthy();
    expect(screen.getByText('Local time at PRN (Europe/Belgrade)')).toBeTruthy();
    await fillSeats(app);
    // One row per tariff group of the template, in the list's order, totals from its seat counts.
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Economy',
      'Economy Plus',
      'Business',
    ]);
    expect(textbox('Economy: Total seats')).toHaveProperty('value', '30');
    expect(textbox('Business: Online seats limit')).toHaveProperty('value', '7');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created successfully')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/flight/list'));
    expect(requestsOf(app, 'POST', 'flight/sequence')).toHaveLength(0);
    const body = lastBody(app, 'POST', 'flight');
    expect(body).toMatchObject({
      flightCompany: { id: 2 },
      number: 'GM1234',
      origin: { code: 'ZRH' },
      destination: { code: 'PRN' },
      departure: '2031-07-01T06:30:00.000Z',
      arrival: '2031-07-01T08:45:00.000Z',
      aircraftTemplate: { id: 2 },
      rate: { id: 1 },
      isActive: true,
      isOnlineCheckInEnabled: false,
      seatsByTariff: [
        {
          tariffGroup: { id: 1 },
          totalSeats: 30,
          numberOfSeatsToSale: 30,
          costPerSeat: 80,
          agentSeatsLimit: 4,
          onlineSeatsLimit: 7,
        },
        {
          tariffGroup: { id: 2 },
          totalSeats: 8,
          numberOfSeatsToSale: 8,
          costPerSeat: 99.5,
          agentSeatsLimit: 4,
          onlineSeatsLimit: 7,
        },
        {
          tariffGroup: { id: 3 },
          totalSeats: 8,
          numberOfSeatsToSale: 8,
          costPerSeat: 150,
          agentSeatsLimit: 4,
          onlineSeatsLimit: 7,
        },
      ],
      allotments: [],
    });
    // The template's seat map, copied into the flight.
    expect(body).toHaveProperty('sections.2.rowLabels', ['5', '6', '7', '8', '9', '10', '11', '12']);
  });

  it('shows required-field errors, marks the tabs holding them and opens the first', async () => {
    const app = open('/admin/flight/new');
    await app.user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(select('Airline company'))).toBe('This value is required.'));
    for (const name of ['Origin', 'Destination', 'Aircraft template', 'Rate']) {
      expect(errorOf(select(name)), name).toBe('This value is required.');
    }
    expect(errorOf(textbox('Flight number'))).toBe('This value is required.');
    expect(errorOf(dateInput('Departure date'))).toBe('This value is required.');
    expect(screen.getByRole('tab', { name: /Info/ }).textContent).toContain('(has errors)');

    await fillInfo(app);
    await app.user.click(screen.getByRole('tab', { name: /Info/ }));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    // The seats are wrong now: their tab opens, marked, at the first wrong field.
    const seatsTab = screen.getByRole('tab', { name: /Tariff seats/ });
    await waitFor(() => expect(seatsTab.getAttribute('aria-selected')).toBe('true'));
    expect(seatsTab.textContent).toContain('(has errors)');
    expect(screen.getByRole('tab', { name: /Info/ }).textContent).not.toContain('(has errors)');
    expect(errorOf(textbox('Economy: Cost per seat (CHF)'))).toBe('This value is required.');
    expect(errorOf(textbox('Economy: Agent seats limit'))).toBe('This value is required.');
    await waitFor(() => expect(document.activeElement).toBe(textbox('Economy: Cost per seat (CHF)')));
    expect(requestsOf(app, 'POST', 'flight')).toHaveLength(0);
  });

  it('creates a sequence from the repeating tab with its weekdays, after a live preview of the count', async () => {
    const app = open('/admin/flight/new');
    await fillInfo(app);
    await fillSeats(app);
    await openTab(app, 'Repeating');
    expect(screen.getByText('No repetition: one flight will be created.')).toBeTruthy();
    setInput('First date', '2031-07-01');
    setInput('Last date', '2031-07-31');
    expect(screen.getByText(/Fill in the dates, the period and the weekdays/)).toBeTruthy();
    await app.user.click(screen.getByRole('checkbox', { name: 'Friday' }));
    expect(screen.getByText('4 flights')).toBeTruthy();
    await app.user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    expect(screen.getByText('9 flights')).toBeTruthy();
    await app.user.clear(textbox('Period (weeks)'));
    await app.user.type(textbox('Period (weeks)'), '2');
    expect(screen.getByText('5 flights')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created successfully')).toBeTruthy();
    expect(requestsOf(app, 'POST', 'flight')).toHaveLength(0);
    const body = lastBody(app, 'POST', 'flight/sequence');
    expect(body).toMatchObject({
      flight: { number: 'GM1234', departure: '2031-07-01T06:30:00.000Z' },
      repeating: { firstDate: '2031-07-01', lastDate: '2031-07-31', period: 2, weekdays: [2, 5] },
    });
  });

  it('requires the whole repeating setup once part of it is filled', async () => {
    const app = open('/admin/flight/new');
    await fillInfo(app);
    await fillSeats(app);
    await openTab(app, 'Repeating');
    setInput('First date', '2031-07-01');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(dateInput('Last date'))).toBe('This value is required.'));
    expect(screen.getByRole('tab', { name: /Repeating/ }).textContent).toContain('(has errors)');
    expect(screen.getByRole('group', { name: /Weekdays/ }).textContent).toContain('This value is required.');
    expect(requestsOf(app, 'POST', 'flight/sequence')).toHaveLength(0);
  });

  it('offers no repeating tab without ROLE_FLIGHT_CREATE_SEQUENCE', async () => {
    open('/admin/flight/new', {
      as: 'manager',
      roles: { manager: ['ROLE_FLIGHT_LIST', 'ROLE_FLIGHT_CREATE', ...FORM_LOOKUP_ROLES] },
    });
    expect(await screen.findByRole('tab', { name: 'Info' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Template settings' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Repeating' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Allotment' })).toBeNull();
  });
});

const failPut =
  (...errors: { code: string; message: string; field?: string }[]) =>
  (request: FakeRequest) =>
    request.method === 'PUT' ? json({ errors }, 422) : undefined;

describe('edit flight', () => {
  it('shows the stored flight in local times and saves it without asking when the departure stays', async () => {
    const app = open('/admin/flight/edit/101');
    expect(await screen.findByRole('heading', { name: 'Edit flight' })).toBeTruthy();
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '1234'));
    expect(textbox('Airline code')).toHaveProperty('value', 'GM');
    expect(dateInput('Departure time')).toHaveProperty('value', '08:30');
    expect(dateInput('Arrival time')).toHaveProperty('value', '10:45');
    await openTab(app, 'Tariff seats');
    const economy = screen.getByRole('row', { name: /^Economy\b(?! Plus)/ });
    expect(
      within(economy)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['30', '2', '4', '22']));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const put = requestsOf(app, 'PUT', 'flight/101')[0];
    expect(put?.query.get('isEmailNotifyEnabled')).toBe('false');
    expect(put?.body).toMatchObject({ number: 'GM1234', departure: '2031-07-01T06:30:00.000Z' });
    expect(put?.body).toHaveProperty('sections');
  });

  it('disables airline and airports of a booked flight before Save, saying why', async () => {
    open('/admin/flight/edit/101');
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '1234'));
    for (const name of ['Airline company', 'Origin', 'Destination']) {
      const field = select(name);
      expect(field, name).toHaveProperty('disabled', true);
      expect(field.getAttribute('aria-describedby'), name).toBeTruthy();
      expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Fixed: this flight has been booked.',
      );
    }
    // Times, number, template and rate still change on a booked flight.
    expect(textbox('Flight number')).toHaveProperty('disabled', false);
    expect(select('Rate')).toHaveProperty('disabled', false);
  });

  it('leaves airline and airports open on a flight nobody booked', async () => {
    open('/admin/flight/edit/102');
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '100'));
    for (const name of ['Airline company', 'Origin', 'Destination']) {
      expect(select(name), name).toHaveProperty('disabled', false);
    }
    expect(screen.queryByText('Fixed: this flight has been booked.')).toBeNull();
  });

  it('shows Not Found for an address that names no flight, without asking the server', async () => {
    const app = open('/admin/flight/edit/abc');
    expect(await screen.findByRole('heading', { name: 'Not Found', level: 2 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to flights' }).getAttribute('href')).toBe(
      '/admin/flight/list',
    );
    expect(app.api.requests.filter((request) => request.path.startsWith('flight/abc'))).toHaveLength(0);
  });

  it('leads back to the allotment list it was opened from (source=allotmentList), also after saving', async () => {
    const app = open('/admin/flight/edit/101?source=allotmentList');
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '1234'));
    expect(screen.getByRole('link', { name: 'Back to allotments' }).getAttribute('href')).toBe(
      '/admin/allotment/list',
    );
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Allotment list' })).toBeTruthy();
  });

  it('asks whether to notify the passengers of a new departure time; cancel aborts the save', async () => {
    const app = open('/admin/flight/edit/101');
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '1234'));
    setInput('Departure time', '09:15');
    setInput('Arrival time', '11:30');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Would you like to inform your passengers about this change?',
    });
    expect(within(dialog).getByRole('checkbox', { name: 'E-mail' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: 'SMS' })).toHaveProperty('checked', false);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsOf(app, 'PUT', 'flight/101')).toHaveLength(0);
    expect(app.location()).toBe('/flight/edit/101');

    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const again = await screen.findByRole('dialog');
    await app.user.click(within(again).getByRole('checkbox', { name: 'SMS' }));
    await app.user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    const put = requestsOf(app, 'PUT', 'flight/101')[0];
    expect(put?.query.get('isEmailNotifyEnabled')).toBe('true');
    expect(put?.query.get('isSmsNotifyEnabled')).toBe('true');
    expect(put?.body).toMatchObject({ departure: '2031-07-01T07:15:00.000Z' });
  });

  it('does not ask about a new departure time when the flight has no passengers', async () => {
    const app = open('/admin/flight/edit/102');
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '100'));
    setInput('Departure time', '06:00');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const put = requestsOf(app, 'PUT', 'flight/102')[0];
    expect(put?.query.get('isEmailNotifyEnabled')).toBe('false');
    expect(put?.body).toMatchObject({ departure: '2031-07-02T04:00:00.000Z' });
  });

  it('lists the bookings and seats a new template takes away before saving; cancel aborts the save', async () => {
    const app = open('/admin/flight/edit/101');
    await waitFor(() => expect(select('Aircraft template')).toHaveProperty('value', '2'));
    await app.user.selectOptions(select('Aircraft template'), '1');
    await openTab(app, 'Template settings');
    expect(await screen.findByText(/all assigned seats will be removed when you save/)).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the aircraft template?' });
    expect(dialog.textContent).toContain('all assigned seats will be removed');
    // Who loses which seat, read from the server when the question is asked.
    const table = await within(dialog).findByRole('table', { name: /2 passengers lose their seats/ });
    expect(dialog.textContent).toContain('bookings affected: 2.');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['K7QX2M No. 7001', 'Arben Krasniqi', '5A'],
      ['P4RT8N No. 7002', 'Drita Berisha', '5B'],
    ]);
    expect(requestsOf(app, 'GET', 'flight/101/seated-passengers')).toHaveLength(1);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsOf(app, 'PUT', 'flight/101')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const again = await screen.findByRole('dialog');
    // Asked again, the list is read again: a seat may have been given meanwhile.
    expect(await within(again).findByText('K7QX2M')).toBeTruthy();
    expect(requestsOf(app, 'GET', 'flight/101/seated-passengers')).toHaveLength(2);
    await app.user.click(within(again).getByRole('button', { name: 'Remove seats and save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    const body = lastBody(app, 'PUT', 'flight/101');
    expect(body).toMatchObject({
      aircraftTemplate: { id: 1 },
      seatsByTariff: [
        { tariffGroup: { id: 1 }, totalSeats: 150, costPerSeat: 80 },
        { tariffGroup: { id: 3 }, totalSeats: 12, costPerSeat: 150 },
      ],
    });
    expect(body).not.toHaveProperty('sections');
  });

  it('still asks, and says so, when the seated passengers cannot be read', async () => {
    const app = open('/admin/flight/edit/101', {
      handle: (request) =>
        request.path === 'flight/101/seated-passengers'
          ? json({ errors: [{ code: 'ERROR_UNKNOWN', message: 'Down' }] }, 500)
          : undefined,
    });
    await waitFor(() => expect(select('Aircraft template')).toHaveProperty('value', '2'));
    await app.user.selectOptions(select('Aircraft template'), '1');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the aircraft template?' });
    expect(await within(dialog).findByText('The passengers holding seats could not be loaded.')).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove seats and save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
  });

  it('keeps the seats held by passengers in the seat map, and says why', async () => {
    const app = open('/admin/flight/edit/101');
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '1234'));
    await openTab(app, 'Template settings');
    const taken = await screen.findByRole('gridcell', { name: /^Seat 5A, Economy, .*taken$/ });
    await app.user.click(screen.getByRole('radio', { name: 'Hide' }));
    await app.user.click(taken);
    expect(screen.getByRole('alert').textContent).toBe(
      'Seat 5A is held by a passenger and stays on the map. Move the passenger to another seat in the passenger list first.',
    );
    expect(screen.getByRole('gridcell', { name: /^Seat 5A, Economy, .*taken$/ })).toBeTruthy();
  });

  it('takes hidden seats off the total seats so the flight saves, and puts shown ones back', async () => {
    const app = open('/admin/flight/edit/101');
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '1234'));
    await openTab(app, 'Template settings');
    await app.user.click(await screen.findByRole('radio', { name: 'Hide' }));
    await app.user.click(screen.getByRole('gridcell', { name: /^Seat 6A,/ }));
    await app.user.click(screen.getByRole('gridcell', { name: /^Seat 2A,/ }));
    await openTab(app, 'Tariff seats');
    // Economy held the whole map (30, 28 for sale): 29 now, the sale quota stays. Business 8 → 7.
    expect(screen.getByRole('row', { name: /^Economy 29\b/ })).toBeTruthy();
    expect(textbox('Economy: Total seats')).toHaveProperty('value', '29');
    expect(textbox('Economy: Seats for sale')).toHaveProperty('value', '28');
    expect(textbox('Business: Total seats')).toHaveProperty('value', '7');
    expect(textbox('Business: Seats for sale')).toHaveProperty('value', '7');
    expect(textbox('Economy Plus: Total seats')).toHaveProperty('value', '8');

    // One more hidden takes the quota along; shown again, the seat comes back to both.
    await openTab(app, 'Template settings');
    await app.user.click(await screen.findByRole('radio', { name: 'Hide' }));
    await app.user.click(screen.getByRole('gridcell', { name: /^Seat 6B,/ }));
    await openTab(app, 'Tariff seats');
    expect(textbox('Economy: Total seats')).toHaveProperty('value', '28');
    expect(textbox('Economy: Seats for sale')).toHaveProperty('value', '28');
    await openTab(app, 'Template settings');
    await app.user.click(await screen.findByRole('radio', { name: 'Hide' }));
    await app.user.click(screen.getByRole('gridcell', { name: /^Seat 6B,/ }));
    await openTab(app, 'Tariff seats');
    expect(textbox('Economy: Total seats')).toHaveProperty('value', '29');
    expect(textbox('Economy: Seats for sale')).toHaveProperty('value', '29');

    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    const body = lastBody(app, 'PUT', 'flight/101');
    expect(body).toMatchObject({
      seatsByTariff: [
        { tariffGroup: { id: 3 }, totalSeats: 7, numberOfSeatsToSale: 7 },
        { tariffGroup: { id: 2 }, totalSeats: 8, numberOfSeatsToSale: 8 },
        { tariffGroup: { id: 1 }, totalSeats: 29, numberOfSeatsToSale: 29 },
      ],
    });
    // Economy rows 5–12: 6A hidden, 6B shown again; business 2A hidden.
    expect(body).toHaveProperty('sections.2.seats.1.0', 4);
    expect(body).toHaveProperty('sections.2.seats.1.1', 0);
    expect(body).toHaveProperty('sections.0.seats.1.0', 4);
  });

  it('clears a total error shown after a failed save once hidden seats bring the total down', async () => {
    const app = open('/admin/flight/edit/102');
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '100'));
    await openTab(app, 'Tariff seats');
    await app.user.clear(textbox('Economy: Total seats'));
    await app.user.type(textbox('Economy: Total seats'), '31');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(textbox('Economy: Total seats'))).toBe('should be less or equal: 30'));
    await openTab(app, 'Template settings');
    await app.user.click(await screen.findByRole('radio', { name: 'Hide' }));
    await app.user.click(screen.getByRole('gridcell', { name: /^Seat 7C,/ }));
    // The tab is marked as holding an error until the numbers are checked again.
    await app.user.click(screen.getByRole('tab', { name: /^Tariff seats/ }));
    // 31 did not fit the map of 30; with 29 seats on the map it is 29 and fits.
    expect(textbox('Economy: Total seats')).toHaveProperty('value', '29');
    await waitFor(() => expect(errorOf(textbox('Economy: Total seats'))).toBeUndefined());
    expect(requestsOf(app, 'PUT', 'flight/102')).toHaveLength(0);
  });

  it('refuses to hide seats that are sold, and says how many are', async () => {
    const app = open('/admin/flight/edit/101');
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '1234'));
    await openTab(app, 'Template settings');
    await app.user.click(await screen.findByRole('radio', { name: 'Hide' }));
    // Economy (30 seats, 2 booked and 4 allotted): the block A–C (the aisle is after C) goes but
    // for the passengers' 5A and 5B, which leaves 9.
    await app.user.dblClick(screen.getByRole('gridcell', { name: /^Seat 7A,/ }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Seats 5A, 5B are held by passengers and stay on the map. Move the passengers to other seats in the passenger list first.',
    );
    // The block D would leave 2 seats for 6 sold ones: nothing of it is hidden.
    await app.user.dblClick(screen.getByRole('gridcell', { name: /^Seat 7D,/ }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Not hidden: 6 Economy seats are sold or allotted, and the seat map would have only 2 left.',
    );
    expect(screen.getByRole('gridcell', { name: /^Seat 7D, Economy, .*free$/ })).toBeTruthy();
    await openTab(app, 'Tariff seats');
    expect(screen.getByRole('row', { name: /^Economy 9\b/ })).toBeTruthy();
    expect(textbox('Economy: Total seats')).toHaveProperty('value', '9');
    expect(textbox('Economy: Seats for sale')).toHaveProperty('value', '9');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    expect(lastBody(app, 'PUT', 'flight/101')).toMatchObject({
      seatsByTariff: [{}, {}, { tariffGroup: { id: 1 }, totalSeats: 9, numberOfSeatsToSale: 9 }],
    });
  });

  it('shows "The flight does not have enough seats." on ERROR_AVAILABLE_SEATS_NOT_ENOUGH', async () => {
    const app = open('/admin/flight/edit/102', {
      handle: failPut({
        code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH',
        message: 'Not enough seats',
        field: 'seatsByTariff.2.totalSeats',
      }),
    });
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '100'));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const alerts = await screen.findAllByText('The flight does not have enough seats.');
    expect(alerts.length).toBeGreaterThanOrEqual(2); // the notice and the field
    expect(screen.getByRole('tab', { name: /Tariff seats/ }).getAttribute('aria-selected')).toBe('true');
    expect(errorOf(textbox('Economy: Total seats'))).toBe('The flight does not have enough seats.');
    expect(app.location()).toBe('/flight/edit/102');
  });

  it('shows the allotment errors of the catalogue as they are', async () => {
    const app = open('/admin/flight/edit/101', {
      handle: failPut({
        code: 'ERROR_ALLOTMENT_DELETED',
        message: 'Allotment cannot go',
        field: 'allotments',
      }),
    });
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '1234'));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Allotment can not be deleted.')).not.toHaveLength(0);
    expect(screen.queryByText(/Unknown Error/)).toBeNull();
  });
});

describe('allotments', () => {
  it('shows invoiced allotments read-only and the others editable', async () => {
    const app = open('/admin/flight/edit/101');
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '1234'));
    await openTab(app, 'Allotment');
    await screen.findByRole('button', { name: 'Add allotment' });
    const [invoiced, open_] = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    if (!invoiced || !open_) throw new Error('two allotments expected');
    expect(within(invoiced).getByText('Invoiced')).toBeTruthy();
    expect(within(invoiced).getByRole('combobox', { name: 'Allotment 1: Agent' })).toHaveProperty(
      'value',
      'Balkan Tours',
    );
    expect(within(invoiced).getByRole('combobox', { name: 'Allotment 1: Agent' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(invoiced).getByRole('textbox', { name: 'Allotment 1: Seats' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(
      within(invoiced).getByRole('textbox', { name: 'Allotment 1: Cost per seat (CHF)' }),
    ).toHaveProperty('disabled', true);
    expect(within(invoiced).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(open_).getByRole('textbox', { name: 'Allotment 2: Seats' })).toHaveProperty(
      'disabled',
      false,
    );
    // Kosova Travel has booked a seat in its block: agent and tariff group stay.
    expect(within(open_).getByRole('combobox', { name: 'Allotment 2: Agent' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Add allotment' })).toBeTruthy();
  });

  it('shows every allotment read-only without ROLE_ALLOTMENT_EDIT and sends none', async () => {
    const app = open('/admin/flight/edit/101', {
      as: 'manager',
      roles: {
        manager: [
          'ROLE_FLIGHT_LIST',
          'ROLE_FLIGHT_READ',
          'ROLE_FLIGHT_UPDATE',
          ...FORM_LOOKUP_ROLES,
          'ROLE_FLIGHT_READ_SEAT_NUMBER',
          'ROLE_ALLOTMENT_READ',
        ],
      },
    });
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '1234'));
    await openTab(app, 'Allotment');
    expect(await screen.findByRole('textbox', { name: 'Allotment 2: Seats' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.queryByRole('textbox', { name: 'Allotment 2: Cost per seat (CHF)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add allotment' })).toBeNull();
    await openTab(app, 'Tariff seats');
    expect(textbox('Economy: Total seats')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('textbox', { name: 'Economy: Cost per seat (CHF)' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    const body = lastBody(app, 'PUT', 'flight/101');
    expect(body).not.toHaveProperty('allotments');
    expect(body).toHaveProperty('seatsByTariff.2', {
      tariffGroup: { id: 1 },
      agentSeatsLimit: 20,
      onlineSeatsLimit: 7,
    });
  });

  it('hides the tab without ROLE_ALLOTMENT_READ', async () => {
    open('/admin/flight/edit/101', {
      as: 'manager',
      roles: {
        manager: ['ROLE_FLIGHT_LIST', 'ROLE_FLIGHT_READ', 'ROLE_FLIGHT_UPDATE', ...FORM_LOOKUP_ROLES],
      },
    });
    expect(await screen.findByRole('tab', { name: 'Tariff seats' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Allotment' })).toBeNull();
  });

  it('adds an allotment for an agent found by search', async () => {
    const app = open('/admin/flight/edit/102');
    await waitFor(() => expect(textbox('Flight number')).toHaveProperty('value', '100'));
    await openTab(app, 'Allotment');
    expect(await screen.findByText('No allotments yet.')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Add allotment' }));
    const agent = screen.getByRole('combobox', { name: 'Allotment 1: Agent' });
    await app.user.click(agent);
    // Opening lists the first active agents by name.
    await screen.findByRole('option', { name: 'Alpen Reisen GmbH' });
    const first = requestsOf(app, 'GET', 'agent/list')[0];
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      page: '0',
      pageSize: '10',
      isActive: 'true',
      sortBy: 'displayName',
      sortOrder: 'ASC',
    });
    await app.user.type(agent, 'kos');
    expect(await screen.findByRole('option', { name: 'Kosova Travel' }, { timeout: 3000 })).toBeTruthy();
    expect(requestsOf(app, 'GET', 'agent/list').at(-1)?.query.get('query')).toBe('kos');
    await app.user.click(screen.getByRole('option', { name: 'Kosova Travel' }));
    await app.user.selectOptions(select('Allotment 1: Tariff group'), '1');
    await app.user.type(textbox('Allotment 1: Seats'), '3');
    await app.user.type(textbox('Allotment 1: Comment'), 'School trip');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    expect(lastBody(app, 'PUT', 'flight/102')).toMatchObject({
      allotments: [{ agent: { id: 23 }, tariffGroup: { id: 1 }, seatsNumber: 3, comment: 'School trip' }],
    });
  });
});
