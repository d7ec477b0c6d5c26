// The bench's volume, written in bulk: a denser 60-day timetable, agents and customers with
// accounts, thousands of reservations and the balance log that pays for them. Booking each one
// through the engine runs at some 60–150 a second on this machine (20,000 would take minutes), so
// the rows are computed here and inserted in large batches, with what the engine would have
// written: prices from the same pricing (planBooking), seat counters equal to the tickets, a
// version-1 snapshot from the reservation read model (toReservation), event-log entries, and
// ledger records whose balances-after follow from the accounts' balances (domain balanceAfter).
// The seat and ledger invariants are checked after seeding (`checkDatabase`, `checkLedger` of `@flybook/api`) and by the unit test.

import type { Db } from '@flybook/api';
import {
  accounts,
  aircraftTemplates,
  airports,
  balanceLogRecords,
  balanceLogTypeId,
  entityLog,
  flightCompanies,
  flightSeats,
  flights as flightsTable,
  groups,
  hashPassword,
  insertFlightSeats,
  insertFlights,
  insertSequence,
  newReservationRecord,
  planBooking,
  type ReservationRecord,
  rates,
  reservationInvoices,
  reservationPassengers,
  reservationPayments,
  reservationSnapshots,
  reservations,
  tickets,
  timetableSeats,
  toReservation,
  users,
} from '@flybook/api/testing';
import {
  airportInstant,
  balanceAfter,
  defaultPaymentDeadline,
  invoiceStatusOf,
  officeDayOf,
  RECORD_LOCATOR_ALPHABET,
  RECORD_LOCATOR_LENGTH,
  sequenceSchedule,
} from '@flybook/domain';
import type { AgeType, BalanceLogTypeCode } from '@flybook/schemas';
import { and, eq, getTableColumns, getTableName, gt, lt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';

export interface VolumeOptions {
  /** Reservations in all: the coming season's, then history on departed flights for the rest. */
  reservations: number;
  /**
   * Of them, on the coming 60 days' flights (default: all up to SEASON_RESERVATIONS). The rest are
   * history: booked and flown on departed flights of the days before today, as far back as they need.
   */
  seasonReservations?: number;
  /** Balance-log records in all: the reservations' payments plus deposits, cashbacks and settlements. */
  balanceLogRecords: number;
  agents?: number;
  customers?: number;
  /** Add the bench's daily routes to the demo timetable (off in the small unit test). */
  denseTimetable?: boolean;
  now?: Date;
  log?: (line: string) => void;
}

export interface VolumeResult {
  days: number;
  /** Days of departed flights before today that hold the history (0 without history). */
  historyDays: number;
  flights: number;
  /** Of them departed, with the history. */
  historyFlights: number;
  reservations: number;
  historyReservations: number;
  passengers: number;
  tickets: number;
  seats: number;
  balanceLogRecords: number;
  payments: number;
  agents: number;
  customers: number;
  /** Seconds per phase and in all. */
  seconds: Record<'timetable' | 'users' | 'reservations' | 'ledger' | 'total', number>;
}

/** Days of flights from tomorrow, as the demo timetable. */
export const TIMETABLE_DAYS = 60;
/**
 * The coming season holds today's volume (1×, the issue 13 figures); a larger volume is history,
 * so it grows the way an airline's database does, without a fuller timetable ahead.
 */
export const SEASON_RESERVATIONS = 20_000;
/** Bookings stop filling a flight at this share of its free-sale seats, so searches still find room. */
const FILL_LIMIT = 0.85;
/** A departed flight flew with a share of its seats between these (random per flight). */
const HISTORY_FILL = [0.6, 0.85] as const;
/** Seats a reservation takes on average: two people (infants on a lap), 1.45 legs (docs/bench). */
const SEATS_PER_RESERVATION = 2.8;
/** Rows per INSERT statement (one JSON parameter each). */
const BATCH_ROWS = 5_000;
/** Reservations computed before their rows are written, so 200,000 never sit in memory at once. */
const FLUSH_EVERY = 5_000;

/** Daily routes the bench adds to the demo's twelve flights a week: a charter's busy season. */
const BENCH_ROUTES = [
  {
    number: 110,
    company: 'FB',
    from: 'ZRH',
    to: 'PRN',
    departs: '10:40',
    minutes: 135,
    template: 'Airbus A320',
  },
  {
    number: 210,
    company: 'FB',
    from: 'ZRH',
    to: 'SKP',
    departs: '12:15',
    minutes: 125,
    template: 'Boeing 737',
  },
  {
    number: 130,
    company: 'FB',
    from: 'BSL',
    to: 'PRN',
    departs: '14:20',
    minutes: 130,
    template: 'Airbus A320',
  },
  {
    number: 350,
    company: 'AQ',
    from: 'GVA',
    to: 'PRN',
    departs: '16:05',
    minutes: 140,
    template: 'Boeing 737',
  },
  {
    number: 410,
    company: 'FB',
    from: 'ZRH',
    to: 'TIA',
    departs: '17:30',
    minutes: 130,
    template: 'Airbus A320',
  },
] as const;

const FIRST_NAMES = ['Arben', 'Drita', 'Luca', 'Elena', 'Besnik', 'Sara', 'Jonas', 'Vjosa', 'Marko', 'Ana'];
const LAST_NAMES = ['Berisha', 'Krasniqi', 'Meier', 'Gashi', 'Müller', 'Hoxha', 'Rossi', 'Shala', 'Dimitrov'];

/** A small seeded generator (mulberry32): the same volume on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Inserts rows in batches, each one JSON parameter that PostgreSQL unpacks into the table's row
 * type (json_populate_recordset): some 5× faster than drizzle's multi-row VALUES, which builds
 * and binds a parameter per cell. The columns are those of the first row; the rest take defaults.
 */
async function insertAll<T extends Record<string, unknown>>(db: Db, table: PgTable, rows: T[]) {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]!).filter((key) => rows[0]![key] !== undefined && key in columns);
  const names = keys.map((key) => columns[key]!.name);
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const name = sql.identifier(getTableName(table));
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const batch = rows
      .slice(i, i + BATCH_ROWS)
      .map((row) => Object.fromEntries(keys.map((key, k) => [names[k], row[key]])));
    await db.execute(
      sql`INSERT INTO ${name} (${list}) SELECT ${list} FROM json_populate_recordset(null::${name}, ${JSON.stringify(batch)}::json)`,
    );
  }
}

