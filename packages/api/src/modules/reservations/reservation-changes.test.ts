import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { withSpecialRoles } from '../../test/special-roles.ts';

let t: TestApp;
let manager: string;
let agent: string;
let ids: Awaited<ReturnType<typeof catalogueIds>>;
/** A new flight (the next number) on a fixed day, as the manager. */
let createFlight: ReturnType<typeof flightMaker>;

const api: TestApp['api'] = (...args) => t.api(...args);

const person = (firstName: string, ageType = 'adult', birthday = '1985-05-05') => ({
  firstName,
  lastName: 'Hoxha',
  gender: 'male',
  ageType,
  birthday,
});

/** The contact of every booking in this file. */
const contact = {
  firstName: 'Ilir',
  lastName: 'Hoxha',
  email: 'ilir.hoxha@example.test',
  street: 'Bahnhofstrasse 1',
  zip: '4051',
  city: 'Basel',
  birthday: '1985-05-05',
  phoneMobile: '+41 78 123 45 67',
};

/** A billed staff booking of these passengers on a flight, each but infants seated in row 15. */
async function book(flightId: number, passengers: object[]) {
  const response = await api('POST', 'reservation', manager, {
    bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
    passengers,
    passengersSeats: (passengers as { ageType: string }[]).flatMap((passenger, index) =>
      passenger.ageType === 'infant'
        ? []
        : [{ passenger: index, flight: { id: flightId }, seatLabel: `15${'ABCDEF'[index]}` }],
    ),
    billingInformation: contact,
    paymentTerms: 'bill',
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const economyBooked = async (flightId: number) =>
  (await api('GET', `flight/${flightId}`, manager)).body.seatsByTariff.find(
    (s: { tariffGroup: { id: number } }) => s.tariffGroup.id === 1,
  ).booked;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
  agent = await t.login('agent');
  ids = await catalogueIds(t, manager);
  const makeFlight = flightMaker(t, manager, ids, 4900);
  createFlight = (overrides = {}) =>
    makeFlight({ departure: '2031-07-01T05:30:00Z', arrival: '2031-07-01T07:45:00Z', ...overrides });
});
afterAll(() => t.close());

describe('cancelling', () => {
  it('refuses (404) cancelling or splitting a booking the caller may not read, whatever change role they hold', async () => {
    const flightId = await createFlight();
    const reservation = await book(flightId, [person('Ilir'), person('Dren')]);
    const admin = await t.login('admin');
    const agentId = (await api('GET', 'user/me', agent)).body.id;
    await withSpecialRoles(
      t,
      admin,
      agentId,
      ['ROLE_RESERVATION_CANCEL', 'ROLE_RESERVATION_SPLIT'],
      async () => {
        const cancel = await api('POST', `reservation/${reservation.id}/cancel`, agent, { fee: 0 });
        expect(cancel.status, JSON.stringify(cancel.body)).toBe(404);
        const passengerId = reservation.passengers[1].id;
        expect(
          (await api('POST', `reservation/${reservation.id}/split`, agent, { passengerId })).status,
        ).toBe(404);
      },
    );
    const after = (await api('GET', `reservation/${reservation.id}`, manager)).body;
    expect(after.status).toBe(reservation.status);
    expect(after.passengers).toHaveLength(2);
    expect(await economyBooked(flightId)).toBe(2);
  });

  it('gives the seats back, charges the fee and refuses a second cancel', async () => {
    const flightId = await createFlight();
    const reservation = await book(flightId, [person('Ilir'), person('Dren')]);
    expect(await economyBooked(flightId)).toBe(2);
    expect((await api('POST', `reservation/${reservation.id}/cancel`, agent, { fee: 10 })).status).toBe(403);

    const cancelled = await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 50 });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      invoice: { total: 50, totalPaid: 0, status: 'notPaid' },
    });
    expect(await economyBooked(flightId)).toBe(0);
    // The seats are free for the next booking.
    await book(flightId, [person('Next'), person('Other')]);

    const again = await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 0 });
    expect(again.status).toBe(422);
    expect(again.body.errors[0].code).toBe('ERROR_RESERVATION_CANCELLED');
  });

  it('refuses once a flight has departed, unless the user may change departed flights', async () => {
    const flightId = await createFlight();
    const reservation = await book(flightId, [person('Ilir'), person('Dren')]);
    expect((await api('PUT', `flight/${flightId}/delayed`, manager, {})).status).toBe(200);
    expect((await api('PUT', `flight/${flightId}/status/departed`, manager)).status).toBe(200);
    const setDenied = (roles: string[]) =>
      t.database.db
        .update(users)
        .set({ deniedSpecialRoles: roles })
        .where(eq(users.email, 'manager@flybook.test'));
    await setDenied(['ROLE_RESERVATION_EDIT_DEPARTED_FLIGHT']);
    const refused = await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 0 });
    await setDenied([]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'ERROR_BOOKED_DEPARTED_FLIGHT_REMOVED',
      params: { direction: 'outbound', flightId },
    });
    const allowed = await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 0 });
    expect(allowed.body.status).toBe('cancelled');
  });
});

