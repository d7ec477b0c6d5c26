import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allotments,
  entityLog,
  flightSeats,
  idempotencyKeys,
  reservationSnapshots,
  reservations,
  tickets,
} from '../../db/schema/index.ts';
import { adult, billing, booking } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { toReservation } from './reservation-view.ts';
import { findReservation } from './reservations.repository.ts';
import { createReservationsService } from './reservations.service.ts';

let t: TestApp;
let manager: string;
let agent: string;
let ids: Awaited<ReturnType<typeof catalogueIds>>;
/** A new flight (the next number) on a fixed day, as the manager. */
let createFlight: ReturnType<typeof flightMaker>;

const api: TestApp['api'] = (...args) => t.api(...args);

const economyOf = async (flightId: number) =>
  (await api('GET', `flight/${flightId}`, manager)).body.seatsByTariff.find(
    (seats: { tariffGroup: { id: number } }) => seats.tariffGroup.id === 1,
  );

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
  agent = await t.login('agent');
  ids = await catalogueIds(t, manager);
  const makeFlight = flightMaker(t, manager, ids, 4800);
  createFlight = (overrides = {}) =>
    makeFlight({ departure: '2031-06-01T05:30:00Z', arrival: '2031-06-01T07:45:00Z', ...overrides });
});
afterAll(() => t.close());

