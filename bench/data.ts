// The bench's volume: the demo timetable plus thousands of reservations booked through the real
// engine, so every counter (flight_seats.booked, tickets, invoices, history) is what bookings write.
import { FlightBody, ReservationBody } from '@flybook/schemas';
import { loadConfig } from '../packages/api/src/config.ts';
import { openDatabase } from '../packages/api/src/db/client.ts';
import { ApiError, ValidationError } from '../packages/api/src/http/api-error.ts';
import type { AuthUser } from '../packages/api/src/http/routes.ts';
import { createAuthService } from '../packages/api/src/modules/auth/auth.service.ts';
import { createFlightsService } from '../packages/api/src/modules/flights/flights.service.ts';
import { createReservationsService } from '../packages/api/src/modules/reservations/reservations.service.ts';
import { DEMO_PASSWORD, seedIfEmpty } from '../packages/api/src/seed/seed.ts';
import type { BenchDatabase } from './database.ts';

/** An engine refusal by its error code (ApiError, or the first item of a ValidationError), else the message. */
function failureCode(error: unknown): string {
  if (error instanceof ApiError) return error.code;
  if (error instanceof ValidationError) return error.items[0]?.code ?? 'ERROR_VALIDATION';
  return error instanceof Error ? error.message : String(error);
}

/** Economy tariffs (group 1) of the demo catalogue the volume books in turn. */
const ECONOMY_TARIFFS = [1, 2];
/** Bookings stop filling a flight at this share of its seats, so searches still find room. */
const FILL_LIMIT = 0.85;
/** Bookings written at once: enough to keep PostgreSQL busy on two cores without piling up waits. */
const WRITERS = 4;

type Passenger = { ageType: 'adult' | 'child' | 'infant'; birthday: string };
const adult: Passenger = { ageType: 'adult', birthday: '1984-03-12' };
const child: Passenger = { ageType: 'child', birthday: '2017-09-02' };
const infant: Passenger = { ageType: 'infant', birthday: '2025-11-20' };
/** Parties in turn: mostly one or two adults, some families (an infant takes no seat). */
const PARTIES: Passenger[][] = [
  [adult],
  [adult, adult],
  [adult],
  [adult, adult, child],
  [adult, infant],
  [adult],
];
const seatsOf = (party: Passenger[]) => party.filter((p) => p.ageType !== 'infant').length;

/** The billing person of bench booking `n`; every field the engine needs, each booking its own name. */
export const benchBilling = (n: number | string) => ({
  salutation: 'mrs' as const,
  firstName: 'Bench',
  lastName: `Traveller${n}`,
  email: `bench.${n}@example.test`,
  street: 'Langstrasse 10',
  zip: '8004',
  city: 'Zürich',
  country: 'CH',
  birthday: '1984-03-12',
  phoneMobile: '+41 79 555 12 12',
  language: 'de' as const,
});

/** A one-adult staff booking billed later, without a seat label, on one flight. */
export const oneAdultBooking = (flightId: number, n: number | string) => ({
  bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
  passengers: [
    {
      firstName: 'Bench',
      lastName: `Passenger${n}`,
      gender: 'female',
      ageType: 'adult',
      birthday: '1984-03-12',
    },
  ],
  billingInformation: benchBilling(n),
  paymentTerms: 'bill',
});

export interface Volume {
  flights: number;
  reservations: number;
  seats: number;
  failures: Record<string, number>;
  seconds: number;
}

export interface Prepared {
  volume: Volume;
  /** A token of the demo manager, for the load runs that book as staff. */
  managerToken: string;
  /** A local date (at ZRH) with a ZRH → PRN flight, for the search scenario. */
  searchDate: string;
  /** A flight of the timetable (one adult, economy) for the calculate scenario. */
  calculateFlightId: number;
  hotFlight: { id: number; seatsForSale: number };
}

/**
 * Migrates and seeds the bench database, books `count` reservations over the timetable's flights
 * as the demo manager (terms bill), and creates the hot flight with `hotSeats` economy seats.
 */
