import { takesSeat } from '@flybook/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  alongsideName,
  insertChain,
  insertedId,
  insertReturning,
  insertStatement,
  type ReusableStatement,
  runWith,
} from '../../db/reusable-statement.ts';
import {
  airports,
  allotments,
  balanceLogRecords,
  creditNotes,
  entityLog,
  flightSeats,
  flights,
  options,
  reservationInvoices,
  reservationPassengers,
  reservationPayments,
  reservationSnapshots,
  reservations,
  ticketOptions,
  tickets,
  users,
} from '../../db/schema/index.ts';
import { holdsSaleSeats } from '../../db/seat-rule.ts';
import { THEN_COMMIT } from '../../db/transaction-edges.ts';
import { isNoSeatTaken } from '../../platform/sql.ts';

export type ReservationRow = typeof reservations.$inferSelect;
export type NewReservation = typeof reservations.$inferInsert;
export type InvoiceRow = typeof reservationInvoices.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;

/**
 * Takes `seats` seats of a tariff group from a flight's sale inventory in one guarded update: it
 * only happens when the channel's rule (`holdsSaleSeats`) still holds at that instant (DESIGN §4),
 * so concurrent bookings can never oversell. Returns false when the seats are not there.
 * `seats` is at least 1: the caller skips a flight that takes nothing from sale. `alongside`,
 * writes of the same transaction that go with it (a new booking's first version), run in the same
 * statement: its SQL is built once per channel and shape (runWith). `thenCommit`: the statement is
 * the transaction's last and carries its COMMIT (THEN_COMMIT); taking no seat then fails the
 * statement in the database (flybook_seats_taken), so the COMMIT behind it is skipped, and answers
 * false as well.
 */
export async function takeSaleSeats(
  tx: Tx,
  flightId: number,
  tariffGroupId: number,
  seats: number,
  channel: 'public' | 'agent' | 'staff',
  alongside: ReusableStatement[] = [],
  thenCommit = false,
): Promise<boolean> {
  const update: ReusableStatement = {
    shape: `takeSaleSeats ${channel}`,
    build: (on) => {
      const taken = sql.placeholder('seat.count');
      return on
        .update(flightSeats)
        .set({ booked: sql`${flightSeats.booked} + ${taken}` })
        .where(
          and(
            eq(flightSeats.flightId, sql.placeholder('seat.flightId')),
            eq(flightSeats.tariffGroupId, sql.placeholder('seat.tariffGroupId')),
            holdsSaleSeats(channel, taken),
          ),
        )
        .returning({ flightId: flightSeats.flightId })
        .getSQL();
    },
    values: { 'seat.count': seats, 'seat.flightId': flightId, 'seat.tariffGroupId': tariffGroupId },
  };
  if (!thenCommit) {
    const { rows } = await runWith(tx, update, alongside);
    return rows.length === 1;
  }
  // The update as the last WITH, read by a select that raises when it took no row.
  const checked: ReusableStatement = {
    shape: 'seatsTaken',
    build: () =>
      sql.raw(
        `select flybook_seats_taken(count(*)) as taken from ${alongsideName(alongside.length)} ${THEN_COMMIT}`,
      ),
    values: {},
  };
  try {
    await runWith(tx, checked, [...alongside, update]);
    return true;
  } catch (error) {
    if (isNoSeatTaken(error)) return false;
    throw error;
  }
}

/** An agent's allotments on a flight and tariff group with seats left, locked, oldest first. */
export const lockOwnAllotments = (tx: Tx, flightId: number, tariffGroupId: number, agentId: number) =>
  tx
    .select()
    .from(allotments)
    .where(
      and(
        eq(allotments.flightId, flightId),
        eq(allotments.tariffGroupId, tariffGroupId),
        eq(allotments.agentId, agentId),
        sql`${allotments.booked} < ${allotments.seatsNumber}`,
      ),
    )
    .orderBy(asc(allotments.id))
    .for('update');

