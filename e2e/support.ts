import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Every demo user's password (the seed's). */
export const PASSWORD = 'flybook-demo';
export const API = '/api/v1';

/** Logs in to the back office through its login page; it opens on the reservation list. */
export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/reservation\/list$/);
}

/** A session token of a user, for setting up data through the API. */
export async function apiToken(request: APIRequestContext, email: string) {
  const response = await request.post(`${API}/auth/token`, { data: { login: email, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  return (await response.json()).token as string;
}

/** No WCAG 2.1 A/AA violations on what the page shows now; each one named with where it is. */
export async function expectAccessible(page: Page, what = page.url()) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
    what,
  ).toEqual([]);
}
