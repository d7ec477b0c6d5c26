import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityLog, reservations, tickets } from '../../db/schema/index.ts';
import { placeReservation } from '../../test/bookings.ts';
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

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.request({
    method,
    url: `/api/v1/${url}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function createFlight(overrides: Parameters<typeof flightBody>[1] = {}, token = manager) {
  const response = await api('POST', 'flight', token, flightBody(ids, overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const agentId = async () =>
  (await api('GET', 'agent/list?query=agent@flybook.test', admin)).body.items[0].id as number;

describe('creating a flight', () => {
  it('stores the flight with its airports, a copy of the template seat map and the inventory per tariff group', async () => {
    const flight = await createFlight({ number: 'FB4101', comment: ' early bird ' });
    expect(flight).toMatchObject({
      number: 'FB4101',
      flightCompany: { code: 'FB' },
      origin: { code: 'ZRH', timezone: 'Europe/Zurich' },
      destination: { code: 'PRN' },
      departure: '2031-03-04T05:30:00.000Z',
      status: 'created',
      isActive: true,
      isBookedOut: false,
      isDelayed: false,
      comment: 'early bird',
      sequence: null,
      passengers: 0,
      takenSeatLabels: [],
    });
    expect(flight.sections).toHaveLength(2);
    expect(flight.seatsByTariff).toEqual([
      {
        tariffGroup: { id: 1 },
        totalSeats: 168,
        numberOfSeatsToSale: 150,
        costPerSeat: 90,
        agentSeatsLimit: 40,
        onlineSeatsLimit: 7,
        booked: 0,
        allotted: 0,
        free: 150,
      },
      {
        tariffGroup: { id: 3 },
        totalSeats: 12,
        numberOfSeatsToSale: 12,
        costPerSeat: 210,
        agentSeatsLimit: 2,
        onlineSeatsLimit: 4,
        booked: 0,
        allotted: 0,
        free: 12,
      },
    ]);
    const log = await t.database.db
      .select()
      .from(entityLog)
      .where(eq(entityLog.entityId, String(flight.id)));
    expect(log.some((entry) => entry.entityType === 'flight' && entry.operation === 'create')).toBe(true);
  });

  it('refuses bad flights with a field error and stores nothing', async () => {
    const cases: [Parameters<typeof flightBody>[1], number, string, string][] = [
      [{ number: 'AQ4100' }, 422, 'ERROR_FLIGHT_NUMBER_PREFIX', 'number'],
      [{ arrival: '2031-03-04T05:00:00Z' }, 422, 'ERROR_ARRIVAL_NOT_AFTER_DEPARTURE', 'arrival'],
      [{ destination: { code: 'ZRH' } }, 422, 'ERROR_SAME_AIRPORTS', 'destination.code'],
      [{ destination: { code: 'XXX' } }, 422, 'ERROR_NOT_FOUND', 'destination.code'],
      [{ number: 'FB12345' }, 422, 'ERROR_PATTERN', 'number'],
      [
        {
          seatsByTariff: [{ tariffGroup: { id: 1 }, totalSeats: 200, agentSeatsLimit: 1 }],
        },
        422,
        'ERROR_MAXIMUM',
        'seatsByTariff.0.totalSeats',
      ],
      [
        {
          seatsByTariff: [
            { tariffGroup: { id: 1 }, totalSeats: 10, numberOfSeatsToSale: 11, agentSeatsLimit: 1 },
          ],
        },
        422,
        'ERROR_MAXIMUM',
        'seatsByTariff.0.numberOfSeatsToSale',
      ],
    ];
    const before = (await api('GET', 'flight/list?departureFrom=2031-03-04&departureTo=2031-03-04', manager))
      .body.total;
    for (const [overrides, status, code, field] of cases) {
      const response = await api('POST', 'flight', manager, flightBody(ids, overrides));
      expect(response.status, code).toBe(status);
      expect(response.body.errors).toContainEqual(expect.objectContaining({ code, field }));
    }
    const after = (await api('GET', 'flight/list?departureFrom=2031-03-04&departureTo=2031-03-04', manager))
      .body.total;
    expect(after).toBe(before);
  });

  it('takes seat counts from the seat map when the form leaves them out', async () => {
    const flight = await createFlight({
      number: 'FB4102',
      aircraftTemplate: { id: ids.b737Id },
      seatsByTariff: [{ tariffGroup: { id: 1 }, agentSeatsLimit: 20 }],
    });
    expect(flight.seatsByTariff[0]).toMatchObject({
      totalSeats: 189,
      numberOfSeatsToSale: 189,
      costPerSeat: 0,
    });
  });
});

describe('field roles of the seat inventory', () => {
  let restricted: string;
  beforeAll(async () => {
    const managerId = (await api('GET', 'user/me', manager)).body.id;
    const user = (await api('GET', `user/${managerId}`, admin)).body;
    const response = await api('PUT', `user/${managerId}`, admin, {
      ...user,
      deniedSpecialRoles: [
        'ROLE_FLIGHT_READ_COST_PER_SEAT',
        'ROLE_FLIGHT_CREATE_COST_PER_SEAT',
        'ROLE_FLIGHT_UPDATE_SEAT_NUMBER',
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    restricted = manager;
  });
  afterAll(async () => {
    const managerId = (await api('GET', 'user/me', manager)).body.id;
    const user = (await api('GET', `user/${managerId}`, admin)).body;
    await api('PUT', `user/${managerId}`, admin, { ...user, deniedSpecialRoles: [] });
  });

  it('refuses a cost per seat from a user who may not write it, and hides it from one who may not read it', async () => {
    const refused = await api('POST', 'flight', restricted, flightBody(ids, { number: 'FB4110' }));
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'ERROR_FORBIDDEN',
      field: 'seatsByTariff.0.costPerSeat',
    });

    const body = flightBody(ids, { number: 'FB4111' });
    for (const seats of body.seatsByTariff) delete seats.costPerSeat;
    const created = await api('POST', 'flight', restricted, body);
    expect(created.status).toBe(201);
    expect(created.body.seatsByTariff[0].costPerSeat).toBeUndefined();
    expect(created.body.seatsByTariff[0].totalSeats).toBe(168);
    const asAdmin = await api('GET', `flight/${created.body.id}`, admin);
    expect(asAdmin.body.seatsByTariff[0].costPerSeat).toBe(0);
  });

  it('keeps stored seat numbers when an update leaves them out and refuses changing them without the role', async () => {
    const flight = await createFlight({ number: 'FB4112' }, admin);
    const body = flightBody(ids, { number: 'FB4112' });
    for (const seats of body.seatsByTariff) delete seats.costPerSeat;
    const changed = structuredClone(body);
    changed.seatsByTariff[0]!.totalSeats = 160;
    const refused = await api('PUT', `flight/${flight.id}`, restricted, changed);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].field).toBe('seatsByTariff.0.totalSeats');

    for (const seats of body.seatsByTariff) {
      delete seats.totalSeats;
      delete seats.numberOfSeatsToSale;
    }
    body.seatsByTariff[0]!.agentSeatsLimit = 25;
    const kept = await api('PUT', `flight/${flight.id}`, restricted, body);
    expect(kept.status).toBe(200);
    expect(kept.body.seatsByTariff[0]).toMatchObject({
      totalSeats: 168,
      numberOfSeatsToSale: 150,
      agentSeatsLimit: 25,
    });
    expect((await api('GET', `flight/${flight.id}`, admin)).body.seatsByTariff[0].costPerSeat).toBe(90);
  });
});

describe('repeating flights', () => {
  it('makes one flight per matching date, first and last date included, at the same local time across a clock change', async () => {
    const response = await api('POST', 'flight/sequence', manager, {
      flight: flightBody(ids, {
        number: 'FB4200',
        departure: '2031-03-20T06:15:00Z',
        arrival: '2031-03-20T08:30:00Z',
      }),
      // 2031-03-21 is a Friday; clocks go forward on Sunday 2031-03-30.
      repeating: { firstDate: '2031-03-21', lastDate: '2031-04-04', period: 1, weekdays: [5, 2] },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      firstDate: '2031-03-21',
      lastDate: '2031-04-04',
      period: 1,
      weekdays: [2, 5],
    });
    expect(response.body.flightIds).toHaveLength(5);

    const list = await api('GET', `flight/list?sequence=${response.body.id}`, manager);
    expect(list.body.total).toBe(5);
    expect(list.body.items.map((flight: { departure: string }) => flight.departure)).toEqual([
      '2031-03-21T06:15:00.000Z',
      '2031-03-25T06:15:00.000Z',
      '2031-03-28T06:15:00.000Z',
      '2031-04-01T05:15:00.000Z',
      '2031-04-04T05:15:00.000Z',
    ]);
    expect(list.body.items[4]).toMatchObject({
      arrival: '2031-04-04T07:30:00.000Z',
      sequence: { id: response.body.id, weekdays: [2, 5] },
    });
  });

  it('counts every other week from the first date and refuses a sequence without any date', async () => {
    const every2 = await api('POST', 'flight/sequence', manager, {
      flight: flightBody(ids, { number: 'FB4201' }),
      repeating: { firstDate: '2031-05-05', lastDate: '2031-05-31', period: 2, weekdays: [1] },
    });
    expect(every2.status).toBe(201);
    expect(every2.body.flightIds).toHaveLength(2);

    const none = await api('POST', 'flight/sequence', manager, {
      flight: flightBody(ids, { number: 'FB4202' }),
      repeating: { firstDate: '2031-05-05', lastDate: '2031-05-06', period: 1, weekdays: [7] },
    });
    expect(none.status).toBe(422);
    expect(none.body.errors[0].code).toBe('ERROR_SEQUENCE_EMPTY');

    const reversed = await api('POST', 'flight/sequence', manager, {
      flight: flightBody(ids, { number: 'FB4203' }),
      repeating: { firstDate: '2031-05-06', lastDate: '2031-05-05', period: 1, weekdays: [1] },
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors[0].field).toBe('repeating.lastDate');
  });

  it('needs the sequence role', async () => {
    const response = await api('POST', 'flight/sequence', agent, {
      flight: flightBody(ids),
      repeating: { firstDate: '2031-05-05', lastDate: '2031-05-06', period: 1, weekdays: [1] },
    });
    expect(response.status).toBe(403);
  });
});

describe('the flight list', () => {
  beforeAll(async () => {
    // 2031-06-02 is a Monday. The late ZRH departure is on Tuesday local time but Monday in UTC.
    await createFlight({
      number: 'FB4301',
      departure: '2031-06-02T08:00:00Z',
      arrival: '2031-06-02T10:00:00Z',
    });
    await createFlight({
      number: 'FB4302',
      departure: '2031-06-03T22:30:00Z',
      arrival: '2031-06-04T00:30:00Z',
    });
    await createFlight({
      number: 'FB4303',
      origin: { code: 'PRN' },
      destination: { code: 'BSL' },
      departure: '2031-06-05T12:00:00Z',
      arrival: '2031-06-05T14:15:00Z',
    });
    const cancelled = await createFlight({
      number: 'FB4304',
      departure: '2031-06-06T08:00:00Z',
      arrival: '2031-06-06T10:00:00Z',
    });
    expect((await api('PUT', `flight/${cancelled.id}/status/cancelled`, manager)).status).toBe(200);
  });

  const numbers = async (query: string) => {
    const response = await api(
      'GET',
      `flight/list?departureFrom=2031-06-01&departureTo=2031-06-30&${query}`,
      manager,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.items.map((flight: { number: string }) => flight.number);
  };

  it('shows created flights by departure unless asked for other statuses', async () => {
    expect(await numbers('')).toEqual(['FB4301', 'FB4302', 'FB4303']);
    expect(await numbers('status[]=cancelled')).toEqual(['FB4304']);
    expect(await numbers('status[]=created&status[]=cancelled&sortOrder=DESC')).toEqual([
      'FB4304',
      'FB4303',
      'FB4302',
      'FB4301',
    ]);
  });

  it('filters by local weekday and local date at the origin', async () => {
    expect(await numbers('weekday[]=3')).toEqual(['FB4302']);
    expect(await numbers('weekday[]=1&weekday[]=4')).toEqual(['FB4301', 'FB4303']);
    const sameDay = await api('GET', 'flight/list?departureFrom=2031-06-04&departureTo=2031-06-04', manager);
    expect(sameDay.body.items.map((flight: { number: string }) => flight.number)).toEqual(['FB4302']);
  });

  it('filters by airports and text', async () => {
    expect(await numbers('origin=PRN')).toEqual(['FB4303']);
    expect(await numbers('destination=PRN&query=4302')).toEqual(['FB4302']);
    expect(await numbers('query=bsl')).toEqual(['FB4303']);
  });

  it('pages within bounds', async () => {
    const page = await api(
      'GET',
      'flight/list?departureFrom=2031-06-01&departureTo=2031-06-30&pageSize=2&page=1',
      manager,
    );
    expect(page.body).toMatchObject({ total: 3 });
    expect(page.body.items).toHaveLength(1);
    expect((await api('GET', 'flight/list?pageSize=501', manager)).status).toBe(422);
    expect((await api('GET', 'flight/list?pageSize=0', manager)).status).toBe(422);
    expect((await api('GET', 'flight/list?page=-1', manager)).status).toBe(422);
    expect((await api('GET', 'flight/list', agent)).status).toBe(403);
  });

  it('shows agents active flights without total seats or costs, never negative availability', async () => {
    const [first] = (await api('GET', 'flight/list?query=FB4301&departureFrom=2031-06-01', manager)).body
      .items;
    // Staff overbook the sale quota of economy by 10 seats.
    await t.database.db.execute(
      `update flight_seats set booked = seats_for_sale + 10 where flight_id = ${first.id} and tariff_group_id = 1`,
    );
    const managerView = (await api('GET', 'flight/list?query=FB4301&departureFrom=2031-06-01', manager)).body
      .items[0];
    expect(managerView.seatsByTariff[0]).toMatchObject({ totalSeats: 168, costPerSeat: 90, free: -10 });
    const agentView = await api('GET', 'agent/flight/list?query=FB4301&departureFrom=2031-06-01', agent);
    expect(agentView.status).toBe(200);
    expect(agentView.body.items[0].seatsByTariff[0].free).toBe(0);
    expect(agentView.body.items[0].seatsByTariff[0]).not.toHaveProperty('totalSeats');
    expect(agentView.body.items[0].seatsByTariff[0]).not.toHaveProperty('costPerSeat');

    await api('DELETE', `flight/list/active?ids[]=${first.id}`, manager);
    expect(
      (await api('GET', 'agent/flight/list?query=FB4301&departureFrom=2031-06-01', agent)).body.total,
    ).toBe(0);
  });
});

describe('changing a flight', () => {
  it('refuses seat counts below what is booked and allotted, and removing a tariff group with bookings', async () => {
    const flight = await createFlight({ number: 'FB4401' });
    await placeReservation(t.database.db, {
      flightId: flight.id,
      passengers: Array.from({ length: 5 }, (_, i) => ({ firstName: `P${i}`, lastName: 'Berisha' })),
    });
    const body = flightBody(ids, { number: 'FB4401' });
    body.seatsByTariff[0]!.numberOfSeatsToSale = 4;
    let response = await api('PUT', `flight/${flight.id}`, manager, body);
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({
      code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH',
      field: 'seatsByTariff.0.numberOfSeatsToSale',
    });
    response = await api('PUT', `flight/${flight.id}`, manager, {
      ...flightBody(ids, { number: 'FB4401' }),
      seatsByTariff: [flightBody(ids).seatsByTariff[1]],
    });
    expect(response.body.errors[0].code).toBe('ERROR_AVAILABLE_SEATS_NOT_ENOUGH');
    body.seatsByTariff[0]!.numberOfSeatsToSale = 5;
    response = await api('PUT', `flight/${flight.id}`, manager, body);
    expect(response.status).toBe(200);
    expect(response.body.seatsByTariff[0]).toMatchObject({ numberOfSeatsToSale: 5, booked: 5, free: 0 });
  });

  it('keeps airline and airports of a flight with reservations, and everything but comment and state once departed', async () => {
    const flight = await createFlight({ number: 'FB4402' });
    // The flight says so before anyone tries, so the form can disable the fields.
    expect(flight.isRouteFixed).toBe(false);
    await placeReservation(t.database.db, {
      flightId: flight.id,
      passengers: [{ firstName: 'Ana', lastName: 'Gashi' }],
    });
    expect((await api('GET', `flight/${flight.id}`, manager)).body.isRouteFixed).toBe(true);
    const moved = await api(
      'PUT',
      `flight/${flight.id}`,
      manager,
      flightBody(ids, { number: 'FB4402', destination: { code: 'SKP' } }),
    );
    expect(moved.status).toBe(409);
    expect(moved.body.errors[0]).toMatchObject({
      code: 'ERROR_IMMUTABLE_PROPERTY_IS_CHANGED',
      field: 'destinationAirportId',
    });

    expect((await api('PUT', `flight/${flight.id}/delayed`, manager)).status).toBe(200);
    expect((await api('PUT', `flight/${flight.id}/status/departed`, manager)).status).toBe(200);
    const later = await api(
      'PUT',
      `flight/${flight.id}`,
      manager,
      flightBody(ids, {
        number: 'FB4402',
        departure: '2031-03-04T06:30:00Z',
        arrival: '2031-03-04T08:45:00Z',
      }),
    );
    expect(later.status).toBe(409);
    expect(later.body.errors[0].code).toBe('ERROR_IMMUTABLE_PROPERTY_IS_CHANGED');
    const comment = await api(
      'PUT',
      `flight/${flight.id}`,
      manager,
      flightBody(ids, { number: 'FB4402', comment: 'Landed 08:02' }),
    );
    expect(comment.status).toBe(200);
    expect(comment.body.comment).toBe('Landed 08:02');
  });

  it('keeps sold seats in an edited seat map and clears them when the template is replaced', async () => {
    const flight = await createFlight({ number: 'FB4403' });
    await placeReservation(t.database.db, {
      flightId: flight.id,
      passengers: [{ firstName: 'Besa', lastName: 'Hoxha', seatLabel: '12A' }],
    });
    expect((await api('GET', `flight/${flight.id}`, manager)).body.takenSeatLabels).toEqual(['12A']);

    const sections = structuredClone(flight.sections);
    const economy = sections.find((section: { tariffGroup: { id: number } }) => section.tariffGroup.id === 1);
    const row = economy.rowLabels.indexOf('12');
    economy.seats[row][economy.columnLabels.indexOf('A')] = 4;
    const removed = await api(
      'PUT',
      `flight/${flight.id}`,
      manager,
      flightBody(ids, { number: 'FB4403', sections }),
    );
    expect(removed.status).toBe(422);
    expect(removed.body.errors[0]).toMatchObject({
      code: 'ERROR_SOLD_SEAT_REMOVED',
      params: { seatLabel: '12A' },
    });

    const replaced = await api(
      'PUT',
      `flight/${flight.id}`,
      manager,
      flightBody(ids, {
        number: 'FB4403',
        aircraftTemplate: { id: ids.b737Id },
        seatsByTariff: [{ tariffGroup: { id: 1 }, totalSeats: 180, agentSeatsLimit: 10 }],
      }),
    );
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.aircraftTemplate.id).toBe(ids.b737Id);
    expect(replaced.body.takenSeatLabels).toEqual([]);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.flightId, flight.id));
    expect(ticket!.seatLabel).toBeNull();
  });

  it('lets seat numbers left out follow hidden seats, and never hides seats that are sold', async () => {
    type Section = { tariffGroup: { id: number }; seats: number[][] };
    const flight = await createFlight({ number: 'FB4405' });
    const hide = (labels: Record<number, number>) => {
      // Hides the first `labels[group]` seats of the group's first row (the A320's has 4 of each).
      const sections: Section[] = structuredClone(flight.sections);
      for (const section of sections) {
        let count = labels[section.tariffGroup.id] ?? 0;
        const row = section.seats[0]!;
        row.forEach((flags, column) => {
          if (count > 0 && flags === 0) {
            row[column] = 4;
            count -= 1;
          }
        });
      }
      return sections;
    };
    const withoutNumbers = (sections: Section[], extra: Partial<Parameters<typeof flightBody>[1]> = {}) => {
      const body = flightBody(ids, { number: 'FB4405', sections: sections as never, ...extra });
      for (const seats of body.seatsByTariff) {
        delete seats.totalSeats;
        delete seats.numberOfSeatsToSale;
      }
      return body;
    };

    // Economy holds the whole map (168, 150 for sale); business too (12, all for sale).
    let response = await api('PUT', `flight/${flight.id}`, manager, withoutNumbers(hide({ 1: 3, 3: 2 })));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.seatsByTariff.map((seats: { totalSeats: number }) => seats.totalSeats)).toEqual([
      165, 10,
    ]);
    expect(response.body.seatsByTariff[0].numberOfSeatsToSale).toBe(150);
    expect(response.body.seatsByTariff[1].numberOfSeatsToSale).toBe(10);

    // Shown again, the seats come back into the totals.
    response = await api('PUT', `flight/${flight.id}`, manager, withoutNumbers(hide({})));
    expect(response.body.seatsByTariff[0]).toMatchObject({ totalSeats: 168, numberOfSeatsToSale: 150 });
    expect(response.body.seatsByTariff[1]).toMatchObject({ totalSeats: 12, numberOfSeatsToSale: 12 });

    // A total sent with the map must fit in it.
    const tooMany = flightBody(ids, { number: 'FB4405', sections: hide({ 1: 1 }) as never });
    response = await api('PUT', `flight/${flight.id}`, manager, tooMany);
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({
      code: 'ERROR_MAXIMUM',
      field: 'seatsByTariff.0.totalSeats',
      params: { limit: 167 },
    });

    // Ten business seats sold to an agent: the map cannot drop to nine.
    const allotments = [
      { agent: { id: await agentId() }, tariffGroup: { id: 3 }, seatsNumber: 10, comment: '' },
    ];
    response = await api('PUT', `flight/${flight.id}`, admin, withoutNumbers(hide({}), { allotments }));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const stored = response.body.allotments;
    response = await api(
      'PUT',
      `flight/${flight.id}`,
      admin,
      withoutNumbers(hide({ 3: 3 }), { allotments: stored }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({
      code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH',
      field: 'seatsByTariff.1.totalSeats',
    });
    response = await api(
      'PUT',
      `flight/${flight.id}`,
      admin,
      withoutNumbers(hide({ 3: 2 }), { allotments: stored }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.seatsByTariff[1]).toMatchObject({ totalSeats: 10, allotted: 10 });
  });

  it('lists who holds which seat, by booking reference, for the flight editors', async () => {
    const flight = await createFlight({ number: 'FB4406' });
    const first = await placeReservation(t.database.db, {
      flightId: flight.id,
      passengers: [
        { firstName: 'Arta', lastName: 'Morina', seatLabel: '14B' },
        { firstName: 'Blerim', lastName: 'Morina', seatLabel: '14A' },
        { firstName: 'Cufe', lastName: 'Morina' },
      ],
    });
    const second = await placeReservation(t.database.db, {
      flightId: flight.id,
      passengers: [{ firstName: 'Dua', lastName: 'Lika', seatLabel: '3C' }],
    });
    const response = await api('GET', `flight/${flight.id}/seated-passengers`, manager);
    expect(response.status).toBe(200);
    const locators = Object.fromEntries(
      (
        await t.database.db
          .select({ id: reservations.id, recordLocator: reservations.recordLocator })
          .from(reservations)
          .where(inArray(reservations.id, [first, second]))
      ).map((row) => [row.id, row.recordLocator]),
    );
    const expected = [
      { firstName: 'Blerim', lastName: 'Morina', seatLabel: '14A', reservation: { id: first } },
      { firstName: 'Arta', lastName: 'Morina', seatLabel: '14B', reservation: { id: first } },
      { firstName: 'Dua', lastName: 'Lika', seatLabel: '3C', reservation: { id: second } },
    ]
      .map((item) => ({
        ...item,
        reservation: { ...item.reservation, recordLocator: locators[item.reservation.id] ?? '' },
      }))
      .sort((a, b) => a.reservation.recordLocator.localeCompare(b.reservation.recordLocator));
    expect(response.body.items).toMatchObject(expected);
    expect(response.body.items).toHaveLength(3);
    expect(response.body.items[0].id).toEqual(expect.any(Number));

    expect((await api('GET', 'flight/424242/seated-passengers', manager)).status).toBe(404);
    expect((await api('GET', `flight/${flight.id}/seated-passengers`, agent)).status).toBe(403);
  });

  it('tells passengers about a new departure time when asked to', async () => {
    const flight = await createFlight({ number: 'FB4404' });
    await placeReservation(t.database.db, {
      flightId: flight.id,
      passengers: [{ firstName: 'Drita', lastName: 'Krasniqi' }],
      billing: { email: 'drita@example.test' },
      language: 'en',
    });
    const response = await api(
      'PUT',
      `flight/${flight.id}?isEmailNotifyEnabled=true`,
      manager,
      flightBody(ids, {
        number: 'FB4404',
        departure: '2031-03-04T07:30:00Z',
        arrival: '2031-03-04T09:45:00Z',
      }),
    );
    expect(response.status).toBe(200);
    const outbox = await t.request({ method: 'GET', url: '/api/dev/outbox?recipient=drita@example.test' });
    expect(outbox.body.items).toHaveLength(1);
    expect(outbox.body.items[0]).toMatchObject({ template: 'flightRescheduled', channel: 'email' });
    expect(outbox.body.items[0].body).toContain('04.03.2031 at 08:30');
  });
});

describe('allotments on a flight', () => {
  it('blocks seats for an agent out of the sale quota', async () => {
    const agentUserId = await agentId();
    const flight = await createFlight({
      number: 'FB4501',
      allotments: [
        {
          agent: { id: agentUserId },
          tariffGroup: { id: 1 },
          seatsNumber: 20,
          costPerSeat: 120,
          comment: 'Summer block',
        },
      ],
    });
    expect(flight.allotments).toEqual([
      expect.objectContaining({
        agent: { id: agentUserId, displayName: 'Alpen Reisen GmbH' },
        seatsNumber: 20,
        costPerSeat: 120,
        booked: 0,
        invoice: null,
      }),
    ]);
    expect(flight.seatsByTariff[0]).toMatchObject({ allotted: 20, free: 130 });

    const tooMany = await api('PUT', `flight/${flight.id}`, manager, {
      ...flightBody(ids, { number: 'FB4501' }),
      allotments: [
        {
          id: flight.allotments[0].id,
          agent: { id: agentUserId },
          tariffGroup: { id: 1 },
          seatsNumber: 151,
          costPerSeat: 120,
        },
      ],
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0].code).toBe('ERROR_AVAILABLE_SEATS_NOT_ENOUGH');

    const unknown = await api('PUT', `flight/${flight.id}`, manager, {
      ...flightBody(ids, { number: 'FB4501' }),
      allotments: [{ id: 999_999, agent: { id: agentUserId }, tariffGroup: { id: 1 }, seatsNumber: 5 }],
    });
    expect(unknown.body.errors[0]).toMatchObject({
      code: 'ERROR_ALLOTMENT_DEPENDENCY_NOT_EXIST',
      field: 'allotments.0.id',
    });
  });

  it('freezes invoiced allotments and keeps allotments with bookings', async () => {
    const agentUserId = await agentId();
    const flight = await createFlight({
      number: 'FB4502',
      allotments: [
        { agent: { id: agentUserId }, tariffGroup: { id: 1 }, seatsNumber: 10, costPerSeat: 100 },
        { agent: { id: agentUserId }, tariffGroup: { id: 3 }, seatsNumber: 2, costPerSeat: 300 },
      ],
    });
    const [economy, business] = flight.allotments;
    const invoiced = await api('POST', 'allotment/invoice', manager, {
      ids: [economy.id],
      agent: { id: agentUserId },
      title: 'Allotments FB4502',
      invoiceDate: '2031-03-01',
      paymentDeadline: '2031-03-15',
    });
    expect(invoiced.status).toBe(201);
    await placeReservation(t.database.db, {
      flightId: flight.id,
      tariffId: 4,
      allotmentId: business.id,
      passengers: [{ firstName: 'Agim', lastName: 'Rexha' }],
    });
    const keep = (changes: object = {}) => [
      {
        id: economy.id,
        agent: { id: agentUserId },
        tariffGroup: { id: 1 },
        seatsNumber: 10,
        costPerSeat: 100,
        ...changes,
      },
      {
        id: business.id,
        agent: { id: agentUserId },
        tariffGroup: { id: 3 },
        seatsNumber: 2,
        costPerSeat: 300,
      },
    ];
    const changed = await api('PUT', `flight/${flight.id}`, manager, {
      ...flightBody(ids, { number: 'FB4502' }),
      allotments: keep({ seatsNumber: 12 }),
    });
    expect(changed.status).toBe(409);
    expect(changed.body.errors[0].code).toBe('ERROR_IMMUTABLE_PROPERTY_IS_CHANGED');

    const withoutInvoiced = await api('PUT', `flight/${flight.id}`, manager, {
      ...flightBody(ids, { number: 'FB4502' }),
      allotments: keep().slice(1),
    });
    expect(withoutInvoiced.body.errors[0].code).toBe('ERROR_ALLOTMENT_DELETED');
    const withoutBooked = await api('PUT', `flight/${flight.id}`, manager, {
      ...flightBody(ids, { number: 'FB4502' }),
      allotments: keep().slice(0, 1),
    });
    expect(withoutBooked.body.errors[0].code).toBe('ERROR_ALLOTMENT_DELETED');

    const unchanged = await api('PUT', `flight/${flight.id}`, manager, {
      ...flightBody(ids, { number: 'FB4502' }),
      allotments: keep(),
    });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.seatsByTariff[1]).toMatchObject({ allotted: 2, booked: 1 });
  });

  it('needs the allotment edit role to change allotments and hides them without the read role', async () => {
    const flight = await createFlight({ number: 'FB4503' });
    const managerId = (await api('GET', 'user/me', manager)).body.id;
    const user = (await api('GET', `user/${managerId}`, admin)).body;
    await api('PUT', `user/${managerId}`, admin, {
      ...user,
      deniedSpecialRoles: ['ROLE_ALLOTMENT_EDIT', 'ROLE_ALLOTMENT_READ'],
    });
    try {
      const response = await api('PUT', `flight/${flight.id}`, manager, {
        ...flightBody(ids, { number: 'FB4503' }),
        allotments: [],
      });
      expect(response.status).toBe(403);
      const read = await api('GET', `flight/${flight.id}`, manager);
      expect(read.body).not.toHaveProperty('allotments');
    } finally {
      await api('PUT', `user/${managerId}`, admin, { ...user, deniedSpecialRoles: [] });
    }
  });
});