/** The next free id of a table, and after the inserts its sequence moved past the ids used. */
async function nextId(db: Db, table: string): Promise<number> {
  const result = await db.execute(sql.raw(`SELECT coalesce(max(id), 0)::int AS id FROM ${table}`));
  const [row] = (result as unknown as { rows: { id: number }[] }).rows;
  return (row?.id ?? 0) + 1;
}
async function syncSequence(db: Db, table: string) {
  await db.execute(
    sql.raw(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), greatest((SELECT max(id) FROM ${table}), 1))`,
    ),
  );
}

const seconds = (from: number) => Math.round((performance.now() - from) / 100) / 10;

/**
 * Writes the volume on a migrated database seeded with the demo data (seedIfEmpty, demo on).
 * Reservations are booked by the demo manager (staff, billed), by agents (billed, most paid from
 * their account) and by customers (pay later, some by bank transfer); 1 in 20 is cancelled.
 */
export async function seedVolume(db: Db, options: VolumeOptions): Promise<VolumeResult> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const log = options.log ?? (() => undefined);
  const rand = random(13);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;

  // ---- timetable ----
  let phase = performance.now();
  const seasonCount = Math.min(options.reservations, options.seasonReservations ?? SEASON_RESERVATIONS);
  const historyCount = options.reservations - seasonCount;
  const tomorrow = officeDayOf(new Date(now.getTime() + 86_400_000));
  if (options.denseTimetable !== false)
    await addBenchFlights(db, {
      firstDate: tomorrow,
      lastDate: officeDayOf(new Date(now.getTime() + TIMETABLE_DAYS * 86_400_000)),
      status: 'created',
    });
  const historyDays = historyCount > 0 ? await historyDaysFor(db, historyCount) : 0;
  if (historyDays > 0)
    await addBenchFlights(db, {
      firstDate: officeDayOf(new Date(now.getTime() - historyDays * 86_400_000)),
      lastDate: officeDayOf(new Date(now.getTime() - 86_400_000)),
      status: 'departed',
    });
  const timetableSeconds = seconds(phase);

  // ---- agents and customers, each with an account ----
  phase = performance.now();
  const agentCount = options.agents ?? 40;
  const customerCount = options.customers ?? 2000;
  const people = await addPeople(db, agentCount, customerCount);
  const [manager] = await db.select().from(users).where(sql`${users.email} = 'manager@flybook.test'`);
  if (!manager) throw new Error('the demo manager is missing: seed the demo data first');
  const usersSeconds = seconds(phase);

  // ---- reservations ----
  phase = performance.now();
  const flights = await loadFlights(db, now, 'season');
  if (flights.length === 0) throw new Error('the timetable has no flights ahead');
  const past = historyDays > 0 ? await loadFlights(db, now, 'history') : [];
  for (const flight of past) {
    const [low, high] = HISTORY_FILL;
    flight.capacity = Math.floor((flight.capacity / FILL_LIMIT) * (low + rand() * (high - low)));
  }
  const byId = new Map([...flights, ...past].map((flight) => [flight.id, flight]));
  const pastDays = groupByDay(past);
  const fill = (flight: BenchFlight) => (flight.capacity - flight.taken) / flight.capacity;
  /** Of these flights, the one with the largest share of its seats still free that takes `need` more. */
  const emptiestOf = (candidates: readonly BenchFlight[], need: number) => {
    let best: BenchFlight | undefined;
    for (const flight of candidates) {
      if (flight.capacity - flight.taken < need) continue;
      if (!best || fill(flight) > fill(best)) best = flight;
    }
    return best;
  };
  /**
   * A history booking flew on a random past day, on that day's emptiest flight; a full day passes
   * it to the nearest day with room.
   */
  const pastFlight = (need: number) => {
    const day = Math.floor(rand() * pastDays.length);
    for (let step = 0; step < pastDays.length; step += 1)
      for (const index of [day + step, day - step]) {
        const found = pastDays[index] && emptiestOf(pastDays[index], need);
        if (found) return found;
      }
    return undefined;
  };

  // One plan per itinerary and tariff, for a party of one of each age type: the per-passenger
  // costs of planBooking (the API's own pricing) are those of any party on that itinerary.
  const plans = new Map<string, Awaited<ReturnType<typeof planBooking>>>();
  const AGES: AgeType[] = ['adult', 'child', 'infant'];
  const costOf = async (flightIds: number[], tariffId: number) => {
    const key = `${flightIds.join('-')}:${tariffId}`;
    let plan = plans.get(key);
    if (!plan) {
      plan = await planBooking(
        db,
        {
          bookedFlights: flightIds.map((id) => ({ flight: { id }, tariff: { id: tariffId } })),
          passengers: AGES.map((ageType) => ({ ageType })),
          passengersOptions: [],
          passengersSeats: [],
        },
        // Departed flights price as when they were booked (a change keeps them the same way).
        { channel: 'staff', keptFlightIds: new Set(flightIds) },
      );
      plans.set(key, plan);
    }
    return plan;
  };

  const ids = {
    reservation: await nextId(db, 'reservations'),
    invoice: await nextId(db, 'reservation_invoices'),
    passenger: await nextId(db, 'reservation_passengers'),
    ticket: await nextId(db, 'tickets'),
    snapshot: await nextId(db, 'reservation_snapshots'),
    payment: await nextId(db, 'reservation_payments'),
  };
  const birthday = (years: number, days: number) =>
    new Date(now.getTime() - (years * 365.25 + days) * 86_400_000).toISOString().slice(0, 10);

  const reservationRows: (typeof reservations.$inferSelect)[] = [];
  const invoiceRows: (typeof reservationInvoices.$inferSelect)[] = [];
  const passengerRows: (typeof reservationPassengers.$inferSelect)[] = [];
  const ticketRows: (typeof tickets.$inferSelect)[] = [];
  const snapshotRows: (typeof reservationSnapshots.$inferInsert)[] = [];
  const logRows: (typeof entityLog.$inferInsert)[] = [];
  const paymentsDue: PaymentDue[] = [];
  const written = { reservations: 0, passengers: 0, tickets: 0 };
  let seats = 0;
  /** Writes the rows computed so far and forgets them. */
  const flush = async () => {
    await insertAll(db, reservations, reservationRows);
    await insertAll(db, reservationInvoices, invoiceRows);
    await insertAll(db, reservationPassengers, passengerRows);
    await insertAll(db, tickets, ticketRows);
    await insertAll(db, reservationSnapshots, snapshotRows);
    await insertAll(db, entityLog, logRows);
    written.reservations += reservationRows.length;
    written.passengers += passengerRows.length;
    written.tickets += ticketRows.length;
    for (const rows of [reservationRows, invoiceRows, passengerRows, ticketRows, snapshotRows, logRows])
      rows.length = 0;
  };
  const firstReservationId = ids.reservation;

  // The season first (as before history existed), then the history.
  for (let n = 0; n < options.reservations; n += 1) {
    const history = n >= seasonCount;
    // Who books: staff half the time, agents a third, customers the rest.
    const roll = rand();
    const channel = roll < 0.5 ? 'staff' : roll < 0.83 ? 'agent' : 'customer';
    const person =
      channel === 'agent' ? pick(people.agents) : channel === 'customer' ? pick(people.customers) : null;
    const ageTypes: AgeType[] = pick([
      ['adult'],
      ['adult'],
      ['adult', 'adult'],
      ['adult', 'adult'],
      ['adult', 'adult', 'child'],
      ['adult', 'infant'],
      ['adult', 'adult', 'child', 'child'],
    ]);
    const need = ageTypes.filter((age) => age !== 'infant').length;
    const outbound = history ? pastFlight(need) : emptiestOf(flights, need);
    if (!outbound)
      throw new Error(`the ${history ? 'history' : 'timetable'} is full after ${n} reservations`);
    const back = outbound.returnId !== null && rand() < 0.45 ? byId.get(outbound.returnId) : undefined;
    const legs = back && back.capacity - back.taken >= need ? [outbound, back] : [outbound];
    const cancelled = rand() < 0.05;
    if (!cancelled) for (const leg of legs) leg.taken += need;
    const tariffId = rand() < 0.7 ? 1 : 2;
    const plan = await costOf(
      legs.map((leg) => leg.id),
      tariffId,
    );

    // Booked some time in the last 60 days, and before departure; history 1–60 days before it.
    const createdAt = history
      ? new Date(outbound.departure.getTime() - (1 + rand() * 59) * 86_400_000)
      : new Date(
          Math.min(
            now.getTime() - rand() * TIMETABLE_DAYS * 86_400_000,
            outbound.departure.getTime() - 86_400_000,
          ),
        );
    const id = ids.reservation++;
    const lastName = `${pick(LAST_NAMES)}-${n}`;
    const firstName = pick(FIRST_NAMES);
    const terms = channel === 'customer' ? 'later' : 'bill';
    const reservation: typeof reservations.$inferSelect = {
      id,
      recordLocator: benchRecordLocator(id),
      status: cancelled ? 'cancelled' : 'reserved',
      guestKeyHash: null,
      splitFromId: null,
      ownerId: person?.userId ?? null,
      reservatorId: person?.userId ?? manager.id,
      billing: {
        salutation: rand() < 0.5 ? 'mr' : 'mrs',
        firstName,
        lastName,
        email: `${firstName}.${lastName}@example.test`.toLowerCase(),
        street: 'Langstrasse 10',
        zip: '8004',
        city: 'Zürich',
        country: 'CH',
        birthday: birthday(40, n % 300),
        phoneMobile: '+41 79 555 12 12',
      },
      language: pick(['de', 'de', 'sq', 'en', 'fr'] as const),
      comment: '',
      priceNeedsToBeHidden: false,
      expiresAt: null,
      version: cancelled ? 2 : 1,
      createdAt,
      updatedAt: createdAt,
    };
    const passengers = ageTypes.map((ageType, index) => ({
      id: ids.passenger++,
      reservationId: id,
      salutation: index % 2 === 0 ? 'mr' : 'mrs',
      firstName: index === 0 ? firstName : pick(FIRST_NAMES),
      lastName,
      gender: index % 2 === 0 ? ('male' as const) : ('female' as const),
      ageType,
      birthday:
        ageType === 'adult'
          ? birthday(30 + (n % 30), index * 40)
          : ageType === 'child'
            ? birthday(7, index * 40)
            : birthday(1, 20),
    }));
    const issued = passengers.flatMap((passenger) =>
      legs.map((leg, legIndex) => {
        const cost = plan.cost.costForPassengers[AGES.indexOf(passenger.ageType)]!.flightsCosts[legIndex]!;
        return {
          id: ids.ticket++,
          reservationId: id,
          passengerId: passenger.id,
          flightId: leg.id,
          direction: legIndex === 0 ? ('outbound' as const) : ('return' as const),
          tariffId,
          tariffGroupId: plan.flights[legIndex]!.tariffGroupId,
          allotmentId: null,
          seatLabel: null,
          basePrice: cost.base,
          airportFee: cost.airportFee,
          fuelFee: cost.fuelFee,
          seatPrice: cost.seat,
          optionsPrice: 0,
          isActive: !cancelled,
          supersededAt: null,
          isAppeared: null,
          appearingComment: null,
          isNotified: false,
          checkedInAt: null,
          checkInSequence: null,
        };
      }),
    );
    const total = issued.reduce((sum, t) => sum + t.basePrice + t.airportFee + t.fuelFee + t.seatPrice, 0);
    const invoice: typeof reservationInvoices.$inferSelect = {
      id: ids.invoice++,
      reservationId: id,
      status: 'notPaid',
      total,
      computedTotal: total,
      updateFee: 0,
      totalPaid: 0,
      isSpecificPrice: false,
      paymentTerms: terms,
      remindedForDeadline: null,
      reservationCancelled: cancelled,
      paymentDeadline: defaultPaymentDeadline(
        createdAt.toISOString().slice(0, 10),
        outbound.departure.toISOString().slice(0, 10),
      ),
      createdAt,
      updatedAt: createdAt,
    };
    // As the engine builds a new booking's record (its first snapshot), for each version.
    const record = (status: typeof reservation.status, version: number): ReservationRecord =>
      newReservationRecord({
        reservation: { ...reservation, status, version },
        invoice: { ...invoice },
        owner: person ? { id: person.userId, displayName: person.displayName } : null,
        reservator: person
          ? { id: person.userId, displayName: person.displayName }
          : { id: manager.id, displayName: manager.displayName },
        passengers,
        tickets: issued.map((ticket) => ({ ...ticket, isActive: status !== 'cancelled' })),
        options: [],
        plan: { flights: legs.map(({ id, ...flight }) => ({ flightId: id, ...flight })) },
      });
    const versions = cancelled ? (['reserved', 'cancelled'] as const) : (['reserved'] as const);
    for (const [index, status] of versions.entries()) {
      const at = new Date(createdAt.getTime() + index * 3_600_000);
      snapshotRows.push({
        id: ids.snapshot++,
        reservationId: id,
        version: index + 1,
        snapshot: toReservation(record(status, index + 1), false),
        userId: reservation.reservatorId,
        createdAt: at,
      });
      logRows.push({
        userId: reservation.reservatorId,
        entityType: 'reservation',
        entityId: String(id),
        operation: index === 0 ? 'create' : 'update',
        changedFields:
          index === 0 ? ['status', 'passengers', 'flights', 'billing', 'invoice'] : ['status', 'tickets'],
        createdAt: at,
      });
    }
    if (cancelled) {
      // A cancellation without a fee: the invoice becomes 0 (spec 02 §6).
      invoice.total = 0;
      invoice.status = invoiceStatusOf(0, 0);
    } else {
      seats += need * legs.length;
      // Agents pay from their account, the office in cash, customers by transfer; a few only in
      // part. Most bills are paid; of the history's, nearly all.
      if (rand() < (history ? 0.97 : 0.65)) {
        const amount = rand() < 0.06 ? Math.max(100, Math.round(total / 200) * 100) : total;
        const paidAt = new Date(
          Math.min(now.getTime() - 60_000, createdAt.getTime() + rand() * 5 * 86_400_000),
        );
        paymentsDue.push({
          reservationId: id,
          invoice,
          amount,
          method: channel === 'agent' ? 'account' : channel === 'customer' ? 'transfer' : 'cash',
          fromAccountId:
            channel === 'agent'
              ? person!.accountId
              : people.virtual.get(channel === 'customer' ? 'TRANSFER' : 'CASH_ZRH')!.id,
          createdById: channel === 'agent' ? person!.userId : manager.id,
          at: paidAt,
        });
        invoice.totalPaid = amount;
        invoice.status = invoiceStatusOf(total, amount);
        invoice.updatedAt = paidAt;
      }
    }
    reservationRows.push(reservation);
    invoiceRows.push(invoice);
    passengerRows.push(...passengers);
    ticketRows.push(...issued);
    if ((n + 1) % FLUSH_EVERY === 0) {
      await flush();
      log(`  ${n + 1}/${options.reservations} reservations written`);
    }
  }
  await flush();
  // The free-sale counters take what the active tickets hold (economy, no allotment).
  await db.execute(sql`
    UPDATE flight_seats s SET booked = s.booked + x.seats
      FROM (SELECT t.flight_id, t.tariff_group_id, count(*)::int AS seats
              FROM tickets t JOIN reservation_passengers p ON p.id = t.passenger_id
             WHERE t.is_active AND p.age_type <> 'infant' AND t.allotment_id IS NULL
               AND t.reservation_id >= ${firstReservationId}
             GROUP BY 1, 2) x
     WHERE s.flight_id = x.flight_id AND s.tariff_group_id = x.tariff_group_id`);
  const reservationsSeconds = seconds(phase);

  // ---- ledger ----
  phase = performance.now();
  const records = await writeLedger(db, {
    total: options.balanceLogRecords,
    payments: paymentsDue,
    firstPaymentId: ids.payment,
    people,
    managerId: manager.id,
    now,
    days: TIMETABLE_DAYS + historyDays,
    rand,
  });
  for (const table of [
    'reservations',
    'reservation_invoices',
    'reservation_passengers',
    'tickets',
    'reservation_snapshots',
    'reservation_payments',
    'balance_log_records',
    'entity_log',
  ])
    await syncSequence(db, table);
  // What autovacuum leaves a database that grew over years: statistics for the planner, and the
  // visibility map that lets counts read an index alone (bulk inserts leave neither behind).
  await db.execute(sql`VACUUM ANALYZE`);
  const ledgerSeconds = seconds(phase);

  return {
    days: TIMETABLE_DAYS,
    historyDays,
    flights: flights.length + past.length,
    historyFlights: past.length,
    reservations: written.reservations,
    historyReservations: historyCount,
    passengers: written.passengers,
    tickets: written.tickets,
    seats,
    balanceLogRecords: records,
    payments: paymentsDue.length,
    agents: people.agents.length,
    customers: people.customers.length,
    seconds: {
      timetable: timetableSeconds,
      users: usersSeconds,
      reservations: reservationsSeconds,
      ledger: ledgerSeconds,
      total: seconds(started),
    },
  };
}

interface BenchFlight {
  id: number;
  number: string;
  departure: Date;
  arrival: Date;
  status: (typeof flightsTable.$inferSelect)['status'];
  origin: { code: string; timezone: string };
  destination: { code: string; timezone: string };
  /** The same day's flight back, for return bookings. */
  returnId: number | null;
  /** Economy seats the volume may fill, and those already taken. */
  capacity: number;
  taken: number;
}

const originAirport = alias(airports, 'origin');
const destinationAirport = alias(airports, 'destination');

/**
 * The season's flights (from tomorrow on) or the history's (departed before now) with their economy
 * seats, and each one's return leg the same day.
 */
async function loadFlights(db: Db, now: Date, which: 'season' | 'history'): Promise<BenchFlight[]> {
  const rows = await db
    .select({
      flight: flightsTable,
      origin: { code: originAirport.code, timezone: originAirport.timezone },
      destination: { code: destinationAirport.code, timezone: destinationAirport.timezone },
      seats: flightSeats,
    })
    .from(flightsTable)
    .innerJoin(originAirport, eq(originAirport.id, flightsTable.originAirportId))
    .innerJoin(destinationAirport, eq(destinationAirport.id, flightsTable.destinationAirportId))
    .innerJoin(flightSeats, and(eq(flightSeats.flightId, flightsTable.id), eq(flightSeats.tariffGroupId, 1)))
    .where(
      which === 'season'
        ? gt(flightsTable.departure, new Date(now.getTime() + 86_400_000))
        : and(eq(flightsTable.status, 'departed'), lt(flightsTable.departure, now)),
    )
    .orderBy(flightsTable.departure, flightsTable.id);
  // Each route's flights in departure order, to find a flight's way back without scanning them all.
  const byRoute = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) {
    const key = `${row.origin.code}-${row.destination.code}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), row]);
  }
  const backLeg = (row: (typeof rows)[number]) =>
    byRoute
      .get(`${row.destination.code}-${row.origin.code}`)
      ?.find(
        (other) =>
          other.flight.departure > row.flight.arrival &&
          other.flight.departure.getTime() < row.flight.arrival.getTime() + 12 * 3_600_000,
      )?.flight.id ?? null;
  return rows.map((row) => ({
    id: row.flight.id,
    number: row.flight.number,
    departure: row.flight.departure,
    arrival: row.flight.arrival,
    status: row.flight.status,
    origin: row.origin,
    destination: row.destination,
    returnId: backLeg(row),
    capacity: Math.floor((row.seats.totalSeats - row.seats.allotted) * FILL_LIMIT),
    taken: row.seats.booked,
  }));
}

