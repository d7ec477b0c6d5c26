import type { BookableFlight } from '@flybook/schemas/booking';
import { describe, expect, it } from 'vitest';
import {
  type BookingDraft,
  EMPTY_DRAFT,
  filledSteps,
  withFlight,
  withoutVanishedFlight,
  withPassengers,
  withSeats,
  withTrip,
} from './draft.ts';
import { decodeDraft } from './state.ts';
import { DEFAULT_TRIP, type TripSearch } from './trip-search.ts';

const flight = (id: number) => ({ id, number: `FB${id}` }) as unknown as BookableFlight;
const trip = (changes: Partial<TripSearch> = {}): TripSearch => ({
  ...DEFAULT_TRIP,
  departureDate: '2026-12-19',
  returnDate: '2027-01-04',
  adult: 2,
  infant: 1,
  ...changes,
});

/** A booking with both flights, named passengers, seats and an option. */
function booked(): BookingDraft {
  let draft = withTrip(EMPTY_DRAFT, trip());
  draft = withFlight(draft, 'outbound', { flight: flight(1), tariffId: 1 });
  draft = withFlight(draft, 'return', { flight: flight(2), tariffId: 1 });
  draft = withPassengers(
    draft,
    draft.passengers.map((passenger, index) => ({
      ...passenger,
      firstName: `P${index}`,
      lastName: 'Krasniqi',
    })),
  );
  draft = { ...draft, options: [{ passenger: 0, flightId: 1, optionId: 7 }] };
  return withSeats(draft, [
    { passenger: 0, flightId: 1, seatLabel: '3A' },
    { passenger: 1, flightId: 1, seatLabel: '3B' },
    { passenger: 0, flightId: 2, seatLabel: '5C' },
  ]);
}

describe('the booking draft', () => {
  it('asks for the passengers of the party, adults first', () => {
    expect(withTrip(EMPTY_DRAFT, trip()).passengers.map((passenger) => passenger.ageType)).toEqual([
      'adult',
      'adult',
      'infant',
    ]);
  });

  it('resets flights, seats and options for new dates, keeping typed passengers', () => {
    const before = booked();
    expect(withTrip(before, trip())).toBe(before); // the same search changes nothing
    const after = withTrip(before, trip({ departureDate: '2026-12-20' }));
    expect(after).toMatchObject({ outbound: null, return: null, seats: [], options: [], seatsDone: false });
    expect(after.passengers.map((passenger) => passenger.firstName)).toEqual(['P0', 'P1', 'P2']);
    expect(after.passengersDone).toBe(false);
    const fewer = withTrip(before, trip({ adult: 1, infant: 0, child: 1 }));
    expect(fewer.passengers.map((passenger) => [passenger.ageType, passenger.firstName])).toEqual([
      ['adult', 'P0'],
      ['child', ''],
    ]);
  });

  it("clears that direction's seats and all options when a flight changes", () => {
    const after = withFlight(booked(), 'return', { flight: flight(3), tariffId: 1 });
    expect(after.seats).toEqual([
      { passenger: 0, flightId: 1, seatLabel: '3A' },
      { passenger: 1, flightId: 1, seatLabel: '3B' },
    ]);
    expect(after.options).toEqual([]);
    expect(withFlight(booked(), 'outbound', { flight: flight(1), tariffId: 2 }).seats).toHaveLength(1);
    // The same flight and tariff from a refreshed list keep everything.
    expect(withFlight(booked(), 'outbound', { flight: flight(1), tariffId: 1 }).seats).toHaveLength(3);
  });

  it('drops a chosen flight that vanished from a refreshed list', () => {
    const after = withoutVanishedFlight(booked(), 'return', [flight(4)]);
    expect(after.return).toBeNull();
    expect(after.seats.every((seat) => seat.flightId === 1)).toBe(true);
    expect(withoutVanishedFlight(booked(), 'outbound', [flight(1)]).outbound?.flight.id).toBe(1);
  });

  it('never keeps a seat for an infant', () => {
    const draft = booked();
    const changed = draft.passengers.map((passenger, index) =>
      index === 1 ? { ...passenger, ageType: 'infant' as const } : passenger,
    );
    expect(withPassengers(draft, changed).seats.map((seat) => seat.passenger)).toEqual([0, 0]);
  });

  it('knows which steps are filled', () => {
    expect(filledSteps(EMPTY_DRAFT)).toMatchObject({ 'travel-dates': false, passengers: false });
    expect(filledSteps(booked())).toMatchObject({
      'travel-dates': true,
      'select-flight-return': true,
      passengers: true,
      'seat-reservation': true,
      'billing-information': false,
    });
  });

  it('starts afresh from unreadable storage', () => {
    expect(decodeDraft('{not json')).toEqual(EMPTY_DRAFT);
    expect(decodeDraft('{"passengers":"x"}')).toEqual(EMPTY_DRAFT);
    expect(decodeDraft(JSON.stringify(booked())).seats).toHaveLength(3);
  });
});
