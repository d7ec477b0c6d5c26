import { airportLocalTime } from './airport-time.ts';

/**
 * Age types by date of birth (spec 02 §5 "an ages rule", the exact rule not shown; ours is in
 * docs/booking-wizard.md): on the day of the first flight an infant is under 2, a child 2 to 11,
 * an adult 12 or older, as charter airlines count them. The day of travel is the first flight's
 * day of departure where it departs (`travelDayOf`), as on the boarding pass.
 */
export type AgeTypeName = 'adult' | 'child' | 'infant';

export const CHILD_FROM_YEARS = 2;
export const ADULT_FROM_YEARS = 12;

/** Full years between two ISO dates (`YYYY-MM-DD`), as a birthday counts them. */
export function yearsOn(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The age type of someone born on `birthday` travelling on `travelDay`; null when born after it. */
export function ageTypeOn(birthday: string, travelDay: string): AgeTypeName | null {
  if (birthday > travelDay) return null;
  const years = yearsOn(birthday, travelDay);
  if (years < CHILD_FROM_YEARS) return 'infant';
  return years < ADULT_FROM_YEARS ? 'child' : 'adult';
}

/**
 * The day of travel whose ages count: the first flight's date of departure at its origin airport,
 * not in UTC (a flight leaving Zurich at 00:30 in summer leaves on the day the boarding pass says,
 * though it is 22:30 of the day before in UTC). The site, the back office and the API all use it.
 */
export function travelDayOf(flight: { departure: string | Date; origin: { timezone: string } }): string {
  return airportLocalTime(flight.departure, flight.origin.timezone).date;
}
