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
