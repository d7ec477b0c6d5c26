// The bench's data: the demo data, the volume (bench/volume.ts), the hot flight, and what the load
// runs ask for (a staff token, a search day, filters that find rows).

import {
  type AuthUser,
  type Config,
  createAuthService,
  createFlightsService,
  type Database,
  type Db,
  DEMO_PASSWORD,
  loadConfig,
  openDatabase,
  seedIfEmpty,
} from '@flybook/api';
import { FlightBody } from '@flybook/schemas';
import type { BenchDatabase } from './database.ts';
import { seedVolume, type VolumeOptions, type VolumeResult } from './volume.ts';

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

export interface Prepared {
  volume: VolumeResult;
  /** A token of the demo manager, for the load runs that book and list as staff. */
  managerToken: string;
  /** A local date (at ZRH) with a ZRH → PRN flight, for the search scenario. */
  searchDate: string;
  /** A flight of the timetable (one adult, economy) for the calculate scenario. */
  calculateFlightId: number;
  /** The Zurich cash desk's account, whose balance log the staff scenario lists. */
  cashDeskAccountId: number;
  hotFlight: { id: number; seatsForSale: number };
  /** A flight whose economy row pgbench updates (seats raised so it never sells out). */
  ceilingFlightId: number;
  /** Flights with the most free economy seats, for bookings spread over the timetable. */
  roomyFlightIds: number[];
}

/** A migrated database with the demo data and a logged-in demo manager. */
export async function prepareDemo(database: Database, config: Config) {
  await database.migrate();
  await seedIfEmpty(database.db, { demo: true });
  const auth = createAuthService(database.db, config);
  const { token: managerToken } = await auth.login('manager@flybook.test', DEMO_PASSWORD, '127.0.0.1');
  const manager = await auth.authenticate(managerToken);
  if (!manager) throw new Error('the demo manager could not log in');
  return { manager, managerToken };
}

/**
 * Migrates and seeds the bench database, writes the volume (bench/volume.ts) and creates the hot
 * flight with `hotSeats` economy seats.
 */
export async function prepareData(
  bench: BenchDatabase,
  options: Pick<VolumeOptions, 'reservations' | 'balanceLogRecords'> & {
    hotSeats: number;
    log: (line: string) => void;
  },
): Promise<Prepared> {
  const { log } = options;
  const database = await openDatabase({ url: bench.url, dataDir: 'memory://' });
  try {
    log('Migrating and seeding the demo data…');
    const config = {
      ...loadConfig({ NODE_ENV: 'production', FLYBOOK_PAYMENTS_SIM: '1' }),
      databaseUrl: bench.url,
    };
    const { manager, managerToken } = await prepareDemo(database, config);
    log(
      `Writing the volume: ${options.reservations} reservations, ${options.balanceLogRecords} balance-log records…`,
    );
    const volume = await seedVolume(database.db, { ...options, log });
    const hotFlight = await createHotFlight(database.db, manager, options.hotSeats);
    // The ceiling's row: a flight like the hot one whose seats pgbench can take for minutes.
    const ceiling = await createHotFlight(database.db, manager, 12, 'FB9998');
    await bench.query(
      'UPDATE flight_seats SET total_seats = 10000000, seats_for_sale = 10000000 WHERE flight_id = $1',
      [ceiling.id],
    );
    const roomy = await bench.query<{ id: number }>(
      `SELECT f.id FROM flights f JOIN flight_seats s ON s.flight_id = f.id AND s.tariff_group_id = 1
        WHERE f.departure > now() + interval '3 days' AND f.id NOT IN ($1, $2)
        ORDER BY s.total_seats - s.booked - s.allotted DESC, f.id LIMIT 60`,
      [hotFlight.id, ceiling.id],
    );

    const [search] = await bench.query<{ day: string; id: number }>(
      `SELECT to_char(f.departure AT TIME ZONE o.timezone, 'YYYY-MM-DD') AS day, f.id
         FROM flights f
         JOIN airports o ON o.id = f.origin_airport_id
         JOIN airports d ON d.id = f.destination_airport_id
        WHERE o.code = 'ZRH' AND d.code = 'PRN' AND f.departure > now() + interval '7 days'
        ORDER BY f.departure LIMIT 1`,
    );
    if (!search) throw new Error('the demo timetable has no ZRH → PRN flight a week ahead');
    const [desk] = await bench.query<{ id: number }>(
      `SELECT id FROM accounts WHERE virtual_code = 'CASH_ZRH'`,
    );
    if (!desk) throw new Error('the Zurich cash desk account is missing');
    return {
      volume,
      managerToken,
      searchDate: search.day,
      calculateFlightId: search.id,
      cashDeskAccountId: desk.id,
      hotFlight,
      ceilingFlightId: ceiling.id,
      roomyFlightIds: roomy.map((row) => row.id),
    };
  } finally {
    await database.close();
  }
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
export async function createHotFlight(
  db: Db,
  manager: AuthUser,
  seats: number,
  number = 'FB9999',
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
    number,
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
