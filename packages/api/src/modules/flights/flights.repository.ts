import type { FlightFilters } from '@flybook/schemas';
import {
  and,
  count,
  countDistinct,
  eq,
  ilike,
  inArray,
  isNotNull,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  aircraftTemplates,
  airports,
  allotments,
  flightCompanies,
  flightSeats,
  flightSequences,
  flights,
  rates,
  reservationInvoices,
  reservationPassengers,
  reservations,
  tariffGroups,
  tariffs,
  tickets,
  users,
} from '../../db/schema/index.ts';
import { holdsSaleSeats, takesSeatSql } from '../../db/seat-rule.ts';
import { containsPattern, listOrder } from '../../platform/sql.ts';

export type FlightRow = typeof flights.$inferSelect;
export type NewFlight = typeof flights.$inferInsert;
export type FlightSeatsRow = typeof flightSeats.$inferSelect;
export type NewFlightSeats = Omit<typeof flightSeats.$inferInsert, 'flightId'>;
export type AllotmentRow = typeof allotments.$inferSelect;
export type SequenceRow = typeof flightSequences.$inferSelect;

const origin = alias(airports, 'origin');
const destination = alias(airports, 'destination');

const headColumns = {
  flight: flights,
  company: {
    id: flightCompanies.id,
    name: flightCompanies.name,
    code: flightCompanies.code,
    pnlOriginator: flightCompanies.pnlOriginator,
    pnlAddresses: flightCompanies.pnlAddresses,
  },
  origin: { code: origin.code, name: origin.name, city: origin.city, timezone: origin.timezone },
  destination: {
    code: destination.code,
    name: destination.name,
    city: destination.city,
    timezone: destination.timezone,
  },
  rate: { id: rates.id, name: rates.name },
  template: { id: aircraftTemplates.id, label: aircraftTemplates.label },
  sequence: flightSequences,
};

/** A flight with what it points to, as lists and forms show it. */
export type FlightHead = {
  flight: FlightRow;
  company: { id: number; name: string; code: string; pnlOriginator: string | null; pnlAddresses: string[] };
  origin: { code: string; name: FlightAirportText; city: FlightAirportText; timezone: string };
  destination: { code: string; name: FlightAirportText; city: FlightAirportText; timezone: string };
  rate: { id: number; name: string };
  template: { id: number; label: string };
  sequence: SequenceRow | null;
};
type FlightAirportText = (typeof airports.$inferSelect)['name'];

const headQuery = (db: Db | Tx) =>
  db
    .select(headColumns)
    .from(flights)
    .innerJoin(flightCompanies, eq(flightCompanies.id, flights.flightCompanyId))
    .innerJoin(origin, eq(origin.id, flights.originAirportId))
    .innerJoin(destination, eq(destination.id, flights.destinationAirportId))
    .innerJoin(rates, eq(rates.id, flights.rateId))
    .innerJoin(aircraftTemplates, eq(aircraftTemplates.id, flights.aircraftTemplateId))
    .leftJoin(flightSequences, eq(flightSequences.id, flights.sequenceId));

const localDeparture = sql`(${flights.departure} AT TIME ZONE ${origin.timezone})`;

/** Who the list is for: agents see active flights only, the public bookable ones for a party. */
export interface FlightScope {
  onlyActive?: boolean;
  /** Seats the public party needs on one tariff group. */
  publicSeats?: number;
}

/**
 * The list filters as SQL. Date filters are on the local departure date at the origin; a coarse
 * range on the indexed instant (no airport is more than 14 hours from UTC) narrows the scan first.
 */
