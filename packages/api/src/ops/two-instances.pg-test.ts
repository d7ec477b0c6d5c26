// Two API processes on one PostgreSQL database, as behind a load balancer. PostgreSQL only: the
// vitest config includes this file when FLYBOOK_TEST_DB=postgres (PGlite serves one process).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { DEMO_PASSWORD } from '../seed/seed.ts';
import { billing } from '../test/bookings.ts';
import { flightBody } from '../test/flights.ts';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';
import { checkDatabase, checkHotFlight } from './consistency-checks.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const SEATS = 40;
const ATTEMPTS = 120;

/** A JSON call to one instance; answers status and parsed body. */
async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}/api/v1/${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { 'x-auth-token': token } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe('two API processes on one PostgreSQL database', () => {
  let scratch: ScratchDatabase | null = null;
  let instances: ServerProcess[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase('flybook_two');
    // Both start at once on the empty database: one migrates and seeds, the other waits its turn.
    const env = { DATABASE_URL: scratch.url, FLYBOOK_DEMO: '1', DB_POOL_SIZE: '8' };
    instances = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 240_000);

  afterAll(async () => {
    for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
    await scratch?.drop();
  });

  it('sells the last seats of a hot flight to exactly as many bookings as there are seats', {
    timeout: 180_000,
  }, async () => {
    const [a, b] = instances as [ServerProcess, ServerProcess];
    expect(a.url).not.toBe(b.url);
    for (const instance of instances) expect((await fetch(`${instance.url}/api/ready`)).status).toBe(200);

    // The manager makes the hot flight on one instance.
    const login = await call(a.url, 'POST', 'auth/token', undefined, {
      login: 'manager@flybook.test',
      password: DEMO_PASSWORD,
    });
    const token = login.body.token as string;
    const items = async (path: string) => (await call(b.url, 'GET', path, token)).body.items;
    const companies = await items('flight-company/entire-list');
    const templates = await items('aircraft-template-generic/list');
    const rates = await items('rate/entire-list');
    const ids = {
      companyId: companies.find((company: { code: string }) => company.code === 'FB').id,
      a320Id: templates.find((template: { label: string }) => template.label.startsWith('Airbus A320')).id,
      b737Id: templates.find((template: { label: string }) => template.label.startsWith('Boeing 737')).id,
      rateId: rates[0].id,
    };
    const created = await call(
      a.url,
      'POST',
      'flight',
      token,
      flightBody(ids, {
        number: 'FB7401',
        seatsByTariff: [
          {
            tariffGroup: { id: 1 },
            totalSeats: 168,
            numberOfSeatsToSale: SEATS,
            costPerSeat: 90,
            agentSeatsLimit: SEATS,
          },
        ],
      }),
    );
    expect(created.status).toBe(201);
    const flightId = created.body.id as number;

    // Three times as many public bookings as seats, every other one on each instance, all at once.
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, index) =>
        call(index % 2 === 0 ? a.url : b.url, 'POST', 'reservation', undefined, {
          bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
          passengers: [
            {
              firstName: `Hot${index}`,
              lastName: 'Krasniqi',
              gender: 'female',
              ageType: 'adult',
              birthday: '1988-02-11',
            },
          ],
          billingInformation: billing({
            firstName: `Hot${index}`,
            lastName: 'Krasniqi',
            email: `hot${index}@example.test`,
          }),
        }).then((answer) => ({ ...answer, instance: index % 2 })),
      ),
    );

    const booked = answers.filter((answer) => answer.status === 201);
    expect(booked).toHaveLength(SEATS);
    const refusals = answers.filter((answer) => answer.status !== 201);
    expect(new Set(refusals.map((answer) => `${answer.status} ${answer.body.errors[0].code}`))).toEqual(
      new Set(['422 ERROR_AVAILABLE_SEATS_NOT_ENOUGH']),
    );
    // Both processes answered their half of the race.
    for (const instance of [0, 1])
      expect(answers.filter((answer) => answer.instance === instance)).toHaveLength(ATTEMPTS / 2);

    const database = await openDatabase({ url: scratch!.url, dataDir: 'memory://' });
    try {
      const hot = await checkHotFlight(database.db, flightId);
      expect(hot).toMatchObject({ seatsForSale: SEATS, booked: SEATS, activeTickets: SEATS, oversold: 0 });
      expect(hot.countersMatch).toBe(true);
      // Every flight's counters agree with its tickets, and no aircraft is overfull.
      expect(await checkDatabase(database.db)).toMatchObject({
        mismatchedRows: 0,
        overfullRows: 0,
        misfiledReservations: 0,
        miscountedUsers: 0,
        miscountedOpenBills: 0,
      });
    } finally {
      await database.close();
    }
  });

  it('stops both processes gracefully on SIGTERM', { timeout: 60_000 }, async () => {
    for (const instance of instances) instance.child.kill('SIGTERM');
    expect(await Promise.all(instances.map((instance) => instance.exited))).toEqual([0, 0]);
  });
});
