import { CHILD_FROM_YEARS, yearsOn } from './ages.ts';
import type { FlightStatus } from './flights.ts';

/**
 * Departure control's rules on the passengers of a flight (spec 03 §4), used by the server to
 * refuse and by the passenger list to disable: docs/passengers.md.
 */

/** Why a passenger's seat cannot change now; null when it can. */
export type SeatChangeBlock = 'appeared' | 'departed' | 'cancelled' | 'closed' | 'infant';

/**
 * Whether a passenger's seat may change: not once they appeared, not on a departed, cancelled or
 * closed flight, and never for an infant (by age type, or younger than the infant age limit on the
 * day of departure by date of birth). The flight's state is checked first: it blocks everyone.
 */
export function seatChangeBlock(
  passenger: { isAppeared: boolean | null; ageType: string; birthday: string | null },
  flight: { status: FlightStatus },
  departureDay: string,
): SeatChangeBlock | null {
  if (flight.status === 'departed' || flight.status === 'cancelled' || flight.status === 'closed') {
    return flight.status;
  }
  if (passenger.isAppeared === true) return 'appeared';
  if (isInfantOn(passenger, departureDay)) return 'infant';
  return null;
}

/** An infant on the day: by age type, or by a date of birth under the infant age limit. */
export function isInfantOn(passenger: { ageType: string; birthday: string | null }, day: string): boolean {
  if (passenger.ageType === 'infant') return true;
  return (
    passenger.birthday !== null &&
    passenger.birthday <= day &&
    yearsOn(passenger.birthday, day) < CHILD_FROM_YEARS
  );
}

/** Passengers can be marked appeared or no-show on any flight but a cancelled one (also after departure). */
export const canMarkAppearing = (flight: { status: FlightStatus }): boolean => flight.status !== 'cancelled';

/** Full years on a day, or null without a date of birth (or one after the day). */
export function ageOn(birthday: string | null, day: string): number | null {
  if (birthday === null || birthday > day) return null;
  return yearsOn(birthday, day);
}

/**
 * Which adult each infant of one booking sits on (one infant per adult): an adult of its surname
 * if one is free, else the first free adult in the order given; an infant left over sits on no one
 * (null). The PNL names laps by it, and online check-in puts an infant on its adult's pass.
 */
export function infantLaps<P extends { ageType: string }>(
  passengers: readonly P[],
  surnameOf: (passenger: P) => string,
): Map<P, P | null> {
  const laps = new Map<P, P | null>();
  const taken = new Set<P>();
  const adults = passengers.filter((passenger) => passenger.ageType === 'adult');
  for (const infant of passengers.filter((passenger) => passenger.ageType === 'infant')) {
    const free = adults.filter((adult) => !taken.has(adult));
    const surname = surnameOf(infant);
    const lap = free.find((adult) => surnameOf(adult) === surname) ?? free[0] ?? null;
    if (lap) taken.add(lap);
    laps.set(infant, lap);
  }
  return laps;
}
