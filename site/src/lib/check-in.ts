import { ApiRequestError } from '@flybook/client';
import type { CheckInFlight, CheckInPassenger, FoundCheckIn } from '@flybook/schemas/check-in';
import { minutesToWait } from './manage-booking.ts';

/**
 * The online check-in page's rules (docs/check-in.md, "Online check-in: the page"), apart from React
 * so that they are tested on their own.
 */

/** The refusals the find and the check-in answer (422, one 409), each with its text under `errors.*`. */
export const CHECK_IN_REFUSALS = [
  'ERROR_CHECK_IN_NOT_OPEN',
  'ERROR_CHECK_IN_CLOSED',
  'ERROR_CHECK_IN_NOT_OFFERED',
  'ERROR_CHECK_IN_UNPAID',
  'ERROR_CHECK_IN_CANCELLED',
  'ERROR_CHECK_IN_SEAT_NOT_PAID',
  // 409: the passenger was checked in meanwhile (another device), their seat is fixed now.
  'ERROR_SEAT_CHANGE_NOT_ALLOWED',
] as const;
export type CheckInRefusalCode = (typeof CHECK_IN_REFUSALS)[number];

/** Why a call failed: each has its own text; a server failure or no answer is never "no match". */
export type CheckInFailure =
  | { kind: 'notFound' }
  | { kind: 'refused'; code: CheckInRefusalCode; params: Record<string, string> }
  /** The seat was taken by someone else meanwhile (409). */
  | { kind: 'seatTaken'; seatLabel: string | null }
  | { kind: 'tooMany'; minutes: number }
  | { kind: 'failed' };

const isRefusal = (code: string | undefined): code is CheckInRefusalCode =>
  CHECK_IN_REFUSALS.some((refusal) => refusal === code);

/** The failure a check-in call ended in, from what the API answered (or did not). */
export function checkInFailureOf(error: unknown): CheckInFailure {
  if (!(error instanceof ApiRequestError)) return { kind: 'failed' };
  const first = error.body?.errors[0];
  if (error.status === 404) return { kind: 'notFound' };
  if (error.status === 429) {
    return { kind: 'tooMany', minutes: minutesToWait(Number(first?.params?.retryAfterSeconds)) };
  }
  // A seat taken meanwhile: 409 when another booking holds it, 422 when it is occupied otherwise.
  const takenSeat =
    first?.code === 'ERROR_SEAT_LABEL_NOT_UNIQUE' || first?.code === 'ERROR_BOOKED_SEATS_OCCUPIED';
  if (takenSeat || (error.status === 409 && !isRefusal(first?.code))) {
    const seatLabel = first?.params?.seatLabel;
    return { kind: 'seatTaken', seatLabel: typeof seatLabel === 'string' ? seatLabel : null };
  }
  if ((error.status === 422 || error.status === 409) && isRefusal(first?.code)) {
    const params = Object.fromEntries(
      Object.entries(first?.params ?? {}).map(([name, value]) => [name, String(value)]),
    );
    return { kind: 'refused', code: first.code, params };
  }
  return { kind: 'failed' };
}

/** A passenger's state on one flight: their ticket, or an empty one when the flight has none. */
export function ticketOf(passenger: CheckInPassenger, flightId: number) {
  return (
    passenger.tickets.find((ticket) => ticket.flightId === flightId) ?? {
      flightId,
      checkedIn: false,
      seat: null,
      sequenceNumber: null,
      paidSeatPrice: 0,
    }
  );
}

/** An adult (or child) with the infants on their lap: the infants are checked in with them. */
export interface Traveller {
  passenger: CheckInPassenger;
  infants: CheckInPassenger[];
}

/**
 * The passengers as the page lists them: each seated passenger in booking order with their infants
 * under them. An infant whose adult is missing from the answer is listed on its own, so nobody is
 * hidden.
 */
export function travellersOf(passengers: readonly CheckInPassenger[]): Traveller[] {
  const ids = new Set(passengers.map((passenger) => passenger.id));
  const onLap = (passenger: CheckInPassenger) => passenger.infantOf !== null && ids.has(passenger.infantOf);
  return passengers
    .filter((passenger) => !onLap(passenger))
    .map((passenger) => ({
      passenger,
      infants: passengers.filter((infant) => infant.infantOf === passenger.id),
    }));
}

