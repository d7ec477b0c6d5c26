import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Workbook } from '@cj-tech-master/excelts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, placeReservation } from '../../test/bookings.ts';
import { catalogueIds, flightBody } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let manager: string;
let agent: string;
let ids: Awaited<ReturnType<typeof catalogueIds>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  manager = await t.login('manager');
  agent = await t.login('agent');
  ids = await catalogueIds(t, admin);
});
afterAll(() => t.close());

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | undefined,
  payload?: unknown,
) =>
  t.request({
    method,
    url: `/api/v1/${url}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function createFlight(overrides: Parameters<typeof flightBody>[1] = {}) {
  const response = await api('POST', 'flight', manager, flightBody(ids, overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; number: string };
}

const outboxFor = async (recipient: string) =>
  (await t.request({ method: 'GET', url: `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}` })).body
    .items;

describe('flight states', () => {
  it('cancels only a created flight, and nothing follows a cancellation', async () => {
    const flight = await createFlight({ number: 'FB5101' });
    const cancelled = await api('PUT', `flight/${flight.id}/status/cancelled`, manager);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    for (const url of [`status/cancelled`, `status/departed`, `delayed`, `booked-out`]) {
      const response = await api('PUT', `flight/${flight.id}/${url}`, manager);
      expect(response.status, url).toBe(409);
      expect(response.body.errors[0].code).toBe('ERROR_FLIGHT_STATUS_TRANSITION');
    }
  });

  it('marks a future flight departed only after a delay, and allows nothing after departed', async () => {
    const flight = await createFlight({ number: 'FB5102' });
    expect((await api('PUT', `flight/${flight.id}/status/departed`, manager)).status).toBe(409);
    const delayed = await api(
      'PUT',
      `flight/${flight.id}/delayed?minutes=40&isEmailNotifyEnabled=false`,
      manager,
    );
    expect(delayed.body).toMatchObject({ isDelayed: true, delayMinutes: 40 });
    const departed = await api('PUT', `flight/${flight.id}/status/departed`, manager);
    expect(departed.body.status).toBe('departed');
    for (const [method, url] of [
      ['PUT', 'status/cancelled'],
      ['PUT', 'status/departed'],
      ['PUT', 'delayed'],
      ['DELETE', 'delayed'],
      ['PUT', 'booked-out'],
    ] as const) {
      expect((await api(method, `flight/${flight.id}/${url}`, manager)).status, `${method} ${url}`).toBe(409);
    }
  });

  it('marks a flight departed at its normal departure time', async () => {
    const soon = new Date(Date.now() + 30 * 60_000);
    const flight = await createFlight({
      number: 'FB5103',
      departure: soon.toISOString(),
      arrival: new Date(soon.getTime() + 2 * 3_600_000).toISOString(),
    });
    expect((await api('PUT', `flight/${flight.id}/status/departed`, manager)).body.status).toBe('departed');
  });

  it('books out and reopens a flight, and takes back a delay', async () => {
    const flight = await createFlight({ number: 'FB5104' });
    expect((await api('PUT', `flight/${flight.id}/booked-out`, manager)).body.isBookedOut).toBe(true);
    expect((await api('DELETE', `flight/${flight.id}/booked-out`, manager)).body.isBookedOut).toBe(false);
    expect((await api('DELETE', `flight/${flight.id}/delayed`, manager)).status).toBe(409);
    await api('PUT', `flight/${flight.id}/delayed?isEmailNotifyEnabled=false`, manager);
    expect((await api('DELETE', `flight/${flight.id}/delayed`, manager)).body).toMatchObject({
      isDelayed: false,
      delayMinutes: null,
    });
  });

  it('needs the role of each state change', async () => {
    const flight = await createFlight({ number: 'FB5105' });
    for (const [method, url] of [
      ['PUT', `flight/${flight.id}/status/cancelled`],
      ['PUT', `flight/${flight.id}/delayed`],
      ['PUT', `flight/${flight.id}/booked-out`],
      ['PUT', `flight/list/active?ids[]=${flight.id}`],
      ['DELETE', `flight/list?ids[]=${flight.id}`],
    ] as const) {
      expect((await api(method, url, agent)).status, url).toBe(403);
      expect((await api(method, url, undefined)).status, url).toBe(401);
    }
    expect((await api('PUT', `flight/${flight.id}/status/closed`, manager)).status).toBe(422);
    expect((await api('PUT', 'flight/999999/booked-out', manager)).status).toBe(404);
  });
});

describe('delay notifications', () => {
  it('tells every reservation on the flight by e-mail and SMS in its language, once per reservation', async () => {
    const flight = await createFlight({ number: 'FB5201' });
    await placeReservation(t.database.db, {
      flightId: flight.id,
      passengers: [
        { firstName: 'Arta', lastName: 'Morina' },
        { firstName: 'Ilir', lastName: 'Morina' },
      ],
      billing: { email: 'arta@example.test', phoneMobile: '+41791110001' },
      language: 'de',
    });
    await placeReservation(t.database.db, {
      flightId: flight.id,
      passengers: [{ firstName: 'Jon', lastName: 'Smith' }],
      billing: { email: 'jon@example.test', phoneMobile: '+41791110002' },
      language: 'en',
    });
    const response = await api(
      'PUT',
      `flight/${flight.id}/delayed?isEmailNotifyEnabled=true&isSmsNotifyEnabled=true&minutes=45`,
      manager,
    );
    expect(response.status).toBe(200);
    const arta = await outboxFor('arta@example.test');
    expect(arta).toHaveLength(1);
    expect(arta[0]).toMatchObject({ channel: 'email', template: 'flightDelayed' });
    expect(arta[0].subject).toContain('FB5201');
    expect(arta[0].body).toContain('45 Minuten');
    const sms = await outboxFor('+41791110002');
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', template: 'flightDelayed' });
    expect(sms[0].body).toContain('45 min');
    expect(await outboxFor('jon@example.test')).toHaveLength(1);
  });

  it('sends e-mail only by default and nothing when both channels are off', async () => {
    const flight = await createFlight({ number: 'FB5202' });
    await placeReservation(t.database.db, {
      flightId: flight.id,
      passengers: [{ firstName: 'Vera', lastName: 'Leka' }],
      billing: { email: 'vera@example.test', phoneMobile: '+41791110003' },
    });
    await api('PUT', `flight/${flight.id}/delayed`, manager);
    expect(await outboxFor('vera@example.test')).toHaveLength(1);
    expect(await outboxFor('+41791110003')).toHaveLength(0);
    await api('PUT', `flight/${flight.id}/delayed?isEmailNotifyEnabled=false&minutes=90`, manager);
    expect(await outboxFor('vera@example.test')).toHaveLength(1);
  });
});

describe('bulk actions', () => {
  it('deletes flights without reservations and returns the ones kept', async () => {
    const free = await createFlight({ number: 'FB5301' });
    const booked = await createFlight({ number: 'FB5302' });
    await placeReservation(t.database.db, {
      flightId: booked.id,
      passengers: [{ firstName: 'Luan', lastName: 'Shala' }],
    });
    const response = await api('DELETE', `flight/list?ids[]=${free.id}&ids[]=${booked.id}`, manager);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ notDeletedIds: [booked.id], deleted: 1 });
    expect((await api('GET', `flight/${free.id}`, manager)).status).toBe(404);
    expect((await api('GET', `flight/${booked.id}`, manager)).status).toBe(200);
  });

  it('acts on every flight matching the filters except the unticked ones', async () => {
    const day = { departure: '2032-01-05T08:00:00Z', arrival: '2032-01-05T10:00:00Z' };
    const a = await createFlight({ number: 'FB5311', ...day });
    const b = await createFlight({ number: 'FB5312', ...day });
    const c = await createFlight({ number: 'FB5313', ...day });
    const filters = 'departureFrom=2032-01-05&departureTo=2032-01-05';
    const off = await api('DELETE', `flight/list/active?excluded=true&ids[]=${b.id}&${filters}`, manager);
    expect(off.body).toEqual({ count: 2 });
    const list = await api('GET', `flight/list?${filters}`, manager);
    const active = Object.fromEntries(
      list.body.items.map((f: { id: number; isActive: boolean }) => [f.id, f.isActive]),
    );
    expect(active).toEqual({ [a.id]: false, [b.id]: true, [c.id]: false });
    expect((await api('PUT', `flight/list/active?ids[]=${a.id}`, manager)).body).toEqual({ count: 1 });
    expect((await api('PUT', 'flight/list/active?excluded=false', manager)).body).toEqual({ count: 0 });
  });

  it('unassigns flights from their sequence and deletes whole sequences but keeps booked flights', async () => {
    const created = await api('POST', 'flight/sequence', manager, {
      flight: flightBody(ids, { number: 'FB5320' }),
      repeating: { firstDate: '2032-02-02', lastDate: '2032-02-29', period: 1, weekdays: [1] },
    });
    const flightIds: number[] = created.body.flightIds;
    expect(flightIds).toHaveLength(4);
    const unassigned = await api('DELETE', `flight/list/sequence/assign?ids[]=${flightIds[0]}`, manager);
    expect(unassigned.body).toEqual({ count: 1 });
    expect((await api('GET', `flight/${flightIds[0]}`, manager)).body.sequence).toBeNull();

    await placeReservation(t.database.db, {
      flightId: flightIds[2]!,
      passengers: [{ firstName: 'Eda', lastName: 'Berisha' }],
    });
    const removed = await api('DELETE', `flight/list/sequence?ids[]=${flightIds[1]}`, manager);
    expect(removed.body).toEqual({ notDeletedIds: [flightIds[2]], deleted: 2 });
    expect((await api('GET', `flight/${flightIds[0]}`, manager)).status).toBe(200);
    expect(
      (await api('GET', `flight/list?sequence=${created.body.id}`, manager)).body.items.map(
        (f: { id: number }) => f.id,
      ),
    ).toEqual([flightIds[2]]);
  });
});

describe('flight figures and documents', () => {
  let flightId: number;
  beforeAll(async () => {
    const agentId = (await api('GET', 'agent/list?query=agent@flybook', admin)).body.items[0].id;
    const flight = await createFlight({
      number: 'FB5401',
      allotments: [{ agent: { id: agentId }, tariffGroup: { id: 1 }, seatsNumber: 10, costPerSeat: 110 }],
    });
    flightId = flight.id;
    await placeReservation(t.database.db, {
      flightId,
      passengers: [
        { firstName: 'Mira', lastName: 'Zeka', birthday: '1990-04-01', seatLabel: '10A' },
        { firstName: 'Nora', lastName: 'Zeka', ageType: 'child', birthday: '2022-08-12', seatLabel: '10B' },
        { firstName: 'Ben', lastName: 'Zeka', ageType: 'infant', birthday: '2031-01-02' },
      ],
      prices: { basePrice: 20_000, airportFee: 3_500, fuelFee: 2_000 },
    });
    await placeReservation(t.database.db, {
      flightId,
      tariffId: 4,
      passengers: [{ firstName: 'Dardan', lastName: 'Ahmeti', seatLabel: '2C' }],
      prices: { basePrice: 55_000, airportFee: 3_500, fuelFee: 2_000, seatPrice: 1_500 },
    });
  });

  it('counts passengers by age type and for departure control', async () => {
    expect((await api('GET', `flight/${flightId}/booking-info`, manager)).body).toEqual({
      adultPassengers: 2,
      childPassengers: 1,
      babyPassengers: 1,
    });
    expect((await api('GET', `flight/${flightId}/passengers-info`, manager)).body).toEqual({
      passengers: 4,
      seated: 3,
      appeared: 0,
      noShow: 0,
      pending: 4,
      notified: 0,
    }); // The list and the form name what is booked: 4 passengers (the infant too) of 2 reservations.
    expect((await api('GET', `flight/${flightId}`, manager)).body).toMatchObject({
      passengers: 4,
      reservations: 2,
    });
  });

  it('computes the turnover: ticket and allotment revenue against the cost of the seats held', async () => {
    const response = await api('GET', `flight/${flightId}/turnover-info`, manager);
    // Economy: 3 tickets × 255.00 + 10 allotted × 110.00 − 168 seats × 90.00; business: 620.00 − 12 × 210.00.
    expect(response.body).toEqual({
      byTariffGroup: [
        { tariffGroup: { id: 1 }, seatsSold: 2, allottedSeats: 10, revenue: 1865, cost: 15120 },
        { tariffGroup: { id: 3 }, seatsSold: 1, allottedSeats: 0, revenue: 620, cost: 2520 },
      ],
      seatsSold: 3,
      revenue: 2485,
      cost: 17640,
      margin: -15155,
    });
    expect((await api('GET', `flight/${flightId}/turnover-info`, agent)).status).toBe(403);
  });

  it('prints the turnover list as a PDF for admins only', async () => {
    const other = await createFlight({ number: 'FB5402' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/flight/turnover/list/pdf',
      headers: { 'x-auth-token': admin },
      payload: { ids: [flightId, other.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('TurnoverList.pdf');
    const dir = mkdtempSync(join(tmpdir(), 'turnover-'));
    writeFileSync(join(dir, 'list.pdf'), response.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'list.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('FB5401');
    expect(text).toContain('FB5402');
    // A loss, in the English number format the column header's CHF goes with.
    expect(text).toContain('-15,155.00');
    expect(text).toContain('2,485.00');

    expect(text).toContain('Turnover list');

    // In the interface language the back office asks for, whatever the admin's stored language.
    const german = await t.app.inject({
      method: 'POST',
      url: '/api/v1/flight/turnover/list/pdf?locale=de',
      headers: { 'x-auth-token': admin },
      payload: { ids: [flightId, other.id] },
    });
    expect(german.statusCode).toBe(200);
    writeFileSync(join(dir, 'de.pdf'), german.rawPayload);
    const germanText = execFileSync('pdftotext', ['-layout', join(dir, 'de.pdf'), '-'], { encoding: 'utf8' });
    expect(germanText).toContain('Umsatzliste');
    expect(germanText).toContain('Umsatz CHF');
    expect(germanText).not.toContain('Turnover list');

    const denied = await api('POST', 'flight/turnover/list/pdf', manager, { ids: [flightId] });
    expect(denied.status).toBe(403);
    const missing = await api('POST', 'flight/turnover/list/pdf', admin, { ids: [999_999] });
    expect(missing.status).toBe(404);
  });

  it('exports the passengers of several flights as a workbook, one sheet per flight', async () => {
    const empty = await createFlight({ number: 'FB5403' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/flight/passenger-report/en',
      headers: { 'x-auth-token': manager },
      payload: { ids: [flightId, empty.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('PassengerReport.xlsx');
    const workbook = new Workbook();
    await workbook.xlsx.load(response.rawPayload);
    expect(workbook.worksheets).toHaveLength(2);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toContain('FB5401');
    const cells: string[] = [];
    sheet.eachRow((row) => cells.push(row.values!.toString()));
    const names = cells.filter((line) => /Zeka|Ahmeti/.test(line));
    expect(names.map((line) => line.split(',').slice(1, 3).join(' '))).toEqual([
      'Ahmeti Dardan',
      'Zeka Ben',
      'Zeka Mira',
      'Zeka Nora',
    ]);
    expect(cells.join('\n')).toContain('2C');
    // Each passenger's booking reference and payment state, beside the reservation number.
    const booked = await api('POST', 'reservation', admin, booking(flightId));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/v1/flight/passenger-report/en',
      headers: { 'x-auth-token': manager },
      payload: { ids: [flightId] },
    });
    const book = new Workbook();
    await book.xlsx.load(report.rawPayload);
    const first = book.worksheets[0]!;
    const header = first.getRow(2).values as unknown[];
    const vjosa = first.getRows(3, first.rowCount - 2)!.find((row) => row.getCell(2).value === 'Vjosa')!;
    const cellOf = (title: string) => vjosa.getCell(header.indexOf(title)).value;
    expect(cellOf('Reservation')).toBe(booked.body.id);
    expect(cellOf('Booking reference')).toBe(booked.body.recordLocator);
    expect(cellOf('Payment')).toBe('Not paid');

    // In the interface language the address names, German here.
    const german = await t.app.inject({
      method: 'POST',
      url: '/api/v1/flight/passenger-report/de',
      headers: { 'x-auth-token': manager },
      payload: { ids: [flightId] },
    });
    const deBook = new Workbook();
    await deBook.xlsx.load(german.rawPayload);
    expect(deBook.worksheets[0]!.getRow(2).values).toEqual(
      expect.arrayContaining(['Buchungsreferenz', 'Zahlung']),
    );
  });

  it('maps origins to the destinations they have bookable flights to, for anyone', async () => {
    const soon = new Date(Date.now() + 5 * 86_400_000);
    await createFlight({
      number: 'FB5404',
      origin: { code: 'GVA' },
      destination: { code: 'OHD' },
      departure: soon.toISOString(),
      arrival: new Date(soon.getTime() + 7_200_000).toISOString(),
    });
    const response = await api('GET', 'airport/flights-map', undefined);
    expect(response.status).toBe(200);
    expect(response.body.items).toContainEqual({
      origin: 'GVA',
      destinations: expect.arrayContaining(['OHD']),
    });
  });
});
