import { describe, expect, it } from 'vitest';
import {
  type BookingDraft,
  type ChosenFlight,
  chosenFlights,
  draftChoices,
  partyOf,
  seatedPassengers,
  withFlight,
  withListedFlights,
  withPassengers,
  withTrip,
} from './booking-draft.ts';
import { DEFAULT_TRIP, type TripSearch } from './trips.ts';

interface Flight {
  id: number;
  number: string;
}
type Draft = BookingDraft<Flight> & { note: string };

const flight = (id: number, number = `FB${id}`): Flight => ({ id, number });
const chosen = (id: number, tariffId = 1): ChosenFlight<Flight> => ({ flight: flight(id), tariffId });
const trip = (changes: Partial<TripSearch> = {}): TripSearch => ({
  ...DEFAULT_TRIP,
  departureDate: '2031-06-09',
  returnDate: '2031-06-16',
  adult: 2,
  child: 0,
  infant: 1,
  ...changes,
});

const EMPTY: Draft = {
  trip: null,
  outbound: null,
  return: null,
  passengers: [],
  passengersDone: false,
  options: [],
  seats: [],
  note: 'kept',
};

/** Flights 10 and 20; passengers P0, P1 (adults) and P2 (infant) with seats and options. */
function booked(): Draft {
  let draft = withTrip(EMPTY, trip());
  draft = withFlight(draft, 'outbound', chosen(10));
  draft = withFlight(draft, 'return', chosen(20));
  draft = withPassengers(
    draft,
    draft.passengers.map((passenger, index) => ({ ...passenger, firstName: `P${index}` })),
  );
  return {
    ...draft,
    seats: [
      { passenger: 0, flightId: 10, seatLabel: '1A' },
      { passenger: 1, flightId: 10, seatLabel: '1B' },
      { passenger: 0, flightId: 20, seatLabel: '2A' },
      { passenger: 1, flightId: 20, seatLabel: '2B' },
    ],
    options: [
      { passenger: 0, flightId: 10, optionId: 3 },
      { passenger: 1, flightId: 20, optionId: 3 },
    ],
  };
}

const names = (draft: Draft) => draft.passengers.map((passenger) => [passenger.ageType, passenger.firstName]);

describe('the booking draft: a new trip (spec 02 §4)', () => {
  it('asks for the passengers of the party, adults first, blank', () => {
    expect(partyOf({ adult: 2, child: 1, infant: 1 })).toEqual(['adult', 'adult', 'child', 'infant']);
    const draft = withTrip(EMPTY, trip({ child: 1 }));
    expect(names(draft)).toEqual([
      ['adult', ''],
      ['adult', ''],
      ['child', ''],
      ['infant', ''],
    ]);
    expect(draft.note).toBe('kept');
  });

  it('changes nothing when the same trip comes again', () => {
    const before = booked();
    expect(withTrip(before, trip())).toBe(before);
  });

  it.each<[string, Partial<TripSearch>]>([
    ['departure date', { departureDate: '2031-06-10' }],
    ['return date', { returnDate: '2031-06-17' }],
    ['origin', { airportFrom: 'BSL' }],
    ['destination', { airportTo: 'SKP' }],
    ['travel type', { travelType: 'one-way', returnDate: '' }],
    ['other return airports', { travelType: 'other-return', otherAirportFrom: 'SKP', otherAirportTo: 'ZRH' }],
  ])('resets flights, seats and options for another %s, keeping passengers', (_, change) => {
    const after = withTrip(booked(), trip(change));
    expect(after).toMatchObject({
      outbound: null,
      return: null,
      seats: [],
      options: [],
      passengersDone: false,
      note: 'kept',
    });
    expect(names(after)).toEqual(names(booked()));
  });

  it('ignores the return date of a one-way trip', () => {
    const oneWay = withFlight(
      withTrip(EMPTY, trip({ travelType: 'one-way', returnDate: '' })),
      'outbound',
      chosen(10),
    );
    expect(withTrip(oneWay, { ...oneWay.trip!, returnDate: '2031-06-20' }).outbound?.flight.id).toBe(10);
  });

  it('keeps flights for other counts, with the passengers who still fit and their seats and options', () => {
    const after = withTrip(booked(), trip({ adult: 1, child: 1, infant: 1 }));
    expect(after.passengersDone).toBe(false);
    expect(after.outbound?.flight.id).toBe(10);
    expect(after.return?.flight.id).toBe(20);
    expect(names(after)).toEqual([
      ['adult', 'P0'],
      ['child', ''],
      ['infant', 'P2'],
    ]);
    // The second adult left: their seats and option went with them.
    expect(after.seats).toEqual([
      { passenger: 0, flightId: 10, seatLabel: '1A' },
      { passenger: 0, flightId: 20, seatLabel: '2A' },
    ]);
    expect(after.options).toEqual([{ passenger: 0, flightId: 10, optionId: 3 }]);
  });

  it('moves seats and options with their passenger when the party grows before them', () => {
    const before = {
      ...booked(),
      seats: [{ passenger: 2, flightId: 10, seatLabel: '9Z' }],
      options: [{ passenger: 2, flightId: 10, optionId: 5 }],
    };
    const after = withTrip(before, trip({ adult: 3 }));
    expect(names(after).map(([ageType]) => ageType)).toEqual(['adult', 'adult', 'adult', 'infant']);
    expect(after.seats).toEqual([{ passenger: 3, flightId: 10, seatLabel: '9Z' }]);
    expect(after.options).toEqual([{ passenger: 3, flightId: 10, optionId: 5 }]);
  });
});

