import type { BookableFlight } from '@flybook/schemas/booking';
import type { AgeType } from '@flybook/schemas/fares';
import type { TripSearch } from './trip-search.ts';

/**
 * The booking in progress (spec 02 §3 Reservation draft) and the rules that keep it consistent
 * (spec 02 §4): new dates reset flights, seats and options; another flight clears that direction's
 * seats and every option; infants get no seats; refreshed lists drop flights that vanished. Pure
 * functions; `$draft` in state.ts keeps the result in browser storage.
 */

export type Direction = 'outbound' | 'return';

/** A flight chosen in a tariff, with the flight as listed (the summary and later steps read it). */
export interface ChosenFlight {
  flight: BookableFlight;
  tariffId: number;
}

export interface PassengerDraft {
  salutation: 'mr' | 'mrs';
  firstName: string;
  lastName: string;
  gender: 'male' | 'female' | '';
  ageType: AgeType;
  birthday: string;
}

export interface BillingDraft {
  salutation: 'mr' | 'mrs' | '';
  company: string;
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  birthday: string;
  phoneMobile: string;
  phoneNumberFirst: string;
  phoneNumberSecond: string;
  isCreateAccount: boolean;
  password: string;
  passwordConfirm: string;
}

export interface PassengerOption {
  passenger: number;
  flightId: number;
  optionId: number;
  /** The option's title per language, for the overview (the price comes from calculate). */
  title?: Record<string, string>;
}
export interface PassengerSeat {
  passenger: number;
  flightId: number;
  seatLabel: string;
}

/**
 * The reservation made from this draft whose card payment has not started yet. Kept so that a
 * retry (or a reload) pays that reservation instead of booking the same seats twice; any change to
 * the booking drops it, since the reservation no longer matches what the visitor sees.
 */
export interface MadeReservation {
  id: number;
  /** invoice.total of the create reply: the amount the card payment starts with. */
  total: number;
  /** A guest booking's key from the create reply: it starts the card payment without a session. */
  guestKey?: string;
}

export interface BookingDraft {
  trip: TripSearch | null;
  outbound: ChosenFlight | null;
  return: ChosenFlight | null;
  passengers: PassengerDraft[];
  /** The passengers step was completed with these passengers. */
  passengersDone: boolean;
  options: PassengerOption[];
  seats: PassengerSeat[];
  /** The seat step was completed (seats are optional, so their absence says nothing). */
  seatsDone: boolean;
  billing: BillingDraft | null;
  reservation: MadeReservation | null;
}

export const EMPTY_DRAFT: BookingDraft = Object.freeze({
  trip: null,
  outbound: null,
  return: null,
  passengers: [],
  passengersDone: false,
  options: [],
  seats: [],
  seatsDone: false,
  billing: null,
  reservation: null,
});

const blankPassenger = (ageType: AgeType): PassengerDraft => ({
  salutation: 'mr',
  firstName: '',
  lastName: '',
  gender: '',
  ageType,
  birthday: '',
});

/** The age types of a trip's party, adults first (the order passengers are asked for). */
export const partyOf = (trip: TripSearch): AgeType[] => [
  ...Array<AgeType>(trip.adult).fill('adult'),
  ...Array<AgeType>(trip.child).fill('child'),
  ...Array<AgeType>(trip.infant).fill('infant'),
];

/** Plain data compared by value (the draft holds nothing but JSON). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const sameTrip = (a: TripSearch | null, b: TripSearch) =>
  a !== null && (Object.keys(b) as (keyof TripSearch)[]).every((key) => a[key] === b[key]);

/**
 * A new search: flights, seats and options go; passengers already typed stay where their age type
 * is still asked for (a name need not be typed twice because a date moved).
 */
export function withTrip(draft: BookingDraft, trip: TripSearch): BookingDraft {
  if (sameTrip(draft.trip, trip)) return draft;
  const remaining = [...draft.passengers];
  const passengers = partyOf(trip).map((ageType) => {
    const index = remaining.findIndex((passenger) => passenger.ageType === ageType);
    return index >= 0 ? remaining.splice(index, 1)[0]! : blankPassenger(ageType);
  });
  return {
    ...draft,
    trip,
    outbound: null,
    return: null,
    passengers,
    passengersDone: false,
    options: [],
    seats: [],
    seatsDone: false,
    reservation: null,
  };
}

