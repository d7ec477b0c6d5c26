import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AreaRoute } from '../app/routes.tsx';
import type { FakeRequest } from '../test/fake-api.ts';
import { createFakePassengers, type FakePassengers, handlePassengers } from '../test/fake-passengers.ts';
import { renderAdmin } from '../test/render-admin.tsx';

const ROUTES: readonly AreaRoute[] = [
  {
    name: 'passengerList',
    load: () => import('./PassengerListPage.tsx').then((m) => ({ Component: m.PassengerListPage })),
  },
];

/** Every role the passenger list knows; tests take some away. */
const ALL_ROLES = [
  'ROLE_FLIGHT_PASSENGER_LIST',
  'ROLE_FLIGHT_PASSENGER_MARKING',
  'ROLE_FLIGHT_PASSENGER_SEAT',
  'ROLE_FLIGHT_PASSENGER_LIST_BULK_ACTIONS',
  'ROLE_FLIGHT_PASSENGER_PNL',
  'ROLE_FLIGHT_DELAYED',
  'ROLE_FLIGHT_STATUS',
  'ROLE_FLIGHT_READ',
  'ROLE_FLIGHT_LIST',
];

function open(options: { data?: FakePassengers; roles?: string[]; url?: string } = {}) {
  const data = options.data ?? createFakePassengers();
  const app = renderAdmin({
    as: 'manager',
    url: options.url ?? '/admin/flight/41/passenger/list',
    areaRoutes: ROUTES,
    roles: { manager: options.roles ?? ALL_ROLES },
    handle: (request) => handlePassengers(data, request),
  });
  return { ...app, data };
}

const listRequests = (requests: readonly FakeRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.path === 'flight/41/passenger/list');
const pairs = (query: URLSearchParams | undefined) =>
  [...(query ?? new URLSearchParams())].map(([k, v]) => `${k}=${v}`).sort();