/** Flights by their UTC day, oldest day first. */
function groupByDay(flights: BenchFlight[]): BenchFlight[][] {
  const days = new Map<string, BenchFlight[]>();
  for (const flight of flights) {
    const day = flight.departure.toISOString().slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), flight]);
  }
  return [...days.keys()].sort().map((day) => days.get(day)!);
}

/**
 * Days of departed flights the history needs: its seats (SEATS_PER_RESERVATION each) over what the
 * bench's daily routes fly a day at the middle of HISTORY_FILL, and a tenth more so no day runs full.
 */
async function historyDaysFor(db: Db, reservationCount: number): Promise<number> {
  const templates = await db.select().from(aircraftTemplates);
  let seatsADay = 0;
  for (const route of BENCH_ROUTES) {
    const template = templates.find((row) => row.label.startsWith(route.template));
    if (!template) throw new Error(`the demo catalogue lacks ${route.template}`);
    const economy = timetableSeats(template.sections).find((row) => row.tariffGroupId === 1);
    // Out and back.
    seatsADay += 2 * (economy?.totalSeats ?? 0);
  }
  const flown = seatsADay * ((HISTORY_FILL[0] + HISTORY_FILL[1]) / 2);
  return Math.ceil(((reservationCount * SEATS_PER_RESERVATION) / flown) * 1.1);
}

