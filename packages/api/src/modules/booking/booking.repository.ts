import { and, eq, inArray, isNotNull, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { runReusable } from '../../db/reusable-statement.ts';
import { airports, flights, options, ratePrices, rates, tariffs, tickets } from '../../db/schema/index.ts';
import type { PriceListRow } from '../rates/rates.service.ts';

const origin = alias(airports, 'origin');
const destination = alias(airports, 'destination');

const flightsWithPrices = (db: Db | Tx, ids: Placeholder[], shareLock: boolean) => {
  const query = db
    .select({
      flight: flights,
      origin: { code: origin.code, timezone: origin.timezone },
      destination: { code: destination.code, timezone: destination.timezone },
      price: ratePrices,
      tariff: { id: tariffs.id, code: tariffs.code, name: tariffs.name, groupId: tariffs.tariffGroupId },
      rateIsActive: rates.isActive,
    })
    .from(flights)
    .innerJoin(origin, eq(origin.id, flights.originAirportId))
    .innerJoin(destination, eq(destination.id, flights.destinationAirportId))
    .leftJoin(ratePrices, eq(ratePrices.rateId, flights.rateId))
    .leftJoin(tariffs, eq(tariffs.id, ratePrices.tariffId))
    .leftJoin(rates, eq(rates.id, ratePrices.rateId))
    .where(inArray(flights.id, ids))
    .orderBy(flights.id, tariffs.id);
  return shareLock ? query.for('share', { of: flights }) : query;
};

/**
 * The flights of a booking with their airports and their rate's price list (as `priceListsOf` of
 * the rates area answers it, in tariff order), in one statement; with `shareLock` FOR SHARE in id
 * order (a new booking: no status change until it commits, and two bookings lock them in the same
 * order). Its SQL is built once per number of flights (runReusable): every booking runs it.
 */
export async function flightsToBook(db: Db | Tx, ids: number[], shareLock: boolean) {
  const joined = await runReusable<Awaited<ReturnType<typeof flightsWithPrices>>>(
    db,
    `flightsToBook ${ids.length} ${shareLock ? 'share' : ''}`,
    (on) =>
      flightsWithPrices(
        on,
        ids.map((_, i) => sql.placeholder(`id${i}`)),
        shareLock,
      ),
    Object.fromEntries(ids.map((id, i) => [`id${i}`, id])),
  );
  const byFlight = new Map<
    number,
    {
      flight: (typeof joined)[number]['flight'];
      origin: (typeof joined)[number]['origin'];
      destination: (typeof joined)[number]['destination'];
      prices: PriceListRow[];
    }
  >();
  for (const row of joined) {
    let entry = byFlight.get(row.flight.id);
    if (!entry) {
      entry = { flight: row.flight, origin: row.origin, destination: row.destination, prices: [] };
      byFlight.set(row.flight.id, entry);
    }
    if (row.price && row.tariff && row.rateIsActive !== null)
      entry.prices.push({ ...row.price, tariff: row.tariff, rateIsActive: row.rateIsActive });
  }
  return [...byFlight.values()];
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
