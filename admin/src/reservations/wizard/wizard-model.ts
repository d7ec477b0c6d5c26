import type { FlightStatus } from '@flybook/domain';
import {
  DEFAULT_TRIP,
  MAX_PASSENGERS,
  TRAVEL_TYPES,
  type TravelType,
  type TripProblem,
  type TripSearch,
  tripProblems,
} from '@flybook/domain/trips';
import type { Locale } from '@flybook/locales';
import type { PriceListEntry, Reservation } from '@flybook/schemas';

/**
 * The back office's reservation in progress (spec 02 §3 Reservation draft) and the rules that keep
 * it consistent (spec 02 §4): new dates reset flights, seats and options; another flight clears
 * that direction's seats and every option; infants get no seats; refreshed lists drop flights that
 * vanished. Pure functions over plain data; the page keeps the draft in a reducer.
 */

export { DEFAULT_TRIP, MAX_PASSENGERS, TRAVEL_TYPES, type TravelType, type TripProblem, tripProblems };
/** The trip of the booking (the public site's model, @flybook/domain/trips). */
export type Trip = TripSearch;
export type Direction = 'outbound' | 'return';
export type AgeType = 'adult' | 'child' | 'infant';

/** What the wizard needs of a listed flight: the staff, agent and public lists all carry it. */
export interface WizardFlight {
  id: number;
  number: string;
  departure: string;
  arrival: string;
  origin: { code: string; timezone: string; city: Record<Locale, string> };
  destination: { code: string; timezone: string; city: Record<Locale, string> };
  flightCompany: { name: string; code: string };
  status: FlightStatus;
  isActive: boolean;
  isBookedOut: boolean;
  rate: { id: number; priceList: PriceListEntry[] };
  seatsByTariff: { tariffGroup: { id: number }; free: number }[];
}

export interface ChosenFlight {
  flight: WizardFlight;
  tariffId: number;
}

export interface PassengerDraft {
  /** Stable within the draft: options and seats refer to it. */
  key: number;
  /** The passenger's id in the reservation being edited. */
  id?: number;
  salutation: 'mr' | 'mrs';
  gender: 'male' | 'female' | '';
  firstName: string;
  lastName: string;
  birthday: string;
  ageType: AgeType;
}

export interface OptionChoice {
  passengerKey: number;
  flightId: number;
  optionId: number;
  /** The option's title per language, for the summary (the price comes from the calculation). */
  title?: Record<Locale, string> | undefined;
}

export interface SeatChoice {
  passengerKey: number;
  flightId: number;
  seatLabel: string;
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
  /** Country code (CH). */
  country: string;
  birthday: string;
  /** The admin form's name for the mobile number (phoneMobile on the wire). */
  phoneNumberMobile: string;
  phoneNumberFirst: string;
  phoneNumberSecond: string;
  language: Locale;
  isBankInformation: boolean;
  isBookingInformation: boolean;
  isPostInformation: boolean;
  isCreateAccount: boolean;
  password: string;
  passwordConfirm: string;
}

/** Spec 02 §5, §9: the admin billing form starts in Switzerland and in German. */
export const EMPTY_BILLING: BillingDraft = {
  salutation: '',
  company: '',
  firstName: '',
  lastName: '',
  email: '',
  street: '',
  zip: '',
  city: '',
  country: 'CH',
  birthday: '',
  phoneNumberMobile: '',
  phoneNumberFirst: '',
  phoneNumberSecond: '',
  language: 'de',
  isBankInformation: false,
  isBookingInformation: false,
  isPostInformation: false,
  isCreateAccount: false,
  password: '',
  passwordConfirm: '',
};

/** The user the reservation is booked for (the billing user picker), as the wizard keeps it. */
export interface OwnerChoice {
  id: number;
  /** Null for the owner of a loaded reservation (only a chosen owner's kind is known). */
  type: 'agent' | 'customer' | null;
  displayName: string;
}

export type Terms = 'now' | 'later' | 'airport' | 'bill' | 'update';

export interface PaymentDraft {
  terms: Terms;
  /** yyyy-MM-dd, set through the deadline popup (bill). */
  deadline: string;
  /** The agreed total as typed (CHF); '' for none. */
  specificPrice: string;
  /** The user changed the specific price: it is no longer set for them (spec 02 §4). */
  specificPriceTouched: boolean;
  hidePrice: boolean;
  /** CHF as typed; '' for none. */
  updateFee: string;
  comment: string;
}

