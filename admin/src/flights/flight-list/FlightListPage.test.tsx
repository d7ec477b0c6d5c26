import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AreaRoute } from '../../app/routes.tsx';
import type { FakeRequest } from '../../test/fake-api.ts';
import { createFakeFlights } from '../../test/fake-flights.ts';
import { renderAdmin } from '../../test/render-admin.tsx';

/** The list page alone, so these tests do not depend on the flight form's chunk. */
const ROUTES: readonly AreaRoute[] = [
  {
    name: 'flightList',
    load: () => import('../FlightListPage.tsx').then((m) => ({ Component: m.FlightListPage })),
  },
];

const MANAGER_ROLES = ['ROLE_FLIGHT_LIST', 'ROLE_FLIGHT_READ_SEAT_NUMBER'];

const openList = (options: Parameters<typeof renderAdmin>[0] = {}) =>
  renderAdmin({ as: 'admin', url: '/admin/flight/list', areaRoutes: ROUTES, ...options });

const listRequests = (requests: readonly FakeRequest[]) =>
  requests.filter((request) => request.method === 'GET' && /^(agent\/)?flight\/list$/.test(request.path));

const lastList = (requests: readonly FakeRequest[]) => listRequests(requests).at(-1);

/** A query as sorted key=value pairs, arrays as repeated `key[]` entries. */
const pairs = (query: URLSearchParams | undefined) =>
  [...(query ?? new URLSearchParams())].map(([k, v]) => `${k}=${v}`).sort();

const cellOf = (row: HTMLElement, colId: string) => row.querySelector<HTMLElement>(`[col-id="${colId}"]`);

/** The flight numbers of the rows shown, in order. */
const shownNumbers = () =>
  screen
    .queryAllByRole('row')
    .filter((row) => row.closest('.ag-header') === null)
    .map((row) => cellOf(row, 'number')?.textContent)
    .filter((number) => number !== undefined);

/** The grid row that shows a flight, by its number and local departure date (waits for reloads). */
async function rowOf(number: string, date: string) {
  let found: HTMLElement | undefined;
  await waitFor(
    () => {
      found = screen
        .getAllByRole('row')
        .find(
          (row) =>
            cellOf(row, 'number')?.textContent === number &&
            cellOf(row, 'departure')?.textContent?.startsWith(date),
        );
      expect(found, `${number} on ${date}`).toBeTruthy();
    },
    { timeout: 3000 },
  );
  if (!found) throw new Error(`No row for ${number}`);
  return found;
}

