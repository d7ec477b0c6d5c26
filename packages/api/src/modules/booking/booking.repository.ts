import { and, eq, inArray, isNotNull, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { runReusable } from '../../db/reusable-statement.ts';
import { airports, flights, options, ratePrices, rates, tariffs, tickets } from '../../db/schema/index.ts';
import type { PriceListRow } from '../rates/rates.service.ts';

const origin = alias(airports, 'origin');
const destination = alias(airports, 'destination');

/**
 * A flight's price list as JSON, in tariff order: each price row as a select of `rate_prices` reads
 * it (numerics as text, as the driver gives them; the bigint amounts as JSON numbers, as their
 * columns' mode number reads them), with its tariff and whether its rate is active.
 */
const priceListJson = sql<PriceListRow[]>`(
  select coalesce(json_agg(json_build_object(
    'rateId', ${ratePrices.rateId}, 'tariffId', ${ratePrices.tariffId},
    'priceStandard', ${ratePrices.priceStandard}, 'priceRound', ${ratePrices.priceRound},
    'priceChildPercent', ${ratePrices.priceChildPercent}::text,
    'priceInfantPercent', ${ratePrices.priceInfantPercent}::text,
    'airportFee', ${ratePrices.airportFee}, 'fuelFee', ${ratePrices.fuelFee},
    'tariff', json_build_object('id', ${tariffs.id}, 'code', ${tariffs.code}, 'name', ${tariffs.name}, 'groupId', ${tariffs.tariffGroupId}),
    'rateIsActive', ${rates.isActive}
  ) order by ${tariffs.id}), '[]')
  from ${ratePrices}
  join ${tariffs} on ${tariffs.id} = ${ratePrices.tariffId}
  join ${rates} on ${rates.id} = ${ratePrices.rateId}
  where ${ratePrices.rateId} = ${flights.rateId}
)`;

/**
 * One row per flight, its price list as JSON (not a row per tariff, each repeating the flight's
 * forty columns for the driver and Drizzle to read again).
 */
const flightsWithPrices = (db: Db | Tx, ids: Placeholder[], shareLock: boolean) => {
  const query = db
    .select({
      flight: flights,
      origin: { code: origin.code, timezone: origin.timezone },
      destination: { code: destination.code, timezone: destination.timezone },
      prices: priceListJson,
    })
    .from(flights)
    .innerJoin(origin, eq(origin.id, flights.originAirportId))
    .innerJoin(destination, eq(destination.id, flights.destinationAirportId))
    .where(inArray(flights.id, ids))
    .orderBy(flights.id);
  return shareLock ? query.for('share', { of: flights }) : query;
};

/**
 * The flights of a booking with their airports and their rate's price list (as `priceListsOf` of
 * the rates area answers it, in tariff order), in one statement; with `shareLock` FOR SHARE in id
 * order (a new booking: no status change until it commits, and two bookings lock them in the same
 * order). Its SQL is built once per number of flights (runReusable): every booking runs it.
 */
export function flightsToBook(db: Db | Tx, ids: number[], shareLock: boolean) {
  return runReusable<Awaited<ReturnType<typeof flightsWithPrices>>>(
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