export interface Draft {
  trip: Trip;
  outbound: ChosenFlight | null;
  return: ChosenFlight | null;
  owner: OwnerChoice | null;
  billing: BillingDraft;
  /** The billing step was completed. */
  billingDone: boolean;
  passengers: PassengerDraft[];
  /** The passengers step was completed with these passengers. */
  passengersDone: boolean;
  options: OptionChoice[];
  seats: SeatChoice[];
  payment: PaymentDraft;
  nextKey: number;
}

const blankPassenger = (key: number, ageType: AgeType): PassengerDraft => ({
  key,
  salutation: 'mr',
  gender: '',
  firstName: '',
  lastName: '',
  birthday: '',
  ageType,
});

/** The passengers a trip's counts call for: adults, then children, then infants. */
export function passengersFor(
  trip: Pick<Trip, 'adult' | 'child' | 'infant'>,
  firstKey = 1,
): PassengerDraft[] {
  let key = firstKey;
  return (['adult', 'child', 'infant'] as const).flatMap((ageType) =>
    Array.from({ length: trip[ageType] }, () => blankPassenger(key++, ageType)),
  );
}

export function newDraft(terms: Terms = 'now'): Draft {
  const passengers = passengersFor(DEFAULT_TRIP);
  return {
    trip: DEFAULT_TRIP,
    outbound: null,
    return: null,
    owner: null,
    billing: EMPTY_BILLING,
    billingDone: false,
    passengers,
    passengersDone: false,
    options: [],
    seats: [],
    payment: {
      terms,
      deadline: '',
      specificPrice: '',
      specificPriceTouched: false,
      hidePrice: false,
      updateFee: '',
      comment: '',
    },
    nextKey: passengers.length + 1,
  };
}

// ---------- steps ----------

export const STEPS = [
  'travelDates',
  'outbound',
  'return',
  'billing',
  'passengers',
  'seats',
  'payment',
] as const;
export type StepId = (typeof STEPS)[number];

/** The steps of a booking: one-way travel has no return flight (spec 02 §2). */
export const stepsOf = (travelType: TravelType): StepId[] =>
  STEPS.filter((step) => !(step === 'return' && travelType === 'one-way'));

/** Whether each step's own data is there: what lets the next step open. */
export function stepFilled(draft: Draft, step: StepId): boolean {
  switch (step) {
    case 'travelDates':
      return Object.keys(tripProblems(draft.trip)).length === 0;
    case 'outbound':
      return draft.outbound !== null;
    case 'return':
      return draft.trip.travelType === 'one-way' || draft.return !== null;
    case 'billing':
      return draft.billingDone;
    case 'passengers':
      return draft.passengersDone;
    case 'seats':
    case 'payment':
      return true;
  }
}

/** A step may be opened when every step before it is filled (spec 02 §2: steps appear as the flow allows). */
export function mayOpenStep(draft: Draft, step: StepId): boolean {
  const steps = stepsOf(draft.trip.travelType);
  const index = steps.indexOf(step);
  return index >= 0 && steps.slice(0, index).every((before) => stepFilled(draft, before));
}

export function nextStepOf(draft: Draft, step: StepId): StepId | null {
  const steps = stepsOf(draft.trip.travelType);
  return steps[steps.indexOf(step) + 1] ?? null;
}

export function previousStepOf(draft: Draft, step: StepId): StepId | null {
  const steps = stepsOf(draft.trip.travelType);
  const index = steps.indexOf(step);
  return index > 0 ? (steps[index - 1] ?? null) : null;
}

// ---------- the rules that keep a draft consistent ----------

const sameRoute = (a: Trip, b: Trip) =>
  a.travelType === b.travelType &&
  a.airportFrom === b.airportFrom &&
  a.airportTo === b.airportTo &&
  a.otherAirportFrom === b.otherAirportFrom &&
  a.otherAirportTo === b.otherAirportTo &&
  a.departureDate === b.departureDate &&
  (a.travelType === 'one-way' || a.returnDate === b.returnDate);

/**
 * A new trip. New dates, airports or travel type reset the chosen flights, seats and options
 * (spec 02 §4). New counts keep the passengers of each age type that still fit, in order, and add
 * blank ones; options and seats of passengers who left go with them.
 */