describe('the booking draft: flights (spec 02 §4)', () => {
  it("clears that direction's seats and every option when another flight is chosen", () => {
    const after = withFlight(booked(), 'return', chosen(21));
    expect(after.return?.flight.id).toBe(21);
    expect(after.outbound?.flight.id).toBe(10);
    expect(after.seats.map((seat) => seat.flightId)).toEqual([10, 10]);
    expect(after.options).toEqual([]);
    expect(after.note).toBe('kept');
  });

  it('counts another tariff on the same flight as another flight', () => {
    const after = withFlight(booked(), 'outbound', chosen(10, 2));
    expect(after.seats.map((seat) => seat.flightId)).toEqual([20, 20]);
    expect(after.options).toEqual([]);
  });

  it('clears the seats of a direction whose flight is taken away', () => {
    const after = withFlight(booked(), 'return', null);
    expect(after.return).toBeNull();
    expect(after.seats.every((seat) => seat.flightId === 10)).toBe(true);
  });

  it('keeps seats and options when the same flight and tariff come again, taking the fresher data', () => {
    const before = booked();
    const after = withFlight(before, 'outbound', { flight: flight(10, 'FB10X'), tariffId: 1 });
    expect(after.outbound?.flight.number).toBe('FB10X');
    expect(after.seats).toEqual(before.seats);
    expect(after.options).toEqual(before.options);
  });

  it('drops a chosen flight that vanished from a refreshed list, with its seats and every option', () => {
    const after = withListedFlights(booked(), 'outbound', [flight(11)]);
    expect(after.outbound).toBeNull();
    expect(after.seats.every((seat) => seat.flightId === 20)).toBe(true);
    expect(after.options).toEqual([]);
  });

  it('keeps a chosen flight the list does not cover, and one still listed with its fresh data', () => {
    const before = booked();
    expect(withListedFlights(before, 'outbound', [flight(11)], () => false)).toBe(before);
    const after = withListedFlights(before, 'outbound', [flight(11), flight(10, 'FB10X')]);
    expect(after.outbound?.flight.number).toBe('FB10X');
    expect(after.seats).toEqual(before.seats);
    expect(after.options).toEqual(before.options);
    expect(withListedFlights(EMPTY, 'outbound', [])).toBe(EMPTY);
  });

  it('lists the chosen flights outbound first, without a return on a one-way trip', () => {
    expect(chosenFlights(booked()).map((chosen) => chosen.flight.id)).toEqual([10, 20]);
    const oneWay = { ...booked(), trip: trip({ travelType: 'one-way', returnDate: '' }) };
    expect(chosenFlights(oneWay).map((chosen) => chosen.flight.id)).toEqual([10]);
  });
});

describe('the booking draft: passengers (spec 02 §4)', () => {
  it('takes the seats of a passenger who became an infant, and keeps their options', () => {
    const before = booked();
    const passengers = before.passengers.map((passenger, index) =>
      index === 1 ? { ...passenger, ageType: 'infant' as const } : passenger,
    );
    const after = withPassengers(before, passengers);
    expect(after.passengersDone).toBe(true);
    expect(after.seats.map((seat) => seat.passenger)).toEqual([0, 0]);
    expect(after.options).toEqual(before.options);
    expect(seatedPassengers(after)).toEqual([0]);
  });

  it('seats everyone but infants', () => {
    expect(seatedPassengers(booked())).toEqual([0, 1]);
  });
});

describe('the booking draft: what the booking calls take', () => {
  it('sends the chosen flights in their tariffs, outbound first, and options and seats by position', () => {
    const draft: Draft = {
      ...EMPTY,
      trip: trip({ travelType: 'return' }),
      outbound: chosen(10, 2),
      return: chosen(20, 1),
      options: [{ passenger: 1, flightId: 20, optionId: 7 }],
      seats: [{ passenger: 0, flightId: 10, seatLabel: '12A' }],
    };
    expect(draftChoices(draft)).toEqual({
      bookedFlights: [
        { flight: { id: 10 }, tariff: { id: 2 } },
        { flight: { id: 20 }, tariff: { id: 1 } },
      ],
      passengersOptions: [{ passenger: 1, flight: { id: 20 }, option: { id: 7 } }],
      passengersSeats: [{ passenger: 0, flight: { id: 10 }, seatLabel: '12A' }],
    });
    // A one-way trip sends no return flight, even one left over from a return search.
    expect(draftChoices({ ...draft, trip: trip({ travelType: 'one-way' }) }).bookedFlights).toHaveLength(1);
  });
});
