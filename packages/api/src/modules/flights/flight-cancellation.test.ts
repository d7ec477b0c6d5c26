import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookTravellers } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { invoiceCheck, ledgerCheck } from '../ledger/ledger.ts';

/**
 * The flight-cancellation workflow (docs/flights.md, Cancelled flights): cancelling tells every
 * booking and marks it with a new version; the worklist finds the flight and its bookings; staff
 * rebook them onto another flight of the route or cancel them with a full refund.
 */
let t: TestApp;
let manager: string;
let makeFlight: ReturnType<typeof flightMaker>;

const api: TestApp['api'] = (...args) => t.api(...args);
const rows = async <Row>(query: Promise<unknown>) => ((await query) as { rows: Row[] }).rows;

const outboxFor = async (recipient: string) =>
  (await t.request({ method: 'GET', url: `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}` })).body
    .items as { channel: string; template: string; language: string; subject: string | null }[];

const versionsOf = async (reservationId: number) =>
  Number(
    (
      await rows<{ n: string }>(
        t.database.db.execute(
          sql`select count(*)::text as n from reservation_snapshots where reservation_id = ${reservationId}`,
        ),
      )
    )[0]!.n,
  );

const booked = async (flightId: number) =>
  Number(
    (
      await rows<{ n: string }>(
        t.database.db.execute(
          sql`select coalesce(sum(booked), 0)::text as n from flight_seats where flight_id = ${flightId}`,
        ),
      )
    )[0]!.n,
  );

async function expectBalancedBooks() {
  expect(await t.database.db.transaction((tx) => ledgerCheck(tx))).toEqual({
    signedSum: 0,
    mismatchedAccounts: 0,
  });
  expect(await t.database.db.transaction((tx) => invoiceCheck(tx))).toEqual({ mismatchedInvoiceIds: [] });
}

const day = (n: number) => `2031-09-${String(n).padStart(2, '0')}`;
const flightOn = (
  n: number,
  route: { origin: string; destination: string } = { origin: 'ZRH', destination: 'PRN' },
) =>
  makeFlight({
    origin: { code: route.origin },
    destination: { code: route.destination },
    departure: `${day(n)}T05:30:00Z`,
    arrival: `${day(n)}T07:45:00Z`,
  });

const cancelFlight = (flightId: number) => api('PUT', `flight/${flightId}/status/cancelled`, manager);
const worklist = async () =>
  (
    await api('GET', 'flight/list?status[]=cancelled&hasPassengers=true&pageSize=100', manager)
  ).body.items.map((flight: { id: number }) => flight.id);
const onFlight = async (flightId: number) =>
  (await api('GET', `reservation/list?flightId=${flightId}&pageSize=100`, manager)).body.items.map(
    (reservation: { id: number }) => reservation.id,
  );

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
  makeFlight = flightMaker(t, manager, await catalogueIds(t, manager), 7600);
});
afterAll(() => t.close());

