import { describe, expect, it } from 'vitest';
import {
  type BookingDraft,
  chosenFlights,
  EMPTY_DRAFT,
  filledSteps,
  seatedPassengers,
  withBilling,
  withFlight,
  withListedFlights,
  withOptions,
  withPassengers,
  withReservation,
  withSeats,
  withTrip,
} from './draft.ts';
import { testFlight as flight } from './test-flights.ts';
import { DEFAULT_TRIP, type TripSearch } from './trip-search.ts';

const trip = (changes: Partial<TripSearch> = {}): TripSearch => ({
  ...DEFAULT_TRIP,
  departureDate: '2026-12-19',
  returnDate: '2027-01-04',
  adult: 2,
  infant: 1,
  ...changes,
});

const billing = {
  salutation: 'mr' as const,
  company: '',
  firstName: 'Arben',
  lastName: 'Krasniqi',
  email: 'arben@example.com',
  street: 'Bahnhofstrasse 1',
  zip: '8001',
  city: 'Zürich',
  country: 'CH',
  birthday: '1980-05-01',
  phoneMobile: '+41791234567',
  phoneNumberFirst: '',
  phoneNumberSecond: '',
  isCreateAccount: false,
  password: '',
  passwordConfirm: '',
};

/** A booking with both flights, named passengers, seats, an option, billing and a made reservation. */
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
  draft = withOptions(draft, [{ passenger: 0, flightId: 1, optionId: 7 }]);
  draft = withSeats(draft, [
    { passenger: 0, flightId: 1, seatLabel: '3A' },
    { passenger: 1, flightId: 1, seatLabel: '3B' },
    { passenger: 0, flightId: 2, seatLabel: '5C' },
  ]);
  draft = withBilling(draft, billing);
  return withReservation(draft, { id: 41, total: 1234.5 });
}

/** What a new search must drop, whatever changed in it. */
const resetBySearch = {
  outbound: null,
  return: null,
  seats: [],
  options: [],
  seatsDone: false,
  passengersDone: false,
  reservation: null,
};

