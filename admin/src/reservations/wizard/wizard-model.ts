import type { AgeTypeName, FlightStatus } from '@flybook/domain';
import {
  type BillingDraft,
  type BookingDraft,
  blankPassenger,
  chosenFlights,
  type Direction,
  type ChosenFlight as DomainChosenFlight,
  type PassengerDraft,
  type PassengerOption,
  type PassengerSeat,
  partyOf,
  seatedPassengers,
  withFlight,
  withListedFlights,
  withPassengers,
  withTrip,
} from '@flybook/domain/booking-draft';
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
 * The back office's reservation in progress: the booking draft of @flybook/domain (its types and
 * reset rules, docs/booking-draft.md) with what only staff and agents set: the owner, the contact's
 * language and message consents, payment terms, deadline, agreed price, change fee, hidden price
 * and comment. Pure functions over plain data; the page keeps the draft in a reducer.
 */

export {
  chosenFlights,
  DEFAULT_TRIP,
  type Direction,
  MAX_PASSENGERS,
  type PassengerDraft,
  type PassengerOption,
  type PassengerSeat,
  seatedPassengers,
  TRAVEL_TYPES,
  type TravelType,
  type TripProblem,
  tripProblems,
  withFlight,
  withListedFlights,
  withPassengers,
  withTrip,
};
/** The trip of the booking (the public site's model, @flybook/domain/trips). */
export type Trip = TripSearch;
export type AgeType = AgeTypeName;

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

export type ChosenFlight = DomainChosenFlight<WizardFlight>;

/** The billing contact as the back office takes it: also the language and the message consents. */
export interface StaffBillingDraft extends BillingDraft {
  language: Locale;
  isBankInformation: boolean;
  isBookingInformation: boolean;
  isPostInformation: boolean;
}

/** Spec 02 §5, §9: the admin billing form starts in Switzerland and in German. */
export const EMPTY_BILLING: StaffBillingDraft = {
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
  phoneMobile: '',
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

export interface Draft extends BookingDraft<WizardFlight> {
  trip: Trip;
  owner: OwnerChoice | null;
  billing: StaffBillingDraft;
  /** The billing step was completed. */
  billingDone: boolean;
  payment: PaymentDraft;
}

export function newDraft(terms: Terms = 'now'): Draft {
  return {
    trip: DEFAULT_TRIP,
    outbound: null,
    return: null,
    owner: null,
    billing: EMPTY_BILLING,
    billingDone: false,
    passengers: partyOf(DEFAULT_TRIP).map((ageType) => blankPassenger(ageType)),
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
  const passengers: PassengerDraft[] = reservation.passengers.map((passenger) => ({
    id: passenger.id,
    salutation: passenger.salutation,
    gender: passenger.gender ?? '',
    firstName: passenger.firstName,
    lastName: passenger.lastName,
    birthday: passenger.birthday ?? '',
    ageType: passenger.ageType,
  }));
  const tickets = reservation.passengers.flatMap((passenger, index) =>
    passenger.tickets.map((ticket) => ({ position: index, ticket })),
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
      phoneMobile: billing.phoneMobile,
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
    options: tickets.flatMap(({ position, ticket }) =>
      ticket.options.map((option) => ({
        passenger: position,
        flightId: ticket.flight.id,
        optionId: option.option.id,
        title: option.option.title,
      })),
    ),
    seats: tickets.flatMap(({ position, ticket }) =>
      ticket.seatLabel
        ? [{ passenger: position, flightId: ticket.flight.id, seatLabel: ticket.seatLabel }]
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
  };
}
