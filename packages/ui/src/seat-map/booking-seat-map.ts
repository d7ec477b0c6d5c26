import type { PassengerSeats, SeatState } from '@flybook/schemas/booking';
import { type AircraftSection, SEAT_FLAGS } from '@flybook/schemas/flights';
import type { SeatOverlay } from './seat-map-model.ts';

/**
 * A flight's booking seat map (`public/flight/{id}/aircraft-passengers-seats`) in the seat map
 * component's terms: the template's flags per seat, and the seats taken by others or held by the
 * booking itself as an overlay. Used by the public booking and the back office's wizard alike.
 */
export function bookingSeatMap(map: PassengerSeats): {
  sections: AircraftSection[];
  overlay: Map<string, SeatOverlay>;
} {
  const overlay = new Map<string, SeatOverlay>();
  const flagOf: Record<SeatState, number> = {
    free: 0,
    taken: 0,
    own: 0,
    disabled: SEAT_FLAGS.disabled,
    reserved: SEAT_FLAGS.reserved,
    absent: SEAT_FLAGS.absent,
  };
  const sections = map.sections.map((section) => ({
    ...section,
    seats: section.seats.map((row, rowIndex) =>
      row.map((state, columnIndex) => {
        const label = `${section.rowLabels[rowIndex]}${section.columnLabels[columnIndex]}`;
        if (state === 'taken' || state === 'own') overlay.set(label, state);
        return flagOf[state];
      }),
    ),
  }));
  return { sections, overlay };
}

/**
 * The seats a booking may take, with their price (CHF), by label: the free ones, and with
 * `includeOwn` those the booking being changed already holds.
 */
export function bookableSeatPrices(map: PassengerSeats, includeOwn = false): Map<string, number> {
  const seats = new Map<string, number>();
  for (const section of map.sections) {
    for (const [rowIndex, row] of section.rowLabels.entries()) {
      for (const [columnIndex, column] of section.columnLabels.entries()) {
        const state = section.seats[rowIndex]?.[columnIndex];
        if (state === 'free' || (includeOwn && state === 'own'))
          seats.set(`${row}${column}`, section.prices[rowIndex]?.[columnIndex] ?? 0);
      }
    }
  }
  return seats;
}
