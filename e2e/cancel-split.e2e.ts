import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { API, apiToken, billedBooking, expect, expectLedgerBalanced, logIn, test } from './support.ts';

// Every journey here moves money: the ledger's invariants hold after each.
test.afterEach(async ({ request }) => {
  await expectLedgerBalanced(request);
});

/** A row of a reservation list, found by the reservation's id in its first cell. */
const listRow = (page: Page, id: number) =>
  page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: new RegExp(`^${id} `) }) });

/** Opens a row's More menu on the reservation list and picks an action. */
async function rowMenu(page: Page, id: number, action: string) {
  await listRow(page, id)
    .getByRole('button', { name: `More actions for reservation ${id}`, exact: true })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** The amount (Rappen, signed) at the end of the first line of a PDF text holding `label`. */
function amountOn(text: string, label: string): number {
  const line = text.split('\n').find((row) => row.includes(label));
  expect(line, `${label} in\n${text}`).toBeDefined();
  const match = /CHF (-?)([\d,]+)\.(\d{2})\s*$/.exec(line!.replace(/[\u00a0\u202f]/g, ' '));
  expect(match, line).not.toBeNull();
  const rappen = Number(match![2]!.replace(/,/g, '')) * 100 + Number(match![3]);
  return match![1] ? -rappen : rappen;
}

test('a fee charged on cancelling an unpaid booking is paid in cash from the invoice overview, and the invoice reconciles', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'manager@flybook.test');
  const reservation = await billedBooking(request, token, { lastName: 'Krasniqi' });
  await logIn(page, 'manager@flybook.test');

  // A fee above what the booking charges is refused before the server is asked.
  await rowMenu(page, reservation.id, 'Cancel reservation…');
  const cancel = page.getByRole('dialog', { name: `Cancel reservation ${reservation.id}` });
  await cancel.getByLabel('Cancellation fee (CHF)').fill(String(reservation.invoice.total + 1000));
  await cancel.getByRole('button', { name: 'Cancel reservation' }).click();
  await expect(cancel.getByText(/can't be more than the reservation's total/)).toBeVisible();
  await cancel.getByLabel('Cancellation fee (CHF)').fill('80');
  await cancel.getByRole('button', { name: 'Cancel reservation' }).click();
  await expect(page.getByText('Reservation cancelled')).toBeVisible();

  // The fee is a bill like any other: unpaid in the invoice overview, paid there in cash.
  await page.goto('/admin/reservation/invoiceOverview');
  await page
    .getByRole('link', { name: `Pay: reservation ${reservation.id}` })
    .first()
    .click();
  await expect(
    page.getByText('This reservation is cancelled. Its cancellation fee is still to pay.'),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Cash' }).check({ force: true });
  await expect(page.getByRole('textbox', { name: 'Amount to pay (CHF)' })).toHaveValue('80.00');
  const confirm = page.getByRole('button', { name: 'Confirm' });
  // A double click books once (the server refuses a payment on a paid invoice).
  await confirm.dblclick();
  await expect(page.getByText('Payment successfully').first()).toBeVisible();
  const after = await (
    await request.get(`${API}/reservation/${reservation.id}`, { headers: { 'x-auth-token': token } })
  ).json();
  expect(after).toMatchObject({ status: 'cancelled', invoice: { total: 80, totalPaid: 80, status: 'paid' } });
  expect(after.invoice.payments).toHaveLength(1);

  // The invoice PDF of the cancelled booking adds up: lines, cancellation, fee, payment, balance.
  // A cancelled booking holds no seat any more: it is listed with the inactive, cancelled ones.
  await page.goto('/admin/reservation/list');
  await page.getByLabel('Active', { exact: true }).selectOption('false');
  // The statuses are among the folded filters.
  await page.getByRole('button', { name: 'More filters' }).click();
  await page.getByRole('checkbox', { name: 'Cancelled' }).check({ force: true });
  const download = page.waitForEvent('download');
  await rowMenu(page, reservation.id, 'Invoice (PDF)');
  const file = await (await download).path();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const total = Math.round(reservation.invoice.total * 100);
  expect(amountOn(text, 'Reservation total')).toBe(total);
  expect(amountOn(text, 'Cancellation of')).toBe(-total);
  expect(amountOn(text, 'Cancellation fee')).toBe(8000);
  expect(amountOn(text, '· Cash desk')).toBe(8000);
  expect(amountOn(text, 'Paid so far')).toBe(8000);
  expect(amountOn(text, 'Still to pay')).toBe(0);
  expect(text).toContain('This invoice has been paid in full.');
});

test('a paid booking is split: both parts show paid, and each history names the other', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'manager@flybook.test');
  const headers = { 'x-auth-token': token };
  const reservation = await billedBooking(request, token, { lastName: 'Berisha' });
  const desks = await (await request.get(`${API}/account/payment-list?paymentType=cash`, { headers })).json();
  const paid = await request.post(`${API}/payment/reservation/invoice`, {
    headers,
    data: {
      amount: reservation.invoice.total,
      paymentTypeCode: 'cash',
      reservationInvoiceId: reservation.invoice.id,
      accountId: desks.items[0].id,
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  await logIn(page, 'manager@flybook.test');
  await rowMenu(page, reservation.id, 'Split…');
  const split = page.getByRole('dialog', { name: `Split reservation ${reservation.id}` });
  await split.getByRole('radio', { name: /Elira/ }).check({ force: true });
  await split.getByRole('button', { name: 'Split' }).click();
  await expect(page.getByText('Reservation separated successfully')).toBeVisible();

  const original = await (await request.get(`${API}/reservation/${reservation.id}`, { headers })).json();
  const partId = original.splitInto[0].id as number;
  // Both rows of the list read paid, and both tickets can be printed.
  for (const id of [reservation.id, partId]) {
    await expect(listRow(page, id)).toContainText('Paid');
  }
  const part = await (await request.get(`${API}/reservation/${partId}`, { headers })).json();
  expect(part.invoice.totalPaid).toBe(part.invoice.total);
  expect(original.invoice.totalPaid).toBe(original.invoice.total);

  await page.goto(`/admin/reservation/history/${partId}`);
  await page
    .getByRole('link', { name: `Split off from reservation ${reservation.id} (${original.recordLocator})` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/reservation/history/${reservation.id}$`));
  await expect(
    page.getByRole('link', {
      name: `Passengers split off into reservation ${partId} (${part.recordLocator})`,
    }),
  ).toBeVisible();
});
