import { ApiRequestError } from '@flybook/client';
import { checkInCalls, type FoundCheckIn } from '@flybook/schemas/check-in';
import { describe, expect, it } from 'vitest';
import { CHECK_IN_BOOKING } from './check-in.fixtures.ts';
import {
  canCheckIn,
  checkInFailureOf,
  checkInRequest,
  freeSeatPrices,
  passesOn,
  seatBlock,
  travellersOf,
  withBoardingPasses,
} from './check-in.ts';

const answer = (status: number, code: string, params?: Record<string, string | number>) =>
  new ApiRequestError(checkInCalls.find, status, { errors: [{ code, message: code, params }] }, '');

describe('the check-in failures', () => {
  it('reads 404 as no match, 429 as minutes to wait, 409 as a seat taken and the refusals by code', () => {
    expect(checkInFailureOf(answer(404, 'ERROR_NOT_FOUND'))).toEqual({ kind: 'notFound' });
    expect(checkInFailureOf(answer(429, 'ERROR_RATE_LIMITED', { retryAfterSeconds: 125 }))).toEqual({
      kind: 'tooMany',
      minutes: 3,
    });
    expect(checkInFailureOf(answer(409, 'ERROR_SEAT_LABEL_NOT_UNIQUE', { seatLabel: '3C' }))).toEqual({
      kind: 'seatTaken',
      seatLabel: '3C',
    });
    expect(checkInFailureOf(answer(409, 'ERROR_SEAT_CHANGE_NOT_ALLOWED', { reason: 'checkedIn' }))).toEqual({
      kind: 'refused',
      code: 'ERROR_SEAT_CHANGE_NOT_ALLOWED',
      params: { reason: 'checkedIn' },
    });
    expect(checkInFailureOf(answer(422, 'ERROR_BOOKED_SEATS_OCCUPIED', { seatLabel: '4A' }))).toEqual({
      kind: 'seatTaken',
      seatLabel: '4A',
    });
    expect(checkInFailureOf(answer(409, 'ERROR_BOOKED_SEATS_OCCUPIED'))).toEqual({
      kind: 'seatTaken',
      seatLabel: null,
    });
    expect(
      checkInFailureOf(answer(422, 'ERROR_CHECK_IN_NOT_OPEN', { date: '2026-11-28', time: '06:30' })),
    ).toEqual({
      kind: 'refused',
      code: 'ERROR_CHECK_IN_NOT_OPEN',
      params: { date: '2026-11-28', time: '06:30' },
    });
  });

  it('never reads a server failure, an unknown refusal or no answer as "no match"', () => {
    expect(checkInFailureOf(answer(500, 'ERROR_INTERNAL'))).toEqual({ kind: 'failed' });
    expect(checkInFailureOf(answer(422, 'ERROR_VALIDATION'))).toEqual({ kind: 'failed' });
    expect(checkInFailureOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'failed' });
  });
});

describe('the passengers of a flight', () => {
  it('lists infants under their adult, and only adults and children not checked in can be ticked', () => {
    const travellers = travellersOf(CHECK_IN_BOOKING.passengers);
    expect(travellers.map(({ passenger, infants }) => [passenger.id, infants.map(({ id }) => id)])).toEqual([
      [10, [12]],
      [11, []],
    ]);
    const [anna, ben, lina] = CHECK_IN_BOOKING.passengers;
    expect(canCheckIn(anna!, 7)).toBe(true);
    expect(canCheckIn(ben!, 7)).toBe(false); // checked in already
    expect(canCheckIn(lina!, 7)).toBe(false); // on Anna's lap
  });

  it('offers free seats costing no more than paid, and none another passenger has just picked', () => {
    const free = freeSeatPrices(CHECK_IN_BOOKING.flights[0]!);
    expect([...free]).toEqual([
      ['1C', 20],
      ['2B', 0],
      ['2C', 0],
      ['2D', 35],
    ]);
    const chosen = new Map([[11, '2C']]);
    expect(seatBlock('2B', 10, free, 20, chosen)).toBeNull();
    expect(seatBlock('1C', 10, free, 20, chosen)).toBeNull(); // as dear as paid
    expect(seatBlock('2D', 10, free, 20, chosen)).toBe('costsMore');
    expect(seatBlock('2C', 10, free, 20, chosen)).toBe('chosenByOther');
    expect(seatBlock('2A', 10, free, 20, chosen)).toBe('notFree');
    expect(seatBlock('2C', 11, free, 20, chosen)).toBeNull();
  });

  it('sends the ticked passengers and the new seats of those only', () => {
    const chosen = new Map([
      [10, '2B'],
      [11, '2C'],
    ]);
    expect(checkInRequest(7, [10], chosen)).toEqual({
      flightId: 7,
      passengerIds: [10],
      seats: [{ passengerId: 10, seatLabel: '2B' }],
    });
    expect(checkInRequest(7, [10], new Map())).toEqual({ flightId: 7, passengerIds: [10] });
  });

  it('marks the passengers with a pass checked in, with its seat and sequence number, and the infant on the lap', () => {
    const after: FoundCheckIn = withBoardingPasses(CHECK_IN_BOOKING, [
      { passengerId: 10, flightId: 7, seat: '2B', sequenceNumber: 4 },
    ]);
    const [anna, , lina] = after.passengers;
    expect(anna).toMatchObject({ checkedIn: true, seat: '2B' });
    expect(anna!.tickets[0]).toMatchObject({ checkedIn: true, seat: '2B', sequenceNumber: 4 });
    expect(lina!.tickets[0]).toMatchObject({ checkedIn: true, seat: null });
    expect(
      passesOn(after, 7).map(({ passenger, seat, sequenceNumber, infants }) => [
        passenger.id,
        seat,
        sequenceNumber,
        infants.map(({ id }) => id),
      ]),
    ).toEqual([
      [10, '2B', 4, [12]],
      [11, '1B', 1, []],
    ]);
  });
});