describe('splitting', () => {
  it('moves one passenger with their seat and price into a reservation of their own', async () => {
    const flightId = await createFlight();
    const reservation = await book(flightId, [
      person('Ilir'),
      person('Dren'),
      person('Ema', 'infant', '2030-11-01'),
    ]);
    const [ilir, dren] = reservation.passengers;
    const drenPrice =
      dren.tickets[0].basePrice +
      dren.tickets[0].airportFee +
      dren.tickets[0].fuelFee +
      dren.tickets[0].seatPrice;

    const response = await api('POST', `reservation/${reservation.id}/split`, manager, {
      passengerId: dren.id,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const split = response.body;
    expect(split.id).not.toBe(reservation.id);
    expect(split.passengers.map((p: { id: number }) => p.id)).toEqual([dren.id]);
    expect(split.passengers[0].tickets[0].seatLabel).toBe('15B');
    expect(split).toMatchObject({
      status: 'reserved',
      billingInformation: { email: 'ilir.hoxha@example.test' },
    });
    expect(split.invoice.total).toBeCloseTo(drenPrice, 2);

    const original = (await api('GET', `reservation/${reservation.id}`, manager)).body;
    expect(original.passengers.map((p: { id: number }) => p.id)).toEqual([
      ilir.id,
      reservation.passengers[2].id,
    ]);
    expect(original.invoice.total + split.invoice.total).toBeCloseTo(reservation.invoice.total, 2);
    // Seats are neither taken nor freed by a split.
    expect(await economyBooked(flightId)).toBe(2);
  });

  it('keeps infants with adults and refuses a one-passenger reservation', async () => {
    const flightId = await createFlight();
    const family = await book(flightId, [person('Ilir'), person('Ema', 'infant', '2030-11-01')]);
    const infant = family.passengers[1];
    const adult = family.passengers[0];
    for (const passengerId of [infant.id, adult.id]) {
      const response = await api('POST', `reservation/${family.id}/split`, manager, { passengerId });
      expect(response.body.errors[0]).toMatchObject({
        code: 'ERROR_SPLIT_INFANTS',
        message: "Can't separate infants from adults.",
      });
    }
    const single = await book(await createFlight(), [person('Solo')]);
    const response = await api('POST', `reservation/${single.id}/split`, manager, {
      passengerId: single.passengers[0].id,
    });
    expect(response.body.errors[0]).toMatchObject({
      code: 'ERROR_SPLIT_ONE_PASSENGER',
      message: "Can't split a reservation with one passenger.",
    });
  });
});

describe('history', () => {
  it('keeps every version with who saved it, newest first', async () => {
    const flightId = await createFlight();
    const reservation = await book(flightId, [person('Ilir'), person('Dren')]);
    await api('POST', `reservation/${reservation.id}/split`, manager, {
      passengerId: reservation.passengers[1].id,
    });
    await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 0 });
    const history = await api('GET', `reservation/${reservation.id}/snapshot/list`, manager);
    expect(history.status).toBe(200);
    expect(
      history.body.items.map(
        (item: { version: number; snapshot: { status: string; passengers: unknown[] } }) => [
          item.version,
          item.snapshot.status,
          item.snapshot.passengers.length,
        ],
      ),
    ).toEqual([
      [3, 'cancelled', 1],
      [2, 'reserved', 1],
      [1, 'reserved', 2],
    ]);
    expect(history.body.items[0].user.displayName).toBeTruthy();
    // Agents read the history of their own reservations only.
    expect((await api('GET', `reservation/${reservation.id}/snapshot/list`, agent)).status).toBe(404);
  });
});

