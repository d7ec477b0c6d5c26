import { toQueryString } from '@flybook/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, booking } from '../test/bookings.ts';
import { catalogueIds, flightMaker } from '../test/flights.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * Bad input answered as the contract says (issue 23 §6, docs/decisions.md "API core"): a repeated
 * option is a 422 at its field on every call that takes options, a wrong type is ERROR_TYPE and a
 * missing value ERROR_REQUIRED, and query strings are read in the standard form as well as in ours.
 */

let t: TestApp;
let manager: string;
let ids: Awaited<ReturnType<typeof catalogueIds>>;
let createFlight: () => Promise<number>;
let optionId: number;

const api: TestApp['api'] = (...args) => t.api(...args);
const count = async (table: string) =>
  Number(
    (
      (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n,
  );

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
  ids = await catalogueIds(t, manager);
  const makeFlight = flightMaker(t, manager, ids, 6300);
  createFlight = () => makeFlight({ departure: '2031-07-01T05:30:00Z', arrival: '2031-07-01T07:45:00Z' });
  const config = encodeURIComponent(JSON.stringify({ rateId: ids.rateId, tariffId: 1 }));
  optionId = (await api('GET', `public/option/attach/list?config=${config}`)).body.items[0].id;
});
afterAll(() => t.close());

describe('the same option twice for one passenger', () => {
  const twice = (flightId: number, passenger = 0) => [
    { passenger, flight: { id: flightId }, option: { id: optionId } },
    { passenger: 1 - passenger, flight: { id: flightId }, option: { id: optionId } },
    { passenger, flight: { id: flightId }, option: { id: optionId } },
  ];
  const party = [
    { firstName: 'Arta', lastName: 'Krasniqi', gender: 'female', ageType: 'adult', birthday: '1980-01-01' },
    { firstName: 'Blerim', lastName: 'Krasniqi', gender: 'male', ageType: 'adult', birthday: '1981-01-01' },
  ];
  const repeated = {
    code: 'ERROR_OPTION_NOT_UNIQUE',
    message: 'This option is already chosen for this passenger on this flight.',
    field: 'passengersOptions.2.option.id',
  };

  it('is refused by calculate with 422 at the repeat instead of being charged twice', async () => {
    const flightId = await createFlight();
    const body = {
      bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
      passengers: [{ ageType: 'adult' }, { ageType: 'adult' }],
    };
    const once = await api('POST', 'reservation/calculate', undefined, {
      ...body,
      passengersOptions: twice(flightId).slice(0, 2),
    });
    expect(once.status).toBe(200);
    const response = await api('POST', 'reservation/calculate', undefined, {
      ...body,
      passengersOptions: twice(flightId),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([expect.objectContaining(repeated)]);
    expect(response.body.errors[0].params).toEqual({ optionId, flightId });
  });

  it('is refused by a public and a staff booking with 422, not a 500, and nothing is booked', async () => {
    const flightId = await createFlight();
    const reservationsBefore = await count('reservations');
    for (const token of [undefined, manager]) {
      const response = await api(
        'POST',
        'reservation',
        token,
        booking(flightId, {
          passengers: party,
          passengersOptions: twice(flightId),
          ...(token ? { paymentTerms: 'bill' } : {}),
        }),
      );
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body.errors).toEqual([expect.objectContaining(repeated)]);
    }
    expect(await count('reservations')).toBe(reservationsBefore);
  });

  it('is refused by a change of a reservation with 422, and the reservation stays as it was', async () => {
    const flightId = await createFlight();
    const created = await api(
      'POST',
      'reservation',
      manager,
      booking(flightId, { passengers: party, paymentTerms: 'bill' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const change = {
      bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
      passengers: created.body.passengers.map(
        (passenger: { id: number; firstName: string; birthday: string }, index: number) => ({
          ...party[index],
          id: passenger.id,
        }),
      ),
      billingInformation: billing(),
    };
    const refused = await api('PUT', `reservation/${created.body.id}`, manager, {
      ...change,
      passengersOptions: twice(flightId, 1),
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining(repeated)]);
    const after = await api('GET', `reservation/${created.body.id}`, manager);
    expect(after.body.invoice.total).toBe(created.body.invoice.total);
    // The same change without the repeat goes through: one option each.
    const accepted = await api('PUT', `reservation/${created.body.id}`, manager, {
      ...change,
      passengersOptions: twice(flightId, 0).slice(0, 2),
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(
      accepted.body.passengers.map(
        (passenger: { tickets: { options: unknown[] }[] }) => passenger.tickets[0]?.options.length,
      ),
    ).toEqual([1, 1]);
  });
});

describe('a value of the wrong type', () => {
  it('answers ERROR_TYPE, while a missing or null value answers ERROR_REQUIRED', async () => {
    const response = await api('POST', 'auth/token', undefined, { login: 42, password: null });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      expect.objectContaining({ code: 'ERROR_TYPE', field: 'login' }),
      { code: 'ERROR_REQUIRED', message: 'This value is required.', field: 'password' },
    ]);
    const missing = await api('POST', 'auth/token', undefined, { login: 'a@b.ch' });
    expect(missing.body.errors).toEqual([
      { code: 'ERROR_REQUIRED', message: 'This value is required.', field: 'password' },
    ]);
  });

  it('answers ERROR_TYPE deep in a body and for a whole body of the wrong kind', async () => {
    const response = await api('POST', 'reservation/calculate', undefined, {
      bookedFlights: [{ flight: { id: 'one' }, tariff: { id: 1 } }],
      passengers: 2,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: { code: string; field: string }) => [e.field, e.code])).toEqual([
      ['bookedFlights.0.flight.id', 'ERROR_TYPE'],
      ['passengers', 'ERROR_TYPE'],
    ]);
    const notAnObject = await t.request({
      method: 'POST',
      url: '/api/v1/reservation/calculate',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(notAnObject.status).toBe(422);
    expect(notAnObject.body.errors).toEqual([expect.objectContaining({ code: 'ERROR_TYPE' })]);
  });

  it('tells a missing choice (ERROR_REQUIRED) from one outside its values (ERROR_ENUM)', async () => {
    const flightId = await createFlight();
    const { gender: _gender, ...noGender } = {
      firstName: 'Dea',
      lastName: 'Morina',
      gender: 'female',
      ageType: 'adult',
      birthday: '1990-01-01',
    };
    const missing = await api(
      'POST',
      'reservation',
      undefined,
      booking(flightId, { passengers: [noGender] }),
    );
    expect(missing.body.errors).toEqual([
      expect.objectContaining({ code: 'ERROR_REQUIRED', field: 'passengers.0.gender' }),
    ]);
    const wrong = await api(
      'POST',
      'reservation',
      undefined,
      booking(flightId, { passengers: [{ ...noGender, gender: 'other' }] }),
    );
    expect(wrong.body.errors).toEqual([
      expect.objectContaining({ code: 'ERROR_ENUM', field: 'passengers.0.gender' }),
    ]);
  });
});

describe('query strings', () => {
  const ownList = async (query: string) => {
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/reservation/list${query}`,
      token: manager,
    });
    expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body.items.map((item: { id: number }) => item.id).sort();
  };

  it('reads an array in the standard form (name=a&name=b, or one name=a) as in the bracket form', async () => {
    const flightId = await createFlight();
    const created = await api('POST', 'reservation', manager, booking(flightId, { paymentTerms: 'bill' }));
    expect(created.status).toBe(201);
    expect((await api('POST', `reservation/${created.body.id}/cancel`, manager, {})).status).toBe(200);
    const cancelled = await ownList('?reservationStatus[]=cancelled&isActive=false&pageSize=500');
    expect(cancelled).toContain(created.body.id);
    // Before: `reservationStatus=cancelled` was refused (422), a generated client's way to send it.
    expect(await ownList('?reservationStatus=cancelled&isActive=false&pageSize=500')).toEqual(cancelled);
    expect(
      await ownList(
        `?${toQueryString({ reservationStatus: ['cancelled'], isActive: false, pageSize: 500 })}`,
      ),
    ).toEqual(cancelled);
    const both = await ownList(
      '?reservationStatus=cancelled&reservationStatus=confirmed&isActive=false&pageSize=500',
    );
    expect(both).toEqual(
      await ownList(
        '?reservationStatus[]=cancelled&reservationStatus[]=confirmed&isActive=false&pageSize=500',
      ),
    );
    expect(both.length).toBeGreaterThanOrEqual(cancelled.length);
    // A value outside the enum is still refused, in either form.
    const refused = await t.request({
      method: 'GET',
      url: '/api/v1/reservation/list?reservationStatus=lost',
      token: manager,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ERROR_ENUM', field: 'reservationStatus.0' });
  });

  it('treats a blank value as absent: no filter, the default, or ERROR_REQUIRED', async () => {
    const plain = await ownList('?pageSize=500');
    expect(plain.length).toBeGreaterThan(0);
    // Blank filters (a date interval's side, an id, a status) filter nothing and keep the default.
    expect(
      await ownList('?pageSize=500&flightDateInterval[from]=&ownerId=&reservationStatus=&query=&isActive='),
    ).toEqual(plain);
    expect(await ownList('?pageSize=500&reservationStatus[]=')).toEqual(plain);
    // A blank page size is the default page size, not an error.
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/reservation/list?pageSize=', token: manager })).body
        .items.length,
    ).toBeLessThanOrEqual(15);
    // A required query parameter left blank is missing.
    const required = await t.request({
      method: 'GET',
      url: `/api/v1/public/option/attach/list?config=`,
    });
    expect(required.status).toBe(422);
    expect(required.body.errors[0]).toMatchObject({ code: 'ERROR_REQUIRED', field: 'config' });
  });
});
