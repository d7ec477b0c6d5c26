import { isRecordLocator } from '@flybook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createReservationsService } from './reservations.service.ts';

/**
 * The record locator (issue 24 §1): every reservation shape the API answers carries it, the lists
 * find a booking by it, and a split booking gets its own.
 */
let t: TestApp;
let manager: string;
let customer: string;
let createFlight: ReturnType<typeof flightMaker>;

const api: TestApp['api'] = (...args) => t.api(...args);

const person = (firstName: string, lastName = 'Zeqiri') => ({
  firstName,
  lastName,
  gender: 'female',
  ageType: 'adult',
  birthday: '1986-04-04',
});

const contact = (lastName = 'Zeqiri') => ({
  salutation: 'mrs',
  firstName: 'Besa',
  lastName,
  email: `besa.${lastName.toLowerCase()}@example.test`,
  street: 'Seestrasse 5',
  zip: '8002',
  city: 'Zürich',
  country: 'CH',
  birthday: '1986-04-04',
  phoneMobile: '+41 79 555 12 34',
});

async function book(token: string | undefined, flightId: number, extra: object = {}) {
  const response = await api('POST', 'reservation', token, {
    bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
    passengers: [person('Besa'), person('Agron')],
    billingInformation: contact(),
    paymentTerms: token === manager ? 'bill' : 'now',
    ...extra,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as {
    id: number;
    recordLocator: string;
    passengers: { id: number; firstName: string; lastName: string; ageType: string; birthday: string }[];
  };
}

type Row = { id: number; recordLocator: string };
async function listed(url: string, token: string): Promise<Row[]> {
  const response = await api('GET', url, token);
  expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.items as Row[];
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
  customer = await t.login('customer');
  const ids = await catalogueIds(t, manager);
  const makeFlight = flightMaker(t, manager, ids, 7300);
  createFlight = (overrides = {}) =>
    makeFlight({ departure: '2031-08-04T05:30:00Z', arrival: '2031-08-04T07:45:00Z', ...overrides });
});
afterAll(() => t.close());

describe('the record locator on every reservation shape', () => {
  it('comes with the staff and the guest booking answer, GET, PUT and the history, and differs between bookings', async () => {
    const flightId = await createFlight();
    const staff = await book(manager, flightId);
    const guest = await book(undefined, flightId);
    for (const booked of [staff, guest]) expect(isRecordLocator(booked.recordLocator)).toBe(true);
    expect(guest.recordLocator).not.toBe(staff.recordLocator);

    const read = await api('GET', `reservation/${staff.id}`, manager);
    expect(read.body.recordLocator).toBe(staff.recordLocator);

    const changed = await api('PUT', `reservation/${staff.id}`, manager, {
      bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
      passengers: staff.passengers.map(({ id, firstName, lastName, ageType, birthday }) => ({
        id,
        firstName,
        lastName,
        gender: 'female',
        ageType,
        birthday,
      })),
      billingInformation: { ...contact(), city: 'Winterthur', zip: '8400' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // A change keeps the reference the customer already holds.
    expect(changed.body.recordLocator).toBe(staff.recordLocator);

    const history = await api('GET', `reservation/${staff.id}/snapshot/list`, manager);
    expect(history.body.items.map((item: { snapshot: Row }) => item.snapshot.recordLocator)).toEqual([
      staff.recordLocator,
      staff.recordLocator,
    ]);
  });

  it('is in the public part of the card page reservation', async () => {
    const guest = await book(undefined, await createFlight());
    const publicPart = await createReservationsService(t.database.db).readForCardPage(guest.id, {
      user: null,
    });
    expect(publicPart.passengers).toBeUndefined();
    expect(publicPart.recordLocator).toBe(guest.recordLocator);
  });

  it('is on every row of the reservation list, the own list and the invoice overview', async () => {
    const flightId = await createFlight();
    const staff = await book(manager, flightId);
    const own = await book(customer, flightId);

    const all = await listed('reservation/list?pageSize=500', manager);
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const row of all) expect(isRecordLocator(row.recordLocator), JSON.stringify(row)).toBe(true);
    expect(new Set(all.map((row) => row.recordLocator)).size).toBe(all.length);
    expect(all.find((row) => row.id === staff.id)?.recordLocator).toBe(staff.recordLocator);

    const mine = await listed('user/me/reservation/list', customer);
    expect(mine.find((row) => row.id === own.id)?.recordLocator).toBe(own.recordLocator);

    const invoices = await listed('reservation/invoice/list?pageSize=50', manager);
    expect(invoices.find((row) => row.id === staff.id)?.recordLocator).toBe(staff.recordLocator);
  });
});

describe('searching the lists by record locator', () => {
  it('finds exactly the booking, typed in any case, with spaces or a dash', async () => {
    const flightId = await createFlight();
    const wanted = await book(manager, flightId);
    await book(manager, flightId);
    const locator = wanted.recordLocator;
    const typings = [
      locator,
      locator.toLowerCase(),
      ` ${locator.slice(0, 3).toLowerCase()} ${locator.slice(3)} `,
      `${locator.slice(0, 3)}-${locator.slice(3)}`,
    ];
    for (const typed of typings) {
      const rows = await listed(`reservation/list?query=${encodeURIComponent(typed)}`, manager);
      expect(
        rows.map((row) => row.id),
        typed,
      ).toEqual([wanted.id]);
    }
    // The invoice overview's search is the same.
    expect(
      (await listed(`reservation/invoice/list?query=${locator.toLowerCase()}`, manager)).map((row) => row.id),
    ).toEqual([wanted.id]);
    // Other filters still narrow: a cancelled booking is not among the default statuses.
    await api('POST', `reservation/${wanted.id}/cancel`, manager, { fee: 0 });
    expect(await listed(`reservation/list?query=${locator}`, manager)).toEqual([]);
    expect(
      (
        await listed(
          `reservation/list?query=${locator}&reservationStatus[]=cancelled&isActive=false`,
          manager,
        )
      ).map((row) => row.id),
    ).toEqual([wanted.id]);
  });

  it('still searches names for a word shaped like a locator that no booking holds', async () => {
    const flightId = await createFlight();
    // "Muller" is six letters of the locator alphabet: a name, unless a booking holds it.
    const muller = await book(manager, flightId, {
      passengers: [person('Hans', 'Muller')],
      billingInformation: contact('Muller'),
    });
    const rows = await listed('reservation/list?query=muller', manager);
    expect(rows.map((row) => row.id)).toContain(muller.id);
  });
});

describe('splitting a reservation', () => {
  it('gives the new reservation a locator of its own and leaves the old one as it was', async () => {
    const original = await book(manager, await createFlight());
    const split = await api('POST', `reservation/${original.id}/split`, manager, {
      passengerId: original.passengers[1]!.id,
    });
    expect(split.status, JSON.stringify(split.body)).toBe(201);
    expect(isRecordLocator(split.body.recordLocator)).toBe(true);
    expect(split.body.recordLocator).not.toBe(original.recordLocator);
    expect((await api('GET', `reservation/${original.id}`, manager)).body.recordLocator).toBe(
      original.recordLocator,
    );
  });
});
