import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cells, errorOf, openWithUsers, queryOf, rowOf } from '../test/user-pages.ts';
import { USER_ROUTES } from './routes.ts';

const open = (url: string, options: Parameters<typeof openWithUsers>[2] = {}) =>
  openWithUsers(USER_ROUTES, url, options);

const AGENT_STAFF = ['ROLE_AGENT_LIST', 'ROLE_AGENT_READ', 'ROLE_AGENT_CREATE', 'ROLE_AGENT_UPDATE'];

describe('agents list', () => {
  it('shows the spec columns with credit limit, margin and balance, and links the row actions', async () => {
    const app = open('/admin/user/agent/list');
    expect(await screen.findByRole('heading', { name: 'Agents' })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Users' }));
    expect(tabs.getByRole('link', { name: 'Agents' }).getAttribute('aria-current')).toBe('page');
    const row = await rowOf('Alpen Reisen GmbH');
    expect(cells(row)).toEqual([
      '3',
      'Alpen Reisen GmbH',
      'agent@flybook.test',
      '+41 79 555 12 34',
      'CHF\u00a02,500.00',
      '5.00 %',
      'CHF\u00a0-120.50',
      'EditBalance logShow reservations',
    ]);
    expect(queryOf(app.api.requests, 'agent/list')).toEqual({
      page: '0',
      pageSize: '15',
      sortBy: 'displayName',
      sortOrder: 'ASC',
      isActive: 'true',
    });
    const link = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(link('Edit Alpen Reisen GmbH')).toBe('/admin/user/agent/edit/3');
    expect(link('Balance log of Alpen Reisen GmbH')).toBe('/admin/invoice/balance-log?accountId=13');
    expect(link('Show reservations of Alpen Reisen GmbH')).toBe('/admin/reservation/list?reservatorId=3');
    expect(link('Add new agent')).toBe('/admin/user/agent/new');
  });

  it('filters by country and hides what the roles do not allow', async () => {
    const app = open('/admin/user/agent/list', { as: 'manager', roles: { manager: ['ROLE_AGENT_LIST'] } });
    const row = await rowOf('Alpen Reisen GmbH');
    expect(screen.queryByRole('columnheader', { name: 'Credit Limit (CHF)' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Margin' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add new agent' })).toBeNull();
    for (const name of ['Edit Alpen Reisen GmbH', 'Balance log of Alpen Reisen GmbH']) {
      expect(within(row).getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    }
    // The reservation list is open to everyone (spec 01 §6).
    expect(within(row).getByRole('link', { name: 'Show reservations of Alpen Reisen GmbH' })).toBeTruthy();
    await app.user.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'Kosovo');
    await waitFor(() => expect(queryOf(app.api.requests, 'agent/list')).toMatchObject({ countries: 'KV' }), {
      timeout: 3000,
    });
  });
});

describe('new and edit agent', () => {
  it('refuses a Swiss mobile number with 8 digits with the spec message and creates the agent with 9', async () => {
    const app = open('/admin/user/agent/new');
    expect(await screen.findByRole('heading', { name: 'New agent' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the agents' })).toBeTruthy();
    const field = (name: string) => screen.getByRole('textbox', { name });
    await app.user.type(await screen.findByRole('textbox', { name: 'Company' }), 'Ilirida Travel');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Salutation' }), 'Mrs');
    await app.user.type(field('First name'), 'Drita');
    await app.user.type(field('Last name'), 'Hoxha');
    await app.user.type(screen.getByLabelText(/^Date of birth/), '1984-06-01');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');
    await app.user.type(field('Street and number'), 'Marktgasse 3');
    await app.user.type(field('Postcode'), '3011');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Switzerland');
    await app.user.type(field('E-mail'), 'drita@ilirida.test');
    await app.user.type(field('Mobile phone'), '+41 79 123 45 6');
    await app.user.type(screen.getByLabelText(/^Password/), 'agency-pass');
    await app.user.type(screen.getByLabelText(/^Confirm password/), 'agency-pass');
    // The agent's terms: margin type percent by default, margins required.
    expect(screen.getByRole('combobox', { name: 'Margin type' })).toHaveProperty('value', 'percent');
    expect(screen.getByRole('checkbox', { name: 'Active' })).toHaveProperty('checked', true);

    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(field('Mobile phone'))).toBe('should be greater or equal: 9');
    expect(app.api.requests.some((request) => request.method === 'POST')).toBe(false);

    await app.user.type(field('Mobile phone'), '7');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created successfully')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/user/agent/list'));
    expect(app.api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'drita@ilirida.test',
      salutation: 'mrs',
      company: 'Ilirida Travel',
      firstName: 'Drita',
      lastName: 'Hoxha',
      street: 'Marktgasse 3',
      zip: '3011',
      country: { id: 1 },
      language: 'de',
      birthday: '1984-06-01',
      phoneMobile: '+41 79 123 45 67',
      isActive: true,
      creditLimitTotalAmount: 0,
      marginType: 'percent',
      moneyMargin: 0,
      percentMargin: 0,
      password: 'agency-pass',
      passwordConfirm: 'agency-pass',
    });
  });

  it('leaves out the fields whose roles the creator lacks', async () => {
    const app = open('/admin/user/agent/new', { as: 'manager', roles: { manager: AGENT_STAFF } });
    await screen.findByRole('textbox', { name: 'Company' });
    for (const name of ['Monthly fee (CHF)', 'Credit limit (CHF)', 'Margin (%)', 'Margin (CHF)']) {
      expect(screen.queryByRole('textbox', { name })).toBeNull();
    }
    expect(screen.queryByRole('checkbox', { name: 'Active' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(screen.getByRole('textbox', { name: 'First name' }))).toBe('This value is required.');
    expect(errorOf(screen.getByLabelText(/^Confirm password/))).toBe('This value is required.');
  });

  it('shows the agent read-only without the update-form role', async () => {
    open('/admin/user/agent/edit/3', { as: 'manager', roles: { manager: AGENT_STAFF } });
    expect(await screen.findByRole('heading', { name: 'Edit Agent' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Company' })).toHaveProperty('value', 'Alpen Reisen GmbH'),
    );
    expect(screen.getByText('You may view this profile but not change it.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Company' }).hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('saves an edit with the id, the password only when entered, and an empty fee left out', async () => {
    const app = open('/admin/user/agent/edit/3');
    const fee = await screen.findByRole('textbox', { name: 'Monthly fee (CHF)' });
    await waitFor(() => expect(fee).toHaveProperty('value', '49.90'));
    await app.user.clear(fee);
    await app.user.clear(screen.getByRole('textbox', { name: 'Credit limit (CHF)' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Credit limit (CHF)' }), '3000,5');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    const put = app.api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('agent/3');
    expect(put?.body).toMatchObject({
      id: 3,
      creditLimitTotalAmount: 3000.5,
      percentMargin: 5,
      marginType: 'percent',
    });
    expect(put?.body).not.toHaveProperty('monthlyFee');
    expect(put?.body).not.toHaveProperty('password');
  });
});

describe('customers', () => {
  it('lists the three numbers and links the reservations the customer owns', async () => {
    open('/admin/user/customer/list');
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeTruthy();
    const row = await rowOf('Arben Berisha');
    expect(cells(row)).toEqual([
      '4',
      'Arben Berisha',
      'customer@flybook.test',
      '+41 79 111 22 33 · +383 44 123 456',
      'CHF\u00a00.00',
      'EditBalance logShow reservations',
    ]);
    expect(
      within(row).getByRole('link', { name: 'Show reservations of Arben Berisha' }).getAttribute('href'),
    ).toBe('/admin/reservation/list?ownerId=4');
  });

  it('marks inactive customers once "active only" is off', async () => {
    const app = open('/admin/user/customer/list');
    const former = {
      ...app.users.customers[0]!,
      id: 9,
      displayName: 'Besa Morina',
      email: 'besa@example.test',
      isActive: false,
    };
    app.users.customers.push(former);
    await rowOf('Arben Berisha');
    expect(screen.queryByText('Besa Morina')).toBeNull();
    await app.user.click(screen.getByRole('switch', { name: 'Active only' }));
    const row = await rowOf('Besa Morina');
    expect(cells(row)[1]).toBe('Besa MorinaInactive');
    expect(cells(await rowOf('Arben Berisha'))[1]).toBe('Arben Berisha');
  });

  it('requires the city and shows isActive only with its role', async () => {
    const app = open('/admin/user/customer/edit/4', {
      as: 'manager',
      roles: { manager: ['ROLE_CUSTOMER_LIST', 'ROLE_CUSTOMER_READ', 'ROLE_CUSTOMER_UPDATE'] },
    });
    expect(await screen.findByRole('heading', { name: 'Edit customer' })).toBeTruthy();
    const city = await screen.findByRole('textbox', { name: 'City' });
    await waitFor(() => expect(city).toHaveProperty('value', 'Zürich'));
    expect(screen.queryByRole('checkbox', { name: 'Active' })).toBeNull();
    await app.user.clear(city);
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(city)).toBe('This value is required.');
  });
});

describe('managers', () => {
  it('lists id, name, e-mail and balance with Edit manager and Balance log; no add without ROLE_MANAGER_EDIT', async () => {
    const app = open('/admin/user/manager/list', {
      as: 'manager',
      roles: { manager: ['ROLE_MANAGER_LIST', 'ROLE_MANAGER_READ', 'ROLE_BALANCE_LOG_RECORD_LIST'] },
    });
    expect(await screen.findByRole('heading', { name: 'Managers' })).toBeTruthy();
    const row = await rowOf('Mira Krasniqi');
    expect(cells(row)).toEqual([
      '2',
      'Mira Krasniqi',
      'manager@flybook.test',
      'CHF\u00a015.00',
      'Edit managerBalance log',
    ]);
    expect(screen.queryByRole('link', { name: 'Add new manager' })).toBeNull();
    expect(within(row).getByRole('link', { name: 'Balance log of Mira Krasniqi' }).getAttribute('href')).toBe(
      '/admin/invoice/balance-log?accountId=12',
    );
    expect(queryOf(app.api.requests, 'manager/list')).toMatchObject({ isActive: 'true' });
    await app.user.click(screen.getByRole('switch', { name: 'Active only' }));
    await waitFor(() => expect(queryOf(app.api.requests, 'manager/list')).not.toHaveProperty('isActive'), {
      timeout: 3000,
    });
  });

  it('checks the confirmation and sends a new manager with an empty credit limit left out', async () => {
    const app = open('/admin/user/manager/new');
    expect(await screen.findByRole('heading', { name: 'New manager' })).toBeTruthy();
    await app.user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Blerta Krasniqi');
    await app.user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'blerta@flybook.test');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Shqip');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Kosovo');
    await app.user.clear(screen.getByRole('textbox', { name: 'Credit limit (CHF)' }));
    await app.user.type(screen.getByLabelText(/^Password/), 'employee-pass');
    await app.user.type(screen.getByLabelText(/^Confirm password/), 'employee-pas');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(screen.getByLabelText(/^Confirm password/))).toBe('Should be equal to password');
    await app.user.type(screen.getByLabelText(/^Confirm password/), 's');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created successfully')).toBeTruthy();
    expect(app.api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'blerta@flybook.test',
      displayName: 'Blerta Krasniqi',
      language: 'sq',
      country: { id: 2 },
      isActive: true,
      password: 'employee-pass',
      passwordConfirm: 'employee-pass',
    });
  });
});
