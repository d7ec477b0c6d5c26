import { formatMoney } from '@flybook/locales/format';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  API,
  apiToken,
  bookingBody,
  expect,
  expectAccessible,
  expectLedgerBalanced,
  logIn,
  soonestFlight,
  test,
} from './support.ts';

// Every journey here moves money: the ledger's invariants hold after each.
test.afterEach(async ({ request }) => {
  await expectLedgerBalanced(request);
});

const MANAGER = 'manager@flybook.test';
const AGENT = 'agent@flybook.test';

const headersOf = (token: string) => ({ 'x-auth-token': token });

let serial = 0;

/** A booking made through the API, with a last name of its own to find it by. */
async function book(
  request: APIRequestContext,
  token: string,
  options: { terms: 'bill' | 'now' | 'later'; passengers?: number },
) {
  serial += 1;
  const lastName = `Gashi${String.fromCharCode(65 + (serial % 26))}${serial}x`;
  const flight = await soonestFlight(request, await apiToken(request, MANAGER));
  const response = await request.post(`${API}/reservation`, {
    headers: headersOf(token),
    data: bookingBody({
      flightId: flight.id,
      lastName,
      firstNames: ['Liridona', 'Elira', 'Arta'].slice(0, options.passengers ?? 1),
      email: `liridona.${serial}@example.test`,
      language: 'en',
      paymentTerms: options.terms,
    }),
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { id: number; invoice: { id: number; total: number } };
  return { ...body, lastName };
}

async function reservationOf(request: APIRequestContext, token: string, id: number) {
  const response = await request.get(`${API}/reservation/${id}`, { headers: headersOf(token) });
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    status: string;
    invoice: { status: string; payments: { amount: number }[] };
  };
}

/** Clicks twice within one task, before the page can render anything in between. */
const clickTwiceAtOnce = (button: Locator) =>
  button.evaluate((element) => {
    (element as HTMLElement).click();
    (element as HTMLElement).click();
  });

/** A reservation's row on the list, found by its id. */
const listRow = (page: Page, id: number) =>
  page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: new RegExp(`^${id} `) }) });