describe('cancelling a flight with bookings', () => {
  it('tells every contact in their language, SMS only with consent, and marks each booking with a version', async () => {
    const flightId = await flightOn(1);
    const arta = await bookTravellers(t, manager, flightId, [{ firstName: 'Arta', lastName: 'Krasniqi' }], {
      language: 'sq',
      email: 'arta.cancel@example.test',
    });
    const jon = await bookTravellers(t, manager, flightId, [{ firstName: 'Jon', lastName: 'Meier' }], {
      language: 'de',
      email: 'jon.cancel@example.test',
    });
    // Arta agreed to booking information by SMS; Jon did not.
    await t.database.db.execute(
      sql`update reservations set billing = billing || '{"isBookingInformation": true, "phoneMobile": "+41791110077"}'::jsonb where id = ${arta.id}`,
    );
    const before = [await versionsOf(arta.id), await versionsOf(jon.id)];

    expect((await cancelFlight(flightId)).status).toBe(200);

    const artaMail = await outboxFor('arta.cancel@example.test');
    const jonMail = await outboxFor('jon.cancel@example.test');
    expect(artaMail.filter((m) => m.template === 'flightCancelled')).toMatchObject([
      { channel: 'email', language: 'sq' },
    ]);
    expect(jonMail.filter((m) => m.template === 'flightCancelled')).toMatchObject([
      { channel: 'email', language: 'de' },
    ]);
    expect(artaMail.find((m) => m.template === 'flightCancelled')!.subject).not.toBe(
      jonMail.find((m) => m.template === 'flightCancelled')!.subject,
    );
    expect((await outboxFor('+41791110077')).map((m) => [m.channel, m.template])).toEqual([
      ['sms', 'flightCancelled'],
    ]);
    expect(await outboxFor('+41781234567')).toEqual([]);

    expect([await versionsOf(arta.id), await versionsOf(jon.id)]).toEqual([before[0]! + 1, before[1]! + 1]);
    const history = await api('GET', `reservation/${arta.id}/snapshot/list`, manager);
    expect(history.body.items[0].snapshot.flights[0].status).toBe('cancelled');
  });

  it('lists the flight among cancelled flights with passengers and its bookings by flight, not in the default list', async () => {
    const flightId = await flightOn(2);
    const party = await bookTravellers(t, manager, flightId, [{ firstName: 'Drita', lastName: 'Hoxha' }]);
    const emptyId = await flightOn(3);
    await cancelFlight(flightId);
    await cancelFlight(emptyId);

    const cancelled = await worklist();
    expect(cancelled).toContain(flightId);
    expect(cancelled).not.toContain(emptyId);
    expect(await onFlight(flightId)).toEqual([party.id]);
    // The default list shows bookings on flights still to fly: this one has none left.
    const defaults = await api('GET', `reservation/list?query=${party.recordLocator}`, manager);
    expect(defaults.body.items).toEqual([]);
  });
});