/** The bench's daily routes over these days (office calendar), out and back, with seats from the aircraft. */
async function addBenchFlights(
  db: Db,
  days: { firstDate: string; lastDate: string; status: 'created' | 'departed' },
) {
  const { firstDate, lastDate, status } = days;
  await db.transaction(async (tx) => {
    const companies = new Map((await tx.select().from(flightCompanies)).map((row) => [row.code, row.id]));
    const templates = await tx.select().from(aircraftTemplates);
    const [rate] = await tx.select().from(rates).where(sql`${rates.name} = 'Balkan winter'`);
    const places = new Map((await tx.select().from(airports)).map((row) => [row.code, row]));
    const everyDay = [1, 2, 3, 4, 5, 6, 7];
    for (const route of BENCH_ROUTES) {
      const template = templates.find((row) => row.label.startsWith(route.template));
      if (!template || !rate) throw new Error(`the demo catalogue lacks ${route.template} or its rate`);
      const seats = timetableSeats(template.sections);
      const out = airportInstant(firstDate, route.departs, places.get(route.from)!.timezone);
      const legs = [
        { leg: 0, from: route.from, to: route.to, departs: out },
        {
          leg: 1,
          from: route.to,
          to: route.from,
          departs: new Date(out.getTime() + (route.minutes + 75) * 60_000),
        },
      ];
      for (const { leg, from, to, departs } of legs) {
        const schedule = sequenceSchedule(
          { firstDate, lastDate, period: 1, weekdays: everyDay },
          {
            departure: departs,
            arrival: new Date(departs.getTime() + route.minutes * 60_000),
            originTimezone: places.get(from)!.timezone,
          },
        );
        const sequence = await insertSequence(tx, {
          firstDate,
          lastDate,
          period: 1,
          weekdays: everyDay,
        });
        const rows = await insertFlights(
          tx,
          schedule.map(({ departure, arrival }) => ({
            number: `${route.company}${route.number + leg}`,
            flightCompanyId: companies.get(route.company)!,
            originAirportId: places.get(from)!.id,
            destinationAirportId: places.get(to)!.id,
            departure,
            arrival,
            status,
            aircraftTemplateId: template.id,
            sections: template.sections,
            rateId: rate.id,
            sequenceId: sequence!.id,
          })),
        );
        await insertFlightSeats(
          tx,
          rows.map((row) => row.id),
          seats,
        );
      }
    }
  });
}