const requestsTo = (requests: readonly FakeRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

/** The grid row of a passenger by their name cell ("Berisha, Arben"). */
async function rowOf(name: string) {
  let found: HTMLElement | undefined;
  await waitFor(
    () => {
      found = screen
        .getAllByRole('row')
        .find((row) => row.querySelector('[col-id="lastName"] .passenger-name')?.textContent === name);
      expect(found, name).toBeTruthy();
    },
    { timeout: 3000 },
  );
  return found!;
}
const shownNames = () =>
  screen
    .queryAllByRole('row')
    .filter((row) => row.closest('.ag-header') === null)
    .map((row) => row.querySelector('[col-id="lastName"] .passenger-name')?.textContent)
    .filter((name): name is string => Boolean(name));

describe('passenger list', () => {
  it('shows the flight in the title, pending and no-show passengers by last name, and the counts', async () => {
    const app = open();
    expect(
      await screen.findByRole('heading', {
        name: 'Passenger List AP101 · 2 Jun 2031 08:30 · Zurich Airport – Pristina International Airport',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to flights/ }).getAttribute('href')).toBe(
      '/admin/flight/list',
    );
    await rowOf('Berisha, Arben');
    expect(shownNames()).toEqual([
      'Berisha, Arben',
      'Berisha, Luan',
      'Hoxha, Mira',
      'Krasniqi, Endrit',
      'Shala, Nora',
    ]);
    expect(pairs(listRequests(app.api.requests).at(-1)?.query)).toEqual([
      'appearing[]=notAppeared',
      'appearing[]=pending',
      'page=0',
      'pageSize=100',
      'sortBy=lastName',
      'sortOrder=ASC',
    ]);
    const bar = within(screen.getByRole('region', { name: 'Flight' }));
    expect(await bar.findByText('Adults')).toBeTruthy();
    expect(bar.getByRole('button', { name: 'Delayed' })).toBeTruthy();
    const appearing = within(screen.getByRole('group', { name: 'Appearing status' }));
    expect(appearing.getByRole('checkbox', { name: 'Pending' })).toHaveProperty('checked', true);
    expect(appearing.getByRole('checkbox', { name: 'Appeared' })).toHaveProperty('checked', false);
    // The flight's tariff groups are the tariff filter's choices.
    const groups = within(await screen.findByRole('group', { name: 'Tariff groups' }));
    expect(groups.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Economy',
      'Business',
    ]);
    const endrit = await rowOf('Krasniqi, Endrit');
    expect(endrit.querySelector('[col-id="booking"], [col-id="reservationId"]')?.textContent).toBe(
      'FB-000009Alpen Reisen GmbH',
    );
    expect(endrit.querySelector('[col-id="appearing"]')?.textContent).toContain('Missed the gate');
    expect(endrit.querySelector('[col-id="lastName"]')?.textContent).toBe('Krasniqi, EndritAdult');
  });

  it('shows online check-in with the sequence number and the time at the departure airport', async () => {
    open();
    const arben = await rowOf('Berisha, Arben');
    const cell = arben.querySelector('[col-id="checkIn"]');
    expect(cell?.textContent).toBe('Seq. no. 0071 Jun, 09:12');
    expect(cell?.querySelector('[title]')?.getAttribute('title')).toBe(
      'Checked in online at 1 Jun, 09:12, sequence number 007',
    );
    // The seat stays in its own column; passengers not checked in show nothing.
    expect(arben.querySelector('[col-id="seatLabel"]')?.textContent).toBe('12A');
    expect((await rowOf('Hoxha, Mira')).querySelector('[col-id="checkIn"]')?.textContent).toBe('');
    expect(screen.getByRole('columnheader', { name: 'Checked in' })).toBeTruthy();
  });

  it('marks a passenger appeared, asks for a no-show comment (cancel aborts) and resets to pending', async () => {
    const app = open();
    const arben = await rowOf('Berisha, Arben');
    await app.user.click(within(arben).getByRole('radio', { name: 'Appeared' }));
    await waitFor(() =>
      expect(requestsTo(app.api.requests, 'PUT', 'flight/41/passenger/101/appearing')).toHaveLength(1),
    );
    expect(requestsTo(app.api.requests, 'PUT', 'flight/41/passenger/101/appearing')[0]!.body).toEqual({
      isAppeared: true,
    });
    // Appeared passengers leave the default list after the reload.
    await waitFor(() => expect(shownNames()).not.toContain('Berisha, Arben'));

    const mira = await rowOf('Hoxha, Mira');
    await app.user.click(within(mira).getByRole('radio', { name: 'No-show' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'No-show: Mira Hoxha' }));
    await app.user.click(dialog.getByRole('button', { name: 'Mark no-show' }));
    expect(await dialog.findByText('A no-show needs a comment.')).toBeTruthy();
    await app.user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo(app.api.requests, 'PUT', 'flight/41/passenger/104/appearing')).toHaveLength(0);
    expect(within(await rowOf('Hoxha, Mira')).getByRole('radio', { name: 'Pending' })).toHaveProperty(
      'checked',
      true,
    );

    await app.user.click(within(await rowOf('Hoxha, Mira')).getByRole('radio', { name: 'No-show' }));
    const again = within(await screen.findByRole('dialog', { name: 'No-show: Mira Hoxha' }));
    await app.user.type(again.getByRole('textbox', { name: /Please, add comment/ }), 'Not at the gate');
    await app.user.click(again.getByRole('button', { name: 'Mark no-show' }));
    await waitFor(() =>
      expect(requestsTo(app.api.requests, 'PUT', 'flight/41/passenger/104/appearing').at(-1)?.body).toEqual({
        isAppeared: false,
        comment: 'Not at the gate',
      }),
    );

    const endrit = await rowOf('Krasniqi, Endrit');
    await app.user.click(within(endrit).getByRole('radio', { name: 'Pending' }));
    await waitFor(() =>
      expect(requestsTo(app.api.requests, 'DELETE', 'flight/41/passenger/105/appearing')).toHaveLength(1),
    );
  });

  it('marks just the chosen passengers in bulk', async () => {
    const app = open();
    await app.user.click(
      within(await rowOf('Berisha, Arben')).getByRole('checkbox', { name: 'Select Arben Berisha' }),
    );
    await app.user.click(
      within(await rowOf('Shala, Nora')).getByRole('checkbox', { name: 'Select Nora Shala' }),
    );
    const bulk = within(screen.getByRole('region', { name: 'Bulk marks' }));
    expect(bulk.getByText('2 passengers selected')).toBeTruthy();
    await app.user.click(bulk.getByRole('button', { name: 'Mark appeared' }));
    await waitFor(() =>
      expect(requestsTo(app.api.requests, 'PUT', 'flight/41/passenger/list/appearing')).toHaveLength(1),
    );
    const just = requestsTo(app.api.requests, 'PUT', 'flight/41/passenger/list/appearing')[0]!;
    expect(pairs(just.query)).toEqual(['ids[]=101', 'ids[]=106']);
    expect(just.body).toEqual({ isAppeared: true });
    expect(await screen.findByText('2 passengers marked appeared')).toBeTruthy();

    expect(app.data.passengers.filter((p) => p.isAppeared).map((p) => p.firstName)).toEqual([
      'Arben',
      'Vjosa',
      'Nora',
    ]);
  });

  it('marks all passengers matching the filters except the unchecked ones, across pages', async () => {
    const data = createFakePassengers();
    for (let index = 1; index <= 9; index++) {
      data.passengers.push({
        ...data.passengers[0]!,
        id: 200 + index,
        lastName: 'Zeka',
        firstName: `Guest ${index}`,
        seatLabel: null,
      });
    }
    const app = open({ data });
    await rowOf('Berisha, Arben');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '10');
    await waitFor(() => expect(shownNames()).toHaveLength(10), { timeout: 3000 });
    await app.user.click(screen.getByRole('checkbox', { name: 'Select all passengers on this page' }));
    const bulk = within(screen.getByRole('region', { name: 'Bulk marks' }));
    await app.user.click(bulk.getByRole('button', { name: 'Select all 14 matching passengers' }));
    expect(bulk.getByText('All 14 matching passengers selected')).toBeTruthy();
    await app.user.click(
      within(await rowOf('Hoxha, Mira')).getByRole('checkbox', { name: 'Select Mira Hoxha' }),
    );
    expect(bulk.getByText('All 13 matching passengers selected')).toBeTruthy();
    await app.user.click(bulk.getByRole('button', { name: 'Mark no-show' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'No-show: 13 passengers' }));
    await app.user.type(dialog.getByRole('textbox', { name: /Please, add comment/ }), 'Gate closed');
    await app.user.click(dialog.getByRole('button', { name: 'Mark no-show' }));
    await waitFor(() =>
      expect(requestsTo(app.api.requests, 'PUT', 'flight/41/passenger/list/appearing')).toHaveLength(1),
    );
    const chosen = requestsTo(app.api.requests, 'PUT', 'flight/41/passenger/list/appearing')[0]!;
    expect(pairs(chosen.query)).toEqual([
      'appearing[]=notAppeared',
      'appearing[]=pending',
      'excluded=true',
      'ids[]=104',
    ]);
    expect(chosen.body).toEqual({ isAppeared: false, comment: 'Gate closed' });
    expect(await screen.findByText('13 passengers marked no-show')).toBeTruthy();
    expect(data.passengers.find((p) => p.id === 104)?.isAppeared).toBeNull();
  }, 20_000);

  it('moves a seat through the seat-map popup, shows a sold seat in the popup, then asks to inform', async () => {
    const app = open();
    app.data.soldSeats.add('13A');
    const arben = await rowOf('Berisha, Arben');
    await app.user.click(within(arben).getByRole('button', { name: /change the seat of Arben Berisha$/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Seat of Arben Berisha' }));
    expect(dialog.getByText(/Current seat: 12A\./)).toBeTruthy();
    // Taken and other-cabin seats cannot be pressed; a free one fills the label.
    const seat = await dialog.findByRole('gridcell', { name: /^Seat 13A/ });
    await app.user.click(seat);
    expect(dialog.getByRole('textbox', { name: /Seat label/ })).toHaveProperty('value', '13A');
    await app.user.click(dialog.getByRole('button', { name: 'Save seat' }));
    expect(
      await dialog.findByText('Error: This seat is already sold. Please select another one.'),
    ).toBeTruthy();

    const typed = dialog.getByRole('textbox', { name: /Seat label/ });
    await app.user.clear(typed);
    await app.user.type(typed, '13-b');
    await app.user.click(dialog.getByRole('button', { name: 'Save seat' }));
    expect(
      await dialog.findByText('A seat is a row number followed by capital letters, e.g. 12C.'),
    ).toBeTruthy();
    await app.user.clear(typed);
    await app.user.type(typed, '13b');
    await app.user.click(dialog.getByRole('button', { name: 'Save seat' }));
    await waitFor(() =>
      expect(requestsTo(app.api.requests, 'PUT', 'flight/41/passenger/101/seat').at(-1)?.body).toEqual({
        seatLabel: '13B',
      }),
    );
    const inform = within(await screen.findByRole('dialog', { name: 'Inform about Arben Berisha' }));
    expect(inform.getByText('Would you like to inform your passengers about this change?')).toBeTruthy();
    await app.user.click(inform.getByRole('button', { name: 'Inform' }));
    await waitFor(() =>
      expect(requestsTo(app.api.requests, 'PUT', 'flight/41/passenger/101/notifying').at(-1)?.body).toEqual({
        isNotified: true,
        isEmailNotifyEnabled: true,
        isSmsNotifyEnabled: false,
      }),
    );
    expect(
      within(await rowOf('Berisha, Arben')).getByRole('button', { name: /^Notified: Arben Berisha/ }),
    ).toBeTruthy();
  });

  it('removes a seat with an empty label, and disables the seat control where the rules say', async () => {
    const app = open();
    await rowOf('Berisha, Arben');
    await app.user.click(
      within(screen.getByRole('group', { name: 'Appearing status' })).getByRole('checkbox', {
        name: 'Appeared',
      }),
    );
    const vjosa = await rowOf('Berisha, Vjosa');
    expect(within(vjosa).getByRole('button', { name: /change the seat of Vjosa Berisha$/ })).toHaveProperty(
      'disabled',
      true,
    );
    const luan = await rowOf('Berisha, Luan');
    expect(within(luan).queryByRole('button', { name: /Change the seat/ })).toBeNull();
    expect(luan.querySelector('[col-id="seatLabel"]')?.textContent).toBe('On lap');

    await app.user.click(
      within(await rowOf('Hoxha, Mira')).getByRole('button', { name: /change the seat of Mira Hoxha$/ }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Seat of Mira Hoxha' }));
    await app.user.clear(dialog.getByRole('textbox', { name: /Seat label/ }));
    await app.user.click(dialog.getByRole('button', { name: 'Remove seat' }));
    await waitFor(() =>
      expect(requestsTo(app.api.requests, 'DELETE', 'flight/41/passenger/104/seat')).toHaveLength(1),
    );
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Inform about Mira Hoxha' })).getByRole('button', {
        name: 'No',
      }),
    );
    expect(requestsTo(app.api.requests, 'PUT', 'flight/41/passenger/104/notifying')).toHaveLength(0);
  });

  it('offers nothing the roles do not allow, and no seat changes on a closed flight', async () => {
    open({
      roles: ['ROLE_FLIGHT_PASSENGER_LIST', 'ROLE_FLIGHT_PASSENGER_MARKING'],
      data: createFakePassengers({ status: 'closed' }),
    });
    const arben = await rowOf('Berisha, Arben');
    expect(within(arben).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Bulk marks' })).toBeNull();
    expect(within(arben).queryByRole('button', { name: /Change the seat/ })).toBeNull();
    expect(within(arben).getByRole('radio', { name: 'Appeared' })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('button', { name: 'Delayed' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Passenger report (Excel)' })).toBeNull();
  });

  it('disables the seat control on a closed flight for those who hold the seat role', async () => {
    open({ data: createFakePassengers({ status: 'closed' }) });
    const arben = await rowOf('Berisha, Arben');
    expect(within(arben).getByRole('button', { name: /change the seat of Arben Berisha$/ })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows the own and the agents’ PNL in tabs and records a PNL as sent', async () => {
    const app = open();
    await rowOf('Berisha, Arben');
    await app.user.click(screen.getByRole('button', { name: 'PNL' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'PNL' }));
    const tabs = await dialog.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Own (4)', 'Alpen Reisen GmbH (2)']);
    expect(
      (dialog.getByRole('textbox', { name: 'PNL message text' }) as HTMLTextAreaElement).value,
    ).toContain('1HOXHA/MIRA');
    expect(dialog.getByText('Not sent yet')).toBeTruthy();
    await app.user.click(dialog.getByRole('button', { name: 'Record PNL as sent' }));
    await waitFor(() => expect(app.data.sent).toEqual([{ type: 'PNL', agentId: null }]));
    expect(await dialog.findByText(/Last sent: PNL/)).toBeTruthy();
    await app.user.click(tabs[1]!);
    expect(
      ((await dialog.findByRole('textbox', { name: 'PNL message text' })) as HTMLTextAreaElement).value,
    ).toContain('1SHALA/NORA');
  });

  it('highlights the rows of the reservation it was sent back for', async () => {
    open({ url: '/admin/flight/41/passenger/list?highlightReservationId=8' });
    const mira = await rowOf('Hoxha, Mira');
    expect(mira.closest('.ag-row')?.classList.contains('list-row--highlight')).toBe(true);
    expect(
      (await rowOf('Berisha, Arben')).closest('.ag-row')?.classList.contains('list-row--highlight'),
    ).toBe(false);
  });
});