describe('booking on the public site', () => {
  it('books by card: holds the seats for the payment window and charges what calculate said', async () => {
    const flightId = await createFlight();
    const options = (
      await api(
        'GET',
        `public/option/attach/list?config=${encodeURIComponent(JSON.stringify({ rateId: ids.rateId, tariffId: 1 }))}`,
      )
    ).body.items;
    const body = booking(flightId, {
      passengers: [
        adult('Vjosa'),
        { ...adult('Leka'), gender: 'male', ageType: 'infant', birthday: '2030-09-01' },
      ],
      passengersSeats: [{ passenger: 0, flight: { id: flightId }, seatLabel: '4A' }],
      passengersOptions: [{ passenger: 0, flight: { id: flightId }, option: { id: options[0].id } }],
    });
    const cost = await api('POST', 'reservation/calculate', undefined, body);
    const before = Date.now();
    const response = await api('POST', 'reservation', undefined, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const reservation = response.body;
    expect(reservation).toMatchObject({
      status: 'created',
      owner: null,
      reservator: null,
      invoice: {
        status: 'notPaid',
        paymentTerms: 'now',
        paymentDeadline: null,
        total: cost.body.total,
        totalPaid: 0,
      },
      language: 'sq',
    });
    const expires = Date.parse(reservation.expiresAt) - before;
    expect(expires).toBeGreaterThan(14 * 60_000);
    expect(expires).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    expect(
      reservation.passengers.map((p: { tickets: { seatLabel: string | null }[] }) => p.tickets[0]?.seatLabel),
    ).toEqual(['4A', null]);
    expect(reservation.passengers[0].tickets[0].options).toEqual([
      {
        option: { id: options[0].id, title: expect.objectContaining({ en: 'Checked bag 23 kg' }) },
        price: options[0].configValues.price,
      },
    ]);
    // One seat taken (the infant flies on a lap); 4A shows as taken to the next customer.
    expect(await economyOf(flightId)).toMatchObject({ booked: 1, free: 149 });
    const seats = (await api('GET', `public/flight/${flightId}/aircraft-passengers-seats?tariffId=1`)).body
      .sections;
    const economy = seats.find((section: { tariffGroup: { id: number } }) => section.tariffGroup.id === 1);
    expect(economy.seats[0][0]).toBe('taken');
    expect(
      (
        await api(
          'POST',
          'reservation',
          undefined,
          booking(flightId, {
            passengersSeats: [{ passenger: 0, flight: { id: flightId }, seatLabel: '4A' }],
          }),
        )
      ).body.errors[0],
    ).toMatchObject({
      code: 'ERROR_BOOKED_SEATS_OCCUPIED',
      params: { seatLabel: '4A', direction: 'outbound' },
    });
  });

  it('releases an unpaid card booking through the dev sweeper hook only after its payment window', async () => {
    const flightId = await createFlight();
    const created = await api('POST', 'reservation', undefined, booking(flightId));
    expect(created.status).toBe(201);
    const sweep = (at: Date) =>
      t.request({ method: 'POST', url: '/api/dev/expire-unpaid', payload: { at: at.toISOString() } });
    // Within the window nothing goes; after it, the seat is free again and the booking cancelled.
    expect((await sweep(new Date(Date.parse(created.body.expiresAt) - 60_000))).status).toBe(200);
    expect((await api('GET', `reservation/${created.body.id}`, manager)).body.status).toBe('created');
    expect((await economyOf(flightId)).booked).toBe(1);
    // (other tests' unpaid card bookings of this suite go too)
    expect(
      (await sweep(new Date(Date.parse(created.body.expiresAt) + 1_000))).body.released,
    ).toBeGreaterThanOrEqual(1);
    expect((await economyOf(flightId)).booked).toBe(0);
    expect((await api('GET', `reservation/${created.body.id}`, manager)).body.status).toBe('cancelled');
    expect(
      (await t.request({ method: 'POST', url: '/api/dev/expire-unpaid', payload: { at: 'soon' } })).status,
    ).toBe(422);
  });

  it("refuses a date of birth that does not fit the passenger's age type on the day of travel", async () => {
    const flightId = await createFlight();
    // The flight leaves on 2031-06-01: a child must be 2 to 11 then, an infant under 2.
    const passengers = [
      adult('Arta'),
      { ...adult('Dion'), ageType: 'child', birthday: '2019-06-02' },
      { ...adult('Lule'), ageType: 'infant', birthday: '2029-06-01' },
      { ...adult('Vesa'), ageType: 'adult', birthday: '2019-06-02' },
    ];
    const refused = await api('POST', 'reservation', undefined, booking(flightId, { passengers }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ code: 'ERROR_AGE_TYPE', field: 'passengers.2.birthday' }),
      expect.objectContaining({ code: 'ERROR_AGE_TYPE', field: 'passengers.3.birthday' }),
    ]);
    expect((await economyOf(flightId)).booked).toBe(0);
    passengers[2] = { ...passengers[2]!, birthday: '2029-06-02' };
    passengers[3] = { ...passengers[3]!, ageType: 'child' };
    expect((await api('POST', 'reservation', undefined, booking(flightId, { passengers }))).status).toBe(201);
  });

  it('counts ages on the local day the first flight leaves Zurich, not the UTC day', async () => {
    // 22:30 UTC on 1 June 2031 is 00:30 on 2 June in Zurich (summer time): the day of travel is 2 June.
    const flightId = await createFlight({
      departure: '2031-06-01T22:30:00Z',
      arrival: '2031-06-02T00:45:00Z',
    });
    const turningTwo = { ...adult('Drin'), ageType: 'infant', birthday: '2029-06-02' };
    const refused = await api(
      'POST',
      'reservation',
      undefined,
      booking(flightId, { passengers: [adult('Ema'), turningTwo] }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ code: 'ERROR_AGE_TYPE', field: 'passengers.1.birthday' }),
    ]);
    const child = { ...turningTwo, ageType: 'child' };
    const booked = await api(
      'POST',
      'reservation',
      undefined,
      booking(flightId, { passengers: [adult('Ema'), child] }),
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await economyOf(flightId)).booked).toBe(2);
  });

  it("checks the billing phones by their dial code's digit range, on create and on change", async () => {
    const flightId = await createFlight();
    // Switzerland takes exactly 9 digits after +41 (spec 02 §5); a number without dial code is the billing country's.
    const refused = await api(
      'POST',
      'reservation',
      undefined,
      booking(flightId, {
        billingInformation: billing({ phoneMobile: '+41 79 123 456', phoneNumberFirst: '079 123 45 678' }),
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        code: 'ERROR_MINIMUM',
        field: 'billingInformation.phoneMobile',
        message: 'should be greater or equal: 9',
      }),
      expect.objectContaining({
        code: 'ERROR_MAXIMUM',
        field: 'billingInformation.phoneNumberFirst',
        message: 'should be less or equal: 9',
      }),
    ]);
    expect((await economyOf(flightId)).booked).toBe(0);
    const made = await api('POST', 'reservation', manager, booking(flightId, { paymentTerms: 'bill' }));
    expect(made.status).toBe(201);
    const change = await api(
      'PUT',
      `reservation/${made.body.id}`,
      manager,
      booking(flightId, { billingInformation: billing({ phoneMobile: '+383 44 123 45' }) }),
    );
    expect(change.status).toBe(422);
    expect(change.body.errors[0]).toMatchObject({
      code: 'ERROR_MINIMUM',
      field: 'billingInformation.phoneMobile',
    });
    expect(
      (await api('GET', `reservation/${made.body.id}`, manager)).body.billingInformation.phoneMobile,
    ).toBe(made.body.billingInformation.phoneMobile);
  });

  it('asks guests to log in for anything but card payment and refuses staff fields', async () => {
    const flightId = await createFlight();
    const later = await api('POST', 'reservation', undefined, booking(flightId, { paymentTerms: 'later' }));
    expect(later.status).toBe(401);
    expect(later.body.errors[0]).toMatchObject({
      code: 'ERROR_USER_IS_NO_LOGGED_IN',
      message: 'Login is required.',
    });
    const hidden = await api(
      'POST',
      'reservation',
      undefined,
      booking(flightId, { priceNeedsToBeHidden: true }),
    );
    expect(hidden.status).toBe(403);
    expect((await economyOf(flightId)).booked).toBe(0);
  });

  it('refuses a party larger than the online limit, and a booked-out flight', async () => {
    const flightId = await createFlight();
    const eight = Array.from({ length: 8 }, (_, index) => adult(`Guest${index}`));
    const response = await api('POST', 'reservation', undefined, booking(flightId, { passengers: eight }));
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({
      code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH',
      message: 'Not enough seats available on selected outbound flight. Please select another flight.',
    });
    expect((await api('PUT', `flight/${flightId}/booked-out`, manager)).status).toBe(200);
    expect((await api('POST', 'reservation', undefined, booking(flightId))).body.errors[0].code).toBe(
      'ERROR_AVAILABLE_SEATS_NOT_ENOUGH',
    );
    expect((await economyOf(flightId)).booked).toBe(0);
  });

  it('creates the customer account when asked, and the customer then sees the booking', async () => {
    const flightId = await createFlight();
    const mismatch = await api(
      'POST',
      'reservation',
      undefined,
      booking(flightId, {
        billingInformation: billing({
          isCreateAccount: true,
          password: 'secret-pass-1',
          passwordConfirm: 'other',
        }),
      }),
    );
    expect(mismatch.body.errors[0]).toMatchObject({
      code: 'ERROR_NOT_EQUAL_PASSWORD',
      field: 'billingInformation.passwordConfirm',
    });
    const created = await api(
      'POST',
      'reservation',
      undefined,
      booking(flightId, {
        billingInformation: billing({
          email: 'new.customer@example.test',
          isCreateAccount: true,
          password: 'secret-pass-1',
          passwordConfirm: 'secret-pass-1',
        }),
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.owner).toMatchObject({ displayName: 'Vjosa Berisha' });
    const customer = await t.login('new.customer@example.test', 'secret-pass-1');
    expect((await api('GET', `reservation/${created.body.id}`, customer)).body.id).toBe(created.body.id);
  });
});