describe('flight list', () => {
  it('loads created flights by departure, 15 a page, and shows local times at each airport', async () => {
    const app = openList();
    expect(await screen.findByRole('heading', { name: 'Flights' })).toBeTruthy();
    const row = await rowOf('AP101', '2 Jun 2031');
    expect(pairs(lastList(app.api.requests)?.query)).toEqual([
      'page=0',
      'pageSize=15',
      'sortBy=departure',
      'sortOrder=ASC',
      'status[]=created',
    ]);
    expect(lastList(app.api.requests)?.path).toBe('flight/list');
    // 06:30 UTC is 08:30 in Zurich; 08:45 UTC is 10:45 in Pristina (summer time).
    expect(cellOf(row, 'departure')?.textContent).toBe('2 Jun 2031 08:30');
    expect(cellOf(row, 'arrival')?.textContent).toBe('10:45');
    expect(cellOf(row, 'weekday')?.textContent).toBe('Mon');
    expect(cellOf(row, 'route')?.textContent).toBe('ZRH → PRN');
    expect(cellOf(row, 'status')?.textContent).toBe('Created');
    expect(screen.queryByText('GM202')).toBeNull(); // closed
    const created = within(screen.getByRole('group', { name: 'Status' }));
    expect(created.getByRole('checkbox', { name: 'Created' })).toHaveProperty('checked', true);
    expect(created.getByRole('checkbox', { name: 'Closed' })).toHaveProperty('checked', false);
    expect(screen.getByRole('link', { name: 'New Flight' }).getAttribute('href')).toBe('/admin/flight/new');
    // The filters' airports and the seat columns' tariff group names come from the lookups; the
    // airports fold behind "More filters" so the rows stay on screen.
    expect(screen.queryByRole('combobox', { name: 'Origin' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'More filters' }));
    const origin = within(screen.getByRole('combobox', { name: 'Origin' }));
    expect(await origin.findByRole('option', { name: 'PRN – Pristina' })).toBeTruthy();
    expect(origin.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Any airport',
      'BSL – Basel',
      'PRN – Pristina',
      'SKP – Skopje',
      'ZRH – Zurich',
    ]);
    expect(await screen.findByRole('columnheader', { name: 'Economy' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Business' })).toBeTruthy();
  });

  it('sends the chosen weekdays and statuses after the debounce, from page 0', async () => {
    const app = openList();
    await rowOf('AP101', '2 Jun 2031');
    const before = listRequests(app.api.requests).length;
    await app.user.click(screen.getByRole('button', { name: 'More filters' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Tue' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Closed' }));
    const row = await rowOf('GM202', '3 Jun 2031');
    expect(listRequests(app.api.requests)).toHaveLength(before + 1);
    expect(pairs(lastList(app.api.requests)?.query)).toEqual([
      'page=0',
      'pageSize=15',
      'sortBy=departure',
      'sortOrder=ASC',
      'status[]=closed',
      'status[]=created',
      'weekday[]=2',
    ]);
    expect(cellOf(row, 'isDelayed')?.textContent).toBe('Yes, 45 min');
    expect(cellOf(row, 'isBookedOut')?.textContent).toBe('Yes');
    expect(shownNumbers()).toEqual(['GM202']);
  });

  it('filters by a sequence when its badge is clicked', async () => {
    const app = openList();
    const row = await rowOf('AP303', '4 Jun 2031');
    expect(cellOf(row, 'sequence')?.textContent).toBe('');
    const badges = screen.getAllByRole('button', { name: 'Show only the flights of sequence 7' });
    expect(badges).toHaveLength(2);
    await app.user.click(badges[0] as HTMLElement);
    expect(screen.getByRole('textbox', { name: 'Sequence' })).toHaveProperty('value', '7');
    await waitFor(() => expect(pairs(lastList(app.api.requests)?.query)).toContain('sequence=7'), {
      timeout: 3000,
    });
    await waitFor(() => expect(shownNumbers()).toEqual(['AP101', 'AP101']));
  });

  it('shows total seats and negative availability to a manager with the seat-number role', async () => {
    const flights = createFakeFlights();
    const first = flights.flights[0];
    if (first?.seatsByTariff[0])
      first.seatsByTariff[0] = { ...first.seatsByTariff[0], booked: 150, free: -20 };
    const app = openList({ as: 'manager', roles: { manager: MANAGER_ROLES }, flights });
    const row = await rowOf('AP101', '2 Jun 2031');
    expect(lastList(app.api.requests)?.path).toBe('flight/list');
    expect(screen.getByRole('columnheader', { name: 'Total seats' })).toBeTruthy();
    expect(cellOf(row, 'totalSeats')?.textContent).toBe('162');
    expect(cellOf(row, 'seats-1')?.textContent).toBe('For sale: 140 / , Booked: 150 / , Free: -20');
  });

  it('uses the agent list for agents, without the total seats column and without actions', async () => {
    const app = openList({ as: 'agent' });
    const row = await rowOf('AP101', '2 Jun 2031');
    expect(listRequests(app.api.requests).map((request) => request.path)).toEqual(['agent/flight/list']);
    expect(screen.queryByRole('columnheader', { name: 'Total seats' })).toBeNull();
    expect(cellOf(row, 'seats-1')?.textContent).toBe('For sale: 140 / , Booked: 20 / , Free: 110');
    // Inactive flights are not for agents.
    expect(shownNumbers()).toEqual(['AP101', 'AP101']);
    expect(screen.queryByRole('link', { name: 'New Flight' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /^Select / })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Actions for the chosen flights' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Info on/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^More actions for/ })).toBeNull();
    expect(within(row).queryByRole('link')).toBeNull();
  });

  it('says so when no flight matches', async () => {
    const flights = createFakeFlights();
    flights.flights = [];
    openList({ flights });
    expect(await screen.findByText('No flights match these filters')).toBeTruthy();
  });

  it("says a server failure with the server's words and Retry, never that no flight matches", async () => {
    const server = { failing: true };
    const app = openList({
      handle: (request) =>
        server.failing && listRequests([request]).length > 0
          ? new Response(
              JSON.stringify({
                errors: [{ code: 'ERROR_INTERNAL', message: 'Internal server error (request req-7).' }],
              }),
              { status: 500, headers: { 'Content-Type': 'application/json' } },
            )
          : undefined,
    });
    // A 5xx is asked twice more before it counts as failed.
    const region = await screen.findByRole('region', { name: 'Flights' });
    const alert = await within(region).findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('The list could not be loaded.');
    expect(alert.textContent).toContain('Unknown Error. Internal server error (request req-7).');
    expect(screen.queryByText('No flights match these filters')).toBeNull();
    expect(listRequests(app.api.requests)).toHaveLength(3);

    server.failing = false;
    await app.user.click(within(region).getByRole('button', { name: 'Try again' }));
    await rowOf('AP101', '2 Jun 2031');
    expect(within(region).queryByRole('alert')).toBeNull();
  });
});

describe('flight list actions', () => {
  const menuItems = async (app: ReturnType<typeof openList>, flight: string) => {
    await app.user.click(await screen.findByRole('button', { name: `More actions for ${flight}` }));
    const menu = await screen.findByRole('menu');
    return Object.fromEntries(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => [
          item.textContent,
          item.getAttribute('aria-disabled') === 'true' ? 'disabled' : 'enabled',
        ]),
    );
  };

  it('hides every action without its role', async () => {
    openList({ as: 'manager', roles: { manager: ['ROLE_FLIGHT_LIST'] } });
    const row = await rowOf('AP101', '2 Jun 2031');
    // booking info needs only the list role; no state change, no edit page, no bulk action
    expect(within(row).getByRole('button', { name: 'Info on AP101, 2 Jun 2031' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^More actions for/ })).toBeNull();
    expect(within(row).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /^Select / })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Actions for the chosen flights' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New Flight' })).toBeNull();
  });

  it('offers each action with its role and disables what the flight state forbids', async () => {
    const app = openList({
      as: 'manager',
      roles: {
        manager: ['ROLE_FLIGHT_LIST', 'ROLE_FLIGHT_STATUS', 'ROLE_FLIGHT_ACTIVE', 'ROLE_FLIGHT_DELAYED'],
      },
    });
    // a created flight far ahead: cancel yes, departed not yet
    expect(await menuItems(app, 'AP101, 2 Jun 2031')).toEqual({
      Activate: 'disabled',
      Deactivate: 'enabled',
      'Delayed…': 'enabled',
      'Mark departed': 'disabled',
      'Cancel flight': 'enabled',
    });
    await app.user.keyboard('{Escape}');
    await app.user.click(screen.getByRole('checkbox', { name: 'Closed' }));
    await rowOf('GM202', '3 Jun 2031');
    // a closed, delayed flight: departed yes, cancel no
    expect(await menuItems(app, 'GM202, 3 Jun 2031')).toEqual({
      Activate: 'disabled',
      Deactivate: 'enabled',
      'Delayed…': 'enabled',
      'Take back the delay…': 'enabled',
      'Mark departed': 'enabled',
      'Cancel flight': 'disabled',
    });
  });

  it('asks before cancelling, naming what is booked, then cancels and reloads', async () => {
    const app = openList();
    await rowOf('AP101', '2 Jun 2031');
    await app.user.click(screen.getByRole('button', { name: 'More actions for AP101, 2 Jun 2031' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Cancel flight' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel flight' });
    expect(
      within(dialog).getByText(
        'Cancel flight AP101? Booked on it — reservations: 9, passengers: 22. Each booking’s contact is told by e-mail (and by SMS where they agreed). This cannot be undone.',
      ),
    ).toBeTruthy();
    const before = listRequests(app.api.requests).length;
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel flight' }));
    expect(await screen.findByText('Flight AP101 cancelled.')).toBeTruthy();
    expect(app.api.requests.some((r) => r.method === 'PUT' && r.path === 'flight/1/status/cancelled')).toBe(
      true,
    );
    await waitFor(() => expect(listRequests(app.api.requests).length).toBe(before + 1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks with the due departure before marking a flight departed more than an hour early', async () => {
    const app = openList();
    await app.user.click(await screen.findByRole('checkbox', { name: 'Closed' }));
    await rowOf('GM202', '3 Jun 2031');
    await app.user.click(screen.getByRole('button', { name: 'More actions for GM202, 3 Jun 2031' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Mark departed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark departed' });
    expect(
      within(dialog).getByText(
        'Mark flight GM202 as departed? It is scheduled to depart only on 03.06.2031 18:00 (PRN local time), more than an hour from now. This cannot be undone.',
      ),
    ).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Mark departed' }));
    expect(await screen.findByText('Flight GM202 marked departed.')).toBeTruthy();
  });

  it('shows a refused state change by its error code', async () => {
    const app = openList({
      handle: (request) =>
        request.method === 'PUT' && request.path === 'flight/1/status/cancelled'
          ? new Response(
              JSON.stringify({ errors: [{ code: 'ERROR_FLIGHT_STATUS_TRANSITION', message: 'Refused.' }] }),
              { status: 409, headers: { 'Content-Type': 'application/json' } },
            )
          : undefined,
    });
    await rowOf('AP101', '2 Jun 2031');
    await app.user.click(screen.getByRole('button', { name: 'More actions for AP101, 2 Jun 2031' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Cancel flight' }));
    await app.user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel flight' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The flight cannot change to this state now.');
  });

  it('asks how to notify before setting a flight delayed, e-mail on and SMS off by default', async () => {
    const app = openList();
    await rowOf('AP101', '2 Jun 2031');
    await app.user.click(screen.getByRole('button', { name: 'More actions for AP101, 2 Jun 2031' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Delayed…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delay flight AP101' }));
    expect(dialog.getByRole('checkbox', { name: 'E-mail' })).toHaveProperty('checked', true);
    expect(dialog.getByRole('checkbox', { name: 'SMS' })).toHaveProperty('checked', false);
    await app.user.type(dialog.getByRole('textbox', { name: 'Delay in minutes' }), '0');
    await app.user.click(dialog.getByRole('button', { name: 'Set delayed' }));
    expect(dialog.getByText('Enter whole minutes from 1 to 2880.')).toBeTruthy();
    expect(app.api.requests.some((request) => request.path === 'flight/1/delayed')).toBe(false);

    await app.user.clear(dialog.getByRole('textbox', { name: 'Delay in minutes' }));
    await app.user.type(dialog.getByRole('textbox', { name: 'Delay in minutes' }), '30');
    const before = listRequests(app.api.requests).length;
    await app.user.click(dialog.getByRole('button', { name: 'Set delayed' }));
    expect(await screen.findByText('Flight AP101 marked delayed.')).toBeTruthy();
    const delay = app.api.requests.find((request) => request.path === 'flight/1/delayed');
    expect(delay?.method).toBe('PUT');
    expect(pairs(delay?.query)).toEqual([
      'isEmailNotifyEnabled=true',
      'isSmsNotifyEnabled=false',
      'minutes=30',
    ]);
    await waitFor(() => expect(listRequests(app.api.requests).length).toBe(before + 1));
    const row = await rowOf('AP101', '2 Jun 2031');
    await waitFor(() => expect(cellOf(row, 'isDelayed')?.textContent).toBe('Yes, 30 min'));
  });

  it('sends SMS only and no minutes when so chosen', async () => {
    const app = openList();
    await rowOf('AP101', '2 Jun 2031');
    await app.user.click(screen.getByRole('button', { name: 'More actions for AP101, 2 Jun 2031' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Delayed…' }));
    const dialog = within(await screen.findByRole('dialog'));
    await app.user.click(dialog.getByRole('checkbox', { name: 'E-mail' }));
    await app.user.click(dialog.getByRole('checkbox', { name: 'SMS' }));
    await app.user.click(dialog.getByRole('button', { name: 'Set delayed' }));
    await screen.findByText('Flight AP101 marked delayed.');
    const delay = app.api.requests.find((request) => request.path === 'flight/1/delayed');
    expect(pairs(delay?.query)).toEqual(['isEmailNotifyEnabled=false', 'isSmsNotifyEnabled=true']);
  });

  it('deletes the chosen flights and says which were kept because of reservations', async () => {
    const app = openList();
    await rowOf('AP101', '2 Jun 2031');
    await app.user.click(screen.getByRole('checkbox', { name: 'Select AP101, 2 Jun 2031' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Select AP303, 4 Jun 2031' }));
    expect(screen.getByText('Flights selected: 2')).toBeTruthy();
    const bar = within(screen.getByRole('region', { name: 'Actions for the chosen flights' }));
    await app.user.click(bar.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete flights' }));
    expect(
      dialog.getByText('Delete the 2 selected flights? Flights with reservations are kept.'),
    ).toBeTruthy();
    await app.user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText("The selected flight(s) couldn't be deleted because of existing reservations."),
    ).toBeTruthy();
    expect(screen.getByText('Flights deleted: 1')).toBeTruthy();
    const remove = app.api.requests.find(
      (request) => request.method === 'DELETE' && request.path === 'flight/list',
    );
    expect(pairs(remove?.query)).toEqual(['ids[]=1', 'ids[]=3']);
    await waitFor(() => expect(shownNumbers()).toEqual(['AP101', 'AP101']));
    expect(screen.getByText('No flights selected')).toBeTruthy();
  });

  it('acts on all matching flights with excluded=true, the unchecked ids and the filters', async () => {
    const flights = createFakeFlights();
    const template = flights.flights[2];
    if (!template) throw new Error('no flight 3');
    for (let index = 0; index < 20; index += 1) {
      flights.flights.push({
        ...template,
        id: 100 + index,
        number: `AP${700 + index}`,
        departure: `2031-07-${String(index + 1).padStart(2, '0')}T05:00:00.000Z`,
        arrival: `2031-07-${String(index + 1).padStart(2, '0')}T07:00:00.000Z`,
      });
    }
    const app = openList({ flights });
    await rowOf('AP101', '2 Jun 2031');
    expect(await screen.findByText('Showing 1–15 of 23')).toBeTruthy();
    await app.user.click(screen.getByRole('checkbox', { name: 'Select all flights on this page' }));
    expect(screen.getByText('Flights selected: 15')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Select all 23 matching flights' }));
    expect(screen.getByText('All matching flights selected: 23')).toBeTruthy();
    await app.user.click(screen.getByRole('checkbox', { name: 'Select AP101, 2 Jun 2031' }));
    expect(screen.getByText('All matching flights selected: 22')).toBeTruthy();

    const bar = within(screen.getByRole('region', { name: 'Actions for the chosen flights' }));
    await app.user.click(bar.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Flights deactivated: 22')).toBeTruthy();
    const deactivate = app.api.requests.find(
      (request) => request.method === 'DELETE' && request.path === 'flight/list/active',
    );
    expect(pairs(deactivate?.query)).toEqual(['excluded=true', 'ids[]=1', 'status[]=created']);
    expect(flights.flights.filter((flight) => flight.isActive).map((flight) => flight.number)).toEqual([
      'AP101',
      'GM202',
      'AP404',
      'AP505',
    ]);
  });

  it('downloads the turnover list of the chosen flights, busy while it runs', async () => {
    const saved: { name: string; href: string }[] = [];
    // jsdom has no object URLs; the stubs stay for the timer that frees the address later.
    URL.createObjectURL = () => 'blob:turnover';
    URL.revokeObjectURL = () => undefined;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function record(this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    };
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      // The server takes its time with the PDF until the test releases it.
      const app = openList({
        handle: async (request) => {
          if (request.path === 'flight/turnover/list/pdf') await held;
          return undefined;
        },
      });
      await rowOf('AP101', '2 Jun 2031');
      await app.user.click(screen.getByRole('checkbox', { name: 'Select AP303, 4 Jun 2031' }));
      const bar = within(screen.getByRole('region', { name: 'Actions for the chosen flights' }));
      const button = bar.getByRole('button', { name: 'Turnover PDF' });
      await app.user.click(button);
      await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
      expect(button.hasAttribute('data-pending')).toBe(true);
      expect(bar.getByRole('button', { name: 'Passenger report' }).hasAttribute('disabled')).toBe(true);
      expect(saved).toEqual([]);
      release();
      await waitFor(() => expect(saved).toEqual([{ name: 'TurnoverList.pdf', href: 'blob:turnover' }]));
      await waitFor(() => expect(button.hasAttribute('data-pending')).toBe(false));
      const pdf = app.api.requests.find((request) => request.path === 'flight/turnover/list/pdf');
      expect(pdf?.body).toEqual({ ids: [3] });
      // In the interface language, like the passenger report.
      expect(pdf?.query.get('locale')).toBe('en');

      await app.user.click(bar.getByRole('button', { name: 'Passenger report' }));
      await waitFor(() => expect(saved.map((file) => file.name)).toContain('PassengerReport.xlsx'));
      expect(app.api.requests.some((request) => request.path === 'flight/passenger-report/en')).toBe(true);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('shows an unknown error when a document fails and hides documents without their roles', async () => {
    const app = openList({
      handle: (request) =>
        request.path === 'flight/turnover/list/pdf'
          ? new Response(JSON.stringify({ errors: [{ code: 'ERROR_PDF', message: 'No such flight.' }] }), {
              status: 422,
              headers: { 'Content-Type': 'application/json' },
            })
          : undefined,
    });
    await rowOf('AP101', '2 Jun 2031');
    await app.user.click(screen.getByRole('checkbox', { name: 'Select AP303, 4 Jun 2031' }));
    await app.user.click(screen.getByRole('button', { name: 'Turnover PDF' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unknown Error. No such flight.');
    app.unmount();

    openList({
      as: 'manager',
      roles: { manager: ['ROLE_FLIGHT_LIST', 'ROLE_FLIGHT_PASSENGER_LIST', 'ROLE_FLIGHT_DELETE'] },
    });
    await rowOf('AP101', '2 Jun 2031');
    expect(screen.getByRole('button', { name: 'Passenger report' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turnover PDF' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete sequence' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
  });

  it('shows booking, passenger and turnover info in the info popup', async () => {
    const app = openList();
    await rowOf('AP101', '2 Jun 2031');
    await app.user.click(screen.getByRole('button', { name: 'Info on AP101, 2 Jun 2031' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Flight AP101 (ZRH → PRN)' }));
    const booking = within(dialog.getByRole('region', { name: 'Bookings' }));
    expect(await booking.findByText('Adults')).toBeTruthy();
    expect(booking.getByText('Adults').nextElementSibling?.textContent).toBe('19');
    expect(booking.getByText('Children').nextElementSibling?.textContent).toBe('2');
    expect(booking.getByText('Babies').nextElementSibling?.textContent).toBe('1');
    const turnover = within(dialog.getByRole('region', { name: 'Turnover' }));
    expect((await turnover.findByText('Margin')).nextElementSibling?.textContent).toMatch(/^CHF\s3,399\.50$/);
    const passengers = within(dialog.getByRole('region', { name: 'Passengers' }));
    expect((await passengers.findByText('With seat')).nextElementSibling?.textContent).toBe('11');
  });

  it('leaves turnover out without its role and shows a failed part as an error', async () => {
    const app = openList({
      as: 'manager',
      roles: { manager: ['ROLE_FLIGHT_LIST', 'ROLE_FLIGHT_PASSENGER_LIST'] },
      handle: (request) =>
        request.path === 'flight/1/passengers-info'
          ? new Response(JSON.stringify({ errors: [{ code: 'ERROR_NOT_FOUND', message: 'Gone.' }] }), {
              status: 404,
              headers: { 'Content-Type': 'application/json' },
            })
          : undefined,
    });
    await rowOf('AP101', '2 Jun 2031');
    await app.user.click(screen.getByRole('button', { name: 'Info on AP101, 2 Jun 2031' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('This information could not be loaded.')).toBeTruthy();
    expect(await dialog.findByText('Adults')).toBeTruthy();
    expect(dialog.queryByRole('region', { name: 'Turnover' })).toBeNull();
    expect(app.api.requests.some((request) => request.path.endsWith('turnover-info'))).toBe(false);
  });

  it('opens the edit page from a row for a user who may edit', async () => {
    const app = openList();
    const row = await rowOf('AP303', '4 Jun 2031');
    const link = within(row).getByRole('link', { name: 'AP303' });
    expect(link.getAttribute('href')).toBe('/admin/flight/edit/3');
    const airline = cellOf(row, 'airline');
    if (!airline) throw new Error('no airline cell');
    await app.user.click(airline);
    await waitFor(() => expect(app.location()).toBe('/flight/edit/3'));
  });
});
