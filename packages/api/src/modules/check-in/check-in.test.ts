import { decodeBcbp } from '@flybook/domain';
import type { BoardingPass, FlightPassenger, FoundCheckIn } from '@flybook/schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flights, outbox } from '../../db/schema/index.ts';
import { bookTravellers, type TestTraveller } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readPdf } from '../reservations/documents/document-fixtures.ts';

let t: TestApp;
let manager: string;
let makeFlight: (hoursFromNow: number) => Promise<number>;

const HOUR = 3_600_000;
const api: TestApp['api'] = (...args) => t.api(...args);

/** Dates of birth that fit the age types on any flight of the next days. */
const BORN = { adult: '1985-05-05', child: '2019-04-04', infant: '2026-01-10' };

const book = (flightId: number, people: TestTraveller[]) =>
  bookTravellers(
    t,
    manager,
    flightId,
    people.map((person) => ({ birthday: BORN[person.ageType ?? 'adult'], ...person })),
  );

/** Pays a booking's invoice in full in cash at the Zurich desk. */
async function pay(reservationId: number) {
  const reservation = (await api('GET', `reservation/${reservationId}`, manager)).body;
  const cash = (await t.database.db.execute(
    sql`select id from accounts where virtual_code = 'CASH_ZRH'`,
  )) as unknown as {
    rows: { id: number }[];
  };
  const paid = await api('POST', 'payment/reservation/invoice', manager, {
    amount: reservation.invoice.total,
    paymentTypeCode: 'cash',
    reservationInvoiceId: reservation.invoice.id,
    accountId: cash.rows[0]!.id,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
}

/** Each call from an address of its own: the look-up limit counts per address (tested on its own). */
let addresses = 0;
const nextIp = () => {
  addresses += 1;
  return `10.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const find = (recordLocator: string, lastName: string, ip = nextIp()) =>
  t.request({
    method: 'POST',
    url: '/api/v1/public/check-in/find',
    payload: { recordLocator, lastName },
    remoteAddress: ip,
  });
const checkIn = (body: object, ip = nextIp()) =>
  t.request({ method: 'POST', url: '/api/v1/public/check-in', payload: body, remoteAddress: ip });

const pid = (booking: { passengers: { id: number; firstName: string }[] }, firstName: string) =>
  booking.passengers.find((p) => p.firstName === firstName)!.id;

beforeAll(async () => {
  t = await createTestApp({ checkInOpensHours: 24 });
  manager = await t.login('manager');
  const ids = await catalogueIds(t, manager);
  const maker = flightMaker(t, manager, ids, 7300);
  makeFlight = (hoursFromNow) => {
    const departure = new Date(Math.floor((Date.now() + hoursFromNow * HOUR) / 60_000) * 60_000);
    return maker({
      isOnlineCheckInEnabled: true,
      departure: departure.toISOString(),
      arrival: new Date(departure.getTime() + 2 * HOUR).toISOString(),
    });
  };
});
afterAll(() => t.close());

describe('when check-in is open', () => {
  it('opens CHECKIN_OPENS_HOURS before departure: earlier it answers when, with its own code', async () => {
    const flightId = await makeFlight(30);
    const booking = await book(flightId, [{ firstName: 'Early', lastName: 'Bird' }]);
    await pay(booking.id);
    const early = await find(booking.recordLocator, 'Bird');
    expect(early.status).toBe(422);
    expect(early.body.errors[0].code).toBe('ERROR_CHECK_IN_NOT_OPEN');
    const opensAt = new Date(early.body.errors[0].params.opensAt).getTime();
    const departure = (await api('GET', `flight/${flightId}`, manager)).body.departure;
    expect(new Date(departure).getTime() - opensAt).toBe(24 * HOUR);
    expect(early.body.errors[0].params.time).toMatch(/^\d\d:\d\d$/);
  });

  it('is closed from 60 minutes before departure, and once staff close the flight', async () => {
    const soon = await makeFlight(0.9);
    const late = await book(soon, [{ firstName: 'Late', lastName: 'Comer' }]);
    await pay(late.id);
    expect((await find(late.recordLocator, 'Comer')).body.errors[0].code).toBe('ERROR_CHECK_IN_CLOSED');

    const later = await makeFlight(5);
    const closed = await book(later, [{ firstName: 'Shut', lastName: 'Door' }]);
    await pay(closed.id);
    await t.database.db.update(flights).set({ status: 'closed' }).where(eq(flights.id, later));
    expect((await find(closed.recordLocator, 'Door')).body.errors[0].code).toBe('ERROR_CHECK_IN_CLOSED');
  });

  it('needs the booking paid in full, and refuses a cancelled one', async () => {
    const flightId = await makeFlight(6);
    const unpaid = await book(flightId, [{ firstName: 'Owe', lastName: 'Money' }]);
    const answer = await find(unpaid.recordLocator, 'Money');
    expect(answer.status).toBe(422);
    expect(answer.body.errors[0].code).toBe('ERROR_CHECK_IN_UNPAID');
    const tried = await checkIn({
      recordLocator: unpaid.recordLocator,
      lastName: 'Money',
      flightId,
      passengerIds: [pid(unpaid, 'Owe')],
    });
    expect(tried.body.errors[0].code).toBe('ERROR_CHECK_IN_UNPAID');

    const cancelled = await book(flightId, [{ firstName: 'Gone', lastName: 'Away' }]);
    await pay(cancelled.id);
    expect((await api('POST', `reservation/${cancelled.id}/cancel`, manager, { fee: 0 })).status).toBe(200);
    expect((await find(cancelled.recordLocator, 'Away')).body.errors[0].code).toBe(
      'ERROR_CHECK_IN_CANCELLED',
    );
  });

  it('refuses a cancelled flight, and answers 404 alike for a wrong name or locator', async () => {
    const flightId = await makeFlight(6);
    const booking = await book(flightId, [{ firstName: 'Stay', lastName: 'Home' }]);
    await pay(booking.id);
    expect((await find(booking.recordLocator, 'Wrong')).status).toBe(404);
    expect((await find('ZZZZZZ', 'Home')).status).toBe(404);
    await t.database.db.update(flights).set({ status: 'cancelled' }).where(eq(flights.id, flightId));
    expect((await find(booking.recordLocator, 'home')).body.errors[0].code).toBe('ERROR_CHECK_IN_CANCELLED');
  });

  it('counts every look-up per address: over the limit even a right guess is answered 429 alone', async () => {
    const flightId = await makeFlight(7);
    const booking = await book(flightId, [{ firstName: 'Right', lastName: 'Guess' }]);
    await pay(booking.id);
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i += 1) expect((await find('ZZZZZZ', 'Nobody', ip)).status).toBe(404);
    expect((await find(booking.recordLocator, 'Guess', ip)).status).toBe(429);
    const body = {
      recordLocator: booking.recordLocator,
      lastName: 'Guess',
      flightId,
      passengerIds: [pid(booking, 'Right')],
    };
    expect((await checkIn(body, ip)).status).toBe(429);
    const pdf = await t.request({
      method: 'POST',
      url: '/api/v1/public/check-in/boarding-pass',
      payload: body,
      remoteAddress: ip,
    });
    expect(pdf.status).toBe(429);
    // Nothing was done for the right guess.
    expect((await find(booking.recordLocator, 'Guess')).body.passengers[0].checkedIn).toBe(false);
  });

  it('is not offered on a flight staff have not opened online check-in for', async () => {
    const flightId = await makeFlight(6);
    await t.database.db
      .update(flights)
      .set({ isOnlineCheckInEnabled: false })
      .where(eq(flights.id, flightId));
    const booking = await book(flightId, [{ firstName: 'Desk', lastName: 'Only' }]);
    await pay(booking.id);
    const answer = await find(booking.recordLocator, 'Only');
    expect(answer.body.errors?.[0]?.code, JSON.stringify(answer.body)).toBe('ERROR_CHECK_IN_NOT_OFFERED');
  });
});

describe('checking in', () => {
  let flightId: number;
  let family: Awaited<ReturnType<typeof book>>;
  let found: FoundCheckIn;
  let passes: BoardingPass[];

  beforeAll(async () => {
    flightId = await makeFlight(20);
    family = await book(flightId, [
      { firstName: 'Vjosa', lastName: 'Berisha', gender: 'female', seatLabel: '14B' },
      { firstName: 'Arben', lastName: 'Berisha', seatLabel: '14A' },
      { firstName: 'Luan', lastName: 'Berisha', ageType: 'infant' },
    ]);
    await pay(family.id);
    await book(flightId, [{ firstName: 'Mira', lastName: 'Hoxha', seatLabel: '15A' }]);
  });

  it('finds the open flight, the passengers with their seats and the infant on its adult', async () => {
    const answer = await find(family.recordLocator.toLowerCase(), 'berisha');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    found = answer.body;
    expect(found.reservationId).toBe(family.id);
    expect(found.flights.map((flight) => flight.id)).toEqual([flightId]);
    const byName = Object.fromEntries(found.passengers.map((p) => [p.firstName, p]));
    expect(byName.Vjosa).toMatchObject({ checkedIn: false, seat: '14B', infantOf: null });
    expect(byName.Luan).toMatchObject({ ageType: 'infant', seat: null });
    expect([pid(family, 'Vjosa'), pid(family, 'Arben')]).toContain(byName.Luan!.infantOf);
    const seats = found.flights[0]!.seatMap.flatMap((section) =>
      section.rowLabels.flatMap((row, r) =>
        section.columnLabels.map((column, c) => [`${row}${column}`, section.seats[r]![c]]),
      ),
    );
    const state = Object.fromEntries(seats);
    expect(state['14B']).toBe('own');
    expect(state['15A']).toBe('taken');
  });

  it('refuses a seat someone else holds and one that costs more than was paid, changing nothing', async () => {
    const base = { recordLocator: family.recordLocator, lastName: 'Berisha', flightId };
    const taken = await checkIn({
      ...base,
      passengerIds: [pid(family, 'Vjosa')],
      seats: [{ passengerId: pid(family, 'Vjosa'), seatLabel: '15A' }],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].code).toBe('ERROR_SEAT_LABEL_NOT_UNIQUE');
    const section = found.flights[0]!.seatMap.find((s) => s.prices.flat().some((price) => price > 0));
    if (section) {
      const r = section.prices.findIndex((row) => row.some((price) => price > 0));
      const c = section.prices[r]!.findIndex((price) => price > 0);
      const dear = `${section.rowLabels[r]}${section.columnLabels[c]}`;
      const refused = await checkIn({
        ...base,
        passengerIds: [pid(family, 'Vjosa')],
        seats: [{ passengerId: pid(family, 'Vjosa'), seatLabel: dear }],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'ERROR_CHECK_IN_SEAT_NOT_PAID',
        params: { seatLabel: dear },
      });
    }
    const infantAlone = await checkIn({ ...base, passengerIds: [pid(family, 'Luan')] });
    expect(infantAlone.status).toBe(422);
    const again = (await find(family.recordLocator, 'Berisha')).body as FoundCheckIn;
    expect(again.passengers.every((p) => !p.checkedIn)).toBe(true);
  });

  it('checks the family in with a new free seat: passes in IATA BCBP, sequence numbers, the infant with its adult', async () => {
    const answer = await checkIn({
      recordLocator: family.recordLocator,
      lastName: 'BERISHA',
      flightId,
      passengerIds: [pid(family, 'Vjosa'), pid(family, 'Arben')],
      seats: [{ passengerId: pid(family, 'Arben'), seatLabel: '16C' }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    passes = answer.body.boardingPasses;
    expect(passes.map((pass) => pass.passengerId).sort()).toEqual(
      [pid(family, 'Vjosa'), pid(family, 'Arben')].sort(),
    );
    const arben = passes.find((pass) => pass.passengerId === pid(family, 'Arben'))!;
    expect(arben.seat).toBe('16C');
    const decoded = decodeBcbp(arben.bcbp);
    if ('error' in decoded) throw new Error(decoded.message);
    const flight = (await api('GET', `flight/${flightId}`, manager)).body;
    expect(decoded).toMatchObject({
      passengerName: 'BERISHA/ARBEN',
      recordLocator: family.recordLocator,
      seat: '16C',
      sequenceNumber: arben.sequenceNumber,
      passengerStatus: '1',
    });
    expect(`${decoded.carrier}${decoded.flightNumber}`).toBe(flight.number);
    expect(arben.bcbp).toHaveLength(60);
    // Three sequence numbers: two passes and the infant's, who has none of its own.
    const list = (await api('GET', `flight/${flightId}/passenger/list?appearing[]=pending`, manager)).body
      .items as FlightPassenger[];
    const sequences = list.filter((p) => p.checkIn).map((p) => p.checkIn!.sequenceNumber);
    expect(sequences.sort()).toEqual([1, 2, 3]);
    expect(list.find((p) => p.firstName === 'Luan')!.checkIn).not.toBeNull();
    expect(list.find((p) => p.firstName === 'Mira')!.checkIn).toBeNull();
  });

  it('answers the same passes when checked in again, and refuses a seat change after check-in', async () => {
    const base = { recordLocator: family.recordLocator, lastName: 'Berisha', flightId };
    const again = await checkIn({ ...base, passengerIds: [pid(family, 'Vjosa'), pid(family, 'Arben')] });
    expect(again.status).toBe(200);
    expect(again.body.boardingPasses).toEqual(passes);
    const move = await checkIn({
      ...base,
      passengerIds: [pid(family, 'Arben')],
      seats: [{ passengerId: pid(family, 'Arben'), seatLabel: '17C' }],
    });
    expect(move.status).toBe(409);
    expect(move.body.errors[0].code).toBe('ERROR_SEAT_CHANGE_NOT_ALLOWED');
  });

  it('e-mails the passes once, as a PDF whose pages name the passengers and the infant', async () => {
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.template, 'boarding-passes'));
    const ours = mails.filter((mail) => mail.reservationId === family.id);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.attachments.map((file) => file.filename)).toEqual(['BoardingPass.pdf']);
    expect(ours[0]!.body).toContain('Arben Berisha, seat 16C');
    const pdf = await t.request({
      method: 'POST',
      url: '/api/v1/public/check-in/boarding-pass',
      payload: { recordLocator: family.recordLocator, lastName: 'Berisha', flightId, locale: 'de' },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('lets the gate scan a pass: the passenger and the infant on their lap appear; other flights are refused', async () => {
    const adultWithInfant = found.passengers.find((p) => p.ageType === 'infant')!.infantOf!;
    const list0 = (await api('GET', `flight/${flightId}/passenger/list?appearing[]=pending`, manager)).body
      .items as FlightPassenger[];
    const pass = passes.find((p) => p.passengerId === adultWithInfant)!;
    const scanned = await api('POST', `flight/${flightId}/passenger/scan`, manager, {
      bcbp: `${pass.bcbp}\r\n`,
    });
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
    expect(scanned.body).toMatchObject({ id: adultWithInfant, isAppeared: true });
    const appeared = (await api('GET', `flight/${flightId}/passenger/list?appearing[]=appeared`, manager))
      .body.items as FlightPassenger[];
    expect(appeared.map((p) => p.firstName).sort()).toEqual(
      ['Luan', found.passengers.find((p) => p.id === adultWithInfant)!.firstName].sort(),
    );
    expect(
      (await api('POST', `flight/${flightId}/passenger/scan`, manager, { bcbp: pass.bcbp })).status,
    ).toBe(200);

    const other = await makeFlight(22);
    const refused = await api('POST', `flight/${other}/passenger/scan`, manager, { bcbp: pass.bcbp });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].code).toBe('ERROR_BOARDING_PASS_OTHER_FLIGHT');
    const garbage = await api('POST', `flight/${flightId}/passenger/scan`, manager, { bcbp: 'hello' });
    expect(garbage.body.errors[0].code).toBe('ERROR_BOARDING_PASS_UNREADABLE');
    const unknown = await api('POST', `flight/${flightId}/passenger/scan`, manager, {
      bcbp: pass.bcbp.replace(/^(.{52})\d{4}/, '$19999'),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe('ERROR_BOARDING_PASS_UNKNOWN');
    // An edited name boards nobody, nor does a pass made up for the infant's sequence number.
    const renamed = pass.bcbp.replace(/^M1.{20}/, `M1${'HACKER/EVIL'.padEnd(20)}`);
    expect((await api('POST', `flight/${flightId}/passenger/scan`, manager, { bcbp: renamed })).status).toBe(
      404,
    );
    const infant = list0.find((p) => p.firstName === 'Luan')!;
    const infantPass = pass.bcbp
      .replace(/^M1.{20}/, `M1${'BERISHA/LUAN'.padEnd(20)}`)
      .replace(/^(.{52})\d{4}/, `$1${String(infant.checkIn!.sequenceNumber).padStart(4, '0')}`);
    expect(
      (await api('POST', `flight/${flightId}/passenger/scan`, manager, { bcbp: infantPass })).status,
    ).toBe(404);
  });
});

describe('the boarding pass PDF', () => {
  it('is refused before check-in and holds the pass after it', async () => {
    const flightId = await makeFlight(10);
    const booking = await book(flightId, [{ firstName: 'Ilir', lastName: 'Gashi', seatLabel: '20A' }]);
    await pay(booking.id);
    const body = { recordLocator: booking.recordLocator, lastName: 'Gashi', flightId };
    const before = await t.request({
      method: 'POST',
      url: '/api/v1/public/check-in/boarding-pass',
      payload: body,
    });
    expect(before.status).toBe(404);
    const sent = await api('POST', `flight/${flightId}/passenger/list/pnl/message`, manager, { type: 'PNL' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const done = await checkIn({ ...body, passengerIds: [pid(booking, 'Ilir')] });
    expect(done.status).toBe(200);
    // Check-in is no change of the passenger list: the PNL sent before needs no ADL.
    const pnl = (await api('GET', `flight/${flightId}/passenger/list/pnl`, manager)).body;
    expect(pnl.adlChanges).toBe(0);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/check-in/boarding-pass',
      payload: body,
    });
    expect(after.statusCode).toBe(200);
    const { text } = readPdf(after.rawPayload);
    expect(text).toContain('Ilir Gashi');
    expect(text).toContain(booking.recordLocator);
  });
});

describe('a passenger booked without a seat', () => {
  it('gets the cheapest free seat of their group from the airline at check-in, free of charge', async () => {
    const flightId = await makeFlight(9);
    const booking = await book(flightId, [
      { firstName: 'Ardit', lastName: 'Morina' },
      { firstName: 'Era', lastName: 'Morina' },
    ]);
    await pay(booking.id);
    const before = (await api('GET', `reservation/${booking.id}`, manager)).body.invoice.total;
    const answer = await checkIn({
      recordLocator: booking.recordLocator,
      lastName: 'Morina',
      flightId,
      passengerIds: [pid(booking, 'Ardit'), pid(booking, 'Era')],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const seats = (answer.body.boardingPasses as BoardingPass[]).map((pass) => pass.seat);
    expect(seats.every((seat) => seat !== null)).toBe(true);
    expect(new Set(seats).size).toBe(2);
    expect((await api('GET', `reservation/${booking.id}`, manager)).body.invoice.total).toBe(before);
  });
});