describe('booking in the back office', () => {
  it('lets staff bill an agreed price with a deadline, and refuses a deadline in the past', async () => {
    const flightId = await createFlight();
    const past = await api(
      'POST',
      'reservation',
      manager,
      booking(flightId, { paymentTerms: 'bill', paymentDeadline: '2020-01-01' }),
    );
    expect(past.body.errors[0].code).toBe('ERROR_PAYMENT_DEADLINE_DATE_IN_THE_PAST');
    const response = await api(
      'POST',
      'reservation',
      manager,
      booking(flightId, {
        paymentTerms: 'bill',
        paymentDeadline: '2031-05-01',
        isSpecificPrice: true,
        total: 99.5,
        comment: 'Group rate',
      }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      status: 'reserved',
      comment: 'Group rate',
      invoice: { total: 99.5, isSpecificPrice: true, paymentTerms: 'bill', paymentDeadline: '2031-05-01' },
    });
  });

  it('lets an agent pay later, but not within 48 hours of departure', async () => {
    const soon = new Date(Date.now() + 24 * 3_600_000);
    const flightId = await createFlight({
      departure: soon.toISOString(),
      arrival: new Date(soon.getTime() + 2 * 3_600_000).toISOString(),
    });
    const later = await api('POST', 'reservation', agent, booking(flightId, { paymentTerms: 'later' }));
    expect(later.status).toBe(422);
    expect(later.body.errors[0]).toMatchObject({
      code: 'ERROR_PAYMENT_TERMS_LATER_IS_NOT_ALLOWED',
      message: 'Reservations with these flights cannot be paid later.',
    });
    expect((await api('POST', 'reservation', agent, booking(flightId, { paymentTerms: 'now' }))).status).toBe(
      201,
    );
  });

  it('books an agent into their own allotment first, and keeps it from other agents and customers', async () => {
    const agentId = (await api('GET', 'agent/list?query=agent@flybook', manager)).body.items[0].id;
    const flightId = await createFlight({
      allotments: [{ agent: { id: agentId }, tariffGroup: { id: 1 }, seatsNumber: 2, costPerSeat: 100 }],
    });
    const response = await api(
      'POST',
      'reservation',
      agent,
      booking(flightId, { passengers: [adult('A'), adult('B'), adult('C')], paymentTerms: 'later' }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.owner.id).toBe(agentId);
    const flight = (await api('GET', `flight/${flightId}`, manager)).body;
    expect(flight.allotments[0].booked).toBe(2);
    // Two seats from the allotment, one from the sale quota.
    expect(
      flight.seatsByTariff.find((s: { tariffGroup: { id: number } }) => s.tariffGroup.id === 1),
    ).toMatchObject({
      booked: 3,
      allotted: 2,
      free: 147,
    });
    const customer = await t.login('customer');
    expect((await api('GET', `reservation/${response.body.id}`, customer)).status).toBe(404);
    expect((await api('GET', `reservation/${response.body.id}`, manager)).status).toBe(200);
  });
});

describe('retries with an Idempotency-Key', () => {
  it('books once for any number of retries, and refuses the key for another booking', async () => {
    const flightId = await createFlight();
    const headers = { 'idempotency-key': 'retry-7f3a' };
    const first = await api('POST', 'reservation', undefined, booking(flightId), headers);
    const again = await Promise.all(
      [1, 2, 3].map(() => api('POST', 'reservation', undefined, booking(flightId), headers)),
    );
    expect(first.status).toBe(201);
    expect(again.map((response) => response.body.id)).toEqual([first.body.id, first.body.id, first.body.id]);
    // The whole first answer comes back, the guest's key to pay it included: the booking stored it
    // with the key in the statement of its seats.
    expect(first.body.guestKey).toEqual(expect.any(String));
    for (const response of again) expect(response.body).toEqual(first.body);
    const [stored] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'retry-7f3a'));
    expect(stored).toMatchObject({ status: 200, response: first.body });
    expect((await economyOf(flightId)).booked).toBe(1);
    const other = await api(
      'POST',
      'reservation',
      undefined,
      booking(flightId, { passengers: [adult('Other')] }),
      headers,
    );
    expect(other.status).toBe(422);
    expect(other.body.errors[0].code).toBe('ERROR_IDEMPOTENCY_KEY_REUSED');
  });
});

