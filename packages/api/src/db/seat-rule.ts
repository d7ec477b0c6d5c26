import type { BookingChannel } from '@flybook/domain';
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { flightSeats } from './schema/index.ts';

/**
 * The domain's seat rule, `bookableSeats(counts, channel) >= seats` (@flybook/domain inventory.ts),
 * as a condition on a `flight_seats` row, for one seat or more. It is written in SQL so that the
 * row's counts are read at the instant the guarded UPDATE takes the seats (concurrent bookings
 * cannot oversell) and so that the public search filters in the database. An agent's own
 * allotments are not part of it: their seats are taken from the allotment, not from sale.
 * seat-rule.test.ts checks it against the domain function on random inventories (docs/booking.md).
 */
export function holdsSaleSeats(channel: BookingChannel, seats: number | Placeholder): SQL {
  const free = sql`${flightSeats.seatsForSale} - ${flightSeats.booked} - ${flightSeats.allotted}`;
  switch (channel) {
    case 'staff':
      return sql`${flightSeats.booked} + ${flightSeats.allotted} + ${seats} <= ${flightSeats.totalSeats}`;
    case 'agent':
      return sql`least(${free}, ${flightSeats.agentSeatsLimit}) >= ${seats}`;
    case 'public':
      return sql`least(${free}, ${flightSeats.onlineSeatsLimit}) >= ${seats}`;
  }
}

/** The domain's `takesSeat` as SQL on a passenger's age type: infants fly on a lap, in no seat. */
export const takesSeatSql = (ageType: SQL | AnyColumn): SQL => sql`${ageType} <> 'infant'`;