export async function takeAllotmentSeats(tx: Tx, allotmentId: number, seats: number) {
  await tx
    .update(allotments)
    .set({ booked: sql`${allotments.booked} + ${seats}` })
    .where(eq(allotments.id, allotmentId));
}

/** Blocks status changes of the flights while a booking is written (they take FOR UPDATE). */
export const shareLockFlights = (tx: Tx, flightIds: number[]) =>
  tx
    .select({ id: flights.id })
    .from(flights)
    .where(inArray(flights.id, flightIds))
    .orderBy(flights.id)
    .for('share');

// The inserts answer whole rows: a new booking's snapshot is built from them (newReservationRecord).
// Their SQL is built once per shape (insertReturning): a booking runs them every time.
export async function insertReservation(tx: Tx, values: NewReservation) {
  const [row] = await insertReturning(tx, reservations, [values]);
  return row!;
}

type NewPassenger = typeof reservationPassengers.$inferInsert;
type NewTicket = typeof tickets.$inferInsert;

/**
 * A new booking's reservation, passengers, invoice, tickets and their options in one statement
 * (`insertChain`): each row refers to the ones it belongs to by their place in the booking (a
 * ticket's `passenger`, an option's `ticket`, indexes from 0), not by ids it would have to wait
 * for. Answers the rows written, as the inserts of each would.
 */
export async function insertBooking(
  tx: Tx,
  booking: {
    reservation: NewReservation;
    passengers: Omit<NewPassenger, 'reservationId'>[];
    invoice: Omit<typeof reservationInvoices.$inferInsert, 'reservationId'>;
    tickets: (Omit<NewTicket, 'reservationId' | 'passengerId'> & { passenger: number })[];
    options: { ticket: number; optionId: number; price: number }[];
  },
) {
  const reservationId = insertedId('new_reservation', 0);
  const written = await insertChain(tx, [
    { name: 'new_reservation', table: reservations, rows: [booking.reservation], answer: true },
    {
      name: 'new_passengers',
      table: reservationPassengers,
      rows: booking.passengers.map((passenger) => ({ ...passenger, reservationId })),
      answer: true,
    },
    {
      name: 'new_invoice',
      table: reservationInvoices,
      rows: [{ ...booking.invoice, reservationId }],
      answer: true,
    },
    {
      name: 'new_tickets',
      table: tickets,
      rows: booking.tickets.map(({ passenger, ...ticket }) => ({
        ...ticket,
        reservationId,
        passengerId: insertedId('new_passengers', passenger),
      })),
      answer: true,
    },
    {
      name: 'new_options',
      table: ticketOptions,
      rows: booking.options.map(({ ticket, ...option }) => ({
        ...option,
        ticketId: insertedId('new_tickets', ticket),
      })),
      answer: false,
    },
  ]);
  return {
    reservation: written.new_reservation![0] as ReservationRow,
    passengers: written.new_passengers as (typeof reservationPassengers.$inferSelect)[],
    invoice: written.new_invoice![0] as InvoiceRow,
    tickets: written.new_tickets as TicketRow[],
  };
}

export async function insertPassengers(tx: Tx, rows: (typeof reservationPassengers.$inferInsert)[]) {
  return insertReturning(tx, reservationPassengers, rows);
}

export async function insertTickets(tx: Tx, rows: (typeof tickets.$inferInsert)[]) {
  return insertReturning(tx, tickets, rows);
}