function filterConditions(filters: FlightFilters, scope: FlightScope): SQL[] {
  const conditions: SQL[] = [];
  if (scope.publicSeats !== undefined) {
    // What the public may book: open, in the future, not booked out, and one tariff group whose
    // free seats within the online limit hold the party (the seat rule, 'public').
    conditions.push(
      eq(flights.status, 'created'),
      eq(flights.isBookedOut, false),
      sql`${flights.departure} > now()`,
    );
    conditions.push(
      sql`exists (select 1 from ${flightSeats} where ${flightSeats.flightId} = ${flights.id} and ${holdsSaleSeats('public', scope.publicSeats)})`,
    );
  }
  if (filters.query) {
    const pattern = containsPattern(filters.query);
    const code = filters.query.trim().toUpperCase();
    conditions.push(
      or(
        ilike(flights.number, pattern),
        ilike(flightCompanies.name, pattern),
        eq(origin.code, code),
        eq(destination.code, code),
      )!,
    );
  }
  if (scope.onlyActive) conditions.push(eq(flights.isActive, true));
  else if (filters.isActive !== undefined) conditions.push(eq(flights.isActive, filters.isActive));
  if (filters.status && filters.status.length > 0) conditions.push(inArray(flights.status, filters.status));
  if (filters.departureFrom) {
    conditions.push(sql`${flights.departure} >= ${filters.departureFrom}::date - interval '1 day'`);
    conditions.push(sql`${localDeparture}::date >= ${filters.departureFrom}::date`);
  }
  if (filters.departureTo) {
    conditions.push(sql`${flights.departure} < ${filters.departureTo}::date + interval '2 days'`);
    conditions.push(sql`${localDeparture}::date <= ${filters.departureTo}::date`);
  }
  if (filters.origin) conditions.push(eq(origin.code, filters.origin));
  if (filters.destination) conditions.push(eq(destination.code, filters.destination));
  if (filters.weekday && filters.weekday.length > 0) {
    conditions.push(
      sql`extract(isodow from ${localDeparture})::int in (${sql.join(
        filters.weekday.map((day) => sql`${day}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.sequence !== undefined) conditions.push(eq(flights.sequenceId, filters.sequence));
  if (filters.hasPassengers !== undefined) {
    const exists = sql`exists (select 1 from ${tickets} where ${tickets.flightId} = ${flights.id} and ${tickets.isActive})`;
    conditions.push(filters.hasPassengers ? exists : sql`not ${exists}`);
  }
  return conditions;
}

const filteredIds = (db: Db | Tx, where: SQL | undefined) =>
  db
    .select({ id: flights.id })
    .from(flights)
    .innerJoin(flightCompanies, eq(flightCompanies.id, flights.flightCompanyId))
    .innerJoin(origin, eq(origin.id, flights.originAirportId))
    .innerJoin(destination, eq(destination.id, flights.destinationAirportId))
    .where(where);

export async function listFlights(
  db: Db,
  filters: FlightFilters,
  paging: {
    page: number;
    pageSize: number;
    sortBy: 'departure' | 'number' | 'id';
    sortOrder: 'ASC' | 'DESC';
  },
  scope: FlightScope = {},
) {
  const conditions = filterConditions(filters, scope);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const column = { departure: flights.departure, number: flights.number, id: flights.id }[paging.sortBy];
  // The page's ids first, from flights and the three tables the filters may name, then the heads of
  // those ids: PostgreSQL planned the seven-table head query with its ORDER BY and LIMIT in ~11 ms
  // on every call (more than running it); the two queries plan in ~2 ms (docs/lists-at-scale.md).
  const [page, totals] = await Promise.all([
    filteredIds(db, where)
      .orderBy(...listOrder(column, paging.sortOrder, flights.id))
      .limit(paging.pageSize)
      .offset(paging.page * paging.pageSize),
    db
      .select({ total: count() })
      .from(flights)
      .innerJoin(flightCompanies, eq(flightCompanies.id, flights.flightCompanyId))
      .innerJoin(origin, eq(origin.id, flights.originAirportId))
      .innerJoin(destination, eq(destination.id, flights.destinationAirportId))
      .where(where),
  ]);
  const ids = page.map((row) => row.id);
  const heads =
    ids.length === 0 ? [] : ((await headQuery(db).where(inArray(flights.id, ids))) as FlightHead[]);
  const byId = new Map(heads.map((head) => [head.flight.id, head]));
  // In the page's order; a flight deleted between the two queries is left out.
  const items = ids.flatMap((id) => byId.get(id) ?? []);
  return { items, total: totals[0]?.total ?? 0 };
}

/**
 * The public search's flights: only what a bookable-flight answer shows, with the total in the same
 * query. Lean on purpose: it is the busiest query of the site, and each join of the full head
 * (rate, template, sequence) and the seat-map column cost planning and transfer time on every call.
 */
export async function listBookableFlights(
  db: Db,
  filters: FlightFilters,
  paging: { page: number; pageSize: number; sortOrder: 'ASC' | 'DESC' },
  scope: FlightScope,
) {
  const conditions = filterConditions(filters, scope);
  const rows = await db
    .select({
      flight: {
        id: flights.id,
        number: flights.number,
        departure: flights.departure,
        arrival: flights.arrival,
        status: flights.status,
        isActive: flights.isActive,
        isBookedOut: flights.isBookedOut,
        rateId: flights.rateId,
        aircraftTemplateId: flights.aircraftTemplateId,
      },
      company: { name: flightCompanies.name, code: flightCompanies.code },
      origin: headColumns.origin,
      destination: headColumns.destination,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(flights)
    .innerJoin(flightCompanies, eq(flightCompanies.id, flights.flightCompanyId))
    .innerJoin(origin, eq(origin.id, flights.originAirportId))
    .innerJoin(destination, eq(destination.id, flights.destinationAirportId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...listOrder(flights.departure, paging.sortOrder, flights.id))
    .limit(paging.pageSize)
    .offset(paging.page * paging.pageSize);
  // A page past the end has no row to carry the total; count again only then.
  const total =
    rows[0]?.total ??
    (paging.page === 0
      ? 0
      : (await listFlights(db, filters, { ...paging, sortBy: 'departure' }, scope)).total);
  return { items: rows, total };
}

/** The ids a bulk action means: `ids`, or every flight matching the filters except `ids`. */
export async function selectedFlightIds(
  db: Db | Tx,
  selection: FlightFilters & { ids: number[]; excluded: boolean },
): Promise<number[]> {
  if (!selection.excluded) {
    if (selection.ids.length === 0) return [];
    const rows = await db.select({ id: flights.id }).from(flights).where(inArray(flights.id, selection.ids));
    return rows.map((row) => row.id);
  }
  const conditions = filterConditions(selection, {});
  if (selection.ids.length > 0) conditions.push(notInArray(flights.id, selection.ids));
  const rows = await filteredIds(db, conditions.length > 0 ? and(...conditions) : undefined);
  return rows.map((row) => row.id);
}

export async function findFlightHead(db: Db | Tx, id: number): Promise<FlightHead | undefined> {
  const rows = await headQuery(db).where(eq(flights.id, id)).limit(1);
  return rows[0] as FlightHead | undefined;
}

export async function findFlightHeads(db: Db | Tx, ids: number[]): Promise<FlightHead[]> {
  if (ids.length === 0) return [];
  return (await headQuery(db)
    .where(inArray(flights.id, ids))
    .orderBy(flights.departure, flights.id)) as FlightHead[];
}

/** Locks a flight row for a change of its state or inventory; concurrent writers queue behind. */
export const lockFlight = async (tx: Tx, id: number) =>
  (await tx.select().from(flights).where(eq(flights.id, id)).for('update'))[0];

/** Locks the inventory rows of a flight, in one order so two writers never deadlock. */
export const lockFlightSeats = (tx: Tx, flightId: number) =>
  tx
    .select()
    .from(flightSeats)
    .where(eq(flightSeats.flightId, flightId))
    .orderBy(flightSeats.tariffGroupId)
    .for('update');

/** Inventory rows of several flights, by flight id. */
export async function seatsOf(db: Db | Tx, flightIds: number[]): Promise<Map<number, FlightSeatsRow[]>> {
  const byFlight = new Map<number, FlightSeatsRow[]>(flightIds.map((id) => [id, []]));
  if (flightIds.length === 0) return byFlight;
  const rows = await db
    .select()
    .from(flightSeats)
    .where(inArray(flightSeats.flightId, flightIds))
    .orderBy(flightSeats.flightId, flightSeats.tariffGroupId);
  for (const row of rows) byFlight.get(row.flightId)?.push(row);
  return byFlight;
}

/** Allotments of several flights with their agents' names, by flight id. */
export async function allotmentsOf(db: Db | Tx, flightIds: number[], agentId?: number) {
  const byFlight = new Map<number, (AllotmentRow & { agentName: string })[]>(flightIds.map((id) => [id, []]));
  if (flightIds.length === 0) return byFlight;
  const conditions = [inArray(allotments.flightId, flightIds)];
  if (agentId !== undefined) conditions.push(eq(allotments.agentId, agentId));
  const rows = await db
    .select({ allotment: allotments, agentName: users.displayName })
    .from(allotments)
    .innerJoin(users, eq(users.id, allotments.agentId))
    .where(and(...conditions))
    .orderBy(allotments.id);
  for (const { allotment, agentName } of rows)
    byFlight.get(allotment.flightId)?.push({ ...allotment, agentName });
  return byFlight;
}

/** What is booked on each flight: passengers (active tickets) and the reservations they belong to. */
export async function bookedCounts(
  db: Db | Tx,
  flightIds: number[],
): Promise<Map<number, { passengers: number; reservations: number }>> {
  const counts = new Map(flightIds.map((id) => [id, { passengers: 0, reservations: 0 }]));
  if (flightIds.length === 0) return counts;
  const rows = await db
    .select({
      flightId: tickets.flightId,
      passengers: count(),
      // A ticket carries its passenger's reservation: without a join to the passengers the plan
      // stays one small scan of tickets_flight_idx, not a parallel join (docs/lists-at-scale.md).
      reservations: countDistinct(tickets.reservationId),
    })
    .from(tickets)
    .where(and(inArray(tickets.flightId, flightIds), eq(tickets.isActive, true)))
    .groupBy(tickets.flightId);
  for (const { flightId, ...booked } of rows) counts.set(flightId, booked);
  return counts;
}

/** Seat labels held by active tickets of a flight. */
export async function takenSeatLabels(db: Db | Tx, flightId: number): Promise<string[]> {
  const rows = await db
    .select({ seatLabel: tickets.seatLabel })
    .from(tickets)
    .where(and(eq(tickets.flightId, flightId), eq(tickets.isActive, true), isNotNull(tickets.seatLabel)))
    .orderBy(tickets.seatLabel);
  return rows.flatMap((row) => (row.seatLabel ? [row.seatLabel] : []));
}

/**
 * Passengers holding a seat on a flight (active tickets with a seat label) and their bookings, by
 * booking reference and seat: the seats a new seat map takes away (`clearSeatLabels`).
 */
export async function seatedPassengers(db: Db | Tx, flightId: number) {
  const rows = await db
    .select({
      id: reservationPassengers.id,
      firstName: reservationPassengers.firstName,
      lastName: reservationPassengers.lastName,
      seatLabel: tickets.seatLabel,
      reservationId: reservations.id,
      recordLocator: reservations.recordLocator,
    })
    .from(tickets)
    .innerJoin(reservationPassengers, eq(reservationPassengers.id, tickets.passengerId))
    .innerJoin(reservations, eq(reservations.id, tickets.reservationId))
    .where(and(eq(tickets.flightId, flightId), eq(tickets.isActive, true), isNotNull(tickets.seatLabel)))
    .orderBy(reservations.recordLocator, tickets.seatLabel);
  return rows.flatMap(({ seatLabel, reservationId, recordLocator, ...passenger }) =>
    seatLabel ? [{ ...passenger, seatLabel, reservation: { id: reservationId, recordLocator } }] : [],
  );
}

/** Removes every passenger's seat on a flight (its seat map was replaced). */
export const clearSeatLabels = (tx: Tx, flightId: number) =>
  tx
    .update(tickets)
    .set({ seatLabel: null })
    .where(and(eq(tickets.flightId, flightId), isNotNull(tickets.seatLabel)));

/** Flights any reservation holds tickets on (active or not): these are never deleted. */
export async function flightsWithReservations(db: Db | Tx, flightIds: number[]): Promise<Set<number>> {
  if (flightIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ flightId: tickets.flightId })
    .from(tickets)
    .where(inArray(tickets.flightId, flightIds));
  return new Set(rows.map((row) => row.flightId));
}

/** Flights with an invoiced allotment: the invoice needs them, so they are kept too. */
export async function flightsWithInvoicedAllotments(db: Db | Tx, flightIds: number[]): Promise<Set<number>> {
  if (flightIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ flightId: allotments.flightId })
    .from(allotments)
    .where(and(inArray(allotments.flightId, flightIds), isNotNull(allotments.invoiceId)));
  return new Set(rows.map((row) => row.flightId));
}

export async function insertFlights(tx: Tx, rows: NewFlight[]): Promise<FlightRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(flights).values(rows).returning();
}

export async function insertFlightSeats(tx: Tx, flightIds: number[], seats: NewFlightSeats[]) {
  const rows = flightIds.flatMap((flightId) => seats.map((row) => ({ ...row, flightId })));
  if (rows.length > 0) await tx.insert(flightSeats).values(rows);
}

export const updateFlight = (tx: Tx, id: number, values: Partial<NewFlight>) =>
  tx
    .update(flights)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(flights.id, id))
    .returning();

