import { SEAT_FLAGS } from '@flybook/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createTemplateStore,
  type FakeTemplateStore,
  handleTemplates,
} from '../../test/fake-aircraft-templates.ts';
import { type DemoUser, USERS } from '../../test/fake-api.ts';
import { renderAdmin } from '../../test/render-admin.tsx';
import { FLIGHT_ROUTES } from '../routes.ts';

const LIST_ONLY = ['ROLE_AIRCRAFT_TEMPLATE_LIST', 'ROLE_AIRCRAFT_TEMPLATE_READ'];

function open(
  url: string,
  {
    as = 'admin',
    store = createTemplateStore(),
    roles,
  }: { as?: DemoUser; store?: FakeTemplateStore; roles?: string[] } = {},
) {
  const userRoles = roles ?? USERS[as].roles;
  const app = renderAdmin({
    as,
    url,
    areaRoutes: FLIGHT_ROUTES,
    ...(roles ? { roles: { [as]: roles } } : {}),
    handle: (request) => handleTemplates(store, request, userRoles),
  });
  return { ...app, store };
}

const requestsOf = (app: ReturnType<typeof open>, method: string, path: string) =>
  app.api.requests.filter((request) => request.method === method && request.path === path);
const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row ${text}`);
  return row;
};
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('gridcell')
    .map((cell) => cell.textContent);
const textbox = (name: string) => screen.getByRole('textbox', { name });
const errorOf = (field: HTMLElement) =>
  field.closest('.fb-field')?.querySelector('.fb-field__error')?.textContent;
const seat = (label: string) => screen.getByRole('gridcell', { name: new RegExp(`^Seat ${label},`) });

describe('aircraft template list', () => {
  it('lists the templates by label with their seats per tariff group, under the flight tabs', async () => {
    open('/admin/flight/aircraft-template/list');
    expect(await screen.findByRole('heading', { name: 'Aircraft templates' })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Flights' }));
    expect(tabs.getByRole('link', { name: 'Aircraft templates' }).getAttribute('aria-current')).toBe('page');
    // A320: 12 business + 150 economy; E190: 8 business, 8 economy plus, 30 economy (2 hidden)
    expect(cellTexts(await rowOf('A320 (174)'))).toEqual([
      '1',
      'A320 (174)',
      '150',
      '–',
      '12',
      '162',
      'EditDelete',
    ]);
    expect(cellTexts(await rowOf('E190 (100)'))).toEqual([
      '2',
      'E190 (100)',
      '30',
      '8',
      '8',
      '46',
      'EditDelete',
    ]);
    for (const name of ['ID', 'Label', 'Economy', 'Economy Plus', 'Business', 'Seats', 'Actions']) {
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    }
    expect(screen.getByText('Showing 1–2 of 2')).toBeTruthy();
  });

  it('searches the labels at once', async () => {
    const app = open('/admin/flight/aircraft-template/list');
    await screen.findByText('A320 (174)');
    await app.user.type(screen.getByRole('searchbox', { name: 'Search' }), 'e19');
    await waitFor(() => expect(screen.queryByText('A320 (174)')).toBeNull());
    expect(screen.getByText('E190 (100)')).toBeTruthy();
    expect(screen.getByText('Showing 1–1 of 1')).toBeTruthy();
  });

  it('offers add, edit and delete to an admin', async () => {
    open('/admin/flight/aircraft-template/list');
    const add = await screen.findByRole('link', { name: 'Add aircraft template' });
    expect(add.getAttribute('href')).toBe('/admin/flight/aircraft-template/new');
    const edit = await screen.findByRole('link', { name: 'Edit E190 (100)' });
    expect(edit.getAttribute('href')).toBe('/admin/flight/aircraft-template/edit/2');
    expect(screen.getByRole('button', { name: 'Delete E190 (100)' })).toBeTruthy();
  });

  it('shows the list read-only without the create, update and delete roles', async () => {
    open('/admin/flight/aircraft-template/list', { as: 'manager', roles: LIST_ONLY });
    await screen.findByText('A320 (174)');
    expect(screen.queryByRole('link', { name: 'Add aircraft template' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit A320 (174)' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete A320 (174)' })).toBeNull();
  });

  it('says why the list cannot be loaded, with Retry, never that there are no templates', async () => {
    renderAdmin({
      as: 'admin',
      url: '/admin/flight/aircraft-template/list',
      areaRoutes: FLIGHT_ROUTES,
      handle: (request) =>
        request.path === 'aircraft-template-generic/list'
          ? new Response(JSON.stringify({ errors: [{ code: 'ERROR_FORBIDDEN', message: 'Forbidden.' }] }), {
              status: 403,
              headers: { 'Content-Type': 'application/json' },
            })
          : undefined,
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded.');
    expect(alert.textContent).toContain("You don't have permissions for this action.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('No aircraft templates found')).toBeNull();
  });

  it('hides the tab without ROLE_AIRCRAFT_TEMPLATE_LIST', async () => {
    open('/admin/flight/company/list', { as: 'manager' });
    const tabs = within(await screen.findByRole('navigation', { name: 'Flights' }));
    expect(tabs.getByRole('link', { name: 'Airline Company' })).toBeTruthy();
    expect(tabs.queryByRole('link', { name: 'Aircraft templates' })).toBeNull();
  });
});

describe('deleting an aircraft template', () => {
  it('asks first, then deletes a template no flight uses and drops it from the list', async () => {
    const app = open('/admin/flight/aircraft-template/list');
    await app.user.click(await screen.findByRole('button', { name: 'Delete E190 (100)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete aircraft template' });
    expect(dialog.textContent).toContain('Delete the aircraft template E190 (100)?');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsOf(app, 'DELETE', 'aircraft-template/2')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Delete E190 (100)' }));
    const again = await screen.findByRole('dialog', { name: 'Delete aircraft template' });
    await app.user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('E190 (100) was deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('E190 (100)')).toBeNull());
    expect(requestsOf(app, 'DELETE', 'aircraft-template/2')).toHaveLength(1);
    expect(app.store.templates.map((template) => template.label)).toEqual(['A320 (174)']);
    expect(screen.getByText('Showing 1–1 of 1')).toBeTruthy();
  });

  it('shows the server’s message and keeps a template a flight uses (409 ERROR_IN_USE)', async () => {
    const app = open('/admin/flight/aircraft-template/list');
    await app.user.click(await screen.findByRole('button', { name: 'Delete A320 (174)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete aircraft template' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This is still in use and cannot be deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsOf(app, 'DELETE', 'aircraft-template/1')).toHaveLength(1);
    expect(screen.getByText('A320 (174)')).toBeTruthy();
    expect(app.store.templates).toHaveLength(2);
    expect(screen.queryByText('A320 (174) was deleted.')).toBeNull();
  });

  it('says so in German, as the catalogue has it', async () => {
    const app = renderAdmin({
      as: 'admin',
      url: '/admin/flight/aircraft-template/list',
      areaRoutes: FLIGHT_ROUTES,
      languages: ['de'],
      handle: (request) => handleTemplates(createTemplateStore(), request, ['ROLE_ADMIN']),
    });
    await app.user.click(await screen.findByRole('button', { name: 'A320 (174) löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flugzeugvorlage löschen' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Dies wird noch verwendet und kann nicht gelöscht werden.')).toBeTruthy();
  });
});

describe('new aircraft template', () => {
  it('starts with one economy section of 30 rows, six abreast, in the seat map', async () => {
    open('/admin/flight/aircraft-template/new');
    expect(await screen.findByRole('heading', { name: 'New aircraft template' })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Tariff group' })).toHaveProperty('value', '1');
    expect(textbox('Rows')).toHaveProperty('value', '1-30');
    expect(textbox('Seat letters')).toHaveProperty('value', 'ABC DEF');
    expect(await screen.findByText('Seats: Economy 180 (180 in all)')).toBeTruthy();
    expect(await screen.findByRole('gridcell', { name: /^Seat 30F, Economy,/ })).toBeTruthy();
  });

  it('creates a template with sections, exit rows, hidden and reserved seats and seat prices', async () => {
    const app = open('/admin/flight/aircraft-template/new');
    await app.user.type(await screen.findByRole('textbox', { name: 'Label' }), 'Dash 8 (8 C / 40 Y)');
    await app.user.clear(textbox('Rows'));
    await app.user.type(textbox('Rows'), '1-2');
    await app.user.clear(textbox('Seat letters'));
    await app.user.type(textbox('Seat letters'), 'ac df');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Tariff group' }), 'Business');

    await app.user.click(screen.getByRole('button', { name: 'Add section' }));
    const second = within(screen.getByRole('group', { name: 'Section 2' }));
    expect(second.getByRole('textbox', { name: 'Rows' })).toHaveProperty('value', '3-12');
    await app.user.selectOptions(second.getByRole('combobox', { name: 'Tariff group' }), 'Economy');
    await app.user.type(second.getByRole('textbox', { name: 'Exit rows' }), '7');
    await app.user.clear(second.getByRole('textbox', { name: 'Seat letters' }));
    await app.user.type(second.getByRole('textbox', { name: 'Seat letters' }), 'AB CD');
    expect(await screen.findByText('Seats: Business 8 · Economy 40 (48 in all)')).toBeTruthy();

    // Hide 12C and 12D (the galley), reserve 3A, price the exit row at 25 CHF
    await app.user.click(screen.getByRole('radio', { name: 'Hide' }));
    await app.user.click(seat('12C'));
    await app.user.click(seat('12D'));
    await app.user.click(screen.getByRole('radio', { name: 'Reserve' }));
    await app.user.click(seat('3A'));
    await app.user.click(screen.getByRole('radio', { name: 'Select' }));
    for (const label of ['7A', '7B', '7C', '7D']) await app.user.click(seat(label));
    await app.user.type(textbox('Seat price (CHF)'), '25');
    await app.user.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(await screen.findByText('Seats: Business 8 · Economy 38 (46 in all)')).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created successfully')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/flight/aircraft-template/list'));
    const body = requestsOf(app, 'POST', 'aircraft-template-generic')[0]?.body;
    const rows = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
    const economySeats = rows(3, 12).map((row) =>
      ['A', 'B', 'C', 'D'].map((column) =>
        row === '3' && column === 'A'
          ? SEAT_FLAGS.reserved
          : row === '12' && (column === 'C' || column === 'D')
            ? SEAT_FLAGS.absent
            : 0,
      ),
    );
    expect(body).toEqual({
      label: 'Dash 8 (8 C / 40 Y)',
      sections: [
        {
          tariffGroup: { id: 3 },
          rowLabels: ['1', '2'],
          columnLabels: ['A', 'C', 'D', 'F'],
          seats: [
            [0, 0, 0, 0],
            [0, 0, 0, 0],
          ],
          prices: [
            [0, 0, 0, 0],
            [0, 0, 0, 0],
          ],
          rowsWithExitDoors: [],
        },
        {
          tariffGroup: { id: 1 },
          rowLabels: rows(3, 12),
          columnLabels: ['A', 'B', 'C', 'D'],
          seats: economySeats,
          prices: rows(3, 12).map((row) => [0, 0, 0, 0].map(() => (row === '7' ? 25 : 0))),
          rowsWithExitDoors: ['7'],
        },
      ],
    });
    expect(await screen.findByText('Dash 8 (8 C / 40 Y)')).toBeTruthy();
  });

  it('shows what is wrong with the label and the sections, and saves nothing', async () => {
    const app = open('/admin/flight/aircraft-template/new');
    await screen.findByRole('textbox', { name: 'Label' });
    await app.user.click(screen.getByRole('button', { name: 'Add section' }));
    const first = within(screen.getByRole('group', { name: 'Section 1' }));
    const second = within(screen.getByRole('group', { name: 'Section 2' }));
    await app.user.clear(second.getByRole('textbox', { name: 'Rows' }));
    await app.user.type(second.getByRole('textbox', { name: 'Rows' }), '30-31');
    await app.user.type(second.getByRole('textbox', { name: 'Exit rows' }), '40');
    const letters = first.getByRole('textbox', { name: 'Seat letters' });
    await app.user.clear(letters);
    await app.user.type(letters, 'ABCA');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(textbox('Label'))).toBe('This value is required.'));
    expect(errorOf(letters)).toBe('The letter A is listed twice.');
    expect(errorOf(second.getByRole('textbox', { name: 'Exit rows' }))).toBe(
      'Row 40 is not a row of this section.',
    );
    await app.user.clear(letters);
    await app.user.type(letters, 'ABC');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(errorOf(second.getByRole('textbox', { name: 'Rows' }))).toBe(
        'These seats are already in section 1.',
      ),
    );
    expect(requestsOf(app, 'POST', 'aircraft-template-generic')).toHaveLength(0);
  });

  it('puts the server’s refusal of a label on the label', async () => {
    const app = open('/admin/flight/aircraft-template/new');
    await app.user.type(await screen.findByRole('textbox', { name: 'Label' }), 'E190 (100)');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(textbox('Label'))).toBe('This value is already used.'));
    expect(app.location()).toBe('/flight/aircraft-template/new');
  });
});

describe('edit aircraft template', () => {
  it('shows the stored sections and saves them unchanged with a new label', async () => {
    const app = open('/admin/flight/aircraft-template/edit/2');
    expect(await screen.findByRole('heading', { name: 'Edit aircraft template' })).toBeTruthy();
    await waitFor(() => expect(textbox('Label')).toHaveProperty('value', 'E190 (100)'));
    const sections = ['Section 1', 'Section 2', 'Section 3'].map((name) =>
      within(screen.getByRole('group', { name })),
    );
    const values = (name: string) =>
      sections.map((section) => section.getByRole<HTMLInputElement>('textbox', { name }).value);
    expect(values('Rows')).toEqual(['1-2', '3-4', '5-12']);
    expect(values('Seat letters')).toEqual(['A C D F', 'A B C D', 'A B C D']);
    expect(sections.map((section) => section.getByRole<HTMLSelectElement>('combobox').value)).toEqual([
      '3',
      '2',
      '1',
    ]);
    // 12C and 12D of the E190 are hidden: the map shows them so only while hiding
    await app.user.click(screen.getByRole('radio', { name: 'Hide' }));
    expect(seat('12C').getAttribute('aria-label')).toMatch(/hidden$/);

    const stored = app.store.templates[1]?.sections;
    await app.user.clear(textbox('Label'));
    await app.user.type(textbox('Label'), 'Embraer 190 (100)');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    expect(requestsOf(app, 'PUT', 'aircraft-template-generic/2')[0]?.body).toEqual({
      label: 'Embraer 190 (100)',
      sections: stored,
    });
  });

  it('is denied without ROLE_AIRCRAFT_TEMPLATE_UPDATE', async () => {
    open('/admin/flight/aircraft-template/edit/2', { as: 'manager', roles: LIST_ONLY });
    expect(await screen.findByText("You don't have permissions for this page.")).toBeTruthy();
  });
});