export async function insertTicketOptions(tx: Tx, rows: (typeof ticketOptions.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(ticketOptions).values(rows);
}

export async function insertInvoice(tx: Tx, values: typeof reservationInvoices.$inferInsert) {
  const [row] = await insertReturning(tx, reservationInvoices, [values]);
  return row!;
}

/**
 * A version's snapshot and its event-log entry, as statements not yet run: `insertSnapshotWith`
 * runs them as one, or a new booking with its seat update (takeSaleSeats). Their SQL is built once
 * per shape.
 */
export function snapshotWithLog(
  values: typeof reservationSnapshots.$inferInsert,
  logEntry: typeof entityLog.$inferInsert,
): ReusableStatement[] {
  return [
    insertStatement('snapshot', reservationSnapshots, values),
    insertStatement('entry', entityLog, logEntry),
  ];
}

/** Saves a version's snapshot together with its event-log entry in one statement (snapshotWithLog). */
export async function insertSnapshotWith(
  tx: Tx,
  values: typeof reservationSnapshots.$inferInsert,
  logEntry: typeof entityLog.$inferInsert,
) {
  const [snapshot, entry] = snapshotWithLog(values, logEntry);
  await runWith(tx, entry!, [snapshot!]);
}

const origin = alias(airports, 'origin');
const destination = alias(airports, 'destination');
const owner = alias(users, 'owner');
const reservator = alias(users, 'reservator');

/** A reservation with everything its read model shows. */
export async function findReservation(db: Db | Tx, id: number) {
  const [head] = await db
    .select({
      reservation: reservations,
      invoice: reservationInvoices,
      owner: { id: owner.id, displayName: owner.displayName },
      reservator: { id: reservator.id, displayName: reservator.displayName },
    })
    .from(reservations)
    .innerJoin(reservationInvoices, eq(reservationInvoices.reservationId, reservations.id))
    .leftJoin(owner, eq(owner.id, reservations.ownerId))
    .leftJoin(reservator, eq(reservator.id, reservations.reservatorId))
    .where(eq(reservations.id, id))
    .limit(1);
  if (!head) return undefined;
  // One after another: inside a transaction the three share one connection, which runs one query
  // at a time anyway (node-postgres deprecates queueing them concurrently).
  const passengers = await db
    .select()
    .from(reservationPassengers)
    .where(eq(reservationPassengers.reservationId, id))
    .orderBy(reservationPassengers.id);
  const ticketRows = await db
    .select({
      ticket: tickets,
      flight: {
        id: flights.id,
        number: flights.number,
        departure: flights.departure,
        arrival: flights.arrival,
        status: flights.status,
      },
      origin: { code: origin.code, timezone: origin.timezone },
      destination: { code: destination.code, timezone: destination.timezone },
    })
    .from(tickets)
    .innerJoin(flights, eq(flights.id, tickets.flightId))
    .innerJoin(origin, eq(origin.id, flights.originAirportId))
    .innerJoin(destination, eq(destination.id, flights.destinationAirportId))
    .where(
      and(
        eq(tickets.reservationId, id),
        // A cancelled reservation: the tickets the cancellation released, not those a change replaced.
        head.reservation.status === 'cancelled'
          ? and(eq(tickets.isActive, false), isNull(tickets.supersededAt))
          : eq(tickets.isActive, true),
      ),
    )
    .orderBy(tickets.passengerId, flights.departure);
  const optionRows = await db
    .select({
      ticketId: ticketOptions.ticketId,
      optionId: ticketOptions.optionId,
      optionTitle: options.title,
      price: ticketOptions.price,
    })
    .from(ticketOptions)
    .innerJoin(tickets, eq(tickets.id, ticketOptions.ticketId))
    .innerJoin(options, eq(options.id, ticketOptions.optionId))
    .where(eq(tickets.reservationId, id))
    .orderBy(ticketOptions.optionId);
  const payments = await db
    .select({
      id: reservationPayments.id,
      amount: reservationPayments.amount,
      method: reservationPayments.method,
      createdAt: reservationPayments.createdAt,
      /** The category of the ledger record: a payment, a refund or a split's transfer. */
      typeId: balanceLogRecords.typeId,
    })
    .from(reservationPayments)
    .innerJoin(balanceLogRecords, eq(balanceLogRecords.id, reservationPayments.balanceLogRecordId))
    .where(eq(reservationPayments.invoiceId, head.invoice.id))
    .orderBy(reservationPayments.id);
  // The reservations a split joined to this one: the one it came from, those split off from it.
  const splitFrom = head.reservation.splitFromId
    ? await db
        .select({ id: reservations.id, recordLocator: reservations.recordLocator })
        .from(reservations)
        .where(eq(reservations.id, head.reservation.splitFromId))
    : [];
  const splitInto = await db
    .select({ id: reservations.id, recordLocator: reservations.recordLocator })
    .from(reservations)
    .where(eq(reservations.splitFromId, id))
    .orderBy(reservations.id);
  const [creditNote] = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(eq(creditNotes.reservationId, id));
  return {
    ...head,
    hasCreditNote: creditNote !== undefined,
    passengers,
    tickets: ticketRows,
    options: optionRows,
    payments,
    splitFrom: splitFrom[0] ?? null,
    splitInto,
  };
}
export type ReservationRecord = NonNullable<Awaited<ReturnType<typeof findReservation>>>;

/**
 * Gives back every seat a reservation holds, in the caller's transaction: its active tickets turn
 * inactive (freeing their seat labels), seat-taking tickets return to their allotment or to the
 * sale inventory. Infants held no seat and return none.
 */
export async function releaseSeats(tx: Tx, reservationId: number, reason: 'change' | 'cancel') {
  const held = await tx
    .select({
      id: tickets.id,
      flightId: tickets.flightId,
      tariffGroupId: tickets.tariffGroupId,
      allotmentId: tickets.allotmentId,
      ageType: reservationPassengers.ageType,
    })
    .from(tickets)
    .innerJoin(reservationPassengers, eq(reservationPassengers.id, tickets.passengerId))
    .where(and(eq(tickets.reservationId, reservationId), eq(tickets.isActive, true)))
    .orderBy(tickets.flightId, tickets.tariffGroupId);
  const fromSale = new Map<string, { flightId: number; tariffGroupId: number; seats: number }>();
  const fromAllotments = new Map<number, number>();
  for (const ticket of held) {
    if (!takesSeat(ticket.ageType)) continue;
    if (ticket.allotmentId !== null) {
      fromAllotments.set(ticket.allotmentId, (fromAllotments.get(ticket.allotmentId) ?? 0) + 1);
    } else {
      const key = `${ticket.flightId}:${ticket.tariffGroupId}`;
      const entry = fromSale.get(key) ?? {
        flightId: ticket.flightId,
        tariffGroupId: ticket.tariffGroupId,
        seats: 0,
      };
      entry.seats += 1;
      fromSale.set(key, entry);
    }
  }
  for (const { flightId, tariffGroupId, seats } of fromSale.values()) {
    await tx
      .update(flightSeats)
      .set({ booked: sql`${flightSeats.booked} - ${seats}` })
      .where(and(eq(flightSeats.flightId, flightId), eq(flightSeats.tariffGroupId, tariffGroupId)));
  }
  for (const [allotmentId, seats] of [...fromAllotments].sort(([a], [b]) => a - b)) {
    await tx
      .update(allotments)
      .set({ booked: sql`${allotments.booked} - ${seats}` })
      .where(eq(allotments.id, allotmentId));
  }
  if (held.length > 0) {
    await tx
      .update(tickets)
      .set(reason === 'change' ? { isActive: false, supersededAt: sql`now()` } : { isActive: false })
      .where(and(eq(tickets.reservationId, reservationId), eq(tickets.isActive, true)));
  }
}

/**
 * Card bookings whose payment window has passed, locked for this caller only: instances running
 * the expiry job at once each take other rows (FOR UPDATE SKIP LOCKED).
 */
export const lockExpiredReservations = (tx: Tx, now: Date, limit: number) =>
  tx
    .select({ id: reservations.id, version: reservations.version })
    .from(reservations)
    .where(and(eq(reservations.status, 'created'), sql`${reservations.expiresAt} <= ${now.toISOString()}`))
    .orderBy(reservations.expiresAt)
    .limit(limit)
    .for('update', { skipLocked: true });

/** Locks a reservation row for a change; concurrent changes of it queue behind. */
export const lockReservation = async (tx: Tx, id: number) =>
  (await tx.select().from(reservations).where(eq(reservations.id, id)).for('update'))[0];

/** The flights a reservation holds active tickets on, in booking order. */
export async function flightsOfReservation(tx: Db | Tx, reservationId: number) {
  return tx
    .selectDistinct({ id: flights.id, status: flights.status, direction: tickets.direction })
    .from(tickets)
    .innerJoin(flights, eq(flights.id, tickets.flightId))
    .where(and(eq(tickets.reservationId, reservationId), eq(tickets.isActive, true)))
    .orderBy(tickets.direction);
}

/** A flight's route by airport codes (a rebooking stays on its route). */
export async function flightRoute(tx: Db | Tx, flightId: number) {
  const [row] = await tx
    .select({ id: flights.id, origin: origin.code, destination: destination.code })
    .from(flights)
    .innerJoin(origin, eq(origin.id, flights.originAirportId))
    .innerJoin(destination, eq(destination.id, flights.destinationAirportId))
    .where(eq(flights.id, flightId));
  return row;
}

export async function findInvoice(tx: Db | Tx, reservationId: number) {
  const [row] = await tx
    .select()
    .from(reservationInvoices)
    .where(eq(reservationInvoices.reservationId, reservationId));
  return row!;
}

export async function updateInvoice(
  tx: Tx,
  reservationId: number,
  values: Partial<typeof reservationInvoices.$inferInsert>,
) {
  await tx
    .update(reservationInvoices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(reservationInvoices.reservationId, reservationId));
}

export async function updateReservation(tx: Tx, id: number, values: Partial<NewReservation>) {
  await tx
    .update(reservations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(reservations.id, id));
}

/** What one passenger's tickets and options cost (Rappen): their share of the computed price. */
export async function passengerPrice(tx: Db | Tx, passengerId: number): Promise<number> {
  const [row] = await tx
    .select({
      total: sql<number>`coalesce(sum(${tickets.basePrice} + ${tickets.airportFee} + ${tickets.fuelFee} + ${tickets.seatPrice} + ${tickets.optionsPrice}), 0)::bigint`,
    })
    .from(tickets)
    .where(and(eq(tickets.passengerId, passengerId), eq(tickets.isActive, true)));
  return Number(row?.total ?? 0);
}

/** Departure control's marks on a reservation's active tickets (docs/passengers.md). */
export async function departureMarks(tx: Tx, reservationId: number) {
  return tx
    .select({
      passengerId: tickets.passengerId,
      flightId: tickets.flightId,
      seatLabel: tickets.seatLabel,
      isAppeared: tickets.isAppeared,
      appearingComment: tickets.appearingComment,
      isNotified: tickets.isNotified,
    })
    .from(tickets)
    .where(and(eq(tickets.reservationId, reservationId), eq(tickets.isActive, true)));
}

/**
 * Puts departure control's marks back on reissued tickets of the same passenger and flight: the
 * appearing mark and comment always, "notified" only while the seat is the one they were told.
 */
export async function restoreDepartureMarks(
  tx: Tx,
  reservationId: number,
  marks: Awaited<ReturnType<typeof departureMarks>>,
) {
  for (const mark of marks) {
    if (mark.isAppeared === null && mark.appearingComment === null && !mark.isNotified) continue;
    await tx
      .update(tickets)
      .set({
        isAppeared: mark.isAppeared,
        appearingComment: mark.appearingComment,
        isNotified: sql`${mark.isNotified}::boolean and ${tickets.seatLabel} is not distinct from ${mark.seatLabel}::text`,
      })
      .where(
        and(
          eq(tickets.reservationId, reservationId),
          eq(tickets.passengerId, mark.passengerId),
          eq(tickets.flightId, mark.flightId),
          eq(tickets.isActive, true),
        ),
      );
  }
}

/** Moves a passenger with their tickets to another reservation. */
export async function movePassenger(tx: Tx, passengerId: number, reservationId: number) {
  await tx
    .update(reservationPassengers)
    .set({ reservationId })
    .where(eq(reservationPassengers.id, passengerId));
  await tx.update(tickets).set({ reservationId }).where(eq(tickets.passengerId, passengerId));
}

/** A reservation's saved versions with who saved them, newest first. */
export async function snapshotsOf(db: Db, reservationId: number) {
  return db
    .select({
      version: reservationSnapshots.version,
      createdAt: reservationSnapshots.createdAt,
      snapshot: reservationSnapshots.snapshot,
      user: { id: users.id, displayName: users.displayName },
    })
    .from(reservationSnapshots)
    .leftJoin(users, eq(users.id, reservationSnapshots.userId))
    .where(eq(reservationSnapshots.reservationId, reservationId))
    .orderBy(sql`${reservationSnapshots.version} desc`);
}

/** Renames or re-dates a kept passenger. */
export async function updatePassenger(
  tx: Tx,
  id: number,
  values: Partial<typeof reservationPassengers.$inferInsert>,
) {
  await tx.update(reservationPassengers).set(values).where(eq(reservationPassengers.id, id));
}

/** Removes passengers no longer on a reservation, with their (already inactive) tickets. */
export async function deletePassengers(tx: Tx, ids: number[]) {
  if (ids.length > 0) await tx.delete(reservationPassengers).where(inArray(reservationPassengers.id, ids));
}

/** Active passengers on these flights whose names (and birthday, when given) match, case-insensitively. */
export async function passengersNamed(
  db: Db,
  flightIds: number[],
  people: readonly { firstName: string; lastName: string; birthday?: string | undefined }[],
  exceptReservationId?: number,
) {
  const matches = people.map(
    (person) =>
      sql`(lower(${reservationPassengers.firstName}) = lower(${person.firstName}) and lower(${reservationPassengers.lastName}) = lower(${person.lastName})${
        person.birthday ? sql` and ${reservationPassengers.birthday} = ${person.birthday}` : sql``
      })`,
  );
  return db
    .selectDistinct({
      reservationId: tickets.reservationId,
      flightId: tickets.flightId,
      firstName: reservationPassengers.firstName,
      lastName: reservationPassengers.lastName,
      birthday: reservationPassengers.birthday,
    })
    .from(tickets)
    .innerJoin(reservationPassengers, eq(reservationPassengers.id, tickets.passengerId))
    .where(
      and(
        inArray(tickets.flightId, flightIds),
        eq(tickets.isActive, true),
        sql`(${sql.join(matches, sql` or `)})`,
        exceptReservationId === undefined
          ? undefined
          : sql`${tickets.reservationId} <> ${exceptReservationId}`,
      ),
    )
    .orderBy(tickets.reservationId);
}

/** The contacts of reservations, by id. */
export async function contactsOf(db: Db | Tx, ids: number[]) {
  return db
    .select({
      id: reservations.id,
      recordLocator: reservations.recordLocator,
      language: reservations.language,
      billing: reservations.billing,
      status: reservations.status,
    })
    .from(reservations)
    .where(inArray(reservations.id, ids));
}

/** A user by id with the name a reservation shows, if there is one (a booking's owner named by staff). */
export async function findUserName(
  tx: Tx,
  id: number,
): Promise<{ id: number; displayName: string } | undefined> {
  const [row] = await tx
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** The id of the user with an e-mail (lower-cased by the caller), if any. */
export async function findUserIdByEmail(tx: Tx, email: string): Promise<number | undefined> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}
