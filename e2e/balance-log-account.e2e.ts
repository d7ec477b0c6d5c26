import type { APIRequestContext } from '@playwright/test';
import { API, apiToken, billedBooking, expect, logIn, test } from './support.ts';

// The balance log keeps its account in the address (docs/ledger.md "The account in the address"):
// a choice, a reload, Back and Forward, a shared link and a value that names no account; an agent,
// who may see their own records only, is refused another account's as the API refuses them.
const ADMIN = 'admin@flybook.test';
const MANAGER = 'manager@flybook.test';
const AGENT = 'agent@flybook.test';

test.describe.configure({ mode: 'serial' });

interface Desk {
  id: number;
  displayName: string;
  /** The reservation paid at the desk: its record's title names it. */
  reservationId: number;
}
let desk: Desk | undefined;

/** A booking paid in cash at the first desk: a record on the desk's account. */
async function paidAtDesk(request: APIRequestContext): Promise<Desk> {
  const headers = { 'x-auth-token': await apiToken(request, MANAGER) };
  const desks = await (await request.get(`${API}/account/payment-list?paymentType=cash`, { headers })).json();
  const { id, displayName } = desks.items[0] as { id: number; displayName: string };
  const reservation = await billedBooking(request, headers['x-auth-token'], {
    lastName: 'Kelmendi',
    firstNames: ['Drita'],
    language: 'en',
    paymentDeadline: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
  });
  const paid = await request.post(`${API}/payment/reservation/invoice`, {
    headers,
    data: {
      amount: reservation.invoice.total,
      paymentTypeCode: 'cash',
      reservationInvoiceId: reservation.invoice.id,
      accountId: id,
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { id, displayName, reservationId: reservation.id };
}

test('the chosen account is in the address: reload, Back, Forward and a bad value', async ({
  page,
  request,
}) => {
  desk ??= await paidAtDesk(request);
  await logIn(page, ADMIN);
  await page.goto('/admin/invoice/balance-log');
  const picker = page.getByRole('combobox', { name: 'Account' });
  // without an account in the address: the signed-in user's own
  await expect(picker).toHaveValue('Ada Admin');

  await picker.fill(desk.displayName.slice(0, 9));
  await page.getByRole('option', { name: new RegExp(desk.displayName) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/invoice/balance-log\\?accountId=${desk.id}$`));
  const record = page.getByRole('gridcell', { name: new RegExp(`Reservation ${desk.reservationId}\\b`) });
  await expect(record).toBeVisible();

  // a reload (or the address sent to a colleague) shows the same account
  await page.reload();
  await expect(picker).toHaveValue(desk.displayName);
  await expect(record).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/invoice\/balance-log$/);
  await expect(picker).toHaveValue('Ada Admin');
  await expect(record).toHaveCount(0);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`accountId=${desk.id}$`));
  await expect(picker).toHaveValue(desk.displayName);
  await expect(record).toBeVisible();

  // a value typed into the address that names no account: Not Found, not an empty list
  await page.goto('/admin/invoice/balance-log?accountId=cash-zurich');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(
    page.getByText('The address names no account: “cash-zurich” is not an account number.'),
  ).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
  await page.getByRole('link', { name: 'Open the balance log' }).click();
  await expect(picker).toHaveValue('Ada Admin');
});

test("an agent is refused another account's records, as the API refuses them", async ({ page, request }) => {
  desk ??= await paidAtDesk(request);
  // The API: the full list is not the agent's (ROLE_BALANCE_LOG_RECORD_LIST); the own list takes no account.
  const agent = { 'x-auth-token': await apiToken(request, AGENT) };
  const refused = await request.get(`${API}/balance-log/list?selectedAccountId=${desk.id}`, {
    headers: agent,
  });
  expect(refused.status()).toBe(403);

  await logIn(page, AGENT);
  await page.goto(`/admin/invoice/balance-log?accountId=${desk.id}`);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('You may see the transactions of your own account only.')).toBeVisible();
  await expect(page.getByText(`Reservation ${desk.reservationId}`)).toHaveCount(0);
  await page.getByRole('link', { name: 'Open the balance log' }).click();
  await expect(page).toHaveURL(/\/admin\/invoice\/balance-log$/);
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Access denied' })).toHaveCount(0);
});
