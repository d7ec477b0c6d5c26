import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flights, reservationPassengers } from '../../db/schema/index.ts';
import { adult, booking, placeReservation } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { priceListsOf } from '../rates/rates.service.ts';
import { flightsToBook } from './booking.repository.ts';

let t: TestApp;
let manager: string;
let agent: string;
let ids: Awaited<ReturnType<typeof catalogueIds>>;
let createFlight: ReturnType<typeof flightMaker>;
/** Economy Light (tariff 1) of the flights' rate, CHF. */
let light: { priceStandard: number; priceRound: number; airportFee: number; fuelFee: number };
let childPercent: number;
let infantPercent: number;

const api: TestApp['api'] = (...args) => t.api(...args);

/** Rounds CHF the way the server does: to the Rappen, half away from zero. */
const percentOf = (chf: number, percent: number) => Math.round(chf * percent) / 100;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
  agent = await t.login('agent');
  ids = await catalogueIds(t, manager);
  createFlight = flightMaker(t, manager, ids, 4700);
  const rate = (await api('GET', `rate/${ids.rateId}`, manager)).body;
  const entry = rate.priceList.find((price: { tariff: { id: number } }) => price.tariff.id === 1);
  light = entry;
  childPercent = entry.priceChildPercent;
  infantPercent = entry.priceInfantPercent;
});
afterAll(() => t.close());

