import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeUsers, handleUsers } from '../test/fake-users.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import { cells, openWithUsers, queryOf, rowOf } from '../test/user-pages.ts';
import { SETTINGS_ROUTES } from './routes.ts';

const open = (url: string, options: Parameters<typeof openWithUsers>[2] = {}) =>
  openWithUsers(SETTINGS_ROUTES, url, options);

describe('my account', () => {
  it("edits the manager's own account and refreshes the name in the header", async () => {
    const app = open('/admin/settings/account', { as: 'manager', roles: { manager: [] } });
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeTruthy();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveProperty('value', 'Mira Krasniqi'));
    // Without ROLE_MANAGER_EDIT neither credit limit nor active flag; never the own active flag.
    expect(screen.queryByRole('textbox', { name: 'Credit limit (CHF)' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Active' })).toBeNull();
    expect(screen.getByLabelText(/^Current password/)).toBeTruthy();

    // The header answers user/me from the saved account after the change.
    const me = app.api.requests.filter((request) => request.path === 'user/me').length;
    await app.user.clear(name);
    await app.user.type(name, 'Mira K. Krasniqi');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    const put = app.api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('manager/2');
    expect(put?.body).toEqual({
      id: 2,
      email: 'manager@flybook.test',
      displayName: 'Mira K. Krasniqi',
      language: 'de',
      country: { id: 1 },
    });
    await waitFor(() =>
      expect(app.api.requests.filter((request) => request.path === 'user/me').length).toBeGreaterThan(me),
    );
    expect(app.location()).toBe('/settings/account');
  });

  it('asks for the current password when the own e-mail changes', async () => {
    const app = open('/admin/settings/account', { as: 'manager', roles: { manager: [] } });
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email).toHaveProperty('value', 'manager@flybook.test'));
    await app.user.clear(email);
    await app.user.type(email, 'mira@flybook.test');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const current = screen.getByLabelText(/^Current password/);
    await waitFor(() =>
      expect(current.closest('.fb-field')?.querySelector('.fb-field__error')?.textContent).toBe(
        'This value is required.',
      ),
    );
    expect(app.api.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('shows the agent their own profile without the terms, and an admin that there is nothing to edit', async () => {
    open('/admin/settings/account', { as: 'agent' });
    const company = await screen.findByRole('textbox', { name: 'Company' });
    await waitFor(() => expect(company).toHaveProperty('value', 'Alpen Reisen GmbH'));
    expect(screen.queryByRole('textbox', { name: 'Credit limit (CHF)' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Margin type' })).toBeNull();
  });

  it('tells an admin that the profile cannot be edited', async () => {
    open('/admin/settings/account');
    expect(await screen.findByText('The profile can not be edit.')).toBeTruthy();
  });
});

describe('permissions list', () => {
  it('asks for employees by default, 10 a page, and opens a user’s permissions', async () => {
    const app = open('/admin/settings/permissions');
    expect(await screen.findByRole('heading', { name: 'Permissions' })).toBeTruthy();
    const row = await rowOf('Mira Krasniqi');
    expect(cells(row)).toEqual([
      '2',
      'Mira Krasniqi',
      'manager@flybook.test',
      'Employee',
      'Manager',
      'Active',
      'Edit permissions',
    ]);
    expect(queryOf(app.api.requests, 'user/list')).toEqual({
      page: '0',
      pageSize: '10',
      sortBy: 'displayName',
      sortOrder: 'ASC',
      isActive: 'true',
      type: 'manager',
    });
    expect(
      within(row).getByRole('link', { name: 'Edit permissions of Mira Krasniqi' }).getAttribute('href'),
    ).toBe('/admin/settings/user/2/permissions');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'User Type' }), 'All types');
    await waitFor(() => expect(queryOf(app.api.requests, 'user/list')).not.toHaveProperty('type'), {
      timeout: 3000,
    });
    expect(await rowOf('Alpen Reisen GmbH')).toBeTruthy();
  });
});

describe('user permissions', () => {
  it('shows Not Found for an address that names no user, or a user the server does not have', async () => {
    const app = open('/admin/settings/user/abc/permissions');
    expect(await screen.findByRole('heading', { name: 'Not Found', level: 2 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(app.api.requests.filter((request) => request.path.startsWith('user/abc'))).toHaveLength(0);
    app.unmount();

    open('/admin/settings/user/9999/permissions');
    expect(await screen.findByRole('heading', { name: 'Not Found', level: 2 })).toBeTruthy();
  });

  it('saves the difference from the group: a group role switched off is denied, a role on top allowed', async () => {
    const app = open('/admin/settings/user/2/permissions');
    expect(await screen.findByRole('heading', { name: 'Update permissions (Mira Krasniqi)' })).toBeTruthy();
    expect((await screen.findByRole('tab', { name: 'Feature' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Permission group' })).toHaveProperty('value', '2');
    const flights = within(screen.getByRole('region', { name: 'Flight' }));
    const create = flights.getByRole('switch', { name: 'Create flights' });
    expect(create).toHaveProperty('checked', true);
    expect(flights.getByText('Create a single flight.')).toBeTruthy();
    // ROLE_USER_LIST comes on top of the group: marked so.
    const users = within(screen.getByRole('region', { name: 'User' }));
    expect(users.getByRole('switch', { name: 'List users' })).toHaveProperty('checked', true);
    expect(users.getByText('Added to the group')).toBeTruthy();

    await app.user.click(create);
    expect(create).toHaveProperty('checked', false);
    expect(flights.getByText('Taken from the group')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    const put = app.api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('user/2');
    expect(put?.body).toEqual({
      id: 2,
      email: 'manager@flybook.test',
      group: { id: 2 },
      allowedSpecialRoles: ['ROLE_USER_LIST'],
      deniedSpecialRoles: ['ROLE_FLIGHT_CREATE'],
    });
    expect(app.api.requests.find((request) => request.method === 'POST')?.body).toEqual({ accountIds: [22] });
  });

  it('restores the group’s roles, and choosing a group loads its roles and virtual accounts', async () => {
    const app = open('/admin/settings/user/2/permissions');
    await screen.findByRole('switch', { name: 'Create flights' });
    await app.user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByRole('switch', { name: 'List users' })).toHaveProperty('checked', false);

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Permission group' }), 'Admin');
    expect(screen.getByRole('switch', { name: 'Administrator' })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: 'Create flights' })).toHaveProperty('checked', false);
    await app.user.click(screen.getByRole('tab', { name: 'Virtual Accounts' }));
    // The admin group gives both accounts: shown on and not to be switched off here.
    const bank = screen.getByRole('switch', { name: 'Bank / EC terminal' });
    expect(bank).toHaveProperty('checked', true);
    expect(bank).toHaveProperty('disabled', true);
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    expect(app.api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      group: { id: 1 },
      allowedSpecialRoles: [],
      deniedSpecialRoles: [],
    });
    expect(app.api.requests.find((request) => request.method === 'POST')?.body).toEqual({ accountIds: [] });
  });

  it('finds a permission by its title or role string', async () => {
    const app = open('/admin/settings/user/2/permissions');
    await screen.findByRole('switch', { name: 'Create flights' });
    await app.user.type(screen.getByRole('searchbox', { name: 'Find a permission' }), 'ROLE_MANAGER_');
    expect(screen.queryByRole('switch', { name: 'Create flights' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Manager' })).toBeTruthy();
  });
});

describe('event log', () => {
  it('shows who changed what, readably, and filters by dates and entity type', async () => {
    const app = open('/admin/settings/entity-log/list');
    expect(await screen.findByRole('heading', { name: 'Event log' })).toBeTruthy();
    const row = await rowOf('Ada Admin');
    expect(cells(row).slice(1)).toEqual(['Ada Admin', 'Agent', '3', 'Changed', 'Credit limitMobile phone']);
    expect(within(row).getByRole('link', { name: '3' }).getAttribute('href')).toBe(
      '/admin/user/agent/edit/3',
    );
    expect(cells(await rowOf('System')).slice(1, 5)).toEqual(['System', 'Flight', '88', 'Changed']);
    expect(queryOf(app.api.requests, 'entity-log/list')).toEqual({
      page: '0',
      pageSize: '15',
      sortBy: 'timestamp',
      sortOrder: 'DESC',
    });
    await app.user.type(screen.getByLabelText('From date'), '2031-03-01');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Entity type' }), 'Agent');
    await waitFor(
      () =>
        expect(queryOf(app.api.requests, 'entity-log/list')).toMatchObject({
          'dateInterval[from]': '2031-03-01',
          entityType: 'agent',
        }),
      { timeout: 3000 },
    );
  });

  it('says "more than" when the API stopped counting, and offers the pages up to that count', async () => {
    const users = createFakeUsers();
    renderAdmin({
      as: 'admin',
      url: '/admin/settings/entity-log/list',
      areaRoutes: SETTINGS_ROUTES,
      handle: (request) =>
        request.path === 'entity-log/list'
          ? new Response(JSON.stringify({ items: users.log, total: 10_000, totalIsCapped: true }), {
              headers: { 'Content-Type': 'application/json' },
            })
          : handleUsers(users, request),
    });
    await rowOf('Ada Admin');
    const list = screen.getByRole('region', { name: 'Event log' });
    await waitFor(() =>
      expect(within(list).getByRole('status').textContent).toMatch(/^Showing 1–\d+ of more than 10,?000$/),
    );
    expect(within(list).getByText('Page 1 of 667')).toBeTruthy();
  });
});