export function withTrip(draft: Draft, trip: Trip): Draft {
  let next: Draft = { ...draft, trip };
  if (!sameRoute(draft.trip, trip)) {
    next = { ...next, outbound: null, return: null, seats: [], options: [] };
  }
  if (
    trip.adult !== draft.trip.adult ||
    trip.child !== draft.trip.child ||
    trip.infant !== draft.trip.infant
  ) {
    let key = draft.nextKey;
    const passengers = (['adult', 'child', 'infant'] as const).flatMap((ageType) => {
      const kept = draft.passengers
        .filter((passenger) => passenger.ageType === ageType)
        .slice(0, trip[ageType]);
      const added = Array.from({ length: trip[ageType] - kept.length }, () => blankPassenger(key++, ageType));
      return [...kept, ...added];
    });
    const keys = new Set(passengers.map((passenger) => passenger.key));
    next = {
      ...next,
      passengers,
      nextKey: key,
      passengersDone: false,
      options: next.options.filter((option) => keys.has(option.passengerKey)),
      seats: next.seats.filter((seat) => keys.has(seat.passengerKey)),
    };
  }
  if (trip.travelType === 'one-way' && next.return) {
    const returnId = next.return.flight.id;
    next = {
      ...next,
      return: null,
      seats: next.seats.filter((seat) => seat.flightId !== returnId),
      options: next.options.filter((option) => option.flightId !== returnId),
    };
  }
  return next;
}

/**
 * A flight and tariff chosen for a direction. Another flight or tariff clears that direction's
 * seats and every passenger's options (spec 02 §4); choosing the same again changes nothing.
 */
export function withFlight(draft: Draft, direction: Direction, chosen: ChosenFlight | null): Draft {
  const before = draft[direction];
  if (before?.flight.id === chosen?.flight.id && before?.tariffId === chosen?.tariffId) {
    return chosen ? { ...draft, [direction]: chosen } : draft;
  }
  const clearedFlight = before?.flight.id;
  return {
    ...draft,
    [direction]: chosen,
    seats: draft.seats.filter((seat) => seat.flightId !== clearedFlight),
    options: [],
  };
}

/**
 * Refreshed flight lists drop a chosen flight that is no longer listed (spec 02 §4); the list must
 * cover the chosen flight's day for that to be known. A listed flight replaces the kept copy, so
 * the draft sees its current seats and prices.
 */
export function withListedFlights(
  draft: Draft,
  direction: Direction,
  listed: readonly WizardFlight[],
  coversDay: (flight: WizardFlight) => boolean,
): Draft {
  const chosen = draft[direction];
  if (!chosen || !coversDay(chosen.flight)) return draft;
  const found = listed.find((flight) => flight.id === chosen.flight.id);
  if (found) return found === chosen.flight ? draft : { ...draft, [direction]: { ...chosen, flight: found } };
  return withFlight(draft, direction, null);
}

/** Passengers as the passengers step saved them; infants lose any seat (they fly on a lap). */
export function withPassengers(draft: Draft, passengers: PassengerDraft[]): Draft {
  const infants = new Set(passengers.filter((p) => p.ageType === 'infant').map((p) => p.key));
  return {
    ...draft,
    passengers,
    passengersDone: true,
    seats: draft.seats.filter((seat) => !infants.has(seat.passengerKey)),
  };
}

/** The chosen flights in booking order: outbound, then return. */
export const chosenFlights = (draft: Pick<Draft, 'outbound' | 'return'>): ChosenFlight[] =>
  [draft.outbound, draft.return].filter((chosen): chosen is ChosenFlight => chosen !== null);

/** Passengers who get a seat: everyone but infants. */
export const seatedPassengers = (draft: Pick<Draft, 'passengers'>) =>
  draft.passengers.filter((passenger) => passenger.ageType !== 'infant');

/**
 * The trip a reservation was booked as: one flight is one way; two flights are a return when the
 * return flies the outbound route back, else "other return". Dates are the local departure days.
 */
