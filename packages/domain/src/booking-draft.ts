import type { AgeTypeName } from './ages.ts';
import type { TripSearch } from './trips.ts';

/**
 * The booking in progress (spec 02 §3 Reservation draft) and the rules that keep it consistent
 * (spec 02 §4), one model for the public site's booking wizard and the back office's reservation
 * wizard: docs/booking-draft.md. Pure functions over plain data; each wizard keeps the draft its
 * own way (browser storage, a reducer) and adds its own fields on top.
 */

export type Direction = 'outbound' | 'return';

/** A flight chosen in a tariff, with the flight as listed (each wizard lists its own shape). */
export interface ChosenFlight<Flight extends { id: number } = { id: number }> {
  flight: Flight;
  tariffId: number;
}

export interface PassengerDraft {
  /** The passenger's id in the reservation being changed (back office); absent for a new one. */
  id?: number;
  salutation: 'mr' | 'mrs';
  firstName: string;
  lastName: string;
  gender: 'male' | 'female' | '';
  ageType: AgeTypeName;
  birthday: string;
}

/** Who books and how to reach them, with the field names of the reservation call's billingInformation. */
export interface BillingDraft {
  salutation: 'mr' | 'mrs' | '';
  company: string;
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  zip: string;
  city: string;
  /** Country code (CH). */
  country: string;
  birthday: string;
  phoneMobile: string;
  phoneNumberFirst: string;
  phoneNumberSecond: string;
  isCreateAccount: boolean;
  password: string;
  passwordConfirm: string;
}

/** An extra of one passenger on one flight. `passenger` is the position in the passengers, as on the wire. */
export interface PassengerOption {
  passenger: number;
  flightId: number;
  optionId: number;
  /** The option's title per language, for the summary (the price comes from the calculation). */
  title?: Record<string, string> | undefined;
}

/** A seat of one passenger on one flight. `passenger` is the position in the passengers, as on the wire. */
export interface PassengerSeat {
  passenger: number;
  flightId: number;
  seatLabel: string;
}

/** What both wizards keep of a booking; `trip` is null before the travel dates are given. */
export interface BookingDraft<Flight extends { id: number } = { id: number }> {
  trip: TripSearch | null;
  outbound: ChosenFlight<Flight> | null;
  return: ChosenFlight<Flight> | null;
  passengers: PassengerDraft[];
  /** The passengers step was completed with these passengers, for this trip. */
  passengersDone: boolean;
  options: PassengerOption[];
  seats: PassengerSeat[];
}

const AGE_TYPES: readonly AgeTypeName[] = ['adult', 'child', 'infant'];

export const blankPassenger = (ageType: AgeTypeName): PassengerDraft => ({
  salutation: 'mr',
  firstName: '',
  lastName: '',
  gender: '',
  ageType,
  birthday: '',
});

/** The age types of a trip's party, adults first (the order passengers are asked for). */
export const partyOf = (trip: Pick<TripSearch, 'adult' | 'child' | 'infant'>): AgeTypeName[] =>
  AGE_TYPES.flatMap((ageType) => Array<AgeTypeName>(trip[ageType]).fill(ageType));

/** The same flights would be listed: travel type, airports and dates (a one-way trip has no return date). */
const sameRoute = (a: TripSearch, b: TripSearch) =>
  a.travelType === b.travelType &&
  a.airportFrom === b.airportFrom &&
  a.airportTo === b.airportTo &&
  a.otherAirportFrom === b.otherAirportFrom &&
  a.otherAirportTo === b.otherAirportTo &&
  a.departureDate === b.departureDate &&
  (a.travelType === 'one-way' || a.returnDate === b.returnDate);

const sameParty = (a: TripSearch, b: TripSearch) =>
  a.adult === b.adult && a.child === b.child && a.infant === b.infant;

const sameTrip = (a: TripSearch, b: TripSearch) =>
  (Object.keys(b) as (keyof TripSearch)[]).every((key) => a[key] === b[key]);

/** Seats and options follow their passenger to a new position; those of passengers who left go. */
function movePassengers<Entry extends { passenger: number }>(
  entries: readonly Entry[],
  newPosition: ReadonlyMap<number, number>,
): Entry[] {
  return entries.flatMap((entry) => {
    const passenger = newPosition.get(entry.passenger);
    return passenger === undefined ? [] : [{ ...entry, passenger }];
  });
}

/**
 * A new trip. New dates, airports or travel type reset the chosen flights, seats and options
 * (spec 02 §4). New passenger counts keep the passengers of each age type that still fit, in order,
 * and add blank ones; the seats and options of passengers who left go with them. Either way the
 * passengers step is to be completed again: its age check depends on the day of travel, its
 * extras on the flights. The same trip again (a reload of the address) changes nothing.
 */
