import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { allotments, flights, options, ratePrices, rates, tariffs, tickets } from '../../db/schema/index.ts';

export type RatePriceRow = typeof ratePrices.$inferSelect & {
  tariff: { id: number; code: string; name: (typeof tariffs.$inferSelect)['name']; groupId: number };
  rateIsActive: boolean;
};

/** The price lists of several rates with their tariffs, by rate id, in tariff order. */
export async function priceListsOf(db: Db | Tx, rateIds: number[]): Promise<Map<number, RatePriceRow[]>> {
  const byRate = new Map<number, RatePriceRow[]>(rateIds.map((id) => [id, []]));
  if (rateIds.length === 0) return byRate;
  const rows = await db
    .select({
      price: ratePrices,
      tariff: { id: tariffs.id, code: tariffs.code, name: tariffs.name, groupId: tariffs.tariffGroupId },
      rateIsActive: rates.isActive,
    })
    .from(ratePrices)
    .innerJoin(tariffs, eq(tariffs.id, ratePrices.tariffId))
    .innerJoin(rates, eq(rates.id, ratePrices.rateId))
    .where(inArray(ratePrices.rateId, [...new Set(rateIds)]))
    .orderBy(ratePrices.rateId, tariffs.id);
  for (const row of rows)
    byRate.get(row.price.rateId)?.push({ ...row.price, tariff: row.tariff, rateIsActive: row.rateIsActive });
  return byRate;
}

/** Seats left in an agent's own allotments, by flight id and tariff group id. */
export async function ownAllotmentsLeft(
  db: Db | Tx,
  flightIds: number[],
  agentId: number,
): Promise<Map<number, Map<number, number>>> {
  const left = new Map<number, Map<number, number>>();
  if (flightIds.length === 0) return left;
  const rows = await db
    .select({
      flightId: allotments.flightId,
      tariffGroupId: allotments.tariffGroupId,
      left: sql<number>`sum(${allotments.seatsNumber} - ${allotments.booked})::int`,
    })
    .from(allotments)
    .where(and(inArray(allotments.flightId, flightIds), eq(allotments.agentId, agentId)))
    .groupBy(allotments.flightId, allotments.tariffGroupId);
  for (const row of rows) {
    const byGroup = left.get(row.flightId) ?? new Map<number, number>();
    byGroup.set(row.tariffGroupId, row.left);
    left.set(row.flightId, byGroup);
  }
  return left;
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
