import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FlightPassenger } from '@flybook/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flights } from '../../db/schema/index.ts';
import { bookTravellers, type TestTraveller } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let manager: string;
let agent: string;
let ids: Awaited<ReturnType<typeof catalogueIds>>;
let makeFlight: ReturnType<typeof flightMaker>;
const dir = mkdtempSync(join(tmpdir(), 'flybook-pax-'));

const api: TestApp['api'] = (...args) => t.api(...args);

/** Dates of birth that fit the age types on this file's flights (14 September 2031). */
const BORN = { adult: '1985-05-05', child: '2024-04-04', infant: '2031-01-10' };

/** A booking on a flight (tariff 1 economy unless told): the manager bills it, the agent pays later. */
const book = (
  flightId: number,
  people: TestTraveller[],
  options: { tariffId?: number; token?: string } = {},
) =>
  bookTravellers(
    t,
    options.token ?? manager,
    flightId,
    people.map((person) => ({ birthday: BORN[person.ageType ?? 'adult'], ...person })),
    {
      ...(options.tariffId ? { tariffId: options.tariffId } : {}),
      terms: options.token === agent ? 'later' : 'bill',
    },
  );

/** A passenger id of a booking by first name. */
const pid = (reservation: { passengers: { id: number; firstName: string }[] }, firstName: string) =>
  reservation.passengers.find((p) => p.firstName === firstName)!.id;