describe('never oversold', () => {
  it('lets exactly 5 of 50 parallel bookings take the last 5 seats', async () => {
    const flightId = await createFlight({
      seatsByTariff: [
        {
          tariffGroup: { id: 1 },
          totalSeats: 168,
          numberOfSeatsToSale: 5,
          costPerSeat: 90,
          agentSeatsLimit: 5,
        },
      ],
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        api('POST', 'reservation', undefined, booking(flightId, { passengers: [adult(`P${index}`)] })),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(
      new Set(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body.errors[0].code)),
    ).toEqual(new Set(['ERROR_AVAILABLE_SEATS_NOT_ENOUGH']));
    expect(await economyOf(flightId)).toMatchObject({ booked: 5, free: 0 });
    const passengers = await t.database.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.flightId, flightId), eq(tickets.isActive, true)));
    expect(passengers).toHaveLength(5);
  });

  it('gives one seat label to exactly one of many parallel bookings', async () => {
    const flightId = await createFlight();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        api(
          'POST',
          'reservation',
          manager,
          booking(flightId, {
            passengers: [adult(`S${index}`)],
            passengersSeats: [{ passenger: 0, flight: { id: flightId }, seatLabel: '7C' }],
            paymentTerms: 'bill',
          }),
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(
      new Set(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body.errors[0].code)),
    ).toEqual(new Set(['ERROR_BOOKED_SEATS_OCCUPIED']));
    expect((await economyOf(flightId)).booked).toBe(1);
  });

  it('settles parties that want the same two seats in opposite orders without a deadlock', async () => {
    const flightId = await createFlight();
    const party = (index: number, labels: [string, string]) =>
      booking(flightId, {
        passengers: [adult(`X${index}`), adult(`Y${index}`)],
        passengersSeats: labels.map((seatLabel, passenger) => ({
          passenger,
          flight: { id: flightId },
          seatLabel,
        })),
        paymentTerms: 'bill',
      });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        api('POST', 'reservation', manager, party(index, index % 2 === 0 ? ['9A', '9B'] : ['9B', '9A'])),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(
      new Set(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body.errors[0].code)),
    ).toEqual(new Set(['ERROR_BOOKED_SEATS_OCCUPIED']));
    expect((await economyOf(flightId)).booked).toBe(2);
  });
});

