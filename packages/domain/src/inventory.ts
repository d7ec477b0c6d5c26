import type { AgeType } from './pricing.ts';

/**
 * Where the seat rule lives (docs/booking.md): who takes a seat, and how many seats of a tariff
 * group a booking may take through each channel. The API's guarded UPDATE and the public search
 * state the same rule in SQL (packages/api/src/db/seat-rule.ts), property-tested against this file.
 */

/** Infants fly on an adult's lap: everyone else takes a seat of their own (spec 02 §5). */
export const takesSeat = (ageType: AgeType): boolean => ageType !== 'infant';

/** The seats a party takes on each of its flights: everyone but infants. */
export const seatsTakenBy = (party: readonly AgeType[]): number => party.filter(takesSeat).length;

/**
 * Seat inventory of one tariff group on a flight (DESIGN §4). `booked` counts seats of
 * reservations outside allotments; `allotted` the seats blocked by agents' allotments.
 */
export interface InventoryCounts {
  /** Seats we hold on the aircraft: never more are sold, by anyone. */
  totalSeats: number;
  /** The sale quota; staff may book past it (negative free seats) up to totalSeats. */
  seatsForSale: number;
  booked: number;
  allotted: number;
}

/** Seats still for sale; negative when staff booked past the quota. */
export const freeSeats = (counts: InventoryCounts): number =>
  counts.seatsForSale - counts.booked - counts.allotted;

/** Free seats as agents and the public see them: never negative. */
export const visibleFreeSeats = (counts: InventoryCounts): number => Math.max(0, freeSeats(counts));

/**
 * Which new inventory number cannot hold the seats already taken, or null when both can.
 * Total seats must always cover bookings and allotments. The sale quota may stay below them
 * when staff overbooked it, but may not be lowered further.
 */
export function inventoryConflict(
  previous: Pick<InventoryCounts, 'totalSeats' | 'seatsForSale'> | undefined,
  next: Pick<InventoryCounts, 'totalSeats' | 'seatsForSale' | 'booked' | 'allotted'>,
): 'totalSeats' | 'seatsForSale' | null {
  const taken = next.booked + next.allotted;
  if (next.totalSeats < taken) return 'totalSeats';
  if (next.seatsForSale < taken && (!previous || next.seatsForSale < previous.seatsForSale))
    return 'seatsForSale';
  return null;
}

/** Allotments come out of the sale quota: growing them needs that many free seats. */
export const allotmentFits = (counts: InventoryCounts, previousAllotted: number): boolean =>
  counts.allotted <= previousAllotted || counts.booked + counts.allotted <= counts.seatsForSale;

/** Who books: the public site, an agent, or staff in the back office. */
export type BookingChannel = 'public' | 'agent' | 'staff';

/** A tariff group's inventory with the per-booking limits of the online and agent channels. */
export interface ChannelInventory extends InventoryCounts {
  agentSeatsLimit: number;
  onlineSeatsLimit: number;
}

/**
 * The most seats of one tariff group a single booking through `channel` may take (docs/booking.md):
 * the public up to the online limit of the free seats, an agent up to the agent limit plus what is
 * left of the agent's own allotments, staff past the sale quota up to the aircraft's total seats.
 */
export function bookableSeats(
  counts: ChannelInventory,
  channel: BookingChannel,
  ownAllotmentLeft = 0,
): number {
  switch (channel) {
    case 'staff':
      return Math.max(0, counts.totalSeats - counts.booked - counts.allotted);
    case 'agent':
      return Math.min(visibleFreeSeats(counts), counts.agentSeatsLimit) + Math.max(0, ownAllotmentLeft);
    case 'public':
      return Math.min(visibleFreeSeats(counts), counts.onlineSeatsLimit);
  }
}

/**
 * A tariff group's total and for-sale seats after its seat map went from `mapBefore` to
 * `mapAfter` seats (seats hidden or shown again in the seat-map editor). A total that was all the
 * map's seats stays all of them, down and up; any other total stays while the map still has room
 * for it, else drops to the map's seats. Seats for sale follow the total the same way: equal to it
 * before, equal after; otherwise kept, but never above it.
 *
 * The map cannot shrink below the seats sold (`mapHoldsSoldSeats`); the totals this gives are then
 * never below them either, so `inventoryConflict` has nothing to say about them.
 */
export function inventoryForSeatMap(
  counts: Pick<InventoryCounts, 'totalSeats' | 'seatsForSale'>,
  mapBefore: number,
  mapAfter: number,
): Pick<InventoryCounts, 'totalSeats' | 'seatsForSale'> {
  if (mapBefore === mapAfter) return { totalSeats: counts.totalSeats, seatsForSale: counts.seatsForSale };
  const totalSeats = counts.totalSeats === mapBefore ? mapAfter : Math.min(counts.totalSeats, mapAfter);
  const seatsForSale =
    counts.seatsForSale === counts.totalSeats ? totalSeats : Math.min(counts.seatsForSale, totalSeats);
  return { totalSeats, seatsForSale };
}

/**
 * Whether a tariff group's seat map still has room for the seats sold in it (booked and allotted):
 * total seats must lie between the two, so seats cannot be hidden past that point.
 */
export const mapHoldsSoldSeats = (mapSeats: number, counts: Pick<InventoryCounts, 'booked' | 'allotted'>) =>
  mapSeats >= counts.booked + counts.allotted;
