import { and, asc, eq, max, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  flights,
  reservationInvoices,
  reservationPassengers,
  reservations,
  tickets,
} from '../../db/schema/index.ts';

/**
 * The queries of every look-up: the booking of a locator with its invoice, the booker's last name
 * and its passengers, or nothing. Malformed, unknown and wrong-name look-ups all run both and
 * compare in memory, so the answer takes the same time whichever part was wrong.
 */
export async function findBooking(db: Db | Tx, recordLocator: string) {
  const [head] = await db
    .select({
      id: reservations.id,
      recordLocator: reservations.recordLocator,
      status: reservations.status,
      language: reservations.language,
      bookerLastName: sql<string>`${reservations.billing}->>'lastName'`,
      invoiceStatus: reservationInvoices.status,
    })
    .from(reservations)
    .innerJoin(reservationInvoices, eq(reservationInvoices.reservationId, reservations.id))
    .where(eq(reservations.recordLocator, recordLocator));
  // The passengers' query runs whether or not the locator exists, so a look-up takes as long
  // for an unknown locator as for a known one with a wrong name.
  const passengers = await db
    .select({
      id: reservationPassengers.id,
      firstName: reservationPassengers.firstName,
      lastName: reservationPassengers.lastName,
      ageType: reservationPassengers.ageType,
    })
    .from(reservationPassengers)
    .where(eq(reservationPassengers.reservationId, head?.id ?? 0))
    .orderBy(asc(reservationPassengers.id));
  return head ? { ...head, passengers } : undefined;
}
export type CheckInBooking = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

const ticketColumns = {
  id: tickets.id,
  passengerId: tickets.passengerId,
  flightId: tickets.flightId,
  tariffGroupId: tickets.tariffGroupId,
  seatLabel: tickets.seatLabel,
  seatPrice: tickets.seatPrice,
  checkedInAt: tickets.checkedInAt,
  checkInSequence: tickets.checkInSequence,
};
export type CheckInTicket = {
  id: number;
  passengerId: number;
  flightId: number;
  tariffGroupId: number;
  seatLabel: string | null;
  seatPrice: number;
  checkedInAt: Date | null;
  checkInSequence: number | null;
};

/** The booking's active tickets, flight by flight in the order they are flown. */
export function bookingTickets(db: Db | Tx, reservationId: number): Promise<CheckInTicket[]> {
  return db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(flights, eq(flights.id, tickets.flightId))
    .where(and(eq(tickets.reservationId, reservationId), eq(tickets.isActive, true)))
    .orderBy(asc(flights.departure), asc(tickets.passengerId));
}

/**
 * Locks a flight against other check-ins (and bookings, which share-lock it) for the rest of the
 * transaction, so two check-ins never take the same sequence number or seat.
 */
export async function lockFlightForCheckIn(tx: Tx, flightId: number) {
  await tx.select({ id: flights.id }).from(flights).where(eq(flights.id, flightId)).for('update');
}

/** The highest check-in sequence number given on a flight so far (0 before the first). */
export async function lastSequence(tx: Tx, flightId: number): Promise<number> {
  const [row] = await tx
    .select({ last: max(tickets.checkInSequence) })
    .from(tickets)
    .where(eq(tickets.flightId, flightId));
  return row?.last ?? 0;
}

/** The seat labels held on a flight by anyone but the given reservation. */
export async function seatsHeldByOthers(tx: Db | Tx, flightId: number, reservationId: number) {
  const rows = await tx
    .select({ seatLabel: tickets.seatLabel })
    .from(tickets)
    .where(
      and(
        eq(tickets.flightId, flightId),
        eq(tickets.isActive, true),
        ne(tickets.reservationId, reservationId),
        sql`${tickets.seatLabel} IS NOT NULL`,
      ),
    );
  return new Set(rows.map((row) => row.seatLabel as string));
}

/** Who holds each seat label on a flight (for the seat map). */
export async function seatHolders(db: Db | Tx, flightId: number) {
  const rows = await db
    .select({
      seatLabel: tickets.seatLabel,
      reservationId: tickets.reservationId,
      passengerId: tickets.passengerId,
    })
    .from(tickets)
    .where(
      and(eq(tickets.flightId, flightId), eq(tickets.isActive, true), sql`${tickets.seatLabel} IS NOT NULL`),
    );
  return new Map(
    rows.map((row) => [
      row.seatLabel as string,
      { reservationId: row.reservationId, passengerId: row.passengerId },
    ]),
  );
}

/** Writes a ticket's check-in: its sequence number, the time, and its seat. */
export async function checkInTicket(
  tx: Tx,
  ticketId: number,
  values: { checkedInAt: Date; checkInSequence: number; seatLabel: string | null },
) {
  await tx.update(tickets).set(values).where(eq(tickets.id, ticketId));
}

/** Moves tickets to other seats (before they are checked in). */
export async function setSeat(tx: Tx, ticketId: number, seatLabel: string | null) {
  await tx.update(tickets).set({ seatLabel, isNotified: false }).where(eq(tickets.id, ticketId));
}
