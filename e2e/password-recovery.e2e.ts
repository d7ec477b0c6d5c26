import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, islandsHydrated, test } from './support.ts';

const MANAGER = { email: 'manager@flybook.test', name: 'Mira Krasniqi' };
// The seed's password, which the other journeys log in with.
const DEMO_PASSWORD = 'flybook-demo';
const NEW_PASSWORD = 'a-brand-new-secret';
const NOTICE = 'Your password has been changed. Please log in with the new password.';

/** The recovery link of the newest mail to an address, as the dev outbox shows it. */
async function newestRecoveryLink(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  const { items } = await response.json();
  const link = /https?:\/\/\S+\/updatePassword\/[\w-]+/.exec(items[0]?.body ?? '')?.[0];
  expect(link, 'a recovery link in the newest mail').toBeDefined();
  return link ?? '';
}

test.describe('the manager recovers the password', () => {
  // Other journeys log in as the manager with the seed's password: whatever happened above, a second
  // recovery puts it back, so no journey depends on running before or after this one.
  test.afterEach(async ({ request }) => {
    const recover = await request.post('/api/v1/auth/recover-password/en', {
      data: { email: MANAGER.email },
    });
    expect(recover.status()).toBe(204);
    const token = new URL(await newestRecoveryLink(request, MANAGER.email)).pathname.split('/').pop();
    const update = await request.post('/api/v1/auth/update-password/en', {
      data: { recoveryToken: token, password: DEMO_PASSWORD, passwordConfirm: DEMO_PASSWORD },
    });
    expect(update.status()).toBe(204);
    const login = await request.post('/api/v1/auth/token', {
      data: { login: MANAGER.email, password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const { token: session } = await login.json();
    await request.delete('/api/v1/auth/token', { headers: { 'X-AUTH-TOKEN': session } });
  });

  test('asks for a link, sets a new password with it and logs in with that; the link then is used up', async ({
    page,
  }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expectAccessible(page, 'login page');

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'recovery popup');
    await dialog.getByLabel('E-mail').fill(MANAGER.email);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await expect(dialog.getByText('You will receive a recovery link shortly.')).toBeVisible();

    // Asked for in English, so the link has no locale prefix; the public site's page answers it.
    const link = await newestRecoveryLink(page.request, MANAGER.email);
    expect(new URL(link).pathname).toMatch(/^\/updatePassword\/[\w-]+$/);
    await page.goto(link);
    await islandsHydrated(page);
    await expect(page).toHaveURL(/\/updatePassword\/[\w-]+$/);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await expectAccessible(page, 'update-password page');

    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Repeat new password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText(NOTICE)).toBeVisible();
    await page.getByRole('link', { name: 'Back office login' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await page.getByLabel('E-mail').fill(MANAGER.email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/admin\/reservation\/list$/);
    await expect(page.getByText(MANAGER.name, { exact: true })).toBeVisible();

    // The link works once.
    await page.goto(link);
    await islandsHydrated(page);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await page.getByLabel(/^New password/).fill('yet-another-secret');
    await page.getByLabel(/^Repeat new password/).fill('yet-another-secret');
    await page.getByRole('button', { name: 'Save password' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Recovery token expired or invalid.' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    await expect(page).toHaveURL(/\/updatePassword\/[\w-]+$/);
    await expectAccessible(page, 'update-password page with the invalid-link alert');
  });
});

test('a link from a German e-mail opens the page in German', async ({ page }) => {
  await page.goto('/de/updatePassword/no-such-token');
  await islandsHydrated(page);
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveURL(/\/de\/updatePassword\/no-such-token$/);
  // The language switch keeps the token.
  await expect(page.getByRole('link', { name: 'EN', exact: true })).toHaveAttribute(
    'href',
    '/updatePassword/no-such-token',
  );

  await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('neues-geheimnis');
  await page.getByRole('textbox', { name: 'Neues Passwort wiederholen' }).fill('anderes-geheimnis');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Muss dem Passwort entsprechen')).toBeVisible();

  await page.getByRole('textbox', { name: 'Neues Passwort wiederholen' }).fill('neues-geheimnis');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Der Wiederherstellungslink ist abgelaufen' });
  await expect(alert).toBeVisible();
  await expectAccessible(page, 'German update-password page with the invalid-link alert');

  await alert.getByRole('link', { name: 'Neuen Link anfordern' }).click();
  await expect(page).toHaveURL(/\/de\/login\?recover=1$/);
  await expect(page.getByRole('dialog', { name: 'Passwort vergessen' })).toBeVisible();
});
