import { toChf } from '@flybook/domain';
import { SEAT_FLAGS, type SeatState } from '@flybook/schemas';
import type { StoredAircraftSection } from '../../db/schema/index.ts';

/** Who holds a seat label on a flight. */
export interface SeatHolder {
  reservationId: number;
  passengerId: number;
}

/** Where a seat label is on a seat map: its section (tariff group), flags and price. */
export interface SeatSpot {
  tariffGroupId: number;
  flags: number;
  price: number;
}

/** Every seat of a seat map by label ("12C"). */
export function seatSpots(sections: readonly StoredAircraftSection[]): Map<string, SeatSpot> {
  const spots = new Map<string, SeatSpot>();
  for (const section of sections) {
    section.rowLabels.forEach((row, r) => {
      section.columnLabels.forEach((column, c) => {
        spots.set(`${row}${column}`, {
          tariffGroupId: section.tariffGroup.id,
          flags: section.seats[r]?.[c] ?? 0,
          price: section.prices[r]?.[c] ?? 0,
        });
      });
    });
  }
  return spots;
}

/** A seat that does not exist on the aircraft (a gap in the map), never bookable. */
export const isAbsent = (flags: number) => (flags & SEAT_FLAGS.absent) !== 0;

/**
 * A seat's state for the booking seat map: absent and disabled seats as the map says, seats
 * held by passengers taken (own when the asked reservation or passenger holds them), staff's
 * reserved seats reserved, seats outside the chosen tariff's group disabled.
 */
export function seatState(options: {
  flags: number;
  holder: SeatHolder | undefined;
  inTariffGroup: boolean;
  ownReservationId?: number | undefined;
  ownPassengerId?: number | undefined;
}): SeatState {
  const { flags, holder } = options;
  if (isAbsent(flags)) return 'absent';
  if (holder) {
    const isOwn =
      options.ownReservationId === holder.reservationId &&
      (options.ownPassengerId === undefined || options.ownPassengerId === holder.passengerId);
    return isOwn ? 'own' : 'taken';
  }
  if ((flags & SEAT_FLAGS.disabled) !== 0 || !options.inTariffGroup) return 'disabled';
  if ((flags & SEAT_FLAGS.reserved) !== 0) return 'reserved';
  return 'free';
}

/** The seat map of a flight with a state per seat and prices in CHF. */
export function passengerSeatSections(
  sections: readonly StoredAircraftSection[],
  holders: ReadonlyMap<string, SeatHolder>,
  options: {
    tariffGroupId?: number | undefined;
    ownReservationId?: number | undefined;
    ownPassengerId?: number | undefined;
  },
) {
  return sections.map((section) => ({
    tariffGroup: section.tariffGroup,
    rowLabels: section.rowLabels,
    columnLabels: section.columnLabels,
    seats: section.rowLabels.map((row, r) =>
      section.columnLabels.map((column, c) =>
        seatState({
          flags: section.seats[r]?.[c] ?? 0,
          holder: holders.get(`${row}${column}`),
          inTariffGroup:
            options.tariffGroupId === undefined || options.tariffGroupId === section.tariffGroup.id,
          ownReservationId: options.ownReservationId,
          ownPassengerId: options.ownPassengerId,
        }),
      ),
    ),
    prices: section.prices.map((row) => row.map((price) => toChf(price))),
    rowsWithExitDoors: section.rowsWithExitDoors,
  }));
}

/** A seat is free to give a passenger of the tariff group: on the map, open, and held by nobody. */
const isFreeFor = (
  spot: SeatSpot | undefined,
  tariffGroupId: number,
  held: ReadonlySet<string>,
  label: string,
) =>
  spot !== undefined &&
  spot.tariffGroupId === tariffGroupId &&
  (spot.flags & (SEAT_FLAGS.absent | SEAT_FLAGS.disabled | SEAT_FLAGS.reserved)) === 0 &&
  !held.has(label);

/**
 * Seats for passengers moved onto another flight (a rebooking): each keeps their seat label when
 * it is free there, else gets the cheapest free seat of their tariff group, front to back; a
 * passenger for whom nothing is free gets no seat (staff assign one later). Answers label per key.
 */
export function reassignSeats<K>(
  wanted: readonly { key: K; label: string; tariffGroupId: number }[],
  sections: readonly StoredAircraftSection[],
  held: ReadonlySet<string>,
): Map<K, string> {
  const spots = seatSpots(sections);
  const taken = new Set(held);
  const given = new Map<K, string>();
  const byPrice = [...spots.entries()].sort(([, a], [, b]) => a.price - b.price);
  for (const passenger of wanted) {
    const free = (label: string) => isFreeFor(spots.get(label), passenger.tariffGroupId, taken, label);
    const label = free(passenger.label)
      ? passenger.label
      : byPrice.find(([candidate]) => free(candidate))?.[0];
    if (label === undefined) continue;
    taken.add(label);
    given.set(passenger.key, label);
  }
  return given;
}