describe('unpaid card bookings', () => {
  it('are released after the payment window, once, even with two expiry runs at once', async () => {
    const agentId = (await api('GET', 'agent/list?query=agent@flybook', manager)).body.items[0].id;
    const flightId = await createFlight({
      allotments: [{ agent: { id: agentId }, tariffGroup: { id: 1 }, seatsNumber: 2, costPerSeat: 100 }],
    });
    const seat = (label: string) => [{ passenger: 0, flight: { id: flightId }, seatLabel: label }];
    const guest = await api(
      'POST',
      'reservation',
      undefined,
      booking(flightId, { passengersSeats: seat('8A') }),
    );
    const byAgent = await api(
      'POST',
      'reservation',
      agent,
      booking(flightId, { passengers: [adult('A'), adult('B')] }),
    );
    const paidLater = await api('POST', 'reservation', manager, booking(flightId, { paymentTerms: 'bill' }));
    expect([guest.status, byAgent.status, paidLater.status]).toEqual([201, 201, 201]);
    expect(await economyOf(flightId)).toMatchObject({ booked: 4 });

    const service = createReservationsService(t.database.db);
    expect(await service.expireUnpaid(new Date())).toBe(0);
    const unpaid = await t.database.db.select().from(reservations).where(eq(reservations.status, 'created'));
    expect(unpaid.map((row) => row.id)).toEqual(expect.arrayContaining([guest.body.id, byAgent.body.id]));
    const later = new Date(Date.now() + 16 * 60_000);
    const released = await Promise.all([service.expireUnpaid(later), service.expireUnpaid(later)]);
    expect(released[0] + released[1]).toBe(unpaid.length);

    const flight = (await api('GET', `flight/${flightId}`, manager)).body;
    expect(flight.allotments[0].booked).toBe(0);
    // Only the billed booking still holds a seat.
    expect(
      flight.seatsByTariff.find((s: { tariffGroup: { id: number } }) => s.tariffGroup.id === 1).booked,
    ).toBe(1);
    expect((await api('GET', `reservation/${guest.body.id}`, manager)).body).toMatchObject({
      status: 'cancelled',
      expiresAt: null,
    });
    expect((await api('GET', `reservation/${paidLater.body.id}`, manager)).body.status).toBe('reserved');
    // 8A is free again.
    expect(
      (await api('POST', 'reservation', undefined, booking(flightId, { passengersSeats: seat('8A') })))
        .status,
    ).toBe(201);
  });
});