export function tripOf(
  reservation: Pick<Reservation, 'flights' | 'passengers'>,
  localDay: (flight: Reservation['flights'][number]) => string,
): Trip {
  const outbound =
    reservation.flights.find((flight) => flight.direction === 'outbound') ?? reservation.flights[0];
  const back = reservation.flights.find((flight) => flight.direction === 'return');
  const count = (ageType: AgeType) => reservation.passengers.filter((p) => p.ageType === ageType).length;
  const travelType: TravelType = !back
    ? 'one-way'
    : back.origin.code === outbound?.destination.code && back.destination.code === outbound?.origin.code
      ? 'return'
      : 'other-return';
  return {
    travelType,
    airportFrom: outbound?.origin.code ?? '',
    airportTo: outbound?.destination.code ?? '',
    otherAirportFrom: travelType === 'other-return' ? (back?.origin.code ?? '') : '',
    otherAirportTo: travelType === 'other-return' ? (back?.destination.code ?? '') : '',
    departureDate: outbound ? localDay(outbound) : '',
    returnDate: back ? localDay(back) : '',
    adult: count('adult'),
    child: count('child'),
    infant: count('infant'),
  };
}

/**
 * The draft of a reservation opened for editing: its trip, flights and tariffs, passengers with
 * their seats and options, contact and payment; every step filled. Terms start at "update" (keep
 * the terms); an agreed total shows as the specific price.
 */
export function draftFromReservation(
  reservation: Reservation,
  flights: { outbound: WizardFlight; return: WizardFlight | null },
  localDay: (flight: Reservation['flights'][number]) => string,
): Draft {
  const passengers: PassengerDraft[] = reservation.passengers.map((passenger, index) => ({
    key: index + 1,
    id: passenger.id,
    salutation: passenger.salutation,
    gender: passenger.gender ?? '',
    firstName: passenger.firstName,
    lastName: passenger.lastName,
    birthday: passenger.birthday ?? '',
    ageType: passenger.ageType,
  }));
  const tickets = reservation.passengers.flatMap((passenger, index) =>
    passenger.tickets.map((ticket) => ({ key: index + 1, ticket })),
  );
  const chosen = (flight: WizardFlight | null): ChosenFlight | null => {
    if (!flight) return null;
    const ticket = tickets.find(({ ticket }) => ticket.flight.id === flight.id)?.ticket;
    return { flight, tariffId: ticket?.tariff.id ?? flight.rate.priceList[0]?.tariff.id ?? 0 };
  };
  const { billingInformation: billing, invoice } = reservation;
  return {
    trip: tripOf(reservation, localDay),
    outbound: chosen(flights.outbound),
    return: chosen(flights.return),
    owner: reservation.owner ? { ...reservation.owner, type: null } : null,
    billing: {
      ...EMPTY_BILLING,
      salutation: billing.salutation === 'mrs' ? 'mrs' : 'mr',
      company: billing.company ?? '',
      firstName: billing.firstName,
      lastName: billing.lastName,
      email: billing.email,
      street: billing.street ?? '',
      zip: billing.zip ?? '',
      city: billing.city ?? '',
      country: billing.country,
      birthday: billing.birthday ?? '',
      phoneNumberMobile: billing.phoneMobile,
      phoneNumberFirst: billing.phoneNumberFirst ?? '',
      phoneNumberSecond: billing.phoneNumberSecond ?? '',
      language: reservation.language,
      // The contact's consents stay as given unless the user changes them.
      isBankInformation: billing.isBankInformation ?? false,
      isBookingInformation: billing.isBookingInformation ?? false,
      isPostInformation: billing.isPostInformation ?? false,
    },
    billingDone: true,
    passengers,
    passengersDone: true,
    options: tickets.flatMap(({ key, ticket }) =>
      ticket.options.map((option) => ({
        passengerKey: key,
        flightId: ticket.flight.id,
        optionId: option.option.id,
        title: option.option.title,
      })),
    ),
    seats: tickets.flatMap(({ key, ticket }) =>
      ticket.seatLabel
        ? [{ passengerKey: key, flightId: ticket.flight.id, seatLabel: ticket.seatLabel }]
        : [],
    ),
    payment: {
      terms: 'update',
      deadline: invoice.paymentDeadline ?? '',
      specificPrice: invoice.isSpecificPrice && invoice.total !== undefined ? invoice.total.toFixed(2) : '',
      specificPriceTouched: false,
      hidePrice: reservation.priceNeedsToBeHidden,
      // The change fee already charged stays a change fee (not part of an agreed price).
      updateFee: invoice.updateFee ? invoice.updateFee.toFixed(2) : '',
      comment: reservation.comment,
    },
    nextKey: passengers.length + 1,
  };
}
