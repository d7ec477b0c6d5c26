import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityLog, flights, openBillCounts, reservations } from '../db/schema/index.ts';
import { createFlightOperationsService } from '../modules/flights/flight-operations.service.ts';
import { createReservationListsService } from '../modules/reservations/reservation-lists.service.ts';
import { createReservationsService } from '../modules/reservations/reservations.service.ts';
import { checkDatabase } from '../ops/consistency-checks.ts';
import { adult, booking } from '../test/bookings.ts';
import { catalogueIds, flightMaker } from '../test/flights.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { runPeriodically } from './periodic.ts';

// Every instance behind the load balancer runs the same jobs on the same database at the same
// moments. On PostgreSQL (FLYBOOK_TEST_DB=postgres) the runs below really overlap, each on its own
// connection; on PGlite they queue on its one connection.
let t: TestApp;
let makeFlight: ReturnType<typeof flightMaker>;
beforeAll(async () => {
  t = await createTestApp();
  const manager = await t.login('manager');
  makeFlight = flightMaker(t, manager, await catalogueIds(t, manager), 7600);
});
afterAll(() => t.close());

describe('background jobs on several instances at once', () => {
  it('releases each unpaid card booking once when three instances expire them together', async () => {
    const flightId = await makeFlight({ departure: '2031-07-01T05:30:00Z', arrival: '2031-07-01T07:45:00Z' });
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        t.api('POST', 'reservation', undefined, booking(flightId, { passengers: [adult(`Exp${index}`)] })),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual(Array(12).fill(201));
    const later = new Date(Date.now() + 24 * 3600_000);
    const instances = [1, 2, 3].map(() => createReservationsService(t.database.db));
    const released = await Promise.all(instances.map((instance) => instance.expireUnpaid(later, 5)));
    const again = await Promise.all(instances.map((instance) => instance.expireUnpaid(later, 5)));
    expect([...released, ...again].reduce((sum, n) => sum + n, 0)).toBe(12);

    const rows = await t.database.db.select().from(reservations);
    const ours = rows.filter((row) => created.some((answer) => answer.body.id === row.id));
    expect(ours.map((row) => row.status)).toEqual(Array(12).fill('cancelled'));
    const flight = await t.api('GET', `flight/${flightId}`, await t.login('manager'));
    const economy = flight.body.seatsByTariff.find(
      (s: { tariffGroup: { id: number } }) => s.tariffGroup.id === 1,
    );
    expect(economy.booked).toBe(0);
  });

  it('closes each due flight once, with one log entry, when two instances run the closer together', async () => {
    const before = await t.database.db
      .select({ id: flights.id })
      .from(flights)
      .where(eq(flights.status, 'created'));
    const at = new Date('2040-01-01T00:00:00Z');
    const closed = await Promise.all(
      [1, 2].map(() => createFlightOperationsService(t.database.db).closeDueFlights(at)),
    );
    expect(closed[0]! + closed[1]!).toBe(before.length);
    const logged = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(entityLog)
      .where(
        and(
          eq(entityLog.entityType, 'flight'),
          sql`${entityLog.changedFields} = ARRAY['status']`,
          sql`${entityLog.userId} IS NULL`,
        ),
      );
    expect(logged[0]?.n).toBe(before.length);
  });

  it('folds the open-bill counts without losing a bill when three instances fold while bills are booked', async () => {
    const manager = await t.login('manager');
    const overviewTotal = async () => {
      const answer = await t.api('GET', 'reservation/invoice/list?pageSize=1', manager);
      expect(answer.status).toBe(200);
      return answer.body.total as number;
    };
    const flightId = await makeFlight({ departure: '2031-07-03T05:30:00Z', arrival: '2031-07-03T07:45:00Z' });
    const bill = (index: number) =>
      t.api(
        'POST',
        'reservation',
        manager,
        booking(flightId, { paymentTerms: 'bill', passengers: [adult(`Bill${index}`)] }),
      );
    await Promise.all([bill(0), bill(1)]);
    const before = await overviewTotal();
    const instances = [1, 2, 3].map(() => createReservationListsService(t.database.db));
    const [, booked] = await Promise.all([
      Promise.all(instances.map((instance) => instance.foldOpenBillCounts())),
      Promise.all([2, 3, 4, 5, 6, 7].map(bill)),
    ]);
    expect(booked.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(await overviewTotal()).toBe(before + 6);
    await Promise.all(instances.map((instance) => instance.foldOpenBillCounts()));
    expect(await overviewTotal()).toBe(before + 6);
    // Folded: one row per kind of bill, and nothing left to fold.
    const kinds = await t.database.db
      .select({ rows: sql<number>`count(*)::int` })
      .from(openBillCounts)
      .groupBy(
        openBillCounts.invoiceStatus,
        openBillCounts.paymentTerms,
        openBillCounts.isCharged,
        openBillCounts.reservationCancelled,
      );
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.every((kind) => kind.rows === 1)).toBe(true);
    // A fold with nothing to fold writes nothing: the same row versions stay.
    const versions = async () =>
      (
        (await t.database.db.execute(
          sql`select ctid::text as version from ${openBillCounts} order by id`,
        )) as unknown as {
          rows: { version: string }[];
        }
      ).rows.map((row) => row.version);
    const rowVersions = await versions();
    expect(await instances[0]!.foldOpenBillCounts()).toBe(0);
    expect(await versions()).toEqual(rowVersions);
    expect((await checkDatabase(t.database.db)).miscountedOpenBills).toBe(0);
  });

  it('never runs a job twice at once in one process, and stopping waits for the run in progress', async () => {
    let running = 0;
    let most = 0;
    let finished = 0;
    let release: () => void = () => undefined;
    const stop = runPeriodically('test job', 5, async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      running -= 1;
      finished += 1;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = stop();
    let done = false;
    void stopped.then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    release();
    await stopped;
    expect(most).toBe(1);
    expect(finished).toBe(1);
  });
});
