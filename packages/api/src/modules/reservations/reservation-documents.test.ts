import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationInvoices } from '../../db/schema/index.ts';
import { billing } from '../../test/bookings.ts';
import { catalogueIds, flightBody } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { amountsIn, chf, line, readPdf } from './documents/document-fixtures.ts';
import { createReservationsService } from './reservations.service.ts';

let t: TestApp;
let manager: string;
let agent: string;
let customer: string;
let outboundId: number;
let returnId: number;
/** The checked bag option; its price in Rappen. */
let bag: { id: number; price: number };

const api: TestApp['api'] = (...args) => t.api(...args);

type Kind = 'ticket' | 'invoice' | 'overview';

/** Downloads a reservation document as the browser gets it: status, headers and the bytes. */
async function download(kind: Kind, reservationId: number, locale: string, token: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/reservation/${reservationId}/${kind}/pdf/${locale}`,
    headers: { 'x-auth-token': token },
  });
  const isPdf = String(response.headers['content-type']).startsWith('application/pdf');
  return {
    status: response.statusCode,
    headers: response.headers,
    error: isPdf ? undefined : response.json().errors[0],
    pdf: isPdf ? readPdf(response.rawPayload) : undefined,
  };
}

/** The text of a document the caller may get (fails with the server's answer otherwise). */
async function documentText(kind: Kind, reservationId: number, locale: string, token: string) {
  const answer = await download(kind, reservationId, locale, token);
  expect(answer.status, JSON.stringify(answer.error)).toBe(200);
  return answer.pdf!;
}

const rappen = (chfAmount: number) => Math.round(chfAmount * 100);

let flightNumber = 6100;
async function createFlight(overrides: Parameters<typeof flightBody>[1]): Promise<number> {
  flightNumber += 1;
  const ids = await catalogueIds(t, manager);
  const response = await api(
    'POST',
    'flight',
    manager,
    flightBody(ids, { number: `FB${flightNumber}`, ...overrides }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id;
}

const person = (firstName: string, lastName: string, overrides: object = {}) => ({
  salutation: 'mrs',
  firstName,
  lastName,
  gender: 'female',
  ageType: 'adult',
  birthday: '1988-02-11',
  ...overrides,
});

/** A return trip ZRH–PRN–ZRH for two adults and an infant, with seats and a bag on the way out. */
const returnTrip = (overrides: object = {}) => ({
  bookedFlights: [
    { flight: { id: outboundId }, tariff: { id: 1 } },
    { flight: { id: returnId }, tariff: { id: 1 } },
  ],
  passengers: [
    person('Vjosa', 'Berisha'),
    person('Arbën', 'Gashi', { salutation: 'mr', gender: 'male' }),
    person('Leka', 'Berisha', {
      salutation: 'mr',
      gender: 'male',
      ageType: 'infant',
      birthday: '2030-09-01',
    }),
  ],
  passengersSeats: [
    { passenger: 0, flight: { id: outboundId }, seatLabel: '9A' },
    { passenger: 1, flight: { id: outboundId }, seatLabel: '9B' },
    { passenger: 0, flight: { id: returnId }, seatLabel: '11C' },
    { passenger: 1, flight: { id: returnId }, seatLabel: '11D' },
  ],
  passengersOptions: [{ passenger: 0, flight: { id: outboundId }, option: { id: bag.id } }],
  billingInformation: billing(),
  ...overrides,
});

/** A one-way booking for one adult on the outbound flight, without a seat. */
const oneWay = (firstName: string, overrides: object = {}) => ({
  bookedFlights: [{ flight: { id: outboundId }, tariff: { id: 1 } }],
  passengers: [person(firstName, 'Krasniqi')],
  billingInformation: billing(),
  ...overrides,
});

async function book(token: string | undefined, body: object) {
  const response = await api('POST', 'reservation', token, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
  agent = await t.login('agent');
  customer = await t.login('customer');
  // 13 July 2031 at 07:05 in Zürich, back on 26 July at 12:30 in Prishtina (summer time in both).
  outboundId = await createFlight({
    departure: '2031-07-13T05:05:00Z',
    arrival: '2031-07-13T07:10:00Z',
  });
  returnId = await createFlight({
    origin: { code: 'PRN' },
    destination: { code: 'ZRH' },
    departure: '2031-07-26T10:30:00Z',
    arrival: '2031-07-26T12:40:00Z',
  });
  const ids = await catalogueIds(t, manager);
  const config = encodeURIComponent(JSON.stringify({ rateId: ids.rateId, tariffId: 1 }));
  const options = (await api('GET', `public/option/attach/list?config=${config}`)).body.items;
  const found = options.find((option: { code: string }) => option.code === 'BAG23');
  bag = { id: found.id, price: rappen(found.configValues.price) };
});
afterAll(async () => {
  await t.close();
});

describe('documents of a billed return trip, for staff', () => {
  let reservation: {
    id: number;
    recordLocator: string;
    invoice: { total: number };
    flights: { number: string }[];
  };
  beforeAll(async () => {
    reservation = await book(manager, returnTrip({ paymentTerms: 'bill' }));
  });

  it('sends the ticket as Ticket.pdf: a page per passenger with flights, seats and the bag, marked not paid (German)', async () => {
    const answer = await download('ticket', reservation.id, 'de', manager);
    expect(answer.status, JSON.stringify(answer.error)).toBe(200);
    expect(answer.headers['content-disposition']).toContain('filename="Ticket.pdf"');
    const { pages, info } = answer.pdf!;
    expect(info).toMatch(new RegExp(`Title:\\s+E-Ticket ${reservation.recordLocator}`));
    expect(pages).toHaveLength(3);
    const [vjosa, arben, leka] = pages as [string, string, string];
    const [outbound, back] = reservation.flights.map((flight) => flight.number) as [string, string];
    for (const page of pages) {
      expect(page).toContain(`Buchungsreferenz ${reservation.recordLocator}`);
      // The internal number stays in the footer, where staff look for it.
      expect(page).toContain(`Reservation Nr. ${reservation.id}`);
      expect(page).toMatch(line('Hinflug', `Flybook Air · ${outbound}`));
      expect(page).toMatch(line('Rückflug', `Flybook Air · ${back}`));
      expect(page).toMatch(line('Flughafen Zürich', 'Flughafen Pristina'));
      expect(page).toMatch(line('ZRH', 'PRN', 'Economy Light'));
      // Local times at each airport.
      expect(page).toMatch(line('So. 13.07.2031 07:05', 'So. 13.07.2031 09:10'));
      expect(page).toMatch(line('Sa. 26.07.2031 12:30', 'Sa. 26.07.2031 14:40'));
      // Billed and not paid yet: staff may print it, and it says it is not valid for travel.
      expect(page).toContain('Nicht bezahlt');
    }
    expect(vjosa).toMatch(line('Passagier', 'Frau Vjosa Berisha'));
    expect(vjosa).toMatch(line('So. 13.07.2031 07:05', 'So. 13.07.2031 09:10', '9A'));
    expect(vjosa).toMatch(line('Sa. 26.07.2031 12:30', 'Sa. 26.07.2031 14:40', '11C'));
    expect(vjosa).toContain('Optionen: Aufgabegepäck 23 kg');
    expect(arben).toMatch(line('Passagier', 'Herr Arbën Gashi'));
    expect(arben).toMatch(line('So. 13.07.2031 07:05', 'So. 13.07.2031 09:10', '9B'));
    expect(arben).toMatch(line('Sa. 26.07.2031 12:30', 'Sa. 26.07.2031 14:40', '11D'));
    expect(arben).not.toContain('Aufgabegepäck');
    expect(leka).toMatch(line('Passagier', 'Herr Leka Berisha'));
  });

  it('sends the invoice as Invoice.pdf with the total the reservation shows, and the overview as ReservationOverview.pdf', async () => {
    const total = rappen(reservation.invoice.total);
    const invoice = await download('invoice', reservation.id, 'de', manager);
    expect(invoice.status, JSON.stringify(invoice.error)).toBe(200);
    expect(invoice.headers['content-disposition']).toContain('filename="Invoice.pdf"');
    const invoiceText = invoice.pdf!.text;
    expect(invoiceText).toContain(reservation.recordLocator);
    expect(invoiceText).toContain('Frau Vjosa Berisha');
    expect(invoiceText).toContain('Herr Arbën Gashi');
    expect(invoiceText).toContain('Herr Leka Berisha');
    expect(invoiceText).toMatch(line('Sitzplatzreservation 9A'));
    expect(invoiceText).toMatch(line('Aufgabegepäck 23 kg', chf(bag.price, 'de')));
    expect(invoiceText).toMatch(line('Total', chf(total, 'de')));
    expect(invoiceText).toMatch(line('Noch zu bezahlen', chf(total, 'de')));
    // The passengers' totals add up to what the reservation costs.
    const passengerTotals = [...invoiceText.matchAll(/Total für .+/g)].flatMap((match) =>
      amountsIn(match[0], 'de'),
    );
    expect(passengerTotals).toHaveLength(3);
    expect(passengerTotals.reduce((sum, amount) => sum + amount, 0)).toBe(total);

    const overview = await download('overview', reservation.id, 'de', manager);
    expect(overview.status, JSON.stringify(overview.error)).toBe(200);
    expect(overview.headers['content-disposition']).toContain('filename="ReservationOverview.pdf"');
    const overviewText = overview.pdf!.text;
    expect(overviewText).toContain('Reservationsübersicht');
    expect(overviewText).toContain(reservation.recordLocator);
    expect(overviewText).toMatch(line('Reservationsstatus', 'Reserviert'));
    for (const name of ['Vjosa Berisha', 'Arbën Gashi', 'Leka Berisha']) expect(overviewText).toContain(name);
    for (const seat of ['9A', '9B', '11C', '11D']) expect(overviewText).toMatch(new RegExp(`\\b${seat}\\b`));
    expect(overviewText).toContain(chf(total, 'de'));
  });

  it('prints the documents in Albanian when asked in Albanian', async () => {
    const total = rappen(reservation.invoice.total);
    const ticket = await documentText('ticket', reservation.id, 'sq', manager);
    expect(ticket.info).toMatch(/Title:\s+Biletë elektronike/);
    expect(ticket.text).toContain('Aeroporti i Cyrihut');
    expect(ticket.text).toContain('Aeroporti Ndërkombëtar i Prishtinës');
    expect(ticket.text).toContain('Ekonomike Light');
    expect(ticket.text).toContain('Bagazh i regjistruar 23 kg');
    expect(ticket.text).toContain('Pa paguar');
    expect(ticket.text).not.toContain('Flughafen');

    const invoice = await documentText('invoice', reservation.id, 'sq', manager);
    expect(invoice.text).toContain('Fatura');
    // The billing country by its name in the country list, not its code.
    expect(invoice.text).toContain('Zvicër');
    expect(invoice.text).not.toMatch(/(^|\s{2})CH\s*$/m);
    expect(invoice.text).toMatch(line('Gjithsej', chf(total, 'sq')));

    const overview = await documentText('overview', reservation.id, 'sq', manager);
    expect(overview.text).toContain('Përmbledhja e rezervimit');
    expect(overview.text).toContain(chf(total, 'sq'));
  });
});

describe('who gets which document', () => {
  it("answers 404 for someone else's reservation, as for one that does not exist", async () => {
    const byAgent = await book(agent, oneWay('Dardan', { paymentTerms: 'later' }));
    for (const kind of ['ticket', 'invoice', 'overview'] as const) {
      const answer = await download(kind, byAgent.id, 'de', customer);
      expect(answer.status).toBe(404);
      expect(answer.error.code).toBe('ERROR_NOT_FOUND');
      expect((await download(kind, 999_999, 'de', customer)).status).toBe(404);
    }
  });

  it('gives an agent the overview and the invoice of an unpaid booking but not the ticket; staff get all three', async () => {
    const byAgent = await book(agent, oneWay('Drita', { paymentTerms: 'later' }));
    expect(byAgent.invoice.status).toBe('notPaid');
    const ticket = await download('ticket', byAgent.id, 'de', agent);
    expect(ticket.status).toBe(403);
    expect(ticket.error.code).toBe('ERROR_FORBIDDEN');
    // The agency bills its traveller before paying: the invoice is its to print (docs/payments.md).
    expect((await documentText('invoice', byAgent.id, 'en', agent)).text).toContain('Drita Krasniqi');
    expect((await documentText('overview', byAgent.id, 'en', agent)).text).toContain('Drita Krasniqi');

    const admin = await t.login('admin');
    for (const token of [manager, admin]) {
      expect((await documentText('ticket', byAgent.id, 'en', token)).text).toContain('Not paid');
      expect((await documentText('invoice', byAgent.id, 'en', token)).text).toContain('Drita Krasniqi');
    }
  });

  it('gives the agent the ticket and the invoice once the booking is paid', async () => {
    const byAgent = await book(agent, oneWay('Blerta', { paymentTerms: 'later' }));
    // Payments come with their own area; until then the test settles the invoice in the table.
    await t.database.db
      .update(reservationInvoices)
      .set({ status: 'paid', totalPaid: rappen(byAgent.invoice.total) })
      .where(eq(reservationInvoices.id, byAgent.invoice.id));
    const ticket = await documentText('ticket', byAgent.id, 'en', agent);
    expect(ticket.text).toContain('Mrs Blerta Krasniqi');
    expect(ticket.text).not.toContain('Not paid');
    expect(ticket.text).not.toContain('not valid for travel');
    const invoice = await documentText('invoice', byAgent.id, 'en', agent);
    expect(invoice.text).toMatch(line('Total', chf(rappen(byAgent.invoice.total), 'en')));
    expect(invoice.text).toContain('This invoice has been paid in full.');
  });

  it('keeps the price from an owner when it is hidden: overview without amounts, no invoice', async () => {
    const me = await api('GET', 'user/me', customer);
    const forCustomer = await book(
      manager,
      oneWay('Teuta', { owner: { id: me.body.id }, priceNeedsToBeHidden: true, paymentTerms: 'bill' }),
    );
    const total = rappen(forCustomer.invoice.total);

    const overview = await documentText('overview', forCustomer.id, 'de', customer);
    expect(overview.text).toContain('Teuta Krasniqi');
    expect(overview.text).not.toContain('CHF');
    const invoice = await download('invoice', forCustomer.id, 'de', customer);
    expect(invoice.status).toBe(403);
    expect(invoice.error.code).toBe('ERROR_FORBIDDEN');
    // Unpaid, and customers hold no before-paid role.
    expect((await download('ticket', forCustomer.id, 'de', customer)).status).toBe(403);

    // The reservator (staff here) still sees the price.
    expect((await documentText('overview', forCustomer.id, 'de', manager)).text).toContain(chf(total, 'de'));
    expect((await documentText('invoice', forCustomer.id, 'de', manager)).text).toMatch(
      line('Total', chf(total, 'de')),
    );
  });

  it('issues no ticket for a reservation cancelled when its payment window ran out', async () => {
    const guest = await book(undefined, oneWay('Agon', { paymentTerms: 'now' }));
    await createReservationsService(t.database.db).expireUnpaid(new Date(Date.now() + 16 * 60_000));
    expect((await api('GET', `reservation/${guest.id}`, manager)).body.status).toBe('cancelled');

    const ticket = await download('ticket', guest.id, 'de', manager);
    expect(ticket.status).toBe(422);
    expect(ticket.error).toMatchObject({
      code: 'ERROR_VALIDATION',
      message: 'A cancelled reservation has no ticket',
    });
    const overview = await documentText('overview', guest.id, 'de', manager);
    expect(overview.text).toMatch(line('Reservationsstatus', 'Annulliert'));
    expect(overview.text).toContain('Agon Krasniqi');
  });
});