describe('before and after booking', () => {
  it('finds passengers already booked on the flights under the same name', async () => {
    const flightId = await createFlight();
    const first = await api('POST', 'reservation', manager, booking(flightId, { paymentTerms: 'bill' }));
    expect(first.status).toBe(201);
    const check = (passengers: object[], token = manager) =>
      api('POST', 'reservation/passenger/duplicates', token, { flightIds: [flightId], passengers });
    const found = await check([
      { firstName: 'Arben', lastName: 'Krasniqi' },
      { firstName: 'VJOSA', lastName: 'berisha', birthday: '1988-02-11' },
    ]);
    expect(found.status).toBe(200);
    expect(found.body.items).toEqual([
      {
        passenger: 1,
        reservationId: first.body.id,
        flightId,
        firstName: 'Vjosa',
        lastName: 'Berisha',
        birthday: '1988-02-11',
      },
    ]);
    expect(
      (await check([{ firstName: 'Vjosa', lastName: 'Berisha', birthday: '1990-01-01' }])).body.items,
    ).toEqual([]);
    expect((await check([{ firstName: 'Vjosa', lastName: 'Berisha' }], agent)).status).toBe(403);
  });

  it('sends one SMS per chosen reservation that is not cancelled', async () => {
    const flightId = await createFlight();
    const kept = await api('POST', 'reservation', manager, booking(flightId, { paymentTerms: 'bill' }));
    const gone = await api(
      'POST',
      'reservation',
      manager,
      booking(flightId, {
        paymentTerms: 'bill',
        billingInformation: billing({ phoneMobile: '+41 79 999 88 77' }),
      }),
    );
    await api('POST', `reservation/${gone.body.id}/cancel`, manager, { fee: 0 });
    const admin = await t.login('admin');
    const content = 'Check-in for your flight opens at 05:00.';
    expect(
      (await api('PUT', 'reservation/list/notification', admin, { ids: [kept.body.id], content: ' ' }))
        .status,
    ).toBe(422);
    const response = await api('PUT', 'reservation/list/notification', admin, {
      ids: [kept.body.id, gone.body.id],
      content,
    });
    expect(response.body).toEqual({ sent: 1 });
    const smsTo = async (phone: string) =>
      (
        await t.request({ method: 'GET', url: `/api/dev/outbox?recipient=${encodeURIComponent(phone)}` })
      ).body.items.map((message: { body: string }) => message.body);
    // Each SMS names its booking by the record locator, in the booking's language.
    const reference = (await api('GET', `reservation/${kept.body.id}`, manager)).body.recordLocator;
    expect(kept.body.recordLocator).toBe(reference);
    const label = {
      de: 'Buchungsreferenz',
      en: 'Booking reference',
      fr: 'Référence de réservation',
      sq: 'Referenca e rezervimit',
    }[kept.body.language as 'de' | 'en' | 'fr' | 'sq'];
    expect(await smsTo('+41 79 555 12 12')).toContain(`${label} ${reference}: ${content}`);
    expect((await smsTo('+41 79 999 88 77')).join('\n')).not.toContain(content);
    expect(
      (await api('PUT', 'reservation/list/notification', agent, { ids: [kept.body.id], content })).status,
    ).toBe(403);
  });
});