export async function prepareData(
  bench: BenchDatabase,
  options: { count: number; hotSeats: number; log: (line: string) => void; signal?: AbortSignal },
): Promise<Prepared> {
  const { log } = options;
  const database = await openDatabase({ url: bench.url, dataDir: 'memory://' });
  try {
    log('Migrating and seeding the demo data (60 days of flights)…');
    await database.migrate();
    await seedIfEmpty(database.db, { demo: true });
    const config = { ...loadConfig({ NODE_ENV: 'production' }), databaseUrl: bench.url };
    const auth = createAuthService(database.db, config);
    const { token: managerToken } = await auth.login('manager@flybook.test', DEMO_PASSWORD, '127.0.0.1');
    const manager = await auth.authenticate(managerToken);
    if (!manager) throw new Error('the demo manager could not log in');

    const volume = await bookVolume(bench, database.db, manager, options.count, log, options.signal);
    const hotFlight = await createHotFlight(database.db, manager, options.hotSeats);

    const [search] = await bench.query<{ day: string; id: number }>(
      `SELECT to_char(f.departure AT TIME ZONE o.timezone, 'YYYY-MM-DD') AS day, f.id
         FROM flights f
         JOIN airports o ON o.id = f.origin_airport_id
         JOIN airports d ON d.id = f.destination_airport_id
        WHERE o.code = 'ZRH' AND d.code = 'PRN' AND f.departure > now() + interval '7 days'
        ORDER BY f.departure LIMIT 1`,
    );
    if (!search) throw new Error('the demo timetable has no ZRH → PRN flight a week ahead');
    return {
      volume,
      managerToken,
      searchDate: search.day,
      calculateFlightId: search.id,
      hotFlight,
    };
  } finally {
    await database.close();
  }
}

