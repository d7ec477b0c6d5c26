import { differenceInMinutes } from 'date-fns/differenceInMinutes';
import type { FlightStatus } from './flights.ts';
import type { Rappen } from './money.ts';
import { shiftDay } from './office-day.ts';
import { type RoleSet, satisfies } from './permissions.ts';

/** Days from today to the default payment deadline (spec 02 §9). */
export const PAYMENT_DEADLINE_DAYS = 14;
/** A reservation departing within this many hours departs soon (spec 02 §9). */
export const DEPARTING_SOON_HOURS = 48;

/**
 * The default payment deadline (spec 02 §5): 14 days from today, but not after the day before the
 * first departure, and never before tomorrow. Dates are calendar days (YYYY-MM-DD).
 */
export function defaultPaymentDeadline(today: string, firstDepartureDay: string): string {
  // yyyy-MM-dd days compare as strings.
  const tomorrow = shiftDay(today, 1);
  const inTwoWeeks = shiftDay(today, PAYMENT_DEADLINE_DAYS);
  const dayBeforeDeparture = shiftDay(firstDepartureDay, -1);
  const deadline = inTwoWeeks < dayBeforeDeparture ? inTwoWeeks : dayBeforeDeparture;
  return deadline < tomorrow ? tomorrow : deadline;
}

/** Whether a flight departs within 48 hours from now (later payment needs a special role then). */
export const isDepartingSoon = (departure: Date, now: Date): boolean =>
  differenceInMinutes(departure, now) < DEPARTING_SOON_HOURS * 60;

/** Whether two groups of passengers may travel apart: each keeps at least as many adults as infants. */
export function canSplitParty(moved: readonly string[], staying: readonly string[]): boolean {
  const fits = (group: readonly string[]) =>
    group.filter((ageType) => ageType === 'infant').length <=
    group.filter((ageType) => ageType === 'adult').length;
  return moved.length > 0 && staying.length > 0 && fits(moved) && fits(staying);
}

/**
 * Why a cancellation fee is refused (spec 02 §4, docs/payments.md): a fee is at least 0 and at most
 * what the reservation charges. Null when it may be charged. Rappen.
 */
export function cancellationFeeProblem(fee: Rappen, total: Rappen): 'negative' | 'aboveTotal' | null {
  if (fee < 0) return 'negative';
  if (fee > total) return 'aboveTotal';
  return null;
}

/**
 * The part of a reservation's payments that follows passengers split off into a reservation of
 * their own (docs/payments.md, "Splitting a paid reservation"): the paid share of their price as the
 * split prices them, never more than that price (an overpayment stays behind), rounded down to the
 * Rappen. Rappen.
 */
export function splitPaidShare(paid: Rappen, total: Rappen, movedPrice: Rappen): Rappen {
  if (paid <= 0 || movedPrice <= 0) return 0;
  if (paid >= total) return Math.min(movedPrice, paid);
  return Math.min(movedPrice, Math.floor((paid * movedPrice) / total));
}

/**
 * What keeps a user from changing or cancelling a booking on a flight (spec 02 §4, §6): a departed
 * flight needs ROLE_RESERVATION_EDIT_DEPARTED_FLIGHT, a closed one ROLE_RESERVATION_UPDATE_CLOSED_FLIGHT.
 * Null when nothing does. The server refuses with it; the back office disables the action.
 */
export function flightChangeBlock(status: FlightStatus, roles: RoleSet): 'departed' | 'closed' | null {
  if (status === 'departed' && !satisfies(roles, 'ROLE_RESERVATION_EDIT_DEPARTED_FLIGHT')) return 'departed';
  if (status === 'closed' && !satisfies(roles, 'ROLE_RESERVATION_UPDATE_CLOSED_FLIGHT')) return 'closed';
  return null;
}

/**
 * How many calendar years ahead a payment deadline may be set (spec 02 §5 "limited by a booking
 * next-years count"; the value is ours: this year and the next two).
 */
export const DEADLINE_NEXT_YEARS = 2;

/** Why a payment deadline chosen in the deadline popup is refused, by the catalogue key of its message. */
export type DeadlineProblem = 'required' | 'notBeforeTomorrow' | 'pastYear' | 'tooFarAhead';

/**
 * The deadline popup's checks (spec 02 §5): a date is required, not before tomorrow, not in a past
 * year and at most {@link DEADLINE_NEXT_YEARS} years ahead. Dates are calendar days (YYYY-MM-DD).
 */
export function deadlineProblem(deadline: string, today: string): DeadlineProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(deadline)) return 'required';
  const year = Number(deadline.slice(0, 4));
  const thisYear = Number(today.slice(0, 4));
  if (year < thisYear) return 'pastYear';
  if (deadline <= today) return 'notBeforeTomorrow';
  if (year > thisYear + DEADLINE_NEXT_YEARS) return 'tooFarAhead';
  return null;
}

/** An option a booking asks for: a passenger (by position), one of the booked flights, the option. */
export interface PassengerOptionChoice {
  passenger: number;
  flight: { id: number };
  option: { id: number };
}

/**
 * Positions of the choices that repeat an earlier one: the same option for the same passenger on
 * the same flight. An option is booked at most once per passenger and flight (a bag is one bag; a
 * second one is a different option), so a repeat is refused, not charged twice (docs/decisions.md,
 * API core). Calculating, creating and changing a reservation all refuse with these positions.
 */
export function repeatedPassengerOptions(choices: readonly PassengerOptionChoice[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  choices.forEach((choice, index) => {
    const key = `${choice.passenger}:${choice.flight.id}:${choice.option.id}`;
    if (seen.has(key)) repeated.push(index);
    seen.add(key);
  });
  return repeated;
}