describe('the booking draft', () => {
  it('asks for the passengers of the party, adults first', () => {
    expect(withTrip(EMPTY_DRAFT, trip()).passengers.map((passenger) => passenger.ageType)).toEqual([
      'adult',
      'adult',
      'infant',
    ]);
  });

  it('keeps everything when the same search comes again (a reload of the address)', () => {
    const before = booked();
    expect(withTrip(before, trip())).toBe(before);
  });

  it('resets flights, seats, options and the made reservation for new dates, keeping typed passengers', () => {
    const after = withTrip(booked(), trip({ departureDate: '2026-12-20' }));
    expect(after).toMatchObject(resetBySearch);
    expect(after.passengers.map((passenger) => passenger.firstName)).toEqual(['P0', 'P1', 'P2']);
    expect(after.billing).toEqual(billing);
    expect(withTrip(booked(), trip({ returnDate: '2027-01-05' }))).toMatchObject(resetBySearch);
  });

  it('resets flights, seats and options for other airports', () => {
    expect(withTrip(booked(), trip({ airportTo: 'SKP' }))).toMatchObject(resetBySearch);
    expect(withTrip(booked(), trip({ airportFrom: 'BSL' }))).toMatchObject(resetBySearch);
  });

  it('resets flights, seats and options for another travel type', () => {
    expect(withTrip(booked(), trip({ travelType: 'one-way', returnDate: '' }))).toMatchObject(resetBySearch);
    expect(
      withTrip(
        booked(),
        trip({ travelType: 'other-return', otherAirportFrom: 'SKP', otherAirportTo: 'ZRH' }),
      ),
    ).toMatchObject(resetBySearch);
  });

  it('keeps flights for other passenger counts, re-using names by age type (docs/booking-draft.md)', () => {
    const fewer = withTrip(booked(), trip({ adult: 1, infant: 0, child: 1 }));
    expect(fewer).toMatchObject({ seatsDone: false, passengersDone: false, reservation: null });
    expect(fewer.outbound?.flight.id).toBe(1);
    expect(fewer.return?.flight.id).toBe(2);
    expect(fewer.passengers.map((passenger) => [passenger.ageType, passenger.firstName])).toEqual([
      ['adult', 'P0'],
      ['child', ''],
    ]);
    // The second adult left with their seat; the first adult keeps theirs and their extra.
    expect(fewer.seats).toEqual([
      { passenger: 0, flightId: 1, seatLabel: '3A' },
      { passenger: 0, flightId: 2, seatLabel: '5C' },
    ]);
    expect(fewer.options).toEqual([{ passenger: 0, flightId: 1, optionId: 7 }]);
  });

  it("clears that direction's seats and all options when a flight changes", () => {
    const after = withFlight(booked(), 'return', { flight: flight(3), tariffId: 1 });
    expect(after.return?.flight.id).toBe(3);
    expect(after.seats).toEqual([
      { passenger: 0, flightId: 1, seatLabel: '3A' },
      { passenger: 1, flightId: 1, seatLabel: '3B' },
    ]);
    expect(after).toMatchObject({ options: [], seatsDone: false, reservation: null });
    expect(after.outbound?.flight.id).toBe(1);
  });

  it('counts another tariff on the same flight as another flight', () => {
    const after = withFlight(booked(), 'outbound', { flight: flight(1), tariffId: 2 });
    expect(after.seats).toEqual([{ passenger: 0, flightId: 2, seatLabel: '5C' }]);
    expect(after.options).toEqual([]);
  });

  it('keeps seats and options when the same flight and tariff come from a refreshed list', () => {
    const fresher = { ...flight(1), isBookedOut: true };
    const after = withFlight(booked(), 'outbound', { flight: fresher, tariffId: 1 });
    expect(after.seats).toHaveLength(3);
    expect(after.options).toHaveLength(1);
    expect(after.reservation).toEqual({ id: 41, total: 1234.5 });
    expect(after.outbound?.flight.isBookedOut).toBe(true);
  });

  it('drops a chosen flight that vanished from a refreshed list, with its seats and all options', () => {
    const after = withListedFlights(booked(), 'return', [flight(4)]);
    expect(after.return).toBeNull();
    expect(after.seats.every((seat) => seat.flightId === 1)).toBe(true);
    expect(after.options).toEqual([]);
    expect(filledSteps(after)['select-flight-return']).toBe(false);
  });

  it('keeps a chosen flight still listed, taking its fresh data', () => {
    const after = withListedFlights(booked(), 'outbound', [flight(9), { ...flight(1), number: 'FB1X' }]);
    expect(after.outbound?.flight.number).toBe('FB1X');
    expect(after.seats).toHaveLength(3);
    expect(withListedFlights(EMPTY_DRAFT, 'outbound', [])).toBe(EMPTY_DRAFT);
  });

  it('never keeps a seat for an infant', () => {
    const draft = booked();
    const changed = draft.passengers.map((passenger, index) =>
      index === 1 ? { ...passenger, ageType: 'infant' as const } : passenger,
    );
    const after = withPassengers(draft, changed);
    expect(after.seats.map((seat) => seat.passenger)).toEqual([0, 0]);
    expect(seatedPassengers(after)).toEqual([0]);
  });

  it('forgets the made reservation when the booking changes, not when the same data comes again', () => {
    const draft = booked();
    expect(withOptions(draft, draft.options)).toBe(draft);
    expect(withSeats(draft, draft.seats).reservation).toEqual({ id: 41, total: 1234.5 });
    expect(withBilling(draft, { ...billing }).reservation).toEqual({ id: 41, total: 1234.5 });
    expect(withPassengers(draft, draft.passengers).reservation).toEqual({ id: 41, total: 1234.5 });
    expect(withOptions(draft, []).reservation).toBeNull();
    expect(withSeats(draft, []).reservation).toBeNull();
    expect(withBilling(draft, { ...billing, city: 'Bern' }).reservation).toBeNull();
    expect(
      withPassengers(
        draft,
        draft.passengers.map((passenger) => ({ ...passenger, lastName: 'Berisha' })),
      ).reservation,
    ).toBeNull();
  });

  it('lists the flights of the booking outbound first, without a stale return on one way', () => {
    expect(chosenFlights(booked()).map((chosen) => chosen.flight.id)).toEqual([1, 2]);
    const oneWay = { ...booked(), trip: trip({ travelType: 'one-way', returnDate: '' }) };
    expect(chosenFlights(oneWay).map((chosen) => chosen.flight.id)).toEqual([1]);
  });

  it('knows which steps are filled', () => {
    expect(filledSteps(EMPTY_DRAFT)).toEqual({
      'travel-dates': false,
      'select-flight-outbound': false,
      'select-flight-return': false,
      passengers: false,
      'seat-reservation': false,
      'billing-information': false,
    });
    expect(filledSteps(booked())).toEqual({
      'travel-dates': true,
      'select-flight-outbound': true,
      'select-flight-return': true,
      passengers: true,
      'seat-reservation': true,
      'billing-information': true,
    });
    // Passengers entered before the return flight went away no longer count as a finished step.
    const noReturn = withFlight(booked(), 'return', null);
    expect(filledSteps(noReturn).passengers).toBe(false);
  });
});