async function bookVolume(
  bench: BenchDatabase,
  db: Parameters<typeof createReservationsService>[0],
  manager: AuthUser,
  count: number,
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<Volume> {
  const reservations = createReservationsService(db);
  // Economy seats a staff booking may take: up to the aircraft's total, less the agents' blocks.
  const rows = await bench.query<{ id: number; total_seats: number; allotted: number; booked: number }>(
    `SELECT f.id, s.total_seats, s.allotted, s.booked
       FROM flights f JOIN flight_seats s ON s.flight_id = f.id AND s.tariff_group_id = 1
      WHERE f.departure > now() ORDER BY f.departure, f.id`,
  );
  const flights = rows.map((row) => ({
    id: row.id,
    capacity: Math.floor((row.total_seats - row.allotted) * FILL_LIMIT),
    taken: row.booked,
  }));
  if (flights.length === 0) throw new Error('the demo timetable has no flights');
  log(`Booking ${count} reservations over ${flights.length} flights through the reservations service…`);

  const started = performance.now();
  const failures: Record<string, number> = {};
  let next = 0;
  let done = 0;
  let seats = 0;
  // Each booking goes to the flight with the largest share of its seats still free, so the
  // timetable fills evenly (big and small aircraft alike) the way a season's sales would.
  const pick = (need: number) => {
    let best: (typeof flights)[number] | undefined;
    let bestFree = -1;
    for (const flight of flights) {
      const free = (flight.capacity - flight.taken) / flight.capacity;
      if (flight.capacity - flight.taken >= need && free > bestFree) {
        best = flight;
        bestFree = free;
      }
    }
    return best;
  };

  const writer = async () => {
    while (next < count) {
      signal?.throwIfAborted();
      const n = next++;
      const party = PARTIES[n % PARTIES.length]!;
      const flight = pick(seatsOf(party));
      if (!flight) throw new Error(`the timetable is full after ${done} reservations`);
      flight.taken += seatsOf(party);
      const body = ReservationBody.parse({
        bookedFlights: [
          { flight: { id: flight.id }, tariff: { id: ECONOMY_TARIFFS[n % ECONOMY_TARIFFS.length] } },
        ],
        passengers: party.map((passenger, index) => ({
          firstName: `Guest${index + 1}`,
          lastName: `Traveller${n}`,
          gender: index % 2 === 0 ? 'female' : 'male',
          ...passenger,
        })),
        billingInformation: benchBilling(n),
        paymentTerms: 'bill',
      });
      try {
        await reservations.create(manager, body);
        seats += seatsOf(party);
      } catch (error) {
        flight.taken -= seatsOf(party);
        failures[failureCode(error)] = (failures[failureCode(error)] ?? 0) + 1;
      }
      done += 1;
      if (done % 500 === 0) {
        const seconds = (performance.now() - started) / 1000;
        log(`  ${done}/${count} reservations (${(done / seconds).toFixed(0)}/s)`);
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  const failed = Object.values(failures).reduce((sum, n) => sum + n, 0);
  if (failed > count * 0.01)
    throw new Error(`${failed} bookings of the volume failed: ${JSON.stringify(failures)}`);
  return {
    flights: flights.length,
    reservations: count - failed,
    seats,
    failures,
    seconds: (performance.now() - started) / 1000,
  };
}

/** An economy cabin of `seats` seats (a multiple of 12) as seat-map sections of at most 99 rows of 12. */
function bigCabin(seats: number) {
  const columnLabels = 'ABCDEFGHIJKL'.split('');
  const sections = [];
  for (let rowsLeft = seats / columnLabels.length, block = 0; rowsLeft > 0; block += 1) {
    const rows = Math.min(99, rowsLeft);
    rowsLeft -= rows;
    // Row numbers 1–99, 101–199, … keep every seat label unique.
    const rowLabels = Array.from({ length: rows }, (_, i) => String(block * 100 + i + 1));
    sections.push({
      tariffGroup: { id: 1 },
      rowLabels,
      columnLabels,
      seats: rowLabels.map(() => columnLabels.map(() => 0)),
      prices: rowLabels.map(() => columnLabels.map(() => 0)),
      rowsWithExitDoors: [],
    });
  }
  return sections;
}

/**
 * The hot flight: one flight, 30 days out, with `seats` economy seats (a multiple of 12), all for
 * sale. Made through the flights service because the flight form (`POST flight`) takes at most
 * 1,000 seats per tariff group, which 50 connections would book out before a 10 s run ends; the
 * body passes the form's schema with 1,000 seats and is raised to `seats` after.
 */
async function createHotFlight(
  db: Parameters<typeof createFlightsService>[0],
  manager: AuthUser,
  seats: number,
): Promise<{ id: number; seatsForSale: number }> {
  const [company] = await db.query.flightCompanies.findMany({ where: (t, { eq }) => eq(t.code, 'FB') });
  const [template] = await db.query.aircraftTemplates.findMany({
    where: (t, { ilike }) => ilike(t.label, 'Airbus A320%'),
  });
  const [rate] = await db.query.rates.findMany({ limit: 1, orderBy: (t, { asc }) => asc(t.id) });
  if (!company || !template || !rate) throw new Error('the demo catalogue lacks FB, the A320 or a rate');
  const departure = new Date(Date.now() + 30 * 86_400_000);
  departure.setUTCHours(10, 0, 0, 0);
  const body = FlightBody.parse({
    flightCompany: { id: company.id },
    number: 'FB9999',
    origin: { code: 'GVA' },
    destination: { code: 'SKP' },
    departure: departure.toISOString(),
    arrival: new Date(departure.getTime() + 125 * 60_000).toISOString(),
    aircraftTemplate: { id: template.id },
    sections: bigCabin(seats),
    rate: { id: rate.id },
    comment: 'Bench: hot flight',
    seatsByTariff: [
      {
        tariffGroup: { id: 1 },
        totalSeats: 1000,
        numberOfSeatsToSale: 1000,
        costPerSeat: 90,
        agentSeatsLimit: 0,
      },
    ],
  });
  body.seatsByTariff[0] = { ...body.seatsByTariff[0]!, totalSeats: seats, numberOfSeatsToSale: seats };
  const flight = await createFlightsService(db).create(manager, body);
  return { id: flight.id, seatsForSale: seats };
}
