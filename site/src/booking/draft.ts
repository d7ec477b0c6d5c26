import {
  type BillingDraft,
  chosenFlights,
  type Direction,
  type BookingDraft as DomainBookingDraft,
  type ChosenFlight as DomainChosenFlight,
  withFlight as draftWithFlight,
  withListedFlights as draftWithListedFlights,
  withPassengers as draftWithPassengers,
  withTrip as draftWithTrip,
  isSameChoice,
  type PassengerDraft,
  type PassengerOption,
  type PassengerSeat,
} from '@flybook/domain/booking-draft';
import type { BookableFlight } from '@flybook/schemas/booking';
import type { TripSearch } from './trip-search.ts';

/**
 * The public site's booking in progress: the booking draft of @flybook/domain (its types and reset
 * rules, docs/booking-draft.md) with what only this wizard keeps: which steps were completed and
 * the reservation already made from it. `$draft` in state.ts keeps it in browser storage.
 */

export { seatedPassengers } from '@flybook/domain/booking-draft';
export {
  type BillingDraft,
  chosenFlights,
  type Direction,
  type PassengerDraft,
  type PassengerOption,
  type PassengerSeat,
};

/** A flight chosen in a tariff, with the flight as the public list gives it. */
export type ChosenFlight = DomainChosenFlight<BookableFlight>;

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

export interface BookingDraft extends DomainBookingDraft<BookableFlight> {
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

/** Plain data compared by value (the draft holds nothing but JSON). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The booking changed after a step: the seat step is to be seen again and a made reservation no longer fits. */
const changed = (draft: BookingDraft): BookingDraft => ({ ...draft, seatsDone: false, reservation: null });

/** What a change of a direction's flight leaves undone, when it was a change at all. */
const afterFlightChange = (before: BookingDraft, after: BookingDraft, direction: Direction) =>
  isSameChoice(before[direction], after[direction]) ? after : changed(after);

/** A new search (the domain's rules: docs/booking-draft.md). */
export function withTrip(draft: BookingDraft, trip: TripSearch): BookingDraft {
  const next = draftWithTrip(draft, trip);
  return next === draft ? draft : changed(next);
}

/** Another flight or tariff in one direction: that direction's seats and all options go. */
export const withFlight = (
  draft: BookingDraft,
  direction: Direction,
  chosen: ChosenFlight | null,
): BookingDraft => afterFlightChange(draft, draftWithFlight(draft, direction, chosen), direction);

/** A refreshed flight list: a chosen flight that is no longer listed is dropped (with its seats). */
export const withListedFlights = (
  draft: BookingDraft,
  direction: Direction,
  listed: readonly BookableFlight[],
): BookingDraft => afterFlightChange(draft, draftWithListedFlights(draft, direction, listed), direction);

/** The passengers as entered; an infant never keeps a seat. */
export function withPassengers(draft: BookingDraft, passengers: PassengerDraft[]): BookingDraft {
  return {
    ...draftWithPassengers(draft, passengers),
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
