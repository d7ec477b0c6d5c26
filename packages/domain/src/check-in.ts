import { type BoardingPassData, dayOfYear } from './bcbp.ts';
import { CLOSE_BEFORE_DEPARTURE_MINUTES, type FlightStatus } from './flights.ts';
import type { Rappen } from './money.ts';
import { type InvoiceStatus, isInvoiceSettled } from './payments.ts';

/**
 * Online check-in (docs/check-in.md): when a passenger may check in on a flight, and which seat they
 * may take. The API's check-in, the site's check-in page and the gate's scan all ask these.
 */

/** How many hours before departure check-in opens when CHECKIN_OPENS_HOURS is not set. */
export const CHECKIN_OPENS_HOURS_DEFAULT = 24;
/** The hours CHECKIN_OPENS_HOURS may be: from two hours to two weeks before departure. */
export const CHECKIN_OPENS_HOURS_RANGE = { min: 2, max: 336 } as const;

/**
 * CHECKIN_OPENS_HOURS as the API and the site's build read it: the default when unset or blank,
 * else a whole number in {@link CHECKIN_OPENS_HOURS_RANGE}; null for any other value (the caller
 * refuses it with {@link checkInOpensHoursProblem}).
 */
export function checkInOpensHoursOf(setting: string | undefined): number | null {
  if (setting === undefined || setting.trim() === '') return CHECKIN_OPENS_HOURS_DEFAULT;
  if (!/^\d+$/.test(setting.trim())) return null;
  const hours = Number(setting.trim());
  return hours >= CHECKIN_OPENS_HOURS_RANGE.min && hours <= CHECKIN_OPENS_HOURS_RANGE.max ? hours : null;
}

/** Why a CHECKIN_OPENS_HOURS value is refused, in the words of the API's other settings. */
export const checkInOpensHoursProblem = (setting: string | undefined) =>
  `CHECKIN_OPENS_HOURS must be a whole number from ${CHECKIN_OPENS_HOURS_RANGE.min} to ${CHECKIN_OPENS_HOURS_RANGE.max} (got "${setting}")`;

/** Check-in closes when the flight closes: sales and check-in end together. */
export const CHECKIN_CLOSES_MINUTES_BEFORE = CLOSE_BEFORE_DEPARTURE_MINUTES;

/** When check-in of a flight departing at `departure` opens and closes. */
export function checkInWindow(
  departure: string | Date,
  opensHours: number,
): { opensAt: Date; closesAt: Date } {
  const at = new Date(departure).getTime();
  return {
    opensAt: new Date(at - opensHours * 3_600_000),
    closesAt: new Date(at - CHECKIN_CLOSES_MINUTES_BEFORE * 60_000),
  };
}

/**
 * Why a passenger of a booking may not check in on a flight now, in the order they are answered:
 * - `cancelled`: the booking or the flight is cancelled;
 * - `notOffered`: staff have not switched online check-in on for the flight (its
 *   `isOnlineCheckInEnabled`, spec 03 Flight): its passengers check in at the airport;
 * - `unpaid`: the invoice is not paid in full (paid or overpaid);
 * - `closed`: the flight closed (60 minutes before departure, or closed or departed by staff);
 * - `notOpen`: check-in opens later (CHECKIN_OPENS_HOURS before departure).
 */
export type CheckInRefusal = 'cancelled' | 'notOffered' | 'unpaid' | 'closed' | 'notOpen';

export interface CheckInFacts {
  reservation: { status: string; invoice: { status: InvoiceStatus } };
  flight: {
    status: FlightStatus;
    isActive: boolean;
    isOnlineCheckInEnabled: boolean;
    departure: string | Date;
  };
}

export function checkInRefusal(facts: CheckInFacts, now: Date, opensHours: number): CheckInRefusal | null {
  const { reservation, flight } = facts;
  if (reservation.status === 'cancelled' || flight.status === 'cancelled' || !flight.isActive)
    return 'cancelled';
  if (!flight.isOnlineCheckInEnabled) return 'notOffered';
  if (!isInvoiceSettled(reservation.invoice)) return 'unpaid';
  const { opensAt, closesAt } = checkInWindow(flight.departure, opensHours);
  if (flight.status !== 'created' || now.getTime() >= closesAt.getTime()) return 'closed';
  if (now.getTime() < opensAt.getTime()) return 'notOpen';
  return null;
}

/**
 * Whether a passenger may move to a seat at check-in: any free seat of their tariff group, but a
 * seat that costs more than the passenger paid for their seat only if it was paid already, since
 * check-in takes no payment. `paidSeatPrice` is what the ticket's seat cost; `seatPrice` the new
 * seat's price on the map.
 */
export const seatCostsMoreThanPaid = (seatPrice: Rappen, paidSeatPrice: Rappen): boolean =>
  seatPrice > paidSeatPrice;

/** A flight as its boarding passes name it. */
export interface PassFlight {
  /** The airline's code, e.g. "FB". */
  carrier: string;
  /** The flight number as we keep it, with the carrier ("FB1402"). */
  number: string;
  from: string;
  to: string;
  /** The local departure date at the origin (yyyy-mm-dd). */
  localDate: string;
}

/** The flight fields of a boarding pass for a flight: the check-in writes them, the gate compares them. */
export function passFlightFields(
  flight: PassFlight,
): Pick<BoardingPassData, 'carrier' | 'flightNumber' | 'from' | 'to' | 'dayOfYear'> {
  return {
    carrier: flight.carrier,
    flightNumber: flight.number.startsWith(flight.carrier)
      ? flight.number.slice(flight.carrier.length)
      : flight.number,
    from: flight.from,
    to: flight.to,
    dayOfYear: dayOfYear(flight.localDate),
  };
}

/** Whether a scanned pass is for this flight on this day (carrier, number, route and date). */
export function passIsForFlight(pass: BoardingPassData, flight: PassFlight): boolean {
  const expected = passFlightFields(flight);
  return (
    pass.carrier === expected.carrier &&
    pass.flightNumber === expected.flightNumber &&
    pass.from === expected.from &&
    pass.to === expected.to &&
    pass.dayOfYear === expected.dayOfYear
  );
}