export const updateFlights = (tx: Tx, ids: number[], values: Partial<NewFlight>) =>
  tx
    .update(flights)
    .set({ ...values, updatedAt: new Date() })
    .where(inArray(flights.id, ids))
    .returning({ id: flights.id });

export const deleteFlights = (tx: Tx, ids: number[]) =>
  tx.delete(flights).where(inArray(flights.id, ids)).returning({ id: flights.id });

/** Replaces one tariff group's inventory row (keeping its booked count) or adds it. */
export async function upsertFlightSeats(tx: Tx, flightId: number, row: NewFlightSeats) {
  await tx
    .insert(flightSeats)
    .values({ ...row, flightId })
    .onConflictDoUpdate({
      target: [flightSeats.flightId, flightSeats.tariffGroupId],
      set: {
        totalSeats: row.totalSeats,
        seatsForSale: row.seatsForSale,
        costPerSeat: row.costPerSeat,
        agentSeatsLimit: row.agentSeatsLimit,
        onlineSeatsLimit: row.onlineSeatsLimit,
        allotted: row.allotted,
      },
    });
}

export const deleteFlightSeats = (tx: Tx, flightId: number, tariffGroupIds: number[]) =>
  tariffGroupIds.length === 0
    ? Promise.resolve()
    : tx
        .delete(flightSeats)
        .where(and(eq(flightSeats.flightId, flightId), inArray(flightSeats.tariffGroupId, tariffGroupIds)));