/** Another flight or tariff in one direction: that direction's seats and all options go. */
export function withFlight(
  draft: BookingDraft,
  direction: Direction,
  chosen: ChosenFlight | null,
): BookingDraft {
  const before = draft[direction];
  if (before?.flight.id === chosen?.flight.id && before?.tariffId === chosen?.tariffId) {
    // The same choice from a refreshed list: keep the fresher flight data, nothing else changes.
    return chosen ? { ...draft, [direction]: chosen } : draft;
  }
  const leaving = before?.flight.id;
  return {
    ...draft,
    [direction]: chosen,
    seats: draft.seats.filter((seat) => seat.flightId !== leaving),
    seatsDone: false,
    options: [],
    reservation: null,
  };
}

/** A refreshed flight list: a chosen flight that is no longer listed is dropped (with its seats). */
export function withoutVanishedFlight(
  draft: BookingDraft,
  direction: Direction,
  listed: readonly BookableFlight[],
): BookingDraft {
  const chosen = draft[direction];
  if (!chosen) return draft;
  const fresh = listed.find((flight) => flight.id === chosen.flight.id);
  return withFlight(draft, direction, fresh ? { ...chosen, flight: fresh } : null);
}

/** The passengers as entered; an infant never keeps a seat. */
export function withPassengers(draft: BookingDraft, passengers: PassengerDraft[]): BookingDraft {
  const infants = new Set(
    passengers.flatMap((passenger, index) => (passenger.ageType === 'infant' ? [index] : [])),
  );
  return {
    ...draft,
    passengers,
    passengersDone: true,
    seats: draft.seats.filter((seat) => !infants.has(seat.passenger)),
    reservation: same(draft.passengers, passengers) ? draft.reservation : null,
  };
}

/** The extras as chosen; the same extras again (a step re-opened) keep a reservation already made. */
export const withOptions = (draft: BookingDraft, options: PassengerOption[]): BookingDraft =>
  same(draft.options, options) ? draft : { ...draft, options, reservation: null };

/** The seats as chosen (none is a choice too: seats are optional); the seat step counts as done. */
export const withSeats = (draft: BookingDraft, seats: PassengerSeat[]): BookingDraft => ({
  ...draft,
  seats,
  seatsDone: true,
  reservation: same(draft.seats, seats) ? draft.reservation : null,
});

export const withBilling = (draft: BookingDraft, billing: BillingDraft): BookingDraft => ({
  ...draft,
  billing,
  reservation: same(draft.billing, billing) ? draft.reservation : null,
});

/** The reservation was created but its payment not yet started: remember it (see MadeReservation). */
export const withReservation = (draft: BookingDraft, reservation: MadeReservation): BookingDraft => ({
  ...draft,
  reservation,
});

/** The flights of the booking in order, outbound first. */
export const chosenFlights = (draft: BookingDraft): ChosenFlight[] =>
  [draft.outbound, draft.trip?.travelType === 'one-way' ? null : draft.return].filter(
    (chosen): chosen is ChosenFlight => chosen !== null,
  );

/** Which step's data is there, for the step machine. */
export function filledSteps(draft: BookingDraft) {
  const flightsDone = draft.trip?.travelType === 'one-way' ? draft.outbound !== null : draft.return !== null;
  return {
    'travel-dates': draft.trip !== null,
    'select-flight-outbound': draft.outbound !== null,
    'select-flight-return': draft.return !== null,
    passengers: draft.passengersDone && flightsDone,
    'seat-reservation': draft.seatsDone,
    'billing-information': draft.billing !== null,
  };
}

/** Infants fly on a lap: seats are for everyone else. */
export const seatedPassengers = (draft: BookingDraft) =>
  draft.passengers.flatMap((passenger, index) => (passenger.ageType === 'infant' ? [] : [index]));