describe('rebooking from a cancelled flight', () => {
  it('moves the passengers with their seats to another flight of the route, keeps the price and tells the contact', async () => {
    const cancelledId = await flightOn(4);
    const targetId = await flightOn(5);
    const party = await bookTravellers(
      t,
      manager,
      cancelledId,
      [
        { firstName: 'Besa', lastName: 'Gashi', seatLabel: '10A' },
        { firstName: 'Ilir', lastName: 'Gashi', seatLabel: '10B' },
      ],
      { email: 'besa.rebook@example.test' },
    );
    // On the target, 10B is taken already: Ilir gets another free economy seat.
    await bookTravellers(t, manager, targetId, [
      { firstName: 'Other', lastName: 'Person', seatLabel: '10B' },
    ]);
    const before = (await api('GET', `reservation/${party.id}`, manager)).body;
    await cancelFlight(cancelledId);
    const targetBooked = await booked(targetId);

    const rebooked = await api('POST', `reservation/${party.id}/rebook`, manager, {
      fromFlightId: cancelledId,
      toFlightId: targetId,
    });
    expect(rebooked.status, JSON.stringify(rebooked.body)).toBe(200);
    expect(rebooked.body.flights.map((flight: { id: number }) => flight.id)).toEqual([targetId]);
    const seats = rebooked.body.passengers.map(
      (passenger: { firstName: string; tickets: { seatLabel: string | null }[] }) => [
        passenger.firstName,
        passenger.tickets[0]!.seatLabel,
      ],
    );
    expect(seats[0]).toEqual(['Besa', '10A']);
    expect(seats[1]![0]).toBe('Ilir');
    expect(seats[1]![1]).toMatch(/^\d+[A-Z]$/);
    expect(seats[1]![1]).not.toBe('10B');
    expect(rebooked.body.invoice.total).toBe(before.invoice.total);
    expect(await booked(targetId)).toBe(targetBooked + 2);
    expect(await onFlight(cancelledId)).toEqual([]);
    expect(await worklist()).not.toContain(cancelledId);
    expect(await onFlight(targetId)).toContain(party.id);
    const mail = await outboxFor('besa.rebook@example.test');
    expect(mail.map((m) => m.template)).toContain('reservation-changed');
    await expectBalancedBooks();
  });

  it('takes the agreed total staff set, and a repeat with the same key rebooks once', async () => {
    const cancelledId = await flightOn(6);
    const targetId = await flightOn(7);
    const party = await bookTravellers(t, manager, cancelledId, [{ firstName: 'Luan', lastName: 'Berisha' }]);
    await cancelFlight(cancelledId);
    const versions = await versionsOf(party.id);
    const send = () =>
      t.request({
        method: 'POST',
        url: `/api/v1/reservation/${party.id}/rebook`,
        token: manager,
        headers: { 'idempotency-key': `rebook-${party.id}` },
        payload: { fromFlightId: cancelledId, toFlightId: targetId, total: 99.5 },
      });
    const [first, second] = [await send(), await send()];
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.invoice.total).toBe(99.5);
    expect(await versionsOf(party.id)).toBe(versions + 1);
    expect(await booked(targetId)).toBe(1);
  });

  it('refuses a flight that is not cancelled, another route and a cancelled target, and changes nothing', async () => {
    const openId = await flightOn(8);
    const targetId = await flightOn(9);
    const otherRoute = await flightOn(9, { origin: 'PRN', destination: 'ZRH' });
    const party = await bookTravellers(t, manager, openId, [{ firstName: 'Mira', lastName: 'Shala' }]);
    const notCancelled = await api('POST', `reservation/${party.id}/rebook`, manager, {
      fromFlightId: openId,
      toFlightId: targetId,
    });
    expect(notCancelled.status).toBe(422);
    expect(notCancelled.body.errors[0]).toMatchObject({
      code: 'ERROR_REBOOK_NOT_CANCELLED',
      field: 'fromFlightId',
    });

    await cancelFlight(openId);
    const versions = await versionsOf(party.id);
    const wrongRoute = await api('POST', `reservation/${party.id}/rebook`, manager, {
      fromFlightId: openId,
      toFlightId: otherRoute,
    });
    expect(wrongRoute.status).toBe(422);
    expect(wrongRoute.body.errors[0]).toMatchObject({
      code: 'ERROR_REBOOK_OTHER_ROUTE',
      field: 'toFlightId',
    });

    await cancelFlight(targetId);
    const cancelledTarget = await api('POST', `reservation/${party.id}/rebook`, manager, {
      fromFlightId: openId,
      toFlightId: targetId,
    });
    expect(cancelledTarget.status).toBe(422);
    expect(cancelledTarget.body.errors[0].code).toBe('ERROR_BOOKED_CANCELLED_FLIGHT_SELECTED');
    expect(await versionsOf(party.id)).toBe(versions);
    expect(await onFlight(openId)).toEqual([party.id]);
    expect(await booked(targetId)).toBe(0);
  });
});

describe('cancelling a booking of a cancelled flight', () => {
  it('refunds everything paid, prints a credit note and leaves the worklist', async () => {
    const flightId = await flightOn(10);
    const party = await bookTravellers(t, manager, flightId, [{ firstName: 'Teuta', lastName: 'Lika' }]);
    const reservation = (await api('GET', `reservation/${party.id}`, manager)).body;
    const [cash] = await rows<{ id: number }>(
      t.database.db.execute(sql`select id from accounts where virtual_code = 'CASH_ZRH'`),
    );
    const paid = await api('POST', 'payment/reservation/invoice', manager, {
      amount: reservation.invoice.total,
      paymentTypeCode: 'cash',
      reservationInvoiceId: reservation.invoice.id,
      accountId: cash!.id,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);
    await cancelFlight(flightId);

    const cancelled = await api('POST', `reservation/${party.id}/cancel`, manager, { fee: 0 });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.invoice.totalPaid).toBe(0);
    expect(cancelled.body.hasCreditNote).toBe(true);
    expect(await onFlight(flightId)).toEqual([]);
    expect(await worklist()).not.toContain(flightId);
    await expectBalancedBooks();
  });
});