export const insertAllotments = (tx: Tx, rows: (typeof allotments.$inferInsert)[]) =>
  rows.length === 0 ? Promise.resolve([]) : tx.insert(allotments).values(rows).returning();

export const updateAllotment = (tx: Tx, id: number, values: Partial<typeof allotments.$inferInsert>) =>
  tx
    .update(allotments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(allotments.id, id));

export const deleteAllotments = (tx: Tx, ids: number[]) =>
  ids.length === 0 ? Promise.resolve() : tx.delete(allotments).where(inArray(allotments.id, ids));

export const insertSequence = async (tx: Tx, values: typeof flightSequences.$inferInsert) =>
  (await tx.insert(flightSequences).values(values).returning())[0]!;

/** Sequences of the given flights. */
export async function sequenceIdsOf(db: Db | Tx, flightIds: number[]): Promise<number[]> {
  if (flightIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: flights.sequenceId })
    .from(flights)
    .where(and(inArray(flights.id, flightIds), isNotNull(flights.sequenceId)));
  return rows.flatMap((row) => (row.id === null ? [] : [row.id]));
}

export async function flightIdsOfSequences(db: Db | Tx, sequenceIds: number[]): Promise<number[]> {
  if (sequenceIds.length === 0) return [];
  const rows = await db
    .select({ id: flights.id })
    .from(flights)
    .where(inArray(flights.sequenceId, sequenceIds))
    .orderBy(flights.departure);
  return rows.map((row) => row.id);
}

