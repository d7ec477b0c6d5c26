import { normalizeRecordLocator } from '@flybook/domain';
import type { FlightPassengerFilters } from '@flybook/schemas';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  pnlMessages,
  reservationInvoices,
  reservationPassengers,
  reservations,
  type StoredPnlPassenger,
  tariffGroups,
  tariffs,
  tickets,
  users,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../platform/sql.ts';

const agents = alias(users, 'agent');
const senders = alias(users, 'sender');

/** A passenger of a flight with their ticket, booking and tariff, as the list and the marks read them. */
const passengerColumns = {
  passenger: {
    id: reservationPassengers.id,
    firstName: reservationPassengers.firstName,
    lastName: reservationPassengers.lastName,
    salutation: reservationPassengers.salutation,
    gender: reservationPassengers.gender,
    ageType: reservationPassengers.ageType,
    birthday: reservationPassengers.birthday,
  },
  ticket: {
    id: tickets.id,
    seatLabel: tickets.seatLabel,
    isAppeared: tickets.isAppeared,
    appearingComment: tickets.appearingComment,
    isNotified: tickets.isNotified,
    tariffId: tickets.tariffId,
    tariffGroupId: tickets.tariffGroupId,
    checkedInAt: tickets.checkedInAt,
    checkInSequence: tickets.checkInSequence,
  },
  reservation: {
    id: reservations.id,
    recordLocator: reservations.recordLocator,
    status: reservations.status,
  },
  paymentStatus: reservationInvoices.status,
  tariffName: tariffs.name,
  tariffCode: tariffs.code,
  tariffGroupCode: tariffGroups.code,
  /** The agent who booked, when an agent did (their passengers make the agent's PNL). */
  agent: { id: agents.id, company: agents.company, displayName: agents.displayName },
};

export type PassengerRow = {
  passenger: {
    id: number;
    firstName: string;
    lastName: string;
    salutation: string;
    gender: 'male' | 'female' | null;
    ageType: 'adult' | 'child' | 'infant';
    birthday: string | null;
  };
  ticket: {
    id: number;
    seatLabel: string | null;
    isAppeared: boolean | null;
    appearingComment: string | null;
    isNotified: boolean;
    tariffId: number;
    tariffGroupId: number;
    checkedInAt: Date | null;
    checkInSequence: number | null;
  };
  reservation: {
    id: number;
    recordLocator: string;
    status: 'created' | 'reserved' | 'confirmed' | 'cancelled';
  };
  paymentStatus: 'notPaid' | 'partly' | 'paid' | 'overpaid';
  tariffName: (typeof tariffs.$inferSelect)['name'];
  tariffCode: string;
  tariffGroupCode: string;
  /** Null unless an agent booked it (a left join: Drizzle gives null for a row that is not there). */
  agent: { id: number; company: string | null; displayName: string } | null;
};

const passengerQuery = (db: Db | Tx) =>
  db
    .select(passengerColumns)
    .from(tickets)
    .innerJoin(reservationPassengers, eq(reservationPassengers.id, tickets.passengerId))
    .innerJoin(reservations, eq(reservations.id, tickets.reservationId))
    .innerJoin(reservationInvoices, eq(reservationInvoices.reservationId, reservations.id))
    .innerJoin(tariffs, eq(tariffs.id, tickets.tariffId))
    .innerJoin(tariffGroups, eq(tariffGroups.id, tickets.tariffGroupId))
    .leftJoin(agents, and(eq(agents.id, reservations.reservatorId), eq(agents.type, 'agent')));

/** The passengers of a flight: active tickets of reservations that are not cancelled. */
const onFlight = (flightId: number): SQL[] => [
  eq(tickets.flightId, flightId),
  eq(tickets.isActive, true),
  ne(reservations.status, 'cancelled'),
];

