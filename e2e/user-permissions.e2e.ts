import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, logIn, PASSWORD, test } from './support.ts';

const ADMIN = 'admin@flybook.test';

// The journeys share one database: everything made here carries this run's suffix.
const SUFFIX = Date.now().toString(36).toUpperCase();

/** A notice is shown; it is dismissed so that the next one is not confused with it. */
async function expectNotice(page: Page, text: string) {
  const notice = page.getByRole('status').filter({ hasText: text });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(notice).toHaveCount(0);
}

/** Flips a switch the way a user does, by its label (react-aria hides the input under the track). */
async function flip(scope: Locator, name: string) {
  await scope
    .locator('label')
    .filter({ has: scope.page().getByRole('switch', { name }) })
    .click();
}

/** A manager of this run, registered by the admin through the API, with the manager group's roles. */
async function newManager(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/token', { data: { login: ADMIN, password: PASSWORD } });
  const headers = { 'X-AUTH-TOKEN': (await login.json()).token };
  const countries = await (await request.get('/api/v1/country/entire-list', { headers })).json();
  const swiss = countries.items.find((country: { code: string }) => country.code === 'CH');
  const manager = {
    email: `journey.${SUFFIX.toLowerCase()}@example.test`,
    displayName: `Journey Employee ${SUFFIX}`,
    password: 'journey-pass',
  };
  const created = await request.post('/api/v1/manager', {
    headers,
    data: { ...manager, passwordConfirm: manager.password, language: 'en', country: { id: swiss.id } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await request.delete('/api/v1/auth/token', { headers });
  return manager;
}

test('an admin denies a manager ROLE_FLIGHT_CREATE; the manager, still logged in, loses New Flight until it is restored', async ({
  browser,
  page,
  request,
}) => {
  const manager = await newManager(request);

  // The manager works in a browser of their own and stays logged in throughout.
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await logIn(managerPage, manager.email, manager.password);
  await managerPage.goto('/admin/flight/list');
  await expect(managerPage.getByRole('heading', { name: 'Flights' })).toBeVisible();
  await expect(managerPage.getByRole('link', { name: 'New Flight' })).toBeVisible();

  // The admin finds the manager on the permissions page and switches "Create flights" off.
  await logIn(page, ADMIN);
  await page.goto('/admin/settings/permissions');
  await expect(page.getByRole('heading', { name: 'Permissions' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(manager.displayName);
  await expect(page.getByText(/^Showing 1–1 of 1$/)).toBeVisible();
  await expectAccessible(page, 'permissions list');
  await page.getByRole('link', { name: `Edit permissions of ${manager.displayName}` }).click();
  await expect(
    page.getByRole('heading', { name: `Update permissions (${manager.displayName})` }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Permission group' })).toHaveValue(/\d+/);
  const flights = page.getByRole('region', { name: 'Flight', exact: true });
  const createFlights = flights.getByRole('switch', { name: 'Create flights' });
  await expect(createFlights).toBeChecked();
  await expect(flights.getByText('Create a single flight.')).toBeVisible();
  await expectAccessible(page, 'user permissions');
  await flip(flights, 'Create flights');
  await expect(createFlights).not.toBeChecked();
  await expect(flights.getByText('Taken from the group')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Updated successfully');

  // Without logging in again, the manager's next page no longer offers it, and the page is denied.
  await managerPage.goto('/admin/flight/list');
  await expect(managerPage.getByRole('heading', { name: 'Flights' })).toBeVisible();
  await expect(managerPage.getByText(/^Showing 1–/)).toBeVisible();
  await expect(managerPage.getByRole('link', { name: 'New Flight' })).toHaveCount(0);
  await managerPage.goto('/admin/flight/new');
  await expect(managerPage.getByText("You don't have permissions for this page.")).toBeVisible();
  await expect(managerPage.getByRole('heading', { name: 'New flight' })).toHaveCount(0);

  // The event log shows who took it away.
  await page.goto('/admin/settings/entity-log/list');
  await expect(page.getByRole('heading', { name: 'Event log' })).toBeVisible();
  const change = page.getByRole('row').filter({ hasText: 'Permissions taken away' }).first();
  await expect(change).toContainText('Ada Admin');
  await expect(change).toContainText('User permissions');
  await expectAccessible(page, 'event log');

  // Restore gives the group's roles back.
  await page.goBack();
  await expect(createFlights).not.toBeChecked();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(createFlights).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Updated successfully');

  await managerPage.goto('/admin/flight/list');
  await managerPage.getByRole('link', { name: 'New Flight' }).click();
  await expect(managerPage).toHaveURL(/\/admin\/flight\/new$/);
  await expect(managerPage.getByRole('heading', { name: 'New flight' })).toBeVisible();
  await managerContext.close();
});

test('an admin registers an agent with a Swiss mobile number: 8 digits are refused, 9 accepted', async ({
  page,
}) => {
  const company = `Journey Reisen ${SUFFIX}`;
  await logIn(page, ADMIN);
  await page.goto('/admin/user/agent/list');
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Alpen Reisen GmbH' })).toBeVisible();
  await expectAccessible(page, 'agent list');
  await page.getByRole('link', { name: 'Add new agent' }).click();
  await expect(page.getByRole('heading', { name: 'New agent' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Salutation' }).selectOption({ label: 'Mrs' });
  await page.getByRole('textbox', { name: 'Company' }).fill(company);
  await page.getByRole('textbox', { name: 'First name' }).fill('Drita');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Hoxha');
  await page.getByLabel(/^Date of birth/).fill('1984-06-01');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
  await page.getByRole('textbox', { name: 'Street and number' }).fill('Marktgasse 3');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('3011');
  await page.getByRole('textbox', { name: 'City' }).fill('Bern');
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Switzerland' });
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`drita.${SUFFIX.toLowerCase()}@example.test`);
  const mobile = page.getByRole('textbox', { name: 'Mobile phone' });
  await mobile.fill('+41 79 123 45 6');
  await page.getByLabel(/^Password/).fill('agency-pass');
  await page.getByLabel(/^Confirm password/).fill('agency-pass');
  await page.getByRole('button', { name: 'Save' }).click();

  // Eight digits after +41: the spec's message under the field, and nothing is saved.
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('should be greater or equal: 9')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/user\/agent\/new$/);
  await expectAccessible(page, 'new agent form with the phone error');

  await mobile.fill('+41 79 123 45 67');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Created successfully');
  await expect(page).toHaveURL(/\/admin\/user\/agent\/list$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(company);
  await expect(page.getByText(/^Showing 1–1 of 1$/)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: company });
  await expect(row).toContainText('+41 79 123 45 67');
  await expect(row).toContainText('0.00 %');
  await expect(row.getByRole('link', { name: `Show reservations of ${company}` })).toHaveAttribute(
    'href',
    /\/admin\/reservation\/list\?reservatorId=\d+$/,
  );
});
