import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { airports, flights, options, tickets } from '../../db/schema/index.ts';

const origin = alias(airports, 'origin');
const destination = alias(airports, 'destination');

/**
 * The flights of a booking with their airports; with `shareLock` FOR SHARE in id order (a new
 * booking: no status change until it commits, and two bookings lock them in the same order).
 */
export async function flightsToBook(db: Db | Tx, ids: number[], shareLock: boolean) {
  const query = db
    .select({
      flight: flights,
      origin: { code: origin.code, timezone: origin.timezone },
      destination: { code: destination.code, timezone: destination.timezone },
    })
    .from(flights)
    .innerJoin(origin, eq(origin.id, flights.originAirportId))
    .innerJoin(destination, eq(destination.id, flights.destinationAirportId))
    .where(inArray(flights.id, ids));
  return shareLock ? query.orderBy(flights.id).for('share', { of: flights }) : query;
}

/** A flight's seat map and state, for the seat view and pricing. */
export async function flightForSeats(db: Db | Tx, flightId: number) {
  const rows = await db
    .select({
      id: flights.id,
      status: flights.status,
      isActive: flights.isActive,
      rateId: flights.rateId,
      departure: flights.departure,
      sections: flights.sections,
    })
    .from(flights)
    .where(eq(flights.id, flightId))
    .limit(1);
  return rows[0];
}

/** Seat labels held by active tickets on a flight, with whose they are. */
export async function heldSeats(db: Db | Tx, flightId: number) {
  return db
    .select({
      seatLabel: tickets.seatLabel,
      reservationId: tickets.reservationId,
      passengerId: tickets.passengerId,
    })
    .from(tickets)
    .where(and(eq(tickets.flightId, flightId), eq(tickets.isActive, true), isNotNull(tickets.seatLabel)));
}

/** Active options by id, with their prices in Rappen. */
export async function activeOptionsById(db: Db | Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, typeof options.$inferSelect>();
  const rows = await db
    .select()
    .from(options)
    .where(and(inArray(options.id, [...new Set(ids)]), eq(options.isActive, true)));
  return new Map(rows.map((row) => [row.id, row]));
}