interface Person {
  userId: number;
  accountId: number;
  displayName: string;
}
interface People {
  agents: Person[];
  customers: Person[];
  /** Virtual accounts by code. */
  virtual: Map<string, { id: number; name: string; type: string }>;
  /** Every account's type and balance before the bench's records. */
  accounts: Map<
    number,
    { type: 'asset' | 'expense' | 'revenue' | 'liability'; balance: number; name: string }
  >;
}

/** Agents and customers with their accounts, one password hash for all (hashing each takes ~50 ms). */
async function addPeople(db: Db, agentCount: number, customerCount: number): Promise<People> {
  const passwordHash = await hashPassword('flybook-bench');
  const groupIds = new Map((await db.select().from(groups)).map((row) => [row.code, row.id]));
  const firstUser = await nextId(db, 'users');
  const rows = Array.from({ length: agentCount + customerCount }, (_, i) => {
    const agent = i < agentCount;
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const lastName = `${LAST_NAMES[i % LAST_NAMES.length]!}-${i}`;
    return {
      id: firstUser + i,
      email: `${agent ? 'agent' : 'customer'}.${i}@bench.test`,
      type: agent ? ('agent' as const) : ('customer' as const),
      displayName: agent ? `Reisebüro ${lastName}` : `${firstName} ${lastName}`,
      firstName,
      lastName,
      company: agent ? `Reisebüro ${lastName}` : null,
      groupId: groupIds.get(agent ? 'agent' : 'customer') ?? null,
      marginType: agent ? ('percent' as const) : null,
      passwordHash,
    };
  });
  await insertAll(db, users, rows);
  await syncSequence(db, 'users');
  const firstAccount = await nextId(db, 'accounts');
  await insertAll(
    db,
    accounts,
    rows.map((row, i) => ({ id: firstAccount + i, type: 'liability' as const, ownerUserId: row.id })),
  );
  await syncSequence(db, 'accounts');

  const owners = alias(users, 'owner');
  const accountRows = await db
    .select({ account: accounts, ownerName: owners.displayName })
    .from(accounts)
    .leftJoin(owners, eq(owners.id, accounts.ownerUserId));
  const people: People = { agents: [], customers: [], virtual: new Map(), accounts: new Map() };
  for (const { account, ownerName } of accountRows) {
    const name = ownerName ?? account.name ?? account.virtualCode ?? String(account.id);
    people.accounts.set(account.id, { type: account.type, balance: account.balance, name });
    if (account.virtualCode)
      people.virtual.set(account.virtualCode, { id: account.id, name, type: account.type });
  }
  rows.forEach((row, i) => {
    const person = { userId: row.id, accountId: firstAccount + i, displayName: row.displayName };
    (row.type === 'agent' ? people.agents : people.customers).push(person);
  });
  return people;
}