async function openRowAction(page: Page, id: number, action: string) {
  await page.goto(`/admin/reservation/list?highlightReservationId=${id}`);
  await listRow(page, id)
    .getByRole('button', { name: `More actions for reservation ${id}`, exact: true })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Pays in the card provider's stand-in with the test card that succeeds. */
async function payInStandIn(popup: Page) {
  await popup.getByRole('button', { name: /4242 4242 4242 4242/ }).click();
}

test('a double click on each money button of the desk books once', async ({ page, request }) => {
  const manager = await apiToken(request, MANAGER);
  const admin = await apiToken(request, 'admin@flybook.test');
  await logIn(page, MANAGER);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  // Payment form: a double click, then two clicks inside one task.
  for (const click of [(button: Locator) => button.dblclick(), clickTwiceAtOnce]) {
    const reservation = await book(request, manager, { terms: 'bill' });
    await page.goto(`/admin/reservation/${reservation.id}/payment`);
    await page.getByRole('radio', { name: 'Cash' }).check({ force: true });
    await click(page.getByRole('button', { name: 'Confirm' }));
    await expect(page.getByText('Payment successfully').first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/reservation\/list/);
    const paid = await reservationOf(request, manager, reservation.id);
    expect(paid.invoice.payments).toHaveLength(1);
    expect(paid.invoice.status).toBe('paid');
  }

  // New Transaction: "Book transaction" of a cashback.
  const customerMe = await (
    await request.get(`${API}/user/me`, {
      headers: headersOf(await apiToken(request, 'customer@flybook.test')),
    })
  ).json();
  const accountOfCustomer = async () =>
    (await (await request.get(`${API}/user/${customerMe.id}/account`, { headers: headersOf(admin) })).json())
      .balance as number;
  const before = await accountOfCustomer();
  await page.goto('/admin/invoice/new-transaction');
  await page.getByRole('tab', { name: 'Cashback' }).click();
  const cashback = page.getByRole('form', { name: 'Cashback' });
  await cashback.getByRole('combobox', { name: 'Customer or agent account' }).fill('Berisha');
  await page.getByRole('option', { name: /Arben Berisha/ }).click();
  await cashback.getByRole('textbox', { name: /Amount/ }).fill('15');
  await cashback.getByRole('textbox', { name: /Description/ }).fill('Goodwill');
  await cashback.getByRole('button', { name: 'Book transaction' }).dblclick();
  await expect(page.getByText('Payment done').first()).toBeVisible();
  await expect.poll(accountOfCustomer).toBe(before + 15);
  await page.waitForTimeout(500);
  expect(await accountOfCustomer()).toBe(before + 15);

  // Allotment invoice payment.
  const invoices = await (
    await request.get(`${API}/allotment/invoice/list?pageSize=5`, { headers: headersOf(manager) })
  ).json();
  const invoice = invoices.items.find((item: { status: string }) => item.status !== 'paid');
  await page.goto(`/admin/allotment/${invoice.id}/payment`);
  await page.getByRole('radio', { name: 'Cash' }).check({ force: true });
  await page.getByRole('button', { name: 'Confirm' }).dblclick();
  await expect(page.getByText('Payment successfully').first()).toBeVisible();
  const allotmentInvoice = await (
    await request.get(`${API}/allotment/invoice/${invoice.id}`, { headers: headersOf(manager) })
  ).json();
  expect(allotmentInvoice.payments).toHaveLength(1);

  // Card start: one payment window, one transaction, one payment.
  const byCard = await book(request, manager, { terms: 'bill' });
  let popups = 0;
  page.on('popup', () => {
    popups += 1;
  });
  await page.goto(`/admin/reservation/${byCard.id}/payment`);
  await page.getByRole('radio', { name: 'Card' }).check({ force: true });
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Confirm' }).dblclick();
  const popup = await popupOpened;
  await payInStandIn(popup);
  await expect(popup.getByText('Payment successfully')).toBeVisible();
  await expect(page.getByText('This invoice is paid.')).toBeVisible();
  expect(popups).toBe(1);
  expect((await reservationOf(request, manager, byCard.id)).invoice.payments).toHaveLength(1);
  await popup.close();

  // Cancel with a fee: one cancellation; a second would be refused as already cancelled (a paid
  // booking's refund and its reconciling invoice: cancel-split.test.ts).
  const toCancel = await book(request, manager, { terms: 'bill' });
  await openRowAction(page, toCancel.id, 'Cancel reservation…');
  const cancel = page.getByRole('dialog', { name: `Cancel reservation ${toCancel.id}` });
  await cancel.getByLabel('Cancellation fee (CHF)').fill('10');
  await cancel.getByRole('button', { name: 'Cancel reservation' }).dblclick();
  await expect(page.getByText('Reservation cancelled')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByText('The reservation is cancelled and cannot be changed.')).toHaveCount(0);
  await expect(page.getByText('Reservation cancelled')).toHaveCount(1);
  expect((await reservationOf(request, manager, toCancel.id)).status).toBe('cancelled');

  // Split: one new reservation, not two.
  const toSplit = await book(request, manager, { terms: 'bill', passengers: 3 });
  await openRowAction(page, toSplit.id, 'Split…');
  const split = page.getByRole('dialog', { name: `Split reservation ${toSplit.id}` });
  await split.getByRole('radio', { name: /Elira/ }).check({ force: true });
  await split.getByRole('button', { name: 'Split' }).dblclick();
  await expect(page.getByText('Reservation separated successfully').first()).toBeVisible();
  const found = await (
    await request.get(`${API}/reservation/list?query=${toSplit.lastName}`, { headers: headersOf(manager) })
  ).json();
  expect(found.total).toBe(2);
  expect((await reservationOf(request, manager, toSplit.id)).status).not.toBe('cancelled');
});

test('a card payment in the pop-up refreshes the back office; the pop-up shows only the outcome', async ({
  page,
  request,
}) => {
  const manager = await apiToken(request, MANAGER);
  const reservation = await book(request, manager, { terms: 'bill' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, MANAGER);
  await page.goto(`/admin/reservation/${reservation.id}/payment`);
  await page.getByRole('radio', { name: 'Card' }).check({ force: true });
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Confirm' }).click();
  const popup = await popupOpened;
  await popup.setViewportSize({ width: 1280, height: 800 });
  // While the window is open the form cannot start a second payment.
  await expect(page.getByRole('button', { name: 'Paying…' })).toBeDisabled();
  await payInStandIn(popup);

  // The pop-up: the outcome and a way to close, no back office and no payment form.
  await expect(popup.getByRole('heading', { name: 'Card payment' })).toBeVisible();
  await expect(popup.getByText('Payment successfully')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Close window' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await expect(popup.getByRole('navigation')).toHaveCount(0);
  // The main window learns it without a reload (read before the scan below: the notice fades).
  await expect(page.getByText('This invoice is paid.')).toBeVisible();
  await expect(page.getByText('Payment successfully').first()).toBeVisible();
  await expectAccessible(popup, 'card window outcome');
  await popup.screenshot({ path: 'test-results/card-window-outcome-en.png' });
  expect((await reservationOf(request, manager, reservation.id)).invoice.payments).toHaveLength(1);

  // The same outcome page in Albanian (the window reads the back office's language).
  await popup.evaluate(() => localStorage.setItem('flybook.locale', 'sq'));
  await popup.reload();
  await expect(popup.getByRole('heading', { name: 'Pagesa me kartë' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Mbyll dritaren' })).toBeVisible();
  await popup.screenshot({ path: 'test-results/card-window-outcome-sq.png' });
  await popup.evaluate(() => localStorage.setItem('flybook.locale', 'en'));
  await popup.getByRole('button', { name: 'Mbyll dritaren' }).click();
  // window.close() takes effect after the click returns.
  await expect.poll(() => popup.isClosed()).toBe(true);
  // Confirming again booked nothing more.
  expect((await reservationOf(request, manager, reservation.id)).invoice.payments).toHaveLength(1);

  // Closing the pop-up without paying says so, and nothing is booked.
  const unpaid = await book(request, manager, { terms: 'bill' });
  await page.goto(`/admin/reservation/${unpaid.id}/payment`);
  await page.getByRole('radio', { name: 'Card' }).check({ force: true });
  const second = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Confirm' }).click();
  const abandoned = await second;
  await expect(abandoned.getByRole('button', { name: /4242 4242 4242 4242/ })).toBeVisible();
  await abandoned.close();
  await expect(page.getByText('The payment was not completed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  expect((await reservationOf(request, manager, unpaid.id)).invoice.payments).toHaveLength(0);
});

test('an agent pays its own near-departure bookings from its account and by card, and prints the ticket', async ({
  page,
  request,
}) => {
  const agent = await apiToken(request, AGENT);
  const admin = await apiToken(request, 'admin@flybook.test');
  const me = await (await request.get(`${API}/user/me`, { headers: headersOf(agent) })).json();
  // The agency has prepaid money on its account.
  const account = await (
    await request.get(`${API}/user/${me.id}/account`, { headers: headersOf(admin) })
  ).json();
  const types = await (
    await request.get(`${API}/payment/free/type/list`, { headers: headersOf(admin) })
  ).json();
  const desks = await (
    await request.get(`${API}/account/payment-list?paymentType=cash`, { headers: headersOf(admin) })
  ).json();
  const deposit = await request.post(`${API}/payment/free/basic`, {
    headers: headersOf(admin),
    data: {
      debitAccountId: desks.items[0].id,
      creditAccountId: account.id,
      amount: 3000,
      typeId: types.items.find((type: { code: string }) => type.code === 'prepaid_deposit').id,
      description: 'Prepaid',
    },
  });
  expect(deposit.status()).toBe(201);

  // Card-now bookings on the soonest flight, as the agent's wizard makes them.
  const fromAccount = await book(request, agent, { terms: 'now' });
  const byCard = await book(request, agent, { terms: 'now' });
  await logIn(page, AGENT);

  // The wizard's way after a card-now booking: straight to the payment page, not the deny page.
  await page.goto(`/admin/reservation/${fromAccount.id}/payment?source=reservationList`);
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Cash' })).toHaveCount(0);
  // The agent's other card-now booking holds its price back from the account (withheld): the
  // CHF 3,000 deposited less that booking's price, whatever the soonest flight costs that day.
  const available = 300_000 - Math.round(byCard.invoice.total * 100);
  expect(available).toBeGreaterThan(0);
  expect(available).toBeLessThan(300_000);
  await expect(page.getByText(`Available: ${formatMoney(available, 'en')}`)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Account' })).toBeEnabled();
  await page.getByRole('radio', { name: 'Account' }).check({ force: true });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Payment successfully').first()).toBeVisible();
  const paid = await reservationOf(request, agent, fromAccount.id);
  expect(paid.invoice.status).toBe('paid');
  expect(paid.status).toBe('confirmed');

  // Its ticket, from the row menu.
  await page.goto(`/admin/reservation/list?highlightReservationId=${fromAccount.id}`);
  await listRow(page, fromAccount.id)
    .getByRole('button', { name: `More actions for reservation ${fromAccount.id}`, exact: true })
    .click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Ticket (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe('Ticket.pdf');

  // The other booking by card, from the list's Pay.
  await openRowAction(page, byCard.id, 'Pay');
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Card' }).check({ force: true });
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Confirm' }).click();
  const popup = await popupOpened;
  await payInStandIn(popup);
  await expect(popup.getByText('Payment successfully')).toBeVisible();
  await expect(page.getByText('This invoice is paid.')).toBeVisible();
  expect((await reservationOf(request, agent, byCard.id)).invoice.status).toBe('paid');
  await popup.close();

  // Charge account: a double click on "Pay by card" opens one payment, charged once.
  const balance = async () =>
    (await (await request.get(`${API}/user/${me.id}/account`, { headers: headersOf(admin) })).json())
      .balance as number;
  const beforeCharge = await balance();
  let popups = 0;
  page.on('popup', () => {
    popups += 1;
  });
  await page.goto('/admin/invoice/balance-log');
  await page.getByRole('button', { name: 'Charge account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Charge account' });
  await dialog.getByRole('textbox', { name: /Amount/ }).fill('80');
  const chargeOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Pay by card' }).dblclick();
  const charge = await chargeOpened;
  await payInStandIn(charge);
  await expect(charge.getByText('Payment done: your account has been charged.')).toBeVisible();
  await expect(page.getByText('Payment done: your account has been charged.').first()).toBeVisible();
  expect(popups).toBe(1);
  expect(await balance()).toBe(Math.round((beforeCharge + 80) * 100) / 100);
  await charge.close();

  // Its history.
  await page.goto(`/admin/reservation/history/${byCard.id}`);
  await expect(
    page.getByRole('heading', { name: new RegExp(`Reservation history.*${byCard.id}`) }),
  ).toBeVisible();
});