/** Whether a passenger can be ticked for check-in on a flight (an infant goes with their adult). */
export const canCheckIn = (passenger: CheckInPassenger, flightId: number): boolean =>
  passenger.infantOf === null && !ticketOf(passenger, flightId).checkedIn;

/** The free seats of a flight's map, with their price (CHF), by label. */
export function freeSeatPrices(flight: CheckInFlight): Map<string, number> {
  const seats = new Map<string, number>();
  for (const section of flight.seatMap) {
    for (const [rowIndex, row] of section.rowLabels.entries()) {
      for (const [columnIndex, column] of section.columnLabels.entries()) {
        if (section.seats[rowIndex]?.[columnIndex] === 'free')
          seats.set(`${row}${column}`, section.prices[rowIndex]?.[columnIndex] ?? 0);
      }
    }
  }
  return seats;
}

/** Why a seat cannot be taken by a passenger, or null when it can. */
export type SeatBlock = 'notFree' | 'chosenByOther' | 'costsMore';

/**
 * Whether `passengerId` may move to `label`: a free seat (checkInFlight's map) that no other
 * passenger of this booking has just picked, costing no more than the passenger paid for their seat
 * (check-in takes no payment; `seatCostsMoreThanPaid` in @flybook/domain is the server's rule).
 */
export function seatBlock(
  label: string,
  passengerId: number,
  free: ReadonlyMap<string, number>,
  paidSeatPrice: number,
  chosen: ReadonlyMap<number, string>,
): SeatBlock | null {
  const price = free.get(label);
  if (price === undefined) return 'notFree';
  for (const [other, seat] of chosen) if (other !== passengerId && seat === label) return 'chosenByOther';
  // Compared in rappen, as the server does: 12.1 + 0.2 must not read as dearer than 12.3.
  return Math.round(price * 100) > Math.round(paidSeatPrice * 100) ? 'costsMore' : null;
}

/** The body of a check-in: the ticked passengers, and the seats of those that change seat. */
export function checkInRequest(
  flightId: number,
  ticked: readonly number[],
  chosen: ReadonlyMap<number, string>,
): { flightId: number; passengerIds: number[]; seats?: { passengerId: number; seatLabel: string }[] } {
  const seats = ticked.flatMap((passengerId) => {
    const seatLabel = chosen.get(passengerId);
    return seatLabel ? [{ passengerId, seatLabel }] : [];
  });
  return { flightId, passengerIds: [...ticked], ...(seats.length > 0 ? { seats } : {}) };
}

/**
 * The booking after a check-in: the passengers that have a pass now are checked in, with the pass's
 * seat and sequence number, and so are the infants on their laps (named on the adult's pass, with no
 * pass of their own; their sequence number is the server's to tell). So the page shows the passes
 * and goes back to the list without asking the server again.
 */
export function withBoardingPasses(
  found: FoundCheckIn,
  passes: readonly { passengerId: number; flightId: number; seat: string | null; sequenceNumber: number }[],
): FoundCheckIn {
  const firstFlight = found.flights[0]?.id;
  const passOf = (passenger: CheckInPassenger, flightId: number) =>
    passes.find(
      (pass) =>
        pass.flightId === flightId &&
        (pass.passengerId === passenger.id || pass.passengerId === passenger.infantOf),
    );
  return {
    ...found,
    passengers: found.passengers.map((passenger) => {
      const tickets = passenger.tickets.map((ticket) => {
        const pass = passOf(passenger, ticket.flightId);
        if (!pass) return ticket;
        return pass.passengerId === passenger.id
          ? { ...ticket, checkedIn: true, seat: pass.seat, sequenceNumber: pass.sequenceNumber }
          : { ...ticket, checkedIn: true, seat: null };
      });
      const first = tickets.find((ticket) => ticket.flightId === firstFlight);
      return { ...passenger, tickets, checkedIn: first?.checkedIn ?? false, seat: first?.seat ?? null };
    }),
  };
}

/** The passes of a flight to show: every checked-in passenger with a pass, and the infants it names. */
export function passesOn(found: FoundCheckIn, flightId: number) {
  return travellersOf(found.passengers).flatMap(({ passenger, infants }) => {
    const ticket = ticketOf(passenger, flightId);
    return ticket.checkedIn
      ? [{ passenger, seat: ticket.seat, sequenceNumber: ticket.sequenceNumber, infants }]
      : [];
  });
}