describe("a booking's read of its flights", () => {
  it("answers each flight whole, with its airports and its rate's price list as the rates area reads it", async () => {
    const { db } = t.database;
    const stored = await db.select().from(flights).orderBy(flights.id).limit(12);
    // A rate made inactive still prices its flights (the flag goes with each price).
    await db.execute(sql`update rates set is_active = false where id = ${stored[0]!.rateId}`);
    const read = await db.transaction((tx) =>
      flightsToBook(
        tx,
        stored.map((flight) => flight.id),
        true,
      ),
    );
    await db.execute(sql`update rates set is_active = true where id = ${stored[0]!.rateId}`);
    const lists = await priceListsOf(
      db,
      stored.map((flight) => flight.rateId),
    );
    expect(read.map((entry) => entry.flight)).toEqual(stored);
    for (const entry of read) {
      const list = lists.get(entry.flight.rateId) ?? [];
      expect(list.length).toBeGreaterThan(0);
      expect(entry.prices).toEqual(
        entry.flight.rateId === stored[0]!.rateId
          ? list.map((price) => ({ ...price, rateIsActive: false }))
          : list,
      );
      expect(typeof entry.prices[0]!.priceStandard).toBe('number');
      expect(typeof entry.prices[0]!.priceChildPercent).toBe(typeof list[0]!.priceChildPercent);
      expect(entry.origin.code).toMatch(/^[A-Z]{3}$/);
      expect(entry.destination.timezone).toMatch(/\//);
    }
  });
});

describe('public flight search', () => {
  let open: number;
  beforeAll(async () => {
    open = await createFlight({
      number: 'FB4701',
      departure: '2031-05-05T05:30:00Z',
      arrival: '2031-05-05T07:45:00Z',
    });
    await createFlight({
      number: 'FB4702',
      departure: '2031-05-05T09:00:00Z',
      arrival: '2031-05-05T11:15:00Z',
      isActive: false,
    });
    const bookedOut = await createFlight({
      number: 'FB4703',
      departure: '2031-05-05T12:00:00Z',
      arrival: '2031-05-05T14:15:00Z',
    });
    expect((await api('PUT', `flight/${bookedOut}/booked-out`, manager)).status).toBe(200);
  });

  it('offers only active, open, not booked-out flights, with prices and seats for the party', async () => {
    const response = await api(
      'GET',
      'public/flight/list?departureDate=2031-05-05&fromAirportCode=ZRH&toAirportCode=PRN&passengersAges[]=adult&passengersAges[]=infant',
    );
    expect(response.status).toBe(200);
    expect(response.body.items.map((flight: { number: string }) => flight.number)).toEqual(['FB4701']);
    const [flight] = response.body.items;
    expect(flight.id).toBe(open);
    expect(
      flight.rate.priceList.find((price: { tariff: { id: number } }) => price.tariff.id === 1),
    ).toMatchObject({
      tariff: { id: 1, group: { id: 1 }, isActive: true },
      priceStandard: light.priceStandard,
      priceRound: light.priceRound,
      hasAvailableSeats: true,
    });
    // The A320 has no economy-plus seats: that tariff is inactive on it.
    expect(
      flight.rate.priceList.find((price: { tariff: { id: number } }) => price.tariff.id === 3),
    ).toMatchObject({
      tariff: { isActive: false },
      hasAvailableSeats: false,
    });
    // The public may book up to the online limit (7 in economy by default, 4 in business here);
    // `left` is what is really still for sale (the flights board shows it).
    expect(flight.seatsByTariff).toEqual([
      { tariffGroup: { id: 1 }, seatsForSale: 150, booked: 0, free: 7, left: 150 },
      { tariffGroup: { id: 3 }, seatsForSale: 12, booked: 0, free: 4, left: 12 },
    ]);
    // A page past the end still says how many there are.
    const pastTheEnd = await api(
      'GET',
      'public/flight/list?departureDate=2031-05-05&fromAirportCode=ZRH&passengersAges[]=adult&page=3&pageSize=1',
    );
    expect(pastTheEnd.body).toEqual({ items: [], total: 1 });
  });

  it('reuses a search answer for a moment, but shows a booking made through the API at once', async () => {
    const search =
      'public/flight/list?departureDate=2031-05-05&fromAirportCode=ZRH&toAirportCode=PRN&passengersAges[]=adult';
    const economyBooked = async () =>
      (await api('GET', search)).body.items[0].seatsByTariff.find(
        (row: { tariffGroup: { id: number } }) => row.tariffGroup.id === 1,
      ).booked;
    expect(await economyBooked()).toBe(0);
    // A seat taken behind the API's back (another instance) shows only when the answer expires.
    await t.database.db.execute(
      sql`update flight_seats set booked = booked + 1 where flight_id = ${open} and tariff_group_id = 1`,
    );
    expect(await economyBooked()).toBe(0);
    const booked = await api(
      'POST',
      'reservation',
      manager,
      booking(open, { passengers: [adult('Vjosa'), adult('Drita')], paymentTerms: 'bill' }),
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(await economyBooked()).toBe(3);
    expect((await api('POST', `reservation/${booked.body.id}/cancel`, manager, {})).status).toBe(200);
    await t.database.db.execute(
      sql`update flight_seats set booked = booked - 1 where flight_id = ${open} and tariff_group_id = 1`,
    );
    expect(await economyBooked()).toBe(0);
  });

  it('drops a tariff, then the flight, when the party exceeds what the public may book', async () => {
    const five = `public/flight/list?departureDate=2031-05-05&fromAirportCode=ZRH&passengersAgeConfig=${encodeURIComponent('{"adult":5}')}`;
    const [flight] = (await api('GET', five)).body.items;
    const available = (tariffId: number) =>
      flight.rate.priceList.find((price: { tariff: { id: number } }) => price.tariff.id === tariffId)
        .hasAvailableSeats;
    expect([available(1), available(4)]).toEqual([true, false]);
    const eight = `public/flight/list?departureDate=2031-05-05&fromAirportCode=ZRH&passengersAgeConfig=${encodeURIComponent('{"adult":8}')}`;
    expect((await api('GET', eight)).body.total).toBe(0);
  });

  it('gives staff and agents the price list on their flight lists', async () => {
    const staff = await api(
      'GET',
      'flight/list?departureDate=2031-05-05&fromAirportCode=ZRH&status[]=created',
      manager,
    );
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    const fb4702 = staff.body.items.find((flight: { number: string }) => flight.number === 'FB4702');
    // Staff book inactive flights too, past the online limit.
    expect(fb4702.rate.priceList[0]).toMatchObject({ tariff: { id: 1 }, hasAvailableSeats: true });
    const agents = await api('GET', 'agent/flight/list?departureDate=2031-05-05&fromAirportCode=ZRH', agent);
    expect(agents.body.items.map((flight: { number: string }) => flight.number)).not.toContain('FB4702');
  });

  it('refuses a malformed party', async () => {
    const response = await api('GET', 'public/flight/list?passengersAgeConfig=two');
    expect(response.status).toBe(422);
    expect(response.body.errors[0].code).toBe('ERROR_FORMAT');
  });
});

describe('seat map for booking', () => {
  let flightId: number;
  let reservationId: number;
  beforeAll(async () => {
    flightId = await createFlight({
      number: 'FB4711',
      departure: '2031-05-06T05:30:00Z',
      arrival: '2031-05-06T07:45:00Z',
    });
    reservationId = await placeReservation(t.database.db, {
      flightId,
      passengers: [
        { firstName: 'Arta', lastName: 'Krasniqi', seatLabel: '10A' },
        { firstName: 'Besa', lastName: 'Krasniqi', seatLabel: '10B' },
      ],
    });
    await placeReservation(t.database.db, {
      flightId,
      passengers: [{ firstName: 'Jörg', lastName: 'Müller', seatLabel: '10C' }],
    });
  });

  const stateOf = (
    sections: { rowLabels: string[]; columnLabels: string[]; seats: string[][] }[],
    label: string,
  ) => {
    for (const section of sections) {
      const row = section.rowLabels.indexOf(label.replace(/[A-Z]+$/, ''));
      const column = section.columnLabels.indexOf(label.replace(/^\d+/, ''));
      if (row >= 0 && column >= 0) return section.seats[row]?.[column];
    }
    return undefined;
  };

  it('shows free, taken and own seats (to staff, who may read the booking), and the other tariff groups disabled', async () => {
    const response = await api(
      'GET',
      `public/flight/${flightId}/aircraft-passengers-seats?tariffId=1&reservationId=${reservationId}`,
      manager,
    );
    expect(response.status).toBe(200);
    const { sections } = response.body;
    expect(['10A', '10B', '10C', '10D', '1A'].map((label) => stateOf(sections, label))).toEqual([
      'own',
      'own',
      'taken',
      'free',
      'disabled',
    ]);
    // Row 4 is an economy front row at CHF 25; business seats cost nothing extra.
    const economy = sections.find((section: { tariffGroup: { id: number } }) => section.tariffGroup.id === 1);
    expect(economy.prices[0][0]).toBe(25);
  });

  it('shows only the asked passenger as own, and nothing as own without a reservation', async () => {
    const [passenger] = await t.database.db
      .select()
      .from(reservationPassengers)
      .where(eq(reservationPassengers.reservationId, reservationId))
      .orderBy(asc(reservationPassengers.id));
    const one = await api(
      'GET',
      `public/flight/${flightId}/aircraft-passengers-seats?reservationId=${reservationId}&reservationPassengerId=${passenger!.id}`,
      manager,
    );
    expect(['10A', '10B'].map((label) => stateOf(one.body.sections, label))).toEqual(['own', 'taken']);
    const anyone = await api('GET', `public/flight/${flightId}/aircraft-passengers-seats`);
    expect(['10A', '1A'].map((label) => stateOf(anyone.body.sections, label))).toEqual(['taken', 'free']);
  });

  it('answers 404 for an unknown flight', async () => {
    expect((await api('GET', 'public/flight/999999/aircraft-passengers-seats')).status).toBe(404);
  });

  describe('own only for whoever may read the booking', () => {
    let customer: string;
    let owned: { id: number; passengerId: number };
    let guest: { id: number; passengerId: number; guestKey: string };
    let otherGuestKey: string;
    const seated = (seatLabel: string) => ({
      passengersSeats: [{ passenger: 0, flight: { id: flightId }, seatLabel }],
    });
    beforeAll(async () => {
      customer = await t.login('customer');
      const mine = await api('POST', 'reservation', customer, booking(flightId, seated('11A')));
      expect(mine.status, JSON.stringify(mine.body)).toBe(201);
      owned = { id: mine.body.id, passengerId: mine.body.passengers[0].id };
      const theirs = await api('POST', 'reservation', undefined, booking(flightId, seated('11B')));
      expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
      guest = {
        id: theirs.body.id,
        passengerId: theirs.body.passengers[0].id,
        guestKey: theirs.body.guestKey,
      };
      const another = await api('POST', 'reservation', undefined, booking(flightId, seated('11C')));
      otherGuestKey = another.body.guestKey;
    });

    const seatMap = async (query: string, token?: string) => {
      const response = await api(
        'GET',
        `public/flight/${flightId}/aircraft-passengers-seats?tariffId=1&${query}`,
        token,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.sections;
    };

    it("never shows a stranger's seat as own for the reservation and passenger ids they pass", async () => {
      const ofCustomer = `reservationId=${owned.id}&reservationPassengerId=${owned.passengerId}`;
      // Anonymous, and an agent logged in who is neither owner, reservator nor staff.
      for (const token of [undefined, agent]) {
        expect(stateOf(await seatMap(ofCustomer, token), '11A')).toBe('taken');
      }
      // The guest booking: without its key, with another booking's key, with a made-up one.
      const ofGuest = `reservationId=${guest.id}&reservationPassengerId=${guest.passengerId}`;
      for (const key of ['', `&guestKey=${otherGuestKey}`, `&guestKey=${'x'.repeat(43)}`]) {
        expect(stateOf(await seatMap(`${ofGuest}${key}`), '11B')).toBe('taken');
      }
      // The answer is the same as asking for no booking at all: the ids tell nothing.
      expect(await seatMap(ofCustomer)).toEqual(await seatMap(''));
      // One booking's key opens no other booking.
      expect(stateOf(await seatMap(`${ofCustomer}&guestKey=${guest.guestKey}`), '11A')).toBe('taken');
    });

    it("shows the seat as own to the owner's session and to the holder of the guest key", async () => {
      const mine = await seatMap(
        `reservationId=${owned.id}&reservationPassengerId=${owned.passengerId}`,
        customer,
      );
      expect(['11A', '11B'].map((label) => stateOf(mine, label))).toEqual(['own', 'taken']);
      const theirs = await seatMap(
        `reservationId=${guest.id}&reservationPassengerId=${guest.passengerId}&guestKey=${encodeURIComponent(guest.guestKey)}`,
      );
      expect(['11A', '11B'].map((label) => stateOf(theirs, label))).toEqual(['taken', 'own']);
    });

    it('reprices with a booking’s own seats as free only for a session that may read it', async () => {
      const body = {
        bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
        passengers: [{ ageType: 'adult' }],
        ...seated('11A'),
        reservationId: owned.id,
      };
      const stranger = await api('POST', 'reservation/calculate', undefined, body);
      expect(stranger.status).toBe(422);
      expect(stranger.body.errors[0].code).toBe('ERROR_BOOKED_SEATS_OCCUPIED');
      const owner = await api('POST', 'reservation/calculate', customer, body);
      expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    });
  });
});

describe('reservation/calculate', () => {
  let outbound: number;
  let back: number;
  let optionId: number;
  let optionPrice: number;
  beforeAll(async () => {
    outbound = await createFlight({
      number: 'FB4721',
      departure: '2031-05-07T05:30:00Z',
      arrival: '2031-05-07T07:45:00Z',
    });
    back = await createFlight({
      number: 'FB4722',
      origin: { code: 'PRN' },
      destination: { code: 'ZRH' },
      departure: '2031-05-14T09:00:00Z',
      arrival: '2031-05-14T11:15:00Z',
    });
    await placeReservation(t.database.db, {
      flightId: outbound,
      passengers: [{ firstName: 'Dea', lastName: 'Gashi', seatLabel: '12F' }],
    });
    const option = (
      await api(
        'GET',
        `public/option/attach/list?config=${encodeURIComponent(JSON.stringify({ rateId: ids.rateId, tariffId: 1 }))}`,
      )
    ).body.items[0];
    optionId = option.id;
    optionPrice = option.configValues.price;
  });

  const calculate = (body: object, token?: string) => api('POST', 'reservation/calculate', token, body);

  it('prices one way at the standard fare and a round trip at the round fare per direction', async () => {
    const oneWay = await calculate({
      bookedFlights: [{ flight: { id: outbound }, tariff: { id: 1 } }],
      passengers: [{ ageType: 'adult' }],
    });
    expect(oneWay.status).toBe(200);
    expect(oneWay.body.total).toBeCloseTo(light.priceStandard + light.airportFee + light.fuelFee, 2);

    const roundTrip = await calculate({
      bookedFlights: [
        { flight: { id: outbound }, tariff: { id: 1 } },
        { flight: { id: back }, tariff: { id: 1 } },
      ],
      passengers: [{ ageType: 'adult' }, { ageType: 'child' }, { ageType: 'infant' }],
      passengersSeats: [
        { passenger: 0, flight: { id: outbound }, seatLabel: '4A' },
        { passenger: 1, flight: { id: back }, seatLabel: '20C' },
      ],
      passengersOptions: [{ passenger: 1, flight: { id: back }, option: { id: optionId } }],
    });
    expect(roundTrip.status, JSON.stringify(roundTrip.body)).toBe(200);
    const [adult, child, infant] = roundTrip.body.costForPassengers;
    const fees = light.airportFee + light.fuelFee;
    expect(adult.flightsCosts.map((cost: { base: number; seat: number }) => [cost.base, cost.seat])).toEqual([
      [light.priceRound, 25],
      [light.priceRound, 0],
    ]);
    const childBase = percentOf(light.priceRound, childPercent);
    expect(child.flightsCosts[1]).toEqual({
      flightId: back,
      base: childBase,
      airportFee: light.airportFee,
      fuelFee: light.fuelFee,
      seat: 12,
      optionsCosts: [{ option: { id: optionId }, price: optionPrice }],
      total: expect.closeTo(childBase + fees + 12 + optionPrice, 2),
    });
    expect(infant.flightsCosts[0]).toMatchObject({
      base: percentOf(light.priceRound, infantPercent),
      airportFee: 0,
      fuelFee: 0,
      seat: 0,
    });
    const sum = [adult, child, infant].reduce(
      (total: number, passenger: { total: number }) => total + passenger.total,
      0,
    );
    expect(roundTrip.body.total).toBeCloseTo(sum, 2);
  });

  const refusal = async (body: object) => {
    const response = await calculate({
      bookedFlights: [{ flight: { id: outbound }, tariff: { id: 1 } }],
      passengers: [{ ageType: 'adult' }],
      ...body,
    });
    expect(response.status).toBe(422);
    return response.body.errors[0];
  };

  it('refuses the booking rules of spec 02 §8, naming the direction and seat', async () => {
    expect(
      await refusal({ passengersSeats: [{ passenger: 0, flight: { id: outbound }, seatLabel: '12F' }] }),
    ).toMatchObject({
      code: 'ERROR_BOOKED_SEATS_OCCUPIED',
      message: 'Seat 12F is already occupied. Select an available seat on the outbound flight.',
      params: { direction: 'outbound', flightId: outbound, seatLabel: '12F' },
    });
    expect(
      await refusal({
        passengers: [{ ageType: 'adult' }, { ageType: 'adult' }],
        passengersSeats: [
          { passenger: 0, flight: { id: outbound }, seatLabel: '14A' },
          { passenger: 1, flight: { id: outbound }, seatLabel: '14A' },
        ],
      }),
    ).toMatchObject({ code: 'ERROR_BOOKED_SEATS_NOT_UNIQUE', params: { seatLabel: '14A' } });
    // 2A is a business seat: not in the economy tariff's group.
    expect(
      await refusal({ passengersSeats: [{ passenger: 0, flight: { id: outbound }, seatLabel: '2A' }] }),
    ).toMatchObject({
      code: 'ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS',
    });
    expect(
      await refusal({ passengersSeats: [{ passenger: 0, flight: { id: back }, seatLabel: '14A' }] }),
    ).toMatchObject({
      code: 'ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS',
      params: { direction: 'both' },
    });
    expect(
      await refusal({
        passengers: [{ ageType: 'adult' }, { ageType: 'infant' }],
        passengersSeats: [{ passenger: 1, flight: { id: outbound }, seatLabel: '14B' }],
      }),
    ).toMatchObject({ code: 'ERROR_INFANT_SEAT' });
    expect(
      await refusal({ passengers: [{ ageType: 'adult' }, { ageType: 'infant' }, { ageType: 'infant' }] }),
    ).toMatchObject({
      code: 'ERROR_TOO_MANY_INFANTS',
    });
    expect(
      await refusal({
        bookedFlights: [
          { flight: { id: back }, tariff: { id: 1 } },
          { flight: { id: outbound }, tariff: { id: 1 } },
        ],
      }),
    ).toMatchObject({ code: 'ERROR_BOOKED_FLIGHT_SORTING_WRONG' });
    expect(await refusal({ bookedFlights: [{ flight: { id: outbound }, tariff: { id: 3 } }] })).toMatchObject(
      {
        code: 'ERROR_TARIFF_NOT_AVAILABLE',
        field: 'bookedFlights.0.tariff.id',
      },
    );
  });

  it('refuses a departed flight', async () => {
    const departed = await createFlight({
      number: 'FB4724',
      departure: '2031-05-09T05:30:00Z',
      arrival: '2031-05-09T07:45:00Z',
    });
    expect((await api('PUT', `flight/${departed}/delayed`, manager, {})).status).toBe(200);
    expect((await api('PUT', `flight/${departed}/status/departed`, manager)).status).toBe(200);
    expect(await refusal({ bookedFlights: [{ flight: { id: departed }, tariff: { id: 1 } }] })).toMatchObject(
      {
        code: 'ERROR_BOOKED_DEPARTED_FLIGHT_ADDED',
        message: 'Selected outbound flight has already departed. Please select another flight.',
      },
    );
  });

  it('refuses a cancelled flight', async () => {
    const cancelled = await createFlight({
      number: 'FB4723',
      departure: '2031-05-08T05:30:00Z',
      arrival: '2031-05-08T07:45:00Z',
    });
    expect((await api('PUT', `flight/${cancelled}/status/cancelled`, manager)).status).toBe(200);
    expect(
      await refusal({ bookedFlights: [{ flight: { id: cancelled }, tariff: { id: 1 } }] }),
    ).toMatchObject({
      code: 'ERROR_BOOKED_CANCELLED_FLIGHT_SELECTED',
      message: "Can't save reservation due outbound flight is cancelled.",
    });
  });
});
