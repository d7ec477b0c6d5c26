import { readFileSync } from 'node:fs';
import { readPdf } from '@flybook/api/pdf-text';
import { type Inbox, openInbox } from '@flybook/api/smtp-inbox';
import { officeDayOf } from '@flybook/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import {
  API,
  apiToken,
  test as base,
  expect,
  type JourneyServer,
  logIn,
  startJourneyServer,
} from './support.ts';

/**
 * Customer communication as the customer receives it (issue 24): the e-mails arrive at a real SMTP
 * server started here, sent by a server process of its own that delivers over SMTP and runs the
 * payment reminder every few seconds instead of hourly.
 */

/** The job's interval here: short, so a second (wrong) reminder would show within seconds. */
const REMINDER_INTERVAL_MS = 3_000;

const test = base.extend<object, { inbox: Inbox; server: JourneyServer }>({
  inbox: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
    async ({}, use) => {
      const inbox = await openInbox();
      await use(inbox);
      await inbox.close();
    },
    { scope: 'worker' },
  ],
  // This file's server: the demo platform of support.ts, delivering its e-mails to the inbox.
  server: [
    async ({ inbox }, use) => {
      const server = await startJourneyServer({
        SMTP_URL: inbox.url,
        PAYMENT_REMINDER_INTERVAL_MS: String(REMINDER_INTERVAL_MS),
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

test.describe.configure({ mode: 'serial' });

/** The mails to `address` so far. */
const mailsTo = (inbox: Inbox, address: string) =>
  inbox.mails.filter(({ to }) => to.includes(address)).map(({ mail }) => mail);

/** The one mail to `address` whose subject is `subject`, once it has arrived (the sender runs every 5 s). */
async function receive(inbox: Inbox, address: string, subject: string): Promise<ParsedMail> {
  await expect
    .poll(() => mailsTo(inbox, address).map((mail) => mail.subject), {
      message: `an e-mail "${subject}" to ${address}`,
      timeout: 30_000,
      intervals: [500],
    })
    .toContain(subject);
  return mailsTo(inbox, address).find((mail) => mail.subject === subject)!;
}

/** The messages the platform keeps for `address`, as the admin's messages page lists them. */
async function messagesTo(request: APIRequestContext, address: string) {
  const token = await apiToken(request, 'admin@flybook.test');
  const answer = await request.get(
    `${API}/message/list?recipient=${encodeURIComponent(address)}&pageSize=50`,
    {
      headers: { 'x-auth-token': token },
    },
  );
  expect(answer.ok()).toBe(true);
  return (await answer.json()).items as {
    template: string;
    status: string;
    attempts: number;
    channel: string;
    language: string;
    reservationId: number;
  }[];
}

/** The first flight of a route from the public search, at least `days` ahead. */
async function firstFlight(request: APIRequestContext, days: number) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const answer = await request.get(
    `${API}/public/flight/list?origin=ZRH&destination=PRN&departureFrom=${day(days)}&departureTo=${day(days + 30)}`,
  );
  expect(answer.ok()).toBe(true);
  const flight = (await answer.json()).items[0];
  expect(flight, 'a flight ZRH → PRN').toBeTruthy();
  return flight as { id: number; number: string; departure: string };
}

/** A day as the e-mails write it (dd.mm.yyyy). */
const swissDate = (isoDay: string) => isoDay.split('-').reverse().join('.');

const GUEST = 'anna.meier@example.test';
/** What journey 1 hands to journey 2: the booking and the confirmation the guest received. */
let confirmed: { recordLocator: string; mail: ParsedMail } | undefined;

test('a guest books in German and pays by card: the confirmation with ticket and invoice arrives by e-mail', async ({
  page,
  request,
  inbox,
}) => {
  const flight = await firstFlight(request, 5);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/de/booking/flight/travel-dates');
  await page.getByRole('radio', { name: 'Nur Hinflug' }).check();
  await page.getByRole('textbox', { name: 'Hinflug' }).fill(flight.departure.slice(0, 10));
  await page.getByRole('button', { name: 'Flüge suchen' }).click();
  await page
    .locator('.flight-card')
    .filter({ hasText: flight.number })
    .getByRole('button', { name: /^Economy Light/ })
    .click();
  await page.getByRole('button', { name: 'Weiter' }).click();

  await expect(page).toHaveURL(/\/de\/booking\/flight\/passengers$/);
  await page.getByLabel('Vorname').fill('Anna');
  await page.getByLabel('Nachname').fill('Meier');
  await page.getByLabel('Geschlecht').selectOption('female');
  await page.getByLabel('Geburtsdatum').fill('1988-06-21');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/\/seat-reservation$/);
  await page.getByRole('button', { name: 'Weiter' }).click();

  await expect(page).toHaveURL(/\/billing-information$/);
  await page.getByLabel('Vorname').fill('Anna');
  await page.getByLabel('Nachname').fill('Meier');
  await page.getByLabel('Geburtsdatum').fill('1988-06-21');
  await page.getByLabel('E-Mail', { exact: true }).fill(GUEST);
  await page.getByLabel('Mobiltelefon').fill('+41 79 321 54 76');
  await page.getByLabel('Strasse und Nr.').fill('Seestrasse 21');
  await page.getByLabel('PLZ').fill('8002');
  await page.getByLabel('Ort').fill('Zürich');
  await page.getByRole('button', { name: 'Weiter' }).click();

  await expect(page).toHaveURL(/\/reservation-overview$/);
  await page.getByRole('checkbox').check();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Buchen und mit Karte bezahlen' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: /4242 4242 4242 4242/ }).click();

  await expect(page).toHaveURL(/\/de\/datatrans\/success\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank!' })).toBeVisible();
  const success = page.getByText(/Die Reservation [A-HJ-NP-Z2-9]{6} ist bestätigt/);
  await expect(success).toContainText(GUEST);
  const recordLocator = /Reservation ([A-HJ-NP-Z2-9]{6}) ist/.exec((await success.textContent())!)![1]!;
  await page.screenshot({ path: 'test-results/communication-success.png', fullPage: true });

  // The guest's inbox: one confirmation, in German, with the locator, both parts and both PDFs.
  const mail = await receive(inbox, GUEST, `Flybook-Buchung ${recordLocator} bestätigt`);
  expect(mail.headers.get('content-language')).toBe('de');
  expect(mail.text).toContain('vielen Dank für Ihre Zahlung');
  expect(mail.text).toContain(recordLocator);
  expect(mail.html).toContain(recordLocator);
  expect(mail.html).toMatch(/<html[^>]* lang="de"/);
  expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
    [`Ticket-${recordLocator}.pdf`, 'application/pdf'],
    [`Invoice-${recordLocator}.pdf`, 'application/pdf'],
  ]);
  for (const file of mail.attachments) {
    expect(file.content.subarray(0, 5).toString('latin1'), file.filename).toBe('%PDF-');
    const { text } = readPdf(file.content);
    expect(text, file.filename).toContain(recordLocator);
    expect(text, file.filename).toContain('Anna Meier');
  }
  // Nothing was sent when the card booking was made: the one message is the confirmation.
  expect(mailsTo(inbox, GUEST)).toHaveLength(1);

  // The airline's side: the booking is confirmed and paid, and its one e-mail shows as sent.
  const messages = await messagesTo(request, GUEST);
  expect(messages).toEqual([
    expect.objectContaining({ template: 'booking-confirmed', status: 'sent', attempts: 1, language: 'de' }),
  ]);
  const token = await apiToken(request, 'manager@flybook.test');
  const reservation = await (
    await request.get(`${API}/reservation/${messages[0]!.reservationId}`, {
      headers: { 'x-auth-token': token },
    })
  ).json();
  expect(reservation).toMatchObject({ recordLocator, status: 'confirmed', language: 'de' });
  expect(reservation.invoice.status).toBe('paid');
  confirmed = { recordLocator, mail };
});

test('the guest opens "Manage your booking" from the e-mail and downloads the ticket', async ({ page }) => {
  expect(confirmed, 'the confirmation of the journey before').toBeDefined();
  const { recordLocator, mail } = confirmed!;
  const link = /https?:\/\/\S+\/booking\/manage\?ref=[A-Z0-9]+&key=[^\s\])>]+/.exec(mail.text ?? '')?.[0];
  expect(link, 'the manage link in the text part').toBeDefined();
  expect(link).toContain(`/de/booking/manage?ref=${recordLocator}&key=`);
  expect(mail.html).toContain(link!.replace(/&/g, '&amp;'));

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Buchung verwalten' })).toBeVisible();
  await expect(page.locator('.record-locator')).toHaveText(recordLocator);
  await expect(page.getByText('Anna Meier')).toBeVisible();
  await expect(page.getByText('Vollständig bezahlt.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: /mit Karte bezahlen$/ })).toHaveCount(0);
  // The key leaves the address bar (and so the history and a shared screenshot).
  await expect(page).toHaveURL(new RegExp(`/de/booking/manage\\?ref=${recordLocator}$`));
  await page.screenshot({ path: 'test-results/communication-manage.png', fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Ticket herunterladen (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(readPdf(bytes).text).toContain(recordLocator);
});

const CUSTOMER = 'luc.favre@example.test';

/** Through the back-office wizard: one adult, one way on `flight`, billed to a French-speaking contact. */
async function bookOnBill(page: Page, flight: { number: string; departure: string }, deadline: string) {
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await page.goto('/admin/reservation/new');
  await page.getByRole('radio', { name: 'One way' }).check({ force: true });
  const day = officeDayOf(flight.departure);
  await page.getByLabel('Departure date').fill(day);
  await continueButton.click();
  await page
    .getByRole('radio', { name: new RegExp(`^Economy Light on ${flight.number} `) })
    .check({ force: true });
  await continueButton.click();

  await page.getByLabel('Salutation').selectOption('mr');
  await page.getByLabel('First name').fill('Luc');
  await page.getByLabel('Last name').fill('Favre');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(CUSTOMER);
  await page.getByLabel('Date of birth').fill('1975-02-03');
  await page.getByLabel('Street').fill('Rue du Rhône 8');
  await page.getByLabel('Postcode').fill('1204');
  await page.getByLabel('City').fill('Genève');
  await page.getByLabel('Mobile phone').fill('+41 79 444 55 66');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await continueButton.click();

  const passenger = page.getByRole('region', { name: 'Passenger 1' });
  await passenger.getByLabel('Salutation').selectOption('mr');
  await passenger.getByLabel('Gender').selectOption('male');
  await passenger.getByLabel('First name').fill('Luc');
  await passenger.getByLabel('Last name').fill('Favre');
  await passenger.getByLabel('Date of birth').fill('1975-02-03');
  await continueButton.click();
  await continueButton.click(); // no seat: given at check-in

  await page.getByRole('radio', { name: /^Bill/ }).click({ force: true });
  const dialog = page.getByRole('dialog', { name: 'Payment deadline' });
  await dialog.getByLabel('Deadline').fill(deadline);
  await dialog.getByRole('button', { name: 'Set deadline' }).click();
  await expect(page.getByText(/^Payment deadline: /)).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Summary' }).getByText('Calculating…')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/communication-bill.png', fullPage: true });
  await page.getByRole('button', { name: 'Create reservation' }).click();
  await expect(page).toHaveURL(/highlightReservationId=\d+$/);
  return Number(new URL(page.url()).searchParams.get('highlightReservationId'));
}

test('a staff booking on bill terms: the "booking received" e-mail, then one payment reminder from the job', async ({
  page,
  request,
  inbox,
}) => {
  const flight = await firstFlight(request, 10);
  // Tomorrow in Zürich: within PAYMENT_REMINDER_DAYS (3), so the job reminds at its next run.
  const deadline = officeDayOf(new Date(Date.now() + 86_400_000));
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'manager@flybook.test');
  const reservationId = await bookOnBill(page, flight, deadline);

  const token = await apiToken(request, 'manager@flybook.test');
  const reservation = await (
    await request.get(`${API}/reservation/${reservationId}`, { headers: { 'x-auth-token': token } })
  ).json();
  const { recordLocator } = reservation as { recordLocator: string };
  expect(reservation).toMatchObject({ status: 'reserved', language: 'fr' });
  expect(reservation.invoice).toMatchObject({
    paymentTerms: 'bill',
    paymentDeadline: deadline,
    totalPaid: 0,
  });
  await expect(page.getByRole('row').filter({ hasText: recordLocator })).toBeVisible();
  await page.screenshot({ path: 'test-results/communication-list.png', fullPage: true });

  // The booking received: in French, with the locator and the deadline, and a way to manage it.
  const received = await receive(inbox, CUSTOMER, `Réservation Flybook ${recordLocator} reçue`);
  expect(received.headers.get('content-language')).toBe('fr');
  expect(received.text).toContain(recordLocator);
  expect(received.text).toContain(swissDate(deadline));
  const amount = reservation.invoice.total.toFixed(2).replace('.', '[.,]');
  expect(received.text).toMatch(new RegExp(amount));
  expect(received.text).toMatch(new RegExp(`/fr/booking/manage\\?ref=${recordLocator}&key=`));
  expect(received.html).toContain(recordLocator);
  expect(received.html).toContain(swissDate(deadline));
  expect(received.attachments).toEqual([]);

  // The job reminds once the deadline is within reach: once, not on every run after.
  const reminderSubject = `Réservation Flybook ${recordLocator} : paiement dû d'ici au ${swissDate(deadline)}`;
  const reminder = await receive(inbox, CUSTOMER, reminderSubject);
  expect(reminder.headers.get('content-language')).toBe('fr');
  expect(reminder.text).toContain(recordLocator);
  expect(reminder.html).toContain(recordLocator);
  // Two more runs of the job, and a sender round for anything they might have queued.
  await page.waitForTimeout(2 * REMINDER_INTERVAL_MS + 5_500);
  expect(
    mailsTo(inbox, CUSTOMER)
      .map((mail) => mail.subject)
      .sort(),
  ).toEqual([`Réservation Flybook ${recordLocator} reçue`, reminderSubject].sort());
  const messages = await messagesTo(request, CUSTOMER);
  expect(
    messages
      .filter((message) => message.channel === 'email')
      .map(({ template, status, language, reservationId: id }) => ({ template, status, language, id }))
      .sort((a, b) => a.template.localeCompare(b.template)),
  ).toEqual([
    { template: 'booking-received', status: 'sent', language: 'fr', id: reservationId },
    { template: 'payment-reminder', status: 'sent', language: 'fr', id: reservationId },
  ]);
});
