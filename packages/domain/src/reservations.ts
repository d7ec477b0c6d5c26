import { addDays, differenceInMinutes } from 'date-fns';

/** Days from today to the default payment deadline (spec 02 §9). */
export const PAYMENT_DEADLINE_DAYS = 14;
/** A reservation departing within this many hours departs soon (spec 02 §9). */
export const DEPARTING_SOON_HOURS = 48;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * The default payment deadline (spec 02 §5): 14 days from today, but not after the day before the
 * first departure, and never before tomorrow. Dates are calendar days (YYYY-MM-DD).
 */
export function defaultPaymentDeadline(today: string, firstDepartureDay: string): string {
  const tomorrow = addDays(dayOf(today), 1);
  const inTwoWeeks = addDays(dayOf(today), PAYMENT_DEADLINE_DAYS);
  const dayBeforeDeparture = addDays(dayOf(firstDepartureDay), -1);
  const deadline = inTwoWeeks < dayBeforeDeparture ? inTwoWeeks : dayBeforeDeparture;
  return isoDate(deadline < tomorrow ? tomorrow : deadline);
}

/** Whether a flight departs within 48 hours from now (later payment needs a special role then). */
export const isDepartingSoon = (departure: Date, now: Date): boolean =>
  differenceInMinutes(departure, now) < DEPARTING_SOON_HOURS * 60;

/** An invoice's payment state from what it charges and what was paid (spec 02 §4). */
export function invoiceStatusOf(
  total: number,
  totalPaid: number,
): 'notPaid' | 'partly' | 'paid' | 'overpaid' {
  if (totalPaid > total) return 'overpaid';
  if (totalPaid === total) return 'paid';
  return totalPaid > 0 ? 'partly' : 'notPaid';
}

/** Whether two groups of passengers may travel apart: each keeps at least as many adults as infants. */
export function canSplitParty(moved: readonly string[], staying: readonly string[]): boolean {
  const fits = (group: readonly string[]) =>
    group.filter((ageType) => ageType === 'infant').length <=
    group.filter((ageType) => ageType === 'adult').length;
  return moved.length > 0 && staying.length > 0 && fits(moved) && fits(staying);
}
