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
import { aircraftTemplates, flightCompanies, flightSeats, rates, timetableSeats } from '@flybook/api/testing';
import { FlightBody } from '@flybook/schemas';
import { and, asc, eq, ilike } from 'drizzle-orm';
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

/** The same booking as a guest on the public site: no login, paid by card right after (terms now). */
export const publicBooking = (flightId: number, n: number | string) => ({
  ...oneAdultBooking(flightId, n),
  paymentTerms: 'now',
});

export interface Prepared {
  volume: VolumeResult;
  /** A token of the demo manager, for the load runs that book and list as staff. */
  managerToken: string;
  /** A token of the demo administrator, for the entity log. */
  adminToken: string;
  /** A local date (at ZRH) with a ZRH → PRN flight, for the search scenario. */
  searchDate: string;
  /** A flight of the timetable (one adult, economy) for the calculate scenario. */
  calculateFlightId: number;
  /** The Zurich cash desk's account, whose balance log the staff scenario lists. */
  cashDeskAccountId: number;
  hotFlight: { id: number; seatsForSale: number };
  /** A flight of `sellOutSeats` economy seats that the same load books out. */
  sellOutFlight: { id: number; seatsForSale: number };
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
  // The entity log is the administrator's.
  const { token: adminToken } = await auth.login('admin@flybook.test', DEMO_PASSWORD, '127.0.0.1');
  return { manager, managerToken, adminToken };
}

/**
 * Migrates and seeds the bench database, writes the volume (bench/volume.ts) and creates the hot
 * flight with `hotSeats` economy seats.
 */
export async function prepareData(
  bench: BenchDatabase,
  options: Pick<VolumeOptions, 'reservations' | 'balanceLogRecords' | 'customers'> & {
    hotSeats: number;
    /** Seats of the sell-out flight (none: no such flight). */
    sellOutSeats?: number;
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
    const { manager, managerToken, adminToken } = await prepareDemo(database, config);
    log(
      `Writing the volume: ${options.reservations} reservations, ${options.balanceLogRecords} balance-log records…`,
    );
    const volume = await seedVolume(database.db, { ...options, log });
    const hotFlight = await createHotFlight(database.db, manager, options.hotSeats);
    const sellOutFlight = await createHotFlight(database.db, manager, options.sellOutSeats ?? 12, 'FB9997');
    // The ceiling's row: a flight like the hot one whose seats pgbench can take for minutes.
    const ceiling = await createHotFlight(database.db, manager, 12, 'FB9998');
    await bench.query(
      'UPDATE flight_seats SET total_seats = 10000000, seats_for_sale = 10000000 WHERE flight_id = $1',
      [ceiling.id],
    );
    const roomy = await bench.query<{ id: number }>(
      `SELECT f.id FROM flights f JOIN flight_seats s ON s.flight_id = f.id AND s.tariff_group_id = 1
        WHERE f.departure > now() + interval '3 days' AND f.id NOT IN ($1, $2, $3)
        ORDER BY s.total_seats - s.booked - s.allotted DESC, f.id LIMIT 60`,
      [hotFlight.id, ceiling.id, sellOutFlight.id],
    );
    // The bookings spread over these flights must never be refused for want of seats, or their
    // figures mix bookings and refusals (a faster API sold them out within a run): their economy
    // cabins grow by 100,000 seats, all of them for sale online too (the public site sells seven a
    // flight in the demo). The seat guard still runs on every booking; it just never refuses.
    await bench.query(
      `UPDATE flight_seats SET total_seats = total_seats + 100000, seats_for_sale = seats_for_sale + 100000,
              online_seats_limit = seats_for_sale + 100000
        WHERE tariff_group_id = 1 AND flight_id = ANY($1::int[])`,
      [roomy.map((row) => row.id)],
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
      adminToken,
      searchDate: search.day,
      calculateFlightId: search.id,
      cashDeskAccountId: desk.id,
      hotFlight,
      sellOutFlight,
      ceilingFlightId: ceiling.id,
      roomyFlightIds: roomy.map((row) => row.id),
    };
  } finally {
    await database.close();
  }
}

/**
 * The hot flight: one flight, 30 days out, with the demo A320's seat map like every flight of the
 * timetable (a booking costs the same as anywhere else) and `seats` economy seats for sale, so it
 * lasts the whole run: the flight form takes at most 1,000 seats per tariff group, so the body
 * passes the form's schema with the cabin's own count and the inventory is raised after, as an
 * airline's oversized charter block would be. `seats` below the cabin's make a flight to sell out.
 */
export async function createHotFlight(
  db: Db,
  manager: AuthUser,
  seats: number,
  number = 'FB9999',
): Promise<{ id: number; seatsForSale: number }> {
  const [company] = await db.select().from(flightCompanies).where(eq(flightCompanies.code, 'FB'));
  const [template] = await db
    .select()
    .from(aircraftTemplates)
    .where(ilike(aircraftTemplates.label, 'Airbus A320%'));
  const [rate] = await db.select().from(rates).orderBy(asc(rates.id)).limit(1);
  if (!company || !template || !rate) throw new Error('the demo catalogue lacks FB, the A320 or a rate');
  const departure = new Date(Date.now() + 30 * 86_400_000);
  departure.setUTCHours(10, 0, 0, 0);
  const cabin = timetableSeats(template.sections);
  const economy = cabin.find((row) => row.tariffGroupId === 1)?.totalSeats ?? 0;
  const formSeats = Math.min(seats, economy);
  const body = FlightBody.parse({
    flightCompany: { id: company.id },
    number,
    origin: { code: 'GVA' },
    destination: { code: 'SKP' },
    departure: departure.toISOString(),
    arrival: new Date(departure.getTime() + 125 * 60_000).toISOString(),
    aircraftTemplate: { id: template.id },
    sections: template.sections,
    rate: { id: rate.id },
    comment: 'Bench: hot flight',
    // Economy as asked; the other cabins as the timetable sells them.
    seatsByTariff: cabin.map((row) => ({
      tariffGroup: { id: row.tariffGroupId },
      totalSeats: row.tariffGroupId === 1 ? formSeats : row.totalSeats,
      numberOfSeatsToSale: row.tariffGroupId === 1 ? formSeats : row.totalSeats,
      costPerSeat: row.costPerSeat / 100,
      agentSeatsLimit: 0,
    })),
  });
  const flight = await createFlightsService(db).create(manager, body);
  if (seats > formSeats)
    await db
      .update(flightSeats)
      .set({ totalSeats: seats, seatsForSale: seats })
      .where(and(eq(flightSeats.flightId, flight.id), eq(flightSeats.tariffGroupId, 1)));
  return { id: flight.id, seatsForSale: seats };
}
