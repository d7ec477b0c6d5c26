import { API, apiToken, billedBooking, expect, expectLedgerBalanced, logIn, test } from './support.ts';

// Every journey here moves money: the ledger's invariants hold after each.
test.afterEach(async ({ request }) => {
  await expectLedgerBalanced(request);
});

/** CHF as the back office shows it (en): "CHF 1,234.50". */
const chf = (amount: number) =>
  `CHF\u00a0${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a manager takes a cash payment and finds it in the balance log with the balances after it', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'manager@flybook.test');
  const reservation = await billedBooking(request, token, { lastName: 'Gashi' });
  const desks = await (
    await request.get(`${API}/account/payment-list?paymentType=cash`, { headers: { 'x-auth-token': token } })
  ).json();
  const desk = desks.items[0] as { id: number; displayName: string; balance: number };

  await logIn(page, 'manager@flybook.test');
  await page.goto(`/admin/reservation/${reservation.id}/payment`);
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Cash' }).check({ force: true });
  await expect(page.getByRole('textbox', { name: 'Amount to pay (CHF)' })).toHaveValue(
    reservation.invoice.total.toFixed(2),
  );
  await page.screenshot({ path: 'test-results/payment-page.png', fullPage: true });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Payment successfully')).toBeVisible();

  await page.goto(`/admin/invoice/balance-log?accountId=${desk.id}`);
  const row = page.getByRole('row').filter({ hasText: `Reservation ${reservation.id}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(chf(reservation.invoice.total));
  await expect(row).toContainText(chf(desk.balance + reservation.invoice.total));
  await page.screenshot({ path: 'test-results/balance-log.png', fullPage: true });
});

test('an agent charges its account by card on the payment page and sees its balance rise', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'agent@flybook.test');
  const me = await (await request.get(`${API}/user/me`, { headers: { 'x-auth-token': token } })).json();
  const before = (
    await (await request.get(`${API}/user/${me.id}/account`, { headers: { 'x-auth-token': token } })).json()
  ).balance as number;

  await logIn(page, 'agent@flybook.test');
  // The payment returns to the page it was started from: the agent's own balance log.
  await page.goto('/admin/invoice/balance-log');
  await page.getByRole('button', { name: 'Charge account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Charge account' });
  await dialog.getByRole('textbox', { name: /Amount/ }).fill('120');
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Pay by card' }).click();
  const payment = await popupOpened;
  await expect(payment.getByText('CHF 120.00', { exact: true })).toBeVisible();
  await payment.screenshot({ path: 'test-results/payment-stand-in.png', fullPage: true });
  await payment.getByRole('button', { name: /4242 4242 4242 4242/ }).click();

  // The provider sends the payer back into the window, which confirms the payment and shows only
  // that; the balance log the agent started from is refreshed without a reload.
  await expect(payment.getByText('Payment done: your account has been charged.')).toBeVisible();
  await expect(payment.getByRole('button', { name: 'Close window' })).toBeVisible();
  await expect(page.getByText(chf(before + 120)).first()).toBeVisible();
  // Newest first: the top-up just made (other journeys of this worker's server may have made more).
  const record = page.getByRole('row').filter({ hasText: 'Account top-up' }).first();
  await expect(record).toContainText(chf(120));
  await page.screenshot({ path: 'test-results/agent-charged.png', fullPage: true });
});