describe('the first version of a new booking', () => {
  it('writes version 1 of a booking that takes no seat from the sale, and nothing of a refused one', async () => {
    const { db } = t.database;
    const agentId = (await api('GET', 'agent/list?query=agent@flybook', manager)).body.items[0].id;
    const allotted = await createFlight({
      allotments: [{ agent: { id: agentId }, tariffGroup: { id: 1 }, seatsNumber: 1, costPerSeat: 100 }],
    });
    // One adult from the agent's allotment: no guarded update of the sale to go with.
    const made = await api('POST', 'reservation', agent, booking(allotted, { paymentTerms: 'later' }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const seatsOf = (table: typeof allotments | typeof flightSeats) =>
      db
        .select({ booked: table.booked })
        .from(table)
        .where(and(eq(table.flightId, allotted), eq(table.tariffGroupId, 1)));
    expect([await seatsOf(allotments), await seatsOf(flightSeats)]).toEqual([
      [{ booked: 1 }],
      [{ booked: 0 }],
    ]);
    const versions = await db
      .select({ version: reservationSnapshots.version, snapshot: reservationSnapshots.snapshot })
      .from(reservationSnapshots)
      .where(eq(reservationSnapshots.reservationId, made.body.id));
    expect(versions).toEqual([{ version: 1, snapshot: made.body }]);
    const logged = await db
      .select({ operation: entityLog.operation })
      .from(entityLog)
      .where(and(eq(entityLog.entityType, 'reservation'), eq(entityLog.entityId, String(made.body.id))));
    expect(logged).toEqual([{ operation: 'create' }]);

    // A refused booking leaves no version and no event-log entry behind (refused by the guarded
    // update itself: notify.test.ts).
    const count = async () => ({
      snapshots: (await db.select({ id: reservationSnapshots.id }).from(reservationSnapshots)).length,
      logged: (
        await db.select({ id: entityLog.id }).from(entityLog).where(eq(entityLog.entityType, 'reservation'))
      ).length,
    });
    const before = await count();
    const flightId = await createFlight();
    expect((await api('PUT', `flight/${flightId}/booked-out`, manager)).status).toBe(200);
    const refused = await api('POST', 'reservation', undefined, booking(flightId));
    expect(refused.body.errors[0].code).toBe('ERROR_AVAILABLE_SEATS_NOT_ENOUGH');
    expect(await count()).toEqual(before);
  });

  it('is what reading the reservation back shows, for every kind of booking', async () => {
    const { db } = t.database;
    const outbound = await createFlight();
    const back = await createFlight({ departure: '2031-06-08T09:00:00Z', arrival: '2031-06-08T11:15:00Z' });
    const agentId = (await api('GET', 'agent/list?query=agent@flybook', manager)).body.items[0].id;
    const allotted = await createFlight({
      allotments: [{ agent: { id: agentId }, tariffGroup: { id: 1 }, seatsNumber: 1, costPerSeat: 100 }],
    });
    const option = (
      await api(
        'GET',
        `public/option/attach/list?config=${encodeURIComponent(JSON.stringify({ rateId: ids.rateId, tariffId: 1 }))}`,
      )
    ).body.items[0];
    const roundTrip = {
      bookedFlights: [
        { flight: { id: outbound }, tariff: { id: 1 } },
        { flight: { id: back }, tariff: { id: 1 } },
      ],
      passengers: [
        adult('Vjosa'),
        adult('Ilir'),
        { ...adult('Leka'), gender: 'male', ageType: 'infant', birthday: '2030-09-01' },
      ],
      passengersSeats: [
        { passenger: 1, flight: { id: back }, seatLabel: '7C' },
        { passenger: 0, flight: { id: outbound }, seatLabel: '4A' },
      ],
      passengersOptions: [
        { passenger: 1, flight: { id: outbound }, option: { id: option.id } },
        { passenger: 0, flight: { id: back }, option: { id: option.id } },
      ],
    };
    const made = [
      // A guest paying by card: seats, options, an infant, two flights.
      await api('POST', 'reservation', undefined, booking(outbound, roundTrip)),
      // Staff billing an owner they name, at an agreed price.
      await api(
        'POST',
        'reservation',
        manager,
        booking(back, {
          ...roundTrip,
          passengersSeats: [],
          owner: { id: agentId },
          paymentTerms: 'bill',
          isSpecificPrice: true,
          total: 321.5,
          comment: 'Group rate',
        }),
      ),
      // An agent from their allotment and the sale, paying later.
      await api(
        'POST',
        'reservation',
        agent,
        booking(allotted, { passengers: [adult('A'), adult('B')], paymentTerms: 'later' }),
      ),
      // A guest opening a customer account with the booking.
      await api(
        'POST',
        'reservation',
        undefined,
        booking(outbound, {
          billingInformation: billing({
            email: 'first.version@example.test',
            isCreateAccount: true,
            password: 'secret-pass-1',
            passwordConfirm: 'secret-pass-1',
          }),
        }),
      ),
    ];
    for (const response of made) {
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const id: number = response.body.id;
      const [stored] = await db
        .select({ snapshot: reservationSnapshots.snapshot })
        .from(reservationSnapshots)
        .where(and(eq(reservationSnapshots.reservationId, id), eq(reservationSnapshots.version, 1)));
      const readBack = JSON.parse(JSON.stringify(toReservation((await findReservation(db, id))!, false)));
      expect(stored?.snapshot).toEqual(readBack);
      const { guestKey: _key, ...answer } = response.body;
      expect(answer).toEqual(readBack);
    }
    // What the snapshots were compared on is really there.
    expect(made[0]!.body.passengers[0].tickets).toHaveLength(2);
    expect(made[0]!.body.passengers[1].tickets[0].options).toHaveLength(1);
    expect(made[1]!.body.owner).toMatchObject({ id: agentId });
    expect(made[1]!.body.reservator).not.toBeNull();
    expect(made[3]!.body.owner).toMatchObject({ displayName: 'Vjosa Berisha' });
  });
});