interface PaymentDue {
  reservationId: number;
  invoice: { id: number };
  amount: number;
  method: 'account' | 'cash' | 'transfer';
  fromAccountId: number;
  createdById: number;
  at: Date;
}

/**
 * The balance log: the reservations' payments (to ticket revenue) and, up to `total`, prepaid
 * deposits, cashbacks and settlements of agents and customers, in time order, each record with
 * both accounts' balances after it; the accounts end with the balance their records add up to.
 */
async function writeLedger(
  db: Db,
  input: {
    total: number;
    payments: PaymentDue[];
    firstPaymentId: number;
    people: People;
    managerId: number;
    now: Date;
    /** Days back the deposits, cashbacks and settlements spread over: the season's and the history's. */
    days: number;
    rand: () => number;
  },
): Promise<number> {
  const { people, rand, now } = input;
  const account = (code: string) => people.virtual.get(code)!.id;
  const revenue = account('REVENUE_TICKETS');
  const desks = ['CASH_ZRH', 'CASH_PRN', 'CASH_SKP', 'BANK_EC', 'TRANSFER'].map(account);
  const holders = [...people.agents, ...people.customers];

  type Movement = {
    debit: number;
    credit: number;
    amount: number;
    type: BalanceLogTypeCode;
    description: string;
    reservationId: number | null;
    createdById: number;
    at: Date;
    payment?: PaymentDue;
  };
  const movements: Movement[] = input.payments.map((payment) => ({
    debit: payment.fromAccountId,
    credit: revenue,
    amount: payment.amount,
    type: 'payment',
    description: payment.method,
    reservationId: payment.reservationId,
    createdById: payment.createdById,
    at: payment.at,
    payment,
  }));
  const free = Math.max(0, input.total - movements.length);
  for (let i = 0; i < free; i += 1) {
    const holder =
      i % 3 === 0 ? people.agents[i % people.agents.length]! : holders[Math.floor(rand() * holders.length)]!;
    const desk = desks[Math.floor(rand() * desks.length)]!;
    const roll = rand();
    const amount = Math.round(5 + rand() * 795) * 100;
    const [debit, credit, type]: [number, number, BalanceLogTypeCode] =
      roll < 0.55
        ? [desk, holder.accountId, 'prepaid_deposit']
        : roll < 0.8
          ? [account('EXPENSE_CASHBACK'), holder.accountId, 'cashback']
          : [holder.accountId, desk, 'settlement'];
    movements.push({
      debit,
      credit,
      amount,
      type,
      description: '',
      reservationId: null,
      createdById: input.managerId,
      at: new Date(now.getTime() - 60_000 - rand() * input.days * 86_400_000),
    });
  }
  movements.sort((a, b) => a.at.getTime() - b.at.getTime());

  let recordId = await nextId(db, 'balance_log_records');
  let paymentId = input.firstPaymentId;
  const recordRows: (typeof balanceLogRecords.$inferInsert)[] = [];
  const paymentRows: (typeof reservationPayments.$inferInsert)[] = [];
  const logRows: (typeof entityLog.$inferInsert)[] = [];
  const balances = new Map([...people.accounts].map(([id, a]) => [id, a.balance]));
  for (const move of movements) {
    const debit = people.accounts.get(move.debit)!;
    const credit = people.accounts.get(move.credit)!;
    const debitBalance = balanceAfter(debit.type, balances.get(move.debit)!, 'debit', move.amount);
    const creditBalance = balanceAfter(credit.type, balances.get(move.credit)!, 'credit', move.amount);
    balances.set(move.debit, debitBalance);
    balances.set(move.credit, creditBalance);
    const id = recordId++;
    recordRows.push({
      id,
      debitAccountId: move.debit,
      creditAccountId: move.credit,
      amount: move.amount,
      debitAccountBalance: debitBalance,
      creditAccountBalance: creditBalance,
      typeId: balanceLogTypeId(move.type),
      title: move.payment ? `Reservation ${move.reservationId}` : `${debit.name} → ${credit.name}`,
      description: move.description,
      reservationId: move.reservationId,
      createdById: move.createdById,
      createdAt: move.at,
    });
    if (move.payment) {
      paymentRows.push({
        id: paymentId++,
        invoiceId: move.payment.invoice.id,
        amount: move.amount,
        method: move.payment.method,
        accountId: move.payment.fromAccountId,
        balanceLogRecordId: id,
        cardTransactionId: null,
        createdById: move.createdById,
        createdAt: move.at,
      });
    } else {
      logRows.push({
        userId: move.createdById,
        entityType: 'balanceLogRecord',
        entityId: String(id),
        operation: 'create',
        changedFields: ['debitAccountId', 'creditAccountId', 'amount', 'typeId', 'description'],
        createdAt: move.at,
      });
    }
  }
  await insertAll(db, balanceLogRecords, recordRows);
  await insertAll(db, reservationPayments, paymentRows);
  await insertAll(db, entityLog, logRows);
  const changed = [...balances].filter(([id, balance]) => people.accounts.get(id)!.balance !== balance);
  for (let i = 0; i < changed.length; i += 1000) {
    const slice = changed.slice(i, i + 1000);
    await db.execute(sql`
      UPDATE accounts a SET balance = v.balance
        FROM (SELECT unnest(${`{${slice.map(([id]) => id).join(',')}}`}::int[]) AS id,
                     unnest(${`{${slice.map(([, b]) => b).join(',')}}`}::bigint[]) AS balance) v
       WHERE a.id = v.id`);
  }
  return recordRows.length;
}

/**
 * A unique locator per id without asking the database: an odd multiplier is a bijection modulo
 * 2^30, and 30 bits are six symbols of the 32-symbol alphabet.
 */
function benchRecordLocator(id: number): string {
  let code = Number((BigInt(id) * 0x2f0a3b1dn) % (1n << 30n));
  let locator = '';
  for (let i = 0; i < RECORD_LOCATOR_LENGTH; i++) {
    locator += RECORD_LOCATOR_ALPHABET[code % 32];
    code = Math.floor(code / 32);
  }
  return locator;
}
