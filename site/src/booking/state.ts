import { BookableFlightSchema } from '@flybook/schemas/booking';
import { AgeTypeSchema, MAX_PASSENGERS } from '@flybook/schemas/fares';
import { persistentAtom } from '@nanostores/persistent';
import { BOOKING_STORAGE_KEY } from '../lib/storage-keys.ts';
import {
  type BillingDraft,
  type BookingDraft,
  type ChosenFlight,
  EMPTY_DRAFT,
  type MadeReservation,
  type PassengerDraft,
  type PassengerOption,
  type PassengerSeat,
} from './draft.ts';
import { TRAVEL_TYPES, type TripSearch } from './trip-search.ts';

// ---------- reading a stored draft ----------
// Storage is outside our control (another tab, an older release, a hand edit), so a stored draft
// is checked field by field like data from the network. A field that is missing takes its empty
// value (a draft saved before the field existed still loads); a field that is there but wrong
// throws `Unreadable`, and the whole draft starts afresh: half a booking is worse than none.

class Unreadable extends Error {}

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const record = (value: unknown): Fields => {
  if (!isFields(value)) throw new Unreadable();
  return value;
};
const text = (value: unknown): string => {
  if (typeof value !== 'string') throw new Unreadable();
  return value;
};
const flag = (value: unknown): boolean => {
  if (typeof value !== 'boolean') throw new Unreadable();
  return value;
};
const whole = (value: unknown, min: number, max: number): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new Unreadable();
  return value;
};
const id = (value: unknown) => whole(value, 1, Number.MAX_SAFE_INTEGER);
const passengerIndex = (value: unknown) => whole(value, 0, MAX_PASSENGERS - 1);
const oneOf = <T extends string>(choices: readonly T[], value: unknown): T => {
  const found = choices.find((choice) => choice === value);
  if (found === undefined) throw new Unreadable();
  return found;
};
const list = <T>(value: unknown, item: (entry: unknown) => T): T[] => {
  if (!Array.isArray(value)) throw new Unreadable();
  return value.map(item);
};
const orNull = <T>(value: unknown, read: (value: unknown) => T): T | null =>
  value === null ? null : read(value);

function readTrip(value: unknown): TripSearch {
  const trip = record(value);
  return {
    travelType: oneOf(TRAVEL_TYPES, trip.travelType),
    airportFrom: text(trip.airportFrom),
    airportTo: text(trip.airportTo),
    otherAirportFrom: text(trip.otherAirportFrom),
    otherAirportTo: text(trip.otherAirportTo),
    departureDate: text(trip.departureDate),
    returnDate: text(trip.returnDate),
    adult: whole(trip.adult, 0, MAX_PASSENGERS),
    child: whole(trip.child, 0, MAX_PASSENGERS),
    infant: whole(trip.infant, 0, MAX_PASSENGERS),
  };
}

function readChosen(value: unknown): ChosenFlight {
  const chosen = record(value);
  // The flight was parsed with this schema when its list came; it must still fit (same release).
  const flight = BookableFlightSchema.safeParse(chosen.flight);
  if (!flight.success) throw new Unreadable();
  return { flight: flight.data, tariffId: id(chosen.tariffId) };
}

function readPassenger(value: unknown): PassengerDraft {
  const passenger = record(value);
  const ageType = AgeTypeSchema.safeParse(passenger.ageType);
  if (!ageType.success) throw new Unreadable();
  return {
    salutation: oneOf(['mr', 'mrs'], passenger.salutation),
    firstName: text(passenger.firstName),
    lastName: text(passenger.lastName),
    gender: oneOf(['male', 'female', ''], passenger.gender),
    ageType: ageType.data,
    birthday: text(passenger.birthday),
  };
}

function readOption(value: unknown): PassengerOption {
  const option = record(value);
  const read: PassengerOption = {
    passenger: passengerIndex(option.passenger),
    flightId: id(option.flightId),
    optionId: id(option.optionId),
  };
  if (option.title !== undefined) {
    const title = record(option.title);
    read.title = Object.fromEntries(
      Object.entries(title).map(([language, words]) => [language, text(words)]),
    );
  }
  return read;
}

function readSeat(value: unknown): PassengerSeat {
  const seat = record(value);
  return {
    passenger: passengerIndex(seat.passenger),
    flightId: id(seat.flightId),
    seatLabel: text(seat.seatLabel),
  };
}

function readBilling(value: unknown): BillingDraft {
  const billing = record(value);
  return {
    salutation: oneOf(['mr', 'mrs', ''], billing.salutation),
    company: text(billing.company),
    firstName: text(billing.firstName),
    lastName: text(billing.lastName),
    email: text(billing.email),
    street: text(billing.street),
    zip: text(billing.zip),
    city: text(billing.city),
    country: text(billing.country),
    birthday: text(billing.birthday),
    phoneMobile: text(billing.phoneMobile),
    phoneNumberFirst: text(billing.phoneNumberFirst),
    phoneNumberSecond: text(billing.phoneNumberSecond),
    isCreateAccount: flag(billing.isCreateAccount),
    password: text(billing.password),
    passwordConfirm: text(billing.passwordConfirm),
  };
}

function readReservation(value: unknown): MadeReservation {
  const reservation = record(value);
  const total = reservation.total;
  if (typeof total !== 'number' || !Number.isFinite(total) || total < 0) throw new Unreadable();
  const guestKey = reservation.guestKey;
  return { id: id(reservation.id), total, ...(typeof guestKey === 'string' ? { guestKey } : {}) };
}

/**
 * Reads a stored draft. Anything unreadable (not JSON, a field of the wrong shape, hand-edited or
 * from an older release) starts a new booking, so a bad entry can never break the wizard's pages.
 */
export function decodeDraft(raw: string): BookingDraft {
  try {
    const stored = record(JSON.parse(raw));
    const field = <T>(name: keyof BookingDraft, read: (value: unknown) => T, empty: T): T =>
      stored[name] === undefined ? empty : read(stored[name]);
    return {
      trip: field('trip', (value) => orNull(value, readTrip), EMPTY_DRAFT.trip),
      outbound: field('outbound', (value) => orNull(value, readChosen), EMPTY_DRAFT.outbound),
      return: field('return', (value) => orNull(value, readChosen), EMPTY_DRAFT.return),
      passengers: field('passengers', (value) => list(value, readPassenger), []),
      passengersDone: field('passengersDone', flag, EMPTY_DRAFT.passengersDone),
      options: field('options', (value) => list(value, readOption), []),
      seats: field('seats', (value) => list(value, readSeat), []),
      seatsDone: field('seatsDone', flag, EMPTY_DRAFT.seatsDone),
      billing: field('billing', (value) => orNull(value, readBilling), EMPTY_DRAFT.billing),
      reservation: field('reservation', (value) => orNull(value, readReservation), EMPTY_DRAFT.reservation),
    };
  } catch {
    // JSON.parse's SyntaxError or Unreadable: either way the stored entry is of no use.
    return EMPTY_DRAFT;
  }
}

/** The booking in progress, kept in browser storage (@nanostores/persistent). */
export const $draft = persistentAtom<BookingDraft>(BOOKING_STORAGE_KEY, EMPTY_DRAFT, {
  encode: JSON.stringify,
  decode: decodeDraft,
});

export const updateDraft = (change: (draft: BookingDraft) => BookingDraft) =>
  $draft.set(change($draft.get()));

/** After the reservation is made the draft goes: the next booking starts afresh (spec 02 §4). */
export const clearDraft = () => $draft.set(EMPTY_DRAFT);