/** Deletes sequences no flight belongs to any more. */
export const deleteEmptySequences = (tx: Tx, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve()
    : tx
        .delete(flightSequences)
        .where(
          and(
            inArray(flightSequences.id, ids),
            sql`not exists (select 1 from ${flights} where ${flights.sequenceId} = ${flightSequences.id})`,
          ),
        );

/** Passenger counts by age type on a flight (active tickets). */
export async function passengersByAgeType(db: Db, flightId: number) {
  const rows = await db
    .select({ ageType: reservationPassengers.ageType, passengers: count() })
    .from(tickets)
    .innerJoin(reservationPassengers, eq(reservationPassengers.id, tickets.passengerId))
    .where(and(eq(tickets.flightId, flightId), eq(tickets.isActive, true)))
    .groupBy(reservationPassengers.ageType);
  return new Map(rows.map((row) => [row.ageType, row.passengers]));
}

/** Departure-control counts of a flight's active tickets. */
export async function departureControlCounts(db: Db, flightId: number) {
  const [row] = await db
    .select({
      passengers: count(),
      seated: sql<number>`count(${tickets.seatLabel})::int`,
      appeared: sql<number>`count(*) filter (where ${tickets.isAppeared} is true)::int`,
      noShow: sql<number>`count(*) filter (where ${tickets.isAppeared} is false)::int`,
      notified: sql<number>`count(*) filter (where ${tickets.isNotified})::int`,
    })
    .from(tickets)
    .where(and(eq(tickets.flightId, flightId), eq(tickets.isActive, true)));
  return row!;
}

/** Seats sold and revenue per tariff group of several flights, outside and inside allotments. */
export async function ticketSales(db: Db, flightIds: number[]) {
  if (flightIds.length === 0) return [];
  return db
    .select({
      flightId: tickets.flightId,
      tariffGroupId: tickets.tariffGroupId,
      inAllotment: sql<boolean>`${tickets.allotmentId} is not null`,
      seatsSold: sql<number>`count(*) filter (where ${takesSeatSql(reservationPassengers.ageType)})::int`,
      revenue: sql<string>`coalesce(sum(${tickets.basePrice} + ${tickets.airportFee} + ${tickets.fuelFee} + ${tickets.seatPrice} + ${tickets.optionsPrice}), 0)`,
    })
    .from(tickets)
    .innerJoin(reservationPassengers, eq(reservationPassengers.id, tickets.passengerId))
    .where(and(inArray(tickets.flightId, flightIds), eq(tickets.isActive, true)))
    .groupBy(tickets.flightId, tickets.tariffGroupId, sql`${tickets.allotmentId} is not null`);
}

/** Passengers of several flights for the passenger report, with their booking's contact. */
export async function reportPassengers(db: Db, flightIds: number[]) {
  if (flightIds.length === 0) return [];
  return db
    .select({
      flightId: tickets.flightId,
      lastName: reservationPassengers.lastName,
      firstName: reservationPassengers.firstName,
      ageType: reservationPassengers.ageType,
      birthday: reservationPassengers.birthday,
      seatLabel: tickets.seatLabel,
      tariffName: tariffs.name,
      reservationId: tickets.reservationId,
      recordLocator: reservations.recordLocator,
      paymentStatus: reservationInvoices.status,
      billing: reservations.billing,
      isAppeared: tickets.isAppeared,
    })
    .from(tickets)
    .innerJoin(reservationPassengers, eq(reservationPassengers.id, tickets.passengerId))
    .innerJoin(reservations, eq(reservations.id, tickets.reservationId))
    .leftJoin(reservationInvoices, eq(reservationInvoices.reservationId, reservations.id))
    .innerJoin(tariffs, eq(tariffs.id, tickets.tariffId))
    .where(and(inArray(tickets.flightId, flightIds), eq(tickets.isActive, true)))
    .orderBy(reservationPassengers.lastName, reservationPassengers.firstName);
}

/** How to reach each reservation with an active ticket on a flight, once per reservation. */
export async function flightContacts(db: Db | Tx, flightId: number) {
  return db
    .selectDistinct({
      reservationId: reservations.id,
      billing: reservations.billing,
      language: reservations.language,
    })
    .from(tickets)
    .innerJoin(reservations, eq(reservations.id, tickets.reservationId))
    .where(and(eq(tickets.flightId, flightId), eq(tickets.isActive, true)))
    .orderBy(reservations.id);
}

export const tariffGroupNames = (db: Db) => db.select().from(tariffGroups).orderBy(tariffGroups.id);

/** Origin → destinations of active, bookable flights from now on. */
export async function flightsMap(db: Db, from: Date) {
  return db
    .selectDistinct({ origin: origin.code, destination: destination.code })
    .from(flights)
    .innerJoin(origin, eq(origin.id, flights.originAirportId))
    .innerJoin(destination, eq(destination.id, flights.destinationAirportId))
    .where(
      and(eq(flights.isActive, true), eq(flights.status, 'created'), sql`${flights.departure} >= ${from}`),
    )
    .orderBy(origin.code, destination.code);
}

/** Moves created flights to closed once sales close; answers the ids closed. */
export const closeFlightsDepartingBefore = (db: Db | Tx, before: Date) =>
  db
    .update(flights)
    .set({ status: 'closed', updatedAt: new Date() })
    .where(and(eq(flights.status, 'created'), sql`${flights.departure} <= ${before}`))
    .returning({ id: flights.id });

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