export function withTrip<Draft extends BookingDraft>(draft: Draft, trip: TripSearch): Draft {
  const before = draft.trip;
  const routeChanged = before === null || !sameRoute(before, trip);
  const partyChanged = before === null || !sameParty(before, trip);
  if (!routeChanged && !partyChanged) return sameTrip(before, trip) ? draft : { ...draft, trip };
  let { outbound, return: back, options, seats, passengers } = draft;
  if (routeChanged) {
    outbound = null;
    back = null;
    options = [];
    seats = [];
  }
  if (partyChanged) {
    const newPosition = new Map<number, number>();
    const remaining = draft.passengers.map((passenger, position) => ({ passenger, position }));
    passengers = partyOf(trip).map((ageType, position) => {
      const index = remaining.findIndex(({ passenger }) => passenger.ageType === ageType);
      if (index < 0) return blankPassenger(ageType);
      const [kept] = remaining.splice(index, 1);
      newPosition.set(kept!.position, position);
      return kept!.passenger;
    });
    options = movePassengers(options, newPosition);
    seats = movePassengers(seats, newPosition);
  }
  return { ...draft, trip, outbound, return: back, passengers, passengersDone: false, options, seats };
}

/** Whether a choice for a direction is the one already made (same flight, same tariff). */
export const isSameChoice = (before: ChosenFlight | null, after: ChosenFlight | null) =>
  before?.flight.id === after?.flight.id && before?.tariffId === after?.tariffId;

/**
 * A flight and tariff chosen for a direction (or none). Another flight or tariff clears that
 * direction's seats and every passenger's options (spec 02 §4: the options are per flight and
 * priced with it); the same choice again only takes the fresher flight data.
 */
export function withFlight<Draft extends BookingDraft>(
  draft: Draft,
  direction: Direction,
  chosen: Draft['outbound'],
): Draft {
  const before = draft[direction];
  if (isSameChoice(before, chosen)) return chosen ? { ...draft, [direction]: chosen } : draft;
  const leaving = before?.flight.id;
  return {
    ...draft,
    [direction]: chosen,
    seats: draft.seats.filter((seat) => seat.flightId !== leaving),
    options: [],
  };
}

/** The shape of a wizard's listed flight. */
type FlightOf<Draft extends BookingDraft> = NonNullable<Draft['outbound']>['flight'];

/**
 * A refreshed flight list (spec 02 §4): a chosen flight that is no longer listed is dropped, as by
 * `withFlight`; a listed one replaces the kept copy, so the draft sees its current seats and prices.
 * `covers` says whether the list could have the chosen flight at all (the back office lists a week
 * at a time); without it the list is taken to cover every chosen flight.
 */
export function withListedFlights<Draft extends BookingDraft>(
  draft: Draft,
  direction: Direction,
  listed: readonly FlightOf<Draft>[],
  covers: (flight: FlightOf<Draft>) => boolean = () => true,
): Draft {
  const chosen = draft[direction];
  if (!chosen || !covers(chosen.flight)) return draft;
  const found = listed.find((flight) => flight.id === chosen.flight.id);
  if (found === chosen.flight) return draft;
  return withFlight(draft, direction, found ? { ...chosen, flight: found } : null);
}

/** The passengers step completed; an infant never keeps a seat (infants fly on a lap, spec 02 §4). */
export function withPassengers<Draft extends BookingDraft>(
  draft: Draft,
  passengers: PassengerDraft[],
): Draft {
  return {
    ...draft,
    passengers,
    passengersDone: true,
    seats: draft.seats.filter((seat) => passengers[seat.passenger]?.ageType !== 'infant'),
  };
}

/** The flights of the booking in order, outbound first; a one-way trip has no return flight. */
export const chosenFlights = <Flight extends { id: number }>(
  draft: Pick<BookingDraft<Flight>, 'trip' | 'outbound' | 'return'>,
): ChosenFlight<Flight>[] =>
  [draft.outbound, draft.trip?.travelType === 'one-way' ? null : draft.return].filter(
    (chosen): chosen is ChosenFlight<Flight> => chosen !== null,
  );

/** The positions of the passengers who get a seat: everyone but infants. */
export const seatedPassengers = (draft: Pick<BookingDraft, 'passengers'>): number[] =>
  draft.passengers.flatMap((passenger, position) => (passenger.ageType === 'infant' ? [] : [position]));

/**
 * The draft's choices as the booking calls take them (calculate, create, update): the flights in
 * their tariffs, outbound first, and the options and seats by passenger position.
 */
export function draftChoices(
  draft: Pick<BookingDraft, 'trip' | 'outbound' | 'return' | 'options' | 'seats'>,
) {
  return {
    bookedFlights: chosenFlights(draft).map(({ flight, tariffId }) => ({
      flight: { id: flight.id },
      tariff: { id: tariffId },
    })),
    passengersOptions: draft.options.map((option) => ({
      passenger: option.passenger,
      flight: { id: option.flightId },
      option: { id: option.optionId },
    })),
    passengersSeats: draft.seats.map((seat) => ({
      passenger: seat.passenger,
      flight: { id: seat.flightId },
      seatLabel: seat.seatLabel,
    })),
  };
}