/** "FB-000123", "fb000123" or "123": the reservation id a search text names, if it names one. */
export function reservationIdOf(text: string): number | null {
  const match = /^(?:FB-?)?0*(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}

/** The list filters as SQL (docs/passengers.md). */
function filterConditions(filters: Partial<FlightPassengerFilters>): SQL[] {
  const conditions: SQL[] = [];
  const text = filters.query?.trim();
  if (text) {
    const pattern = containsPattern(text);
    const alternatives: SQL[] = [
      ilike(reservationPassengers.lastName, pattern),
      ilike(reservationPassengers.firstName, pattern),
      ilike(sql`${reservationPassengers.firstName} || ' ' || ${reservationPassengers.lastName}`, pattern),
      eq(tickets.seatLabel, text.toUpperCase()),
    ];
    const reservationId = reservationIdOf(text);
    if (reservationId !== null) alternatives.push(eq(reservations.id, reservationId));
    const recordLocator = normalizeRecordLocator(text);
    if (recordLocator !== null) alternatives.push(eq(reservations.recordLocator, recordLocator));
    conditions.push(or(...alternatives)!);
  }
  if (filters.reservationId !== undefined) conditions.push(eq(reservations.id, filters.reservationId));
  if (filters.tariffGroups && filters.tariffGroups.length > 0) {
    conditions.push(inArray(tickets.tariffGroupId, filters.tariffGroups));
  }
  const payment = new Set(filters.payment ?? []);
  if (payment.size === 1) {
    const paid = inArray(reservationInvoices.status, ['paid', 'overpaid']);
    conditions.push(payment.has('paid') ? paid : sql`not ${paid}`);
  }
  const appearing = new Set(filters.appearing ?? []);
  if (appearing.size > 0 && appearing.size < 3) {
    const states: SQL[] = [];
    if (appearing.has('appeared')) states.push(sql`${tickets.isAppeared} is true`);
    if (appearing.has('notAppeared')) states.push(sql`${tickets.isAppeared} is false`);
    if (appearing.has('pending')) states.push(isNull(tickets.isAppeared));
    conditions.push(or(...states)!);
  }
  return conditions;
}

export type PassengerSort = 'lastName' | 'firstName' | 'seatLabel' | 'reservationId' | 'age';

/** ORDER BY of the list; names case-insensitively, seats by row then letter, ties by passenger id. */
function orderOf(sortBy: PassengerSort, sortOrder: 'ASC' | 'DESC'): SQL[] {
  const dir = (column: SQL) => (sortOrder === 'ASC' ? sql`${column} asc` : sql`${column} desc`);
  const last = sql`lower(${reservationPassengers.lastName})`;
  const first = sql`lower(${reservationPassengers.firstName})`;
  const byName = [asc(last), asc(first)];
  switch (sortBy) {
    case 'lastName':
      return [dir(last), dir(first), asc(reservationPassengers.id)];
    case 'firstName':
      return [dir(first), dir(last), asc(reservationPassengers.id)];
    case 'seatLabel':
      return [
        sql`(substring(${tickets.seatLabel} from '^[0-9]+'))::int ${sql.raw(sortOrder)} nulls last`,
        sql`${tickets.seatLabel} ${sql.raw(sortOrder)} nulls last`,
        ...byName,
        asc(reservationPassengers.id),
      ];
    case 'reservationId':
      return [dir(sql`${reservations.id}`), ...byName, asc(reservationPassengers.id)];
    case 'age':
      // Older is more: the earlier birthday first when descending; no birthday last either way.
      return [
        sql`${reservationPassengers.birthday} ${sql.raw(sortOrder === 'ASC' ? 'desc' : 'asc')} nulls last`,
        ...byName,
        asc(reservationPassengers.id),
      ];
  }
}

const joinedCount = (db: Db | Tx) =>
  db
    .select({ total: count() })
    .from(tickets)
    .innerJoin(reservationPassengers, eq(reservationPassengers.id, tickets.passengerId))
    .innerJoin(reservations, eq(reservations.id, tickets.reservationId))
    .innerJoin(reservationInvoices, eq(reservationInvoices.reservationId, reservations.id));

/** A page of a flight's passengers, filtered and sorted in SQL, and how many match. */
export async function listPassengers(
  db: Db | Tx,
  flightId: number,
  filters: Partial<FlightPassengerFilters>,
  paging: { page: number; pageSize: number; sortBy: PassengerSort; sortOrder: 'ASC' | 'DESC' },
): Promise<{ items: PassengerRow[]; total: number }> {
  const where = and(...onFlight(flightId), ...filterConditions(filters));
  const [items, totals] = await Promise.all([
    passengerQuery(db)
      .where(where)
      .orderBy(...orderOf(paging.sortBy, paging.sortOrder))
      .limit(paging.pageSize)
      .offset(paging.page * paging.pageSize),
    joinedCount(db).where(where),
  ]);
  return { items: items as PassengerRow[], total: totals[0]?.total ?? 0 };
}

/** Every passenger of a flight matching the filters (the PAX list and the PNLs), sorted. */
export async function allPassengers(
  db: Db | Tx,
  flightId: number,
  filters: Partial<FlightPassengerFilters> = {},
  sort: { sortBy: PassengerSort; sortOrder: 'ASC' | 'DESC' } = { sortBy: 'lastName', sortOrder: 'ASC' },
): Promise<PassengerRow[]> {
  return (await passengerQuery(db)
    .where(and(...onFlight(flightId), ...filterConditions(filters)))
    .orderBy(...orderOf(sort.sortBy, sort.sortOrder))) as PassengerRow[];
}

/** One passenger of a flight, or undefined when they hold no active ticket on it. */
/** The passenger of a flight a boarding pass names: its booking's locator and its sequence number. */
export async function findCheckedInPassenger(
  db: Db | Tx,
  flightId: number,
  pass: { recordLocator: string; sequenceNumber: number },
) {
  const rows = await passengerQuery(db)
    .where(
      and(
        ...onFlight(flightId),
        eq(reservations.recordLocator, pass.recordLocator),
        eq(tickets.checkInSequence, pass.sequenceNumber),
      ),
    )
    .limit(1);
  return rows[0] as PassengerRow | undefined;
}

export async function findPassenger(db: Db | Tx, flightId: number, passengerId: number) {
  const rows = await passengerQuery(db)
    .where(and(...onFlight(flightId), eq(reservationPassengers.id, passengerId)))
    .limit(1);
  return rows[0] as PassengerRow | undefined;
}

/**
 * The passenger ids a bulk mark means on a flight: `ids` that are passengers of it, or every
 * passenger matching the filters except `ids`.
 */
export async function selectedPassengerIds(
  db: Db | Tx,
  flightId: number,
  selection: FlightPassengerFilters & { ids: number[]; excluded: boolean },
): Promise<number[]> {
  const conditions = onFlight(flightId);
  if (!selection.excluded) {
    if (selection.ids.length === 0) return [];
    conditions.push(inArray(reservationPassengers.id, selection.ids));
  } else {
    conditions.push(...filterConditions(selection));
    if (selection.ids.length > 0) conditions.push(notInArray(reservationPassengers.id, selection.ids));
  }
  const rows = await db
    .select({ id: reservationPassengers.id })
    .from(tickets)
    .innerJoin(reservationPassengers, eq(reservationPassengers.id, tickets.passengerId))
    .innerJoin(reservations, eq(reservations.id, tickets.reservationId))
    .innerJoin(reservationInvoices, eq(reservationInvoices.reservationId, reservations.id))
    .where(and(...conditions))
    .orderBy(reservationPassengers.id);
  return rows.map((row) => row.id);
}

/** Locks the active tickets of passengers on a flight, in passenger order (no deadlocks between bulk marks). */
export const lockTickets = (tx: Tx, flightId: number, passengerIds: number[]) =>
  passengerIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({ id: tickets.id, passengerId: tickets.passengerId, reservationId: tickets.reservationId })
        .from(tickets)
        .where(
          and(
            eq(tickets.flightId, flightId),
            eq(tickets.isActive, true),
            inArray(tickets.passengerId, passengerIds),
          ),
        )
        .orderBy(tickets.passengerId)
        .for('update');

/** Writes departure control's marks or seat on tickets. */
export const updateTickets = (
  tx: Tx,
  ticketIds: number[],
  values: Partial<
    Pick<typeof tickets.$inferInsert, 'isAppeared' | 'appearingComment' | 'isNotified' | 'seatLabel'>
  >,
) =>
  ticketIds.length === 0
    ? Promise.resolve([])
    : tx.update(tickets).set(values).where(inArray(tickets.id, ticketIds)).returning({ id: tickets.id });

/** Who holds a seat label on a flight (an active ticket), if anyone. */
export async function seatHolder(db: Db | Tx, flightId: number, seatLabel: string) {
  const [row] = await db
    .select({ passengerId: tickets.passengerId })
    .from(tickets)
    .where(and(eq(tickets.flightId, flightId), eq(tickets.isActive, true), eq(tickets.seatLabel, seatLabel)))
    .limit(1);
  return row;
}

// ---------- PNL and ADL messages ----------

/** The list a message belongs to: the own list (agentId null) or an agent's. */
const ofList = (flightId: number, agentId: number | null) =>
  and(eq(pnlMessages.flightId, flightId), sql`coalesce(${pnlMessages.agentId}, 0) = ${agentId ?? 0}`);

/** The last message sent for a list of a flight. */
export async function lastPnlMessage(db: Db | Tx, flightId: number, agentId: number | null) {
  const [row] = await db
    .select()
    .from(pnlMessages)
    .where(ofList(flightId, agentId))
    .orderBy(desc(pnlMessages.id))
    .limit(1);
  return row;
}

/** The group codes the flight's bookings have so far: those of its newest message (any list). */
export async function pnlGroupCodes(db: Db | Tx, flightId: number): Promise<Map<string, string>> {
  const [row] = await db
    .select({ groupCodes: pnlMessages.groupCodes })
    .from(pnlMessages)
    .where(eq(pnlMessages.flightId, flightId))
    .orderBy(desc(pnlMessages.id))
    .limit(1);
  return new Map(Object.entries(row?.groupCodes ?? {}));
}

/** The last message sent for each list of a flight, by agent id (0 for the own list). */
export async function lastPnlMessages(db: Db | Tx, flightId: number) {
  const rows = await db
    .selectDistinctOn([sql`coalesce(${pnlMessages.agentId}, 0)`], {
      message: pnlMessages,
      userName: senders.displayName,
    })
    .from(pnlMessages)
    .leftJoin(senders, eq(senders.id, pnlMessages.userId))
    .where(eq(pnlMessages.flightId, flightId))
    .orderBy(sql`coalesce(${pnlMessages.agentId}, 0)`, desc(pnlMessages.id));
  return new Map(rows.map((row) => [row.message.agentId ?? 0, row]));
}

export async function insertPnlMessage(tx: Tx, values: typeof pnlMessages.$inferInsert) {
  const [row] = await tx.insert(pnlMessages).values(values).returning();
  return row!;
}

/** The messages of a list, newest first, with who sent them. */
export async function pnlMessagesOf(db: Db, flightId: number, agentId: number | null, limit = 100) {
  return db
    .select({ message: pnlMessages, userName: senders.displayName })
    .from(pnlMessages)
    .leftJoin(senders, eq(senders.id, pnlMessages.userId))
    .where(ofList(flightId, agentId))
    .orderBy(desc(pnlMessages.id))
    .limit(limit);
}

/** An agent as PNL tabs name them: the company, or the name when none is recorded. */
export async function agentOf(db: Db | Tx, agentId: number) {
  const [row] = await db
    .select({ id: users.id, company: users.company, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.id, agentId), eq(users.type, 'agent')));
  return row;
}

/** Serialises PNL/ADL sends of one flight (two at once would compute against the same message). */
export const lockPnlList = (tx: Tx, flightId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('flybook.pnl'), ${flightId})`);

export type { StoredPnlPassenger };