const list = async (flightId: number, query = '', token = manager) => {
  const response = await api('GET', `flight/${flightId}/passenger/list${query ? `?${query}` : ''}`, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { items: FlightPassenger[]; total: number };
};
const names = (page: { items: { lastName: string; firstName: string }[] }) =>
  page.items.map((item) => `${item.lastName} ${item.firstName}`);
const ALL = 'appearing[]=pending&appearing[]=notAppeared&appearing[]=appeared';

/** A new manager whose group lacks the given roles (to prove the server's role checks). */
let staffCount = 0;
async function managerWithout(...denied: string[]) {
  staffCount += 1;
  const email = `dcs.${staffCount}@example.test`;
  const countries = (await api('GET', 'country/entire-list', admin)).body.items;
  const created = await api('POST', 'manager', admin, {
    email,
    displayName: `Departure control ${staffCount}`,
    language: 'en',
    country: { id: countries.find((c: { code: string }) => c.code === 'CH').id },
    password: 'departure-pass',
    passwordConfirm: 'departure-pass',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const current = (await api('GET', `user/${created.body.id}`, admin)).body;
  const updated = await api('PUT', `user/${created.body.id}`, admin, {
    id: created.body.id,
    group: { id: current.group.id },
    allowedSpecialRoles: [],
    deniedSpecialRoles: denied,
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  return t.login(email, 'departure-pass');
}

const setStatus = (flightId: number, status: 'closed' | 'departed' | 'cancelled') =>
  t.database.db.update(flights).set({ status }).where(eq(flights.id, flightId));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  manager = await t.login('manager');
  agent = await t.login('agent');
  ids = await catalogueIds(t, manager);
  const maker = flightMaker(t, manager, ids, 6100);
  makeFlight = (overrides = {}) =>
    maker({ departure: '2031-09-14T05:30:00Z', arrival: '2031-09-14T07:45:00Z', ...overrides });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the passenger list', () => {
  let flightId: number;
  let berisha: Awaited<ReturnType<typeof book>>;
  let hoxha: Awaited<ReturnType<typeof book>>;

  beforeAll(async () => {
    flightId = await makeFlight();
    berisha = await book(flightId, [
      { firstName: 'Vjosa', lastName: 'Berisha', gender: 'female', seatLabel: '14B' },
      { firstName: 'Arben', lastName: 'Berisha', seatLabel: '14A' },
      { firstName: 'Drita', lastName: 'Berisha', gender: 'female', ageType: 'child', seatLabel: '14C' },
      { firstName: 'Luan', lastName: 'Berisha', ageType: 'infant' },
    ]);
    hoxha = await book(
      flightId,
      [{ firstName: 'Mira', lastName: 'Hoxha', gender: 'female', seatLabel: '2A' }],
      {
        tariffId: 4,
      },
    );
    await book(flightId, [{ firstName: 'Endrit', lastName: 'Krasniqi' }], { token: agent });
    // Someone on another flight, and a cancelled booking: neither is on this list.
    await book(await makeFlight(), [{ firstName: 'Other', lastName: 'Flight' }]);
    const cancelled = await book(flightId, [{ firstName: 'Gone', lastName: 'Away' }]);
    expect((await api('POST', `reservation/${cancelled.id}/cancel`, manager, { fee: 0 })).status).toBe(200);
  });

  it('lists the pending and no-show passengers by last name, with what departure control needs', async () => {
    const page = await list(flightId);
    expect(page.total).toBe(6);
    expect(names(page)).toEqual([
      'Berisha Arben',
      'Berisha Drita',
      'Berisha Luan',
      'Berisha Vjosa',
      'Hoxha Mira',
      'Krasniqi Endrit',
    ]);
    const drita = page.items.find((item) => item.firstName === 'Drita')!;
    expect(drita).toMatchObject({
      id: pid(berisha, 'Drita'),
      ageType: 'child',
      age: 7,
      isAppeared: null,
      appearingComment: null,
      isNotified: false,
      seatLabel: '14C',
      reservation: { id: berisha.id, isPaid: false, paymentStatus: 'notPaid', agent: null },
      tariff: { id: 1, group: { id: 1 } },
    });
    expect(drita.reservation.bookingReference).toBe(berisha.recordLocator);
    const endrit = page.items.find((item) => item.firstName === 'Endrit')!;
    expect(endrit.reservation.agent).toMatchObject({ company: expect.any(String) });
    expect(page.items.find((item) => item.firstName === 'Mira')).toMatchObject({
      tariff: { id: 4, group: { id: 3 }, name: { en: 'Business' } },
    });
  });

  it('filters by name, booking reference, seat, tariff group, payment and reservation', async () => {
    expect(names(await list(flightId, 'query=berisha&pageSize=2'))).toEqual([
      'Berisha Arben',
      'Berisha Drita',
    ]);
    expect((await list(flightId, 'query=berisha&pageSize=2')).total).toBe(4);
    expect(names(await list(flightId, 'query=mira%20hox'))).toEqual(['Hoxha Mira']);
    expect(names(await list(flightId, `query=FB-${String(hoxha.id).padStart(6, '0')}`))).toEqual([
      'Hoxha Mira',
    ]);
    // The record locator the traveller quotes, typed in lower case.
    expect(names(await list(flightId, `query=${hoxha.recordLocator.toLowerCase()}`))).toEqual(['Hoxha Mira']);
    expect(names(await list(flightId, 'query=14a'))).toEqual(['Berisha Arben']);
    expect(names(await list(flightId, 'tariffGroups[]=3'))).toEqual(['Hoxha Mira']);
    expect((await list(flightId, `reservationId=${berisha.id}`)).total).toBe(4);
    expect((await list(flightId, 'payment[]=paid')).total).toBe(0);
    expect((await list(flightId, 'payment[]=unpaid')).total).toBe(6);
  });

  it('sorts by seat, row by row, with unseated passengers last', async () => {
    const page = await list(flightId, 'sortBy=seatLabel&sortOrder=ASC');
    expect(page.items.map((item) => item.seatLabel)).toEqual(['2A', '14A', '14B', '14C', null, null]);
    const byName = await list(flightId, 'sortBy=lastName&sortOrder=DESC');
    expect(names(byName)[0]).toBe('Krasniqi Endrit');
  });

  it('is for the passenger-list role only, and knows no unknown flight', async () => {
    expect((await api('GET', `flight/${flightId}/passenger/list`, agent)).status).toBe(403);
    expect((await api('GET', `flight/${flightId}/passenger/list`)).status).toBe(401);
    const missing = await api('GET', 'flight/999999/passenger/list', manager);
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('ERROR_NOT_FOUND');
    const bad = await api('GET', `flight/${flightId}/passenger/list?appearing[]=boarded`, manager);
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
  });
});

describe('appearing marks', () => {
  let flightId: number;
  let party: Awaited<ReturnType<typeof book>>;

  beforeAll(async () => {
    flightId = await makeFlight();
    party = await book(flightId, [
      { firstName: 'Ilir', lastName: 'Gashi' },
      { firstName: 'Besa', lastName: 'Gashi', gender: 'female' },
    ]);
  });

  it('marks appeared, then a no-show only with a comment, and pending takes the mark back', async () => {
    const ilir = pid(party, 'Ilir');
    const appeared = await api('PUT', `flight/${flightId}/passenger/${ilir}/appearing`, manager, {
      isAppeared: true,
    });
    expect(appeared.status, JSON.stringify(appeared.body)).toBe(200);
    expect(appeared.body).toMatchObject({ id: ilir, isAppeared: true, appearingComment: null });
    // Appeared passengers leave the default list and are found under their state.
    expect(names(await list(flightId))).toEqual(['Gashi Besa']);
    expect(names(await list(flightId, 'appearing[]=appeared'))).toEqual(['Gashi Ilir']);

    const noComment = await api('PUT', `flight/${flightId}/passenger/${ilir}/appearing`, manager, {
      isAppeared: false,
      comment: '   ',
    });
    expect(noComment.status).toBe(422);
    expect(noComment.body.errors[0]).toMatchObject({ code: 'ERROR_REQUIRED', field: 'comment' });
    expect((await list(flightId, 'appearing[]=appeared')).total).toBe(1);

    const noShow = await api('PUT', `flight/${flightId}/passenger/${ilir}/appearing`, manager, {
      isAppeared: false,
      comment: 'Did not come to the gate',
    });
    expect(noShow.body).toMatchObject({ isAppeared: false, appearingComment: 'Did not come to the gate' });
    expect(names(await list(flightId, 'appearing[]=notAppeared'))).toEqual(['Gashi Ilir']);

    const pending = await api('DELETE', `flight/${flightId}/passenger/${ilir}/appearing`, manager);
    expect(pending.body).toMatchObject({ isAppeared: null, appearingComment: null });

    const log = await api('GET', `entity-log/list?entityType=passenger&query=${ilir}`, admin);
    expect(log.body.items.length).toBeGreaterThanOrEqual(3);
    expect(log.body.items[0]).toMatchObject({ entityType: 'passenger', entityId: String(ilir) });
  });

  it('knows only passengers of the flight, needs the marking role, and leaves a cancelled flight alone', async () => {
    const other = await makeFlight();
    const besa = pid(party, 'Besa');
    expect(
      (await api('PUT', `flight/${other}/passenger/${besa}/appearing`, manager, { isAppeared: true })).status,
    ).toBe(404);
    const withoutMarking = await managerWithout('ROLE_FLIGHT_PASSENGER_MARKING');
    expect(
      (
        await api('PUT', `flight/${flightId}/passenger/${besa}/appearing`, withoutMarking, {
          isAppeared: true,
        })
      ).status,
    ).toBe(403);
    // The passenger list alone still opens.
    expect((await api('GET', `flight/${flightId}/passenger/list`, withoutMarking)).status).toBe(200);

    const cancelledFlight = await makeFlight();
    const late = await book(cancelledFlight, [{ firstName: 'Late', lastName: 'Comer' }]);
    await setStatus(cancelledFlight, 'cancelled');
    const refused = await api(
      'PUT',
      `flight/${cancelledFlight}/passenger/${pid(late, 'Late')}/appearing`,
      manager,
      {
        isAppeared: true,
      },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('ERROR_PASSENGER_FLIGHT_CANCELLED');
  });

  it('marks passengers of a departed flight (the final count after departure)', async () => {
    const departed = await makeFlight();
    const party = await book(departed, [{ firstName: 'After', lastName: 'Departure' }]);
    await setStatus(departed, 'departed');
    const marked = await api(
      'PUT',
      `flight/${departed}/passenger/${pid(party, 'After')}/appearing`,
      manager,
      {
        isAppeared: false,
        comment: 'Missed the flight',
      },
    );
    expect(marked.status).toBe(200);
  });

  it('keeps the marks when the reservation is changed', async () => {
    const besa = pid(party, 'Besa');
    await api('PUT', `flight/${flightId}/passenger/${besa}/appearing`, manager, { isAppeared: true });
    const reservation = (await api('GET', `reservation/${party.id}`, manager)).body;
    const changed = await api('PUT', `reservation/${party.id}`, manager, {
      bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
      passengers: reservation.passengers.map((p: Record<string, unknown>) => ({
        id: p.id,
        salutation: p.salutation,
        firstName: p.firstName === 'Ilir' ? 'Ilir Agim' : p.firstName,
        lastName: p.lastName,
        gender: p.gender,
        ageType: p.ageType,
        birthday: p.birthday,
      })),
      passengersSeats: [],
      passengersOptions: [],
      billingInformation: { ...reservation.billingInformation, language: 'en' },
      paymentTerms: 'update',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const page = await list(flightId, ALL);
    expect(page.items.find((item) => item.id === besa)).toMatchObject({ isAppeared: true });
    expect(page.items.find((item) => item.firstName === 'Ilir Agim')).toMatchObject({ isAppeared: null });
  });
});

describe('bulk appearing', () => {
  let flightId: number;
  const people: Record<string, number> = {};

  beforeAll(async () => {
    flightId = await makeFlight();
    for (const [lastName, firstNames] of [
      ['Rexhepi', ['Agon', 'Blerta', 'Citlali']],
      ['Morina', ['Dardan', 'Era']],
    ] as const) {
      const reservation = await book(
        flightId,
        firstNames.map((firstName) => ({ firstName, lastName })),
      );
      for (const firstName of firstNames) people[firstName] = pid(reservation, firstName);
    }
  });

  const appearedNames = async () => names(await list(flightId, 'appearing[]=appeared'));

  it('marks just the chosen ids, whatever the filters say', async () => {
    const response = await api(
      'PUT',
      `flight/${flightId}/passenger/list/appearing?ids[]=${people.Agon}&ids[]=${people.Era}&query=Rexhepi`,
      manager,
      { isAppeared: true },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ count: 2 });
    expect(await appearedNames()).toEqual(['Morina Era', 'Rexhepi Agon']);
  });

  it('marks all matching the filters except the chosen ids', async () => {
    const response = await api(
      'PUT',
      `flight/${flightId}/passenger/list/appearing?excluded=true&ids[]=${people.Blerta}&query=Rexhepi`,
      manager,
      { isAppeared: false, comment: 'Gate closed' },
    );
    // Rexhepi matching the default filter (pending and no-show: Agon appeared already) except Blerta.
    expect(response.body).toEqual({ count: 1 });
    const noShows = await list(flightId, 'appearing[]=notAppeared');
    expect(names(noShows)).toEqual(['Rexhepi Citlali']);
    expect(noShows.items[0]!.appearingComment).toBe('Gate closed');
    expect(await appearedNames()).toEqual(['Morina Era', 'Rexhepi Agon']);
  });

  it('ignores ids of other flights, needs a comment for no-shows and takes marks back in bulk', async () => {
    const elsewhere = await book(await makeFlight(), [{ firstName: 'Far', lastName: 'Away' }]);
    const foreign = await api(
      'PUT',
      `flight/${flightId}/passenger/list/appearing?ids[]=${pid(elsewhere, 'Far')}`,
      manager,
      { isAppeared: true },
    );
    expect(foreign.body).toEqual({ count: 0 });
    const noComment = await api('PUT', `flight/${flightId}/passenger/list/appearing?excluded=true`, manager, {
      isAppeared: false,
    });
    expect(noComment.status).toBe(422);
    expect((await list(flightId, 'appearing[]=notAppeared')).total).toBe(1);

    const cleared = await api(
      'DELETE',
      `flight/${flightId}/passenger/list/appearing?excluded=true&${ALL}&ids[]=${people.Era}`,
      manager,
    );
    expect(cleared.body).toEqual({ count: 4 });
    expect(await appearedNames()).toEqual(['Morina Era']);
  });

  it('needs the bulk role besides the marking role', async () => {
    const withoutBulk = await managerWithout('ROLE_FLIGHT_PASSENGER_LIST_BULK_ACTIONS');
    const refused = await api(
      'PUT',
      `flight/${flightId}/passenger/list/appearing?excluded=true`,
      withoutBulk,
      {
        isAppeared: true,
      },
    );
    expect(refused.status).toBe(403);
    expect(await appearedNames()).toEqual(['Morina Era']);
    // One by one still works with the marking role.
    const one = await api('PUT', `flight/${flightId}/passenger/${people.Dardan}/appearing`, withoutBulk, {
      isAppeared: true,
    });
    expect(one.status).toBe(200);
  });
});

describe('seats', () => {
  let flightId: number;
  let family: Awaited<ReturnType<typeof book>>;
  let single: Awaited<ReturnType<typeof book>>;

  beforeAll(async () => {
    flightId = await makeFlight();
    family = await book(flightId, [
      { firstName: 'Nora', lastName: 'Shala', gender: 'female', seatLabel: '20A' },
      { firstName: 'Tim', lastName: 'Shala', ageType: 'infant' },
      { firstName: 'Kai', lastName: 'Shala', seatLabel: '20B' },
    ]);
    single = await book(flightId, [{ firstName: 'Lum', lastName: 'Bytyqi', seatLabel: '21C' }]);
    // Seat 30A is disabled on this flight's map, 30B reserved for staff.
    const [row] = await t.database.db.select().from(flights).where(eq(flights.id, flightId));
    const sections = structuredClone(row!.sections);
    const economy = sections.find((section) => section.tariffGroup.id === 1)!;
    const r = economy.rowLabels.indexOf('30');
    economy.seats[r]![0] = 1;
    economy.seats[r]![1] = 2;
    await t.database.db.update(flights).set({ sections }).where(eq(flights.id, flightId));
  });

  const seat = (passengerId: number, seatLabel: string, token = manager) =>
    api('PUT', `flight/${flightId}/passenger/${passengerId}/seat`, token, { seatLabel });
  const economyBooked = async () =>
    (await api('GET', `flight/${flightId}`, manager)).body.seatsByTariff.find(
      (s: { tariffGroup: { id: number } }) => s.tariffGroup.id === 1,
    ).booked;

  it('moves a passenger to a free seat as a new version of the reservation, freeing the old seat', async () => {
    const nora = pid(family, 'Nora');
    const booked = await economyBooked();
    const moved = await seat(nora, '25D');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ id: nora, seatLabel: '25D', isNotified: false });
    expect(await economyBooked()).toBe(booked);
    const history = (await api('GET', `reservation/${family.id}/snapshot/list`, manager)).body.items;
    expect(history).toHaveLength(2);
    const latest = history[0].snapshot.passengers.find((p: { id: number }) => p.id === nora);
    expect(latest.tickets[0].seatLabel).toBe('25D');
    const log = (await api('GET', `entity-log/list?entityType=reservation&query=${family.id}`, admin)).body
      .items;
    expect(log[0]).toMatchObject({ operationType: 'update', changedFields: ['tickets'] });
    // 20A is free again for anyone.
    expect((await seat(pid(single, 'Lum'), '20A')).body.seatLabel).toBe('20A');
    // Reserved seats are for staff to give: departure control may.
    expect((await seat(pid(single, 'Lum'), '30B')).status).toBe(200);
  });

  it('refuses a seat someone else holds, with the spec code', async () => {
    const refused = await seat(pid(family, 'Kai'), '30B');
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ERROR_SEAT_LABEL_NOT_UNIQUE', field: 'seatLabel' });
    expect(refused.body.errors[0].message).toBe(
      'Error: This seat is already sold. Please select another one.',
    );
  });

  it('gives passengers who want the same seat at once the seat to one of them only', async () => {
    const wanting = [pid(family, 'Kai'), pid(family, 'Nora'), pid(single, 'Lum')];
    const answers = await Promise.all(wanting.map((id) => seat(id, '27F')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body.errors[0].code).toBe('ERROR_SEAT_LABEL_NOT_UNIQUE');
    }
    const holders = (await list(flightId, ALL)).items.filter((item) => item.seatLabel === '27F');
    expect(holders).toHaveLength(1);
  });

  it('keeps to the seat map: the seat exists, is in the passenger’s cabin and is not disabled', async () => {
    const kai = pid(family, 'Kai');
    for (const [label, code] of [
      ['1A', 'ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS'],
      ['1B', 'ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS'],
      ['45C', 'ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS'],
      ['30A', 'ERROR_BOOKED_SEATS_OCCUPIED'],
    ] as const) {
      const response = await seat(kai, label);
      expect(response.status, label).toBe(422);
      expect(response.body.errors[0]).toMatchObject({ code, field: 'seatLabel' });
    }
    const malformed = await seat(kai, '12-A');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors[0].field).toBe('seatLabel');
  });

  it('gives an infant no seat, and removes a seat on DELETE', async () => {
    const infant = await seat(pid(family, 'Tim'), '26A');
    expect(infant.status).toBe(422);
    expect(infant.body.errors[0].code).toBe('ERROR_INFANT_SEAT');
    const removed = await api('DELETE', `flight/${flightId}/passenger/${pid(family, 'Kai')}/seat`, manager);
    expect(removed.status).toBe(200);
    expect(removed.body.seatLabel).toBeNull();
  });

  it('does not change the seat of a passenger who appeared, nor on a closed flight', async () => {
    const lum = pid(single, 'Lum');
    await api('PUT', `flight/${flightId}/passenger/${lum}/appearing`, manager, { isAppeared: true });
    const appeared = await seat(lum, '26B');
    expect(appeared.status).toBe(409);
    expect(appeared.body.errors[0]).toMatchObject({
      code: 'ERROR_SEAT_CHANGE_NOT_ALLOWED',
      params: { reason: 'appeared' },
    });

    const closedFlight = await makeFlight();
    const traveller = await book(closedFlight, [{ firstName: 'Closed', lastName: 'Door', seatLabel: '9A' }]);
    await setStatus(closedFlight, 'closed');
    const closed = await api(
      'PUT',
      `flight/${closedFlight}/passenger/${pid(traveller, 'Closed')}/seat`,
      manager,
      {
        seatLabel: '9B',
      },
    );
    expect(closed.status).toBe(409);
    expect(closed.body.errors[0].params.reason).toBe('closed');
    const removal = await api(
      'DELETE',
      `flight/${closedFlight}/passenger/${pid(traveller, 'Closed')}/seat`,
      manager,
    );
    expect(removal.status).toBe(409);
  });

  it('needs the seat role', async () => {
    const withoutSeat = await managerWithout('ROLE_FLIGHT_PASSENGER_SEAT');
    expect((await seat(pid(family, 'Nora'), '28A', withoutSeat)).status).toBe(403);
  });
});

describe('notifying', () => {
  it('tells the booking contact the seat, marks the passenger notified, and a new seat takes the mark back', async () => {
    const flightId = await makeFlight();
    const party = await book(flightId, [
      { firstName: 'Teuta', lastName: 'Dema', gender: 'female', seatLabel: '8C' },
    ]);
    const teuta = pid(party, 'Teuta');
    const told = await api('PUT', `flight/${flightId}/passenger/${teuta}/notifying`, manager, {
      isNotified: true,
      isSmsNotifyEnabled: true,
    });
    expect(told.status, JSON.stringify(told.body)).toBe(200);
    expect(told.body.isNotified).toBe(true);
    // The booking itself was told first ("booking received"): only the seat notices count here.
    const outbox = async (recipient: string) =>
      (
        await t.request({ method: 'GET', url: `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}` })
      ).body.items.filter((message: { template: string }) => message.template === 'passengerSeat');
    const mails = await outbox('teuta.dema@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('Teuta Dema');
    expect(mails[0].body).toContain('seat 8C');
    expect(
      (await outbox('+41 78 123 45 67')).some((sms: { body: string }) => sms.body.includes('seat 8C')),
    ).toBe(true);

    const moved = await api('PUT', `flight/${flightId}/passenger/${teuta}/seat`, manager, {
      seatLabel: '8D',
    });
    expect(moved.body.isNotified).toBe(false);
    const markOnly = await api('PUT', `flight/${flightId}/passenger/${teuta}/notifying`, manager, {
      isNotified: true,
      isEmailNotifyEnabled: false,
    });
    expect(markOnly.body.isNotified).toBe(true);
    expect(await outbox('teuta.dema@example.test')).toHaveLength(1);
    const unmarked = await api('PUT', `flight/${flightId}/passenger/${teuta}/notifying`, manager, {
      isNotified: false,
    });
    expect(unmarked.body.isNotified).toBe(false);
  });
});

describe('the PAX list', () => {
  it('prints every passenger with seat, age type, booking, tariff, paid and check-in mark', async () => {
    const flightId = await makeFlight();
    const family = await book(flightId, [
      { firstName: 'Arbër', lastName: 'Çeku', seatLabel: '12A' },
      { firstName: 'Liridona', lastName: 'Çeku', gender: 'female', ageType: 'child', seatLabel: '12B' },
      { firstName: 'Ema', lastName: 'Çeku', gender: 'female', ageType: 'infant' },
    ]);
    await book(flightId, [{ firstName: 'Hans', lastName: 'Müller', seatLabel: '2C' }], { tariffId: 4 });
    await api('PUT', `flight/${flightId}/passenger/${pid(family, 'Arbër')}/appearing`, manager, {
      isAppeared: true,
    });
    await api('PUT', `flight/${flightId}/passenger/${pid(family, 'Liridona')}/appearing`, manager, {
      isAppeared: false,
      comment: 'Stayed with grandparents',
    });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/flight/${flightId}/passenger/list/pdf?language=de`,
      headers: { 'x-auth-token': manager },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toContain('PAXList.pdf');
    const file = join(dir, 'pax.pdf');
    writeFileSync(file, response.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Passagierliste (PAX-Liste)');
    const line = (...cells: string[]) =>
      new RegExp(cells.map((cell) => cell.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'));
    const reference = family.recordLocator;
    expect(text).toMatch(
      line('12A', 'ÇEKU, Arbër', 'Erwachsener', reference, 'Economy Light', 'Nein', '✓ Erschienen'),
    );
    expect(text).toMatch(line('12B', 'ÇEKU, Liridona', 'Kind (7)', reference));
    expect(text).toMatch(line('ÇEKU, Ema', 'Kleinkind'));
    expect(text).toMatch(/✕ No-Show\s+Stayed with\s+grandparents/);
    expect(text).toMatch(line('2C', 'MÜLLER, Hans', 'Erwachsener'));
    expect(text).toContain('4 Passagiere');
  });
});
