import {
  type AccessUser,
  ADMIN_ROUTES,
  canOpenAdminRoute,
  MAIN_MENU,
  type MainMenuEntry,
  menuEntryTarget,
} from '@flybook/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support.ts';

const PASSWORD = 'flybook-demo';

const DEMO_USERS = [
  { key: 'admin', email: 'admin@flybook.test', name: 'Ada Admin' },
  { key: 'manager', email: 'manager@flybook.test', name: 'Mira Krasniqi' },
  { key: 'agent', email: 'agent@flybook.test', name: 'Alpen Reisen GmbH' },
  { key: 'customer', email: 'customer@flybook.test', name: 'Arben Berisha' },
] as const;

const MENU_LABELS: Record<MainMenuEntry['section'], string> = {
  ledger: 'Invoices',
  flight: 'Flights',
  reservation: 'Reservations',
  user: 'Users',
  allotment: 'Allotments',
  rate: 'Rates',
  settings: 'Settings',
};

const DENY_TEXT = "You don't have permissions for this page.";

/** The user as the API sees them: type and effective roles from GET user/me. */
async function accessOf(request: APIRequestContext, email: string): Promise<AccessUser> {
  const login = await request.post('/api/v1/auth/token', { data: { login: email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = await login.json();
  const me = await request.get('/api/v1/user/me', { headers: { 'X-AUTH-TOKEN': token } });
  expect(me.status()).toBe(200);
  const body = await me.json();
  await request.delete('/api/v1/auth/token', { headers: { 'X-AUTH-TOKEN': token } });
  return { type: body.type, roles: body.roles };
}

async function logIn(page: Page, email: string) {
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login\?to=\/admin\/reservation\/list$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

/** A page of the back office this user may not open (a path without parameters), if there is one. */
function forbiddenPath(user: AccessUser): string | undefined {
  return ADMIN_ROUTES.map((route) => route.path).find(
    (path) => !path.includes(':') && canOpenAdminRoute(user, path) === 'deny',
  );
}

for (const demo of DEMO_USERS) {
  test(`${demo.key} logs in, sees the menu their roles allow, is denied a forbidden page and logs out`, async ({
    page,
    request,
  }) => {
    const access = await accessOf(request, demo.email);
    await logIn(page, demo.email);

    if (demo.key === 'customer') {
      // Customers never get into the back office.
      await expect(page.getByText(DENY_TEXT)).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/deny$/);
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
      await logOut(page);
      return;
    }

    await expect(page).toHaveURL(/\/admin\/reservation\/list$/);
    await expect(page.getByText(demo.name)).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    for (const entry of MAIN_MENU) {
      const label = MENU_LABELS[entry.section];
      const target = menuEntryTarget(access, entry.section);
      if (target) {
        await expect(menu.getByRole('link', { name: label }), `${label} links`).toHaveAttribute(
          'href',
          `/admin${target}`,
        );
      } else {
        await expect(menu.getByRole('link', { name: label }), `${label} is no link`).toHaveCount(0);
        await expect(menu.getByText(label, { exact: true })).toHaveAttribute('aria-disabled', 'true');
      }
    }

    if (demo.key === 'admin') {
      await expect(menu.getByRole('link')).toHaveText(Object.values(MENU_LABELS));
    }
    if (demo.key === 'agent') {
      await expect(menu.getByRole('link', { name: 'Reservations' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
      await page.goto('/admin/settings/permissions');
      await expect(page.getByText(DENY_TEXT)).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/deny$/);
    }

    const forbidden = forbiddenPath(access);
    if (demo.key === 'admin') {
      // ROLE_ADMIN passes every rule: there is no page to deny.
      expect(forbidden).toBeUndefined();
    } else {
      expect(forbidden, 'a page this user may not open').toBeDefined();
      await page.goto(`/admin${forbidden}`);
      await expect(page.getByText(DENY_TEXT)).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/deny$/);
    }

    await page.goto('/admin/no/such/page');
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();

    await logOut(page);
    await page.goto('/admin/reservation/list');
    await expect(page).toHaveURL(/\/admin\/login\?to=\/admin\/reservation\/list$/);
  });
}
