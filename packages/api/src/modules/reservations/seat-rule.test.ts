import {
  AGE_TYPES,
  type BookingChannel,
  bookableSeats,
  type ChannelInventory,
  takesSeat,
} from '@flybook/domain';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightSeats } from '../../db/schema/index.ts';
import { takesSeatSql } from '../../db/seat-rule.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { listBookableFlights } from '../flights/flights.service.ts';
import { takeSaleSeats } from './reservations.repository.ts';

// The SQL statements of the seat rule (the guarded UPDATE that takes seats, the public search's
// filter) must answer what the domain's bookableSeats answers, on any inventory the checks allow.

let t: TestApp;
let flightId: number;
const FLIGHT_NUMBER = 'FB6101';
/** The test flight's tariff groups (flightBody: economy and business). */
const GROUPS = [1, 3] as const;

beforeAll(async () => {
  t = await createTestApp();
  const token = await t.login('manager');
  const ids = await catalogueIds(t, token);
  flightId = await flightMaker(t, token, ids, 6100)({ number: FLIGHT_NUMBER });
});
afterAll(() => t.close());

/** An inventory the database accepts: seats for sale and everything taken within the total seats. */
const inventory: fc.Arbitrary<ChannelInventory> = fc
  .record({
    totalSeats: fc.integer({ min: 0, max: 24 }),
    forSale: fc.double({ min: 0, max: 1, noNaN: true }),
    booked: fc.double({ min: 0, max: 1, noNaN: true }),
    allotted: fc.double({ min: 0, max: 1, noNaN: true }),
    agentSeatsLimit: fc.integer({ min: 0, max: 12 }),
    onlineSeatsLimit: fc.integer({ min: 0, max: 12 }),
  })
  .map(({ totalSeats, forSale, booked, allotted, agentSeatsLimit, onlineSeatsLimit }) => {
    // Bookings and allotments anywhere up to the total: staff may have booked past the sale quota.
    const bookedSeats = Math.floor(booked * totalSeats);
    return {
      totalSeats,
      seatsForSale: Math.floor(forSale * totalSeats),
      booked: bookedSeats,
      allotted: Math.floor(allotted * (totalSeats - bookedSeats)),
      agentSeatsLimit,
      onlineSeatsLimit,
    };
  });

const channel = fc.constantFrom<BookingChannel>('public', 'agent', 'staff');
/** A party takes one seat or more from sale (the caller never asks for none). */
const seats = fc.integer({ min: 1, max: 14 });

async function store(tariffGroupId: number, counts: ChannelInventory) {
  await t.database.db
    .update(flightSeats)
    .set({
      totalSeats: counts.totalSeats,
      seatsForSale: counts.seatsForSale,
      booked: counts.booked,
      allotted: counts.allotted,
      agentSeatsLimit: counts.agentSeatsLimit,
      onlineSeatsLimit: counts.onlineSeatsLimit,
    })
    .where(and(eq(flightSeats.flightId, flightId), eq(flightSeats.tariffGroupId, tariffGroupId)));
}

async function bookedNow(tariffGroupId: number) {
  const [row] = await t.database.db
    .select({ booked: flightSeats.booked })
    .from(flightSeats)
    .where(and(eq(flightSeats.flightId, flightId), eq(flightSeats.tariffGroupId, tariffGroupId)));
  return row!.booked;
}

describe('the seat rule in SQL', () => {
  it('takes seats from sale (the guarded UPDATE) exactly when the domain lets the channel book them', async () => {
    await fc.assert(
      fc.asyncProperty(inventory, channel, seats, async (counts, through, wanted) => {
        await store(1, counts);
        const taken = await t.database.db.transaction((tx) =>
          takeSaleSeats(tx, flightId, 1, wanted, through),
        );
        expect(taken).toBe(bookableSeats(counts, through) >= wanted);
        // Taken means the seats are booked; refused means nothing changed.
        expect(await bookedNow(1)).toBe(counts.booked + (taken ? wanted : 0));
      }),
      { numRuns: 300 },
    );
  });

  it('lists a flight in the public search exactly when one tariff group can take the party publicly', async () => {
    await fc.assert(
      fc.asyncProperty(inventory, inventory, seats, async (economy, business, party) => {
        await store(GROUPS[0], economy);
        await store(GROUPS[1], business);
        const { items } = await listBookableFlights(
          t.database.db,
          { query: FLIGHT_NUMBER },
          { page: 0, pageSize: 10, sortOrder: 'ASC' },
          { onlyActive: true, publicSeats: party },
        );
        const listed = items.some((row) => row.flight.id === flightId);
        expect(listed).toBe([economy, business].some((counts) => bookableSeats(counts, 'public') >= party));
      }),
      { numRuns: 200 },
    );
  });

  it('counts a seat sold for every age type but infants, as takesSeat does', async () => {
    for (const ageType of AGE_TYPES) {
      const result = await t.database.db.execute(
        sql`select ${takesSeatSql(sql`${ageType}::text`)} as "takesSeat"`,
      );
      const [row] = (result as unknown as { rows: { takesSeat: boolean }[] }).rows;
      expect(row!.takesSeat, ageType).toBe(takesSeat(ageType));
    }
  });
});