describe('changing a reservation', () => {
  const bodyOf = (
    reservation: { passengers: { id: number; firstName: string; ageType: string; birthday: string }[] },
    flightId: number,
  ) => ({
    bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
    passengers: reservation.passengers.map((passenger) => ({
      id: passenger.id,
      firstName: passenger.firstName,
      lastName: 'Hoxha',
      gender: 'male',
      ageType: passenger.ageType,
      birthday: passenger.birthday,
    })),
    billingInformation: contact,
  });

  it('moves the booking to another flight with a new passenger, repriced, in one step', async () => {
    const first = await createFlight();
    const second = await createFlight();
    const reservation = await book(first, [person('Ilir'), person('Dren')]);
    const body = bodyOf(reservation, second);
    body.passengers.push({ ...person('Arta'), lastName: 'Hoxha' } as (typeof body.passengers)[number]);
    const changed = {
      ...body,
      passengersSeats: [{ passenger: 2, flight: { id: second }, seatLabel: '20F' }],
    };

    const response = await api('PUT', `reservation/${reservation.id}`, manager, changed);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const cost = await api('POST', 'reservation/calculate', manager, {
      bookedFlights: changed.bookedFlights,
      passengers: changed.passengers.map((passenger) => ({ ageType: passenger.ageType })),
      passengersSeats: changed.passengersSeats,
      reservationId: reservation.id,
    });
    expect(cost.status, JSON.stringify(cost.body)).toBe(200);
    expect(response.body.invoice).toMatchObject({ total: cost.body.total, paymentTerms: 'bill' });
    expect(
      response.body.passengers.map(
        (p: { id: number; tickets: { seatLabel: string | null }[] }) => p.tickets[0]?.seatLabel,
      ),
    ).toEqual([null, null, '20F']);
    expect(response.body.passengers.slice(0, 2).map((p: { id: number }) => p.id)).toEqual(
      reservation.passengers.map((p: { id: number }) => p.id),
    );
    expect([await economyBooked(first), await economyBooked(second)]).toEqual([0, 3]);
    const history = (await api('GET', `reservation/${reservation.id}/snapshot/list`, manager)).body.items;
    expect(history.map((item: { version: number }) => item.version)).toEqual([2, 1]);
  });

  it('shows a changed, then cancelled booking with the tickets it had when cancelled, not those the changes replaced', async () => {
    const first = await createFlight();
    const second = await createFlight();
    const reservation = await book(first, [person('Ilir'), person('Dren')]);
    // Two changes (the second one the same body again), then the cancellation.
    for (let i = 0; i < 2; i++) {
      const changed = await api('PUT', `reservation/${reservation.id}`, manager, bodyOf(reservation, second));
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    }
    const cancelled = await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 0 });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    const shown = (await api('GET', `reservation/${reservation.id}`, manager)).body;
    const flightsOf = (passenger: { tickets: { flight: { id: number } }[] }) =>
      passenger.tickets.map((ticket) => ticket.flight.id);
    expect(shown.passengers.map(flightsOf)).toEqual([[second], [second]]);
  });

  it('changes nothing when the new seats are taken', async () => {
    const flightId = await createFlight();
    const other = await book(flightId, [person('Other'), person('Else')]);
    const reservation = await book(await createFlight(), [person('Ilir'), person('Dren')]);
    const response = await api('PUT', `reservation/${reservation.id}`, manager, {
      ...bodyOf(reservation, flightId),
      passengersSeats: [
        { passenger: 0, flight: { id: flightId }, seatLabel: other.passengers[0].tickets[0].seatLabel },
      ],
    });
    expect(response.body.errors[0].code).toBe('ERROR_BOOKED_SEATS_OCCUPIED');
    const unchanged = (await api('GET', `reservation/${reservation.id}`, manager)).body;
    expect(
      unchanged.passengers.map((p: { tickets: { seatLabel: string }[] }) => p.tickets[0]?.seatLabel),
    ).toEqual(['15A', '15B']);
    expect(await economyBooked(flightId)).toBe(2);
  });

  it('keeps seats of a departed flight unless the user may edit departed flights', async () => {
    const flightId = await createFlight();
    const reservation = await book(flightId, [person('Ilir'), person('Dren')]);
    await api('PUT', `flight/${flightId}/delayed`, manager, {});
    expect((await api('PUT', `flight/${flightId}/status/departed`, manager)).status).toBe(200);
    const moveSeat = {
      ...bodyOf(reservation, flightId),
      passengersSeats: [
        { passenger: 0, flight: { id: flightId }, seatLabel: '16A' },
        { passenger: 1, flight: { id: flightId }, seatLabel: '15B' },
      ],
    };
    await t.database.db
      .update(users)
      .set({ deniedSpecialRoles: ['ROLE_RESERVATION_EDIT_DEPARTED_FLIGHT'] })
      .where(eq(users.email, 'manager@flybook.test'));
    const refused = await api('PUT', `reservation/${reservation.id}`, manager, moveSeat);
    const options = (
      await api(
        'GET',
        `public/option/attach/list?config=${encodeURIComponent(JSON.stringify({ rateId: ids.rateId, tariffId: 1 }))}`,
      )
    ).body.items;
    const addOption = await api('PUT', `reservation/${reservation.id}`, manager, {
      ...bodyOf(reservation, flightId),
      passengersSeats: [
        { passenger: 0, flight: { id: flightId }, seatLabel: '15A' },
        { passenger: 1, flight: { id: flightId }, seatLabel: '15B' },
      ],
      passengersOptions: [{ passenger: 0, flight: { id: flightId }, option: { id: options[0].id } }],
    });
    const removed = await api(
      'PUT',
      `reservation/${reservation.id}`,
      manager,
      bodyOf(reservation, await createFlight()),
    );
    await t.database.db
      .update(users)
      .set({ deniedSpecialRoles: [] })
      .where(eq(users.email, 'manager@flybook.test'));
    expect(refused.body.errors[0]).toMatchObject({
      code: 'ERROR_BOOKED_DEPARTED_FLIGHT_SEATS_CHANGED',
      params: { seatLabel: '16A' },
    });
    expect(removed.body.errors[0].code).toBe('ERROR_BOOKED_DEPARTED_FLIGHT_REMOVED');
    expect(addOption.body.errors[0]).toMatchObject({
      code: 'ERROR_BOOKED_DEPARTED_FLIGHT_OPTIONS_CHANGED',
      params: { flightId },
    });
    const allowed = await api('PUT', `reservation/${reservation.id}`, manager, moveSeat);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.passengers[0].tickets[0].seatLabel).toBe('16A');
  });
});

describe('retrying a change', () => {
  it('applies a change once for any number of retries with the same Idempotency-Key', async () => {
    const first = await createFlight();
    const second = await createFlight();
    const reservation = await book(first, [person('Ilir'), person('Dren')]);
    const change = {
      bookedFlights: [{ flight: { id: second }, tariff: { id: 1 } }],
      passengers: reservation.passengers.map((p: { id: number; firstName: string }) => ({
        ...person(p.firstName),
        id: p.id,
      })),
      billingInformation: contact,
    };
    const headers = { 'idempotency-key': `change-${reservation.id}` };
    const answers = await Promise.all(
      [1, 2, 3].map(() => api('PUT', `reservation/${reservation.id}`, manager, change, headers)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const history = (await api('GET', `reservation/${reservation.id}/snapshot/list`, manager)).body.items;
    expect(history.map((item: { version: number }) => item.version)).toEqual([2, 1]);
    expect([await economyBooked(first), await economyBooked(second)]).toEqual([0, 2]);
  });
});
