/**
 * Seat maps (spec 03 §3 "Aircraft template"): sections of one tariff group each, rows × columns of
 * seats with bit flags. A flight's map is its own copy of its template's. The rules here say which
 * seats a map has; the server and the back office's flight form both count with them.
 */

/** Bit flags of one seat: 0 is a normal seat for sale. */
export const SEAT_FLAGS = { disabled: 1, reserved: 2, absent: 4 } as const;

/** What the seat counts need of a section (the contract's `AircraftSection` has more). */
export interface SeatMapSection {
  tariffGroup: { id: number };
  rowLabels: readonly string[];
  columnLabels: readonly string[];
  /** seats[row][column]: SEAT_FLAGS bits. */
  seats: readonly (readonly number[])[];
}

/**
 * Whether a seat with these flags is on the map. A hidden (absent) seat is not there at all;
 * disabled and reserved seats are there, held back from sale for a while.
 */
export const isSeatOnMap = (flags: number): boolean => (flags & SEAT_FLAGS.absent) === 0;

/**
 * The seats a map gives each tariff group: every seat not hidden, disabled and reserved ones
 * included. A flight's total seats of a group can never be more (docs/flights.md).
 */
export function mapSeatsByTariffGroup(
  sections: readonly Pick<SeatMapSection, 'tariffGroup' | 'seats'>[],
): Map<number, number> {
  const counts = new Map<number, number>();
  for (const section of sections) {
    let seats = 0;
    for (const row of section.seats) for (const flags of row) if (isSeatOnMap(flags)) seats += 1;
    counts.set(section.tariffGroup.id, (counts.get(section.tariffGroup.id) ?? 0) + seats);
  }
  return counts;
}

/** The labels (row then column, "12C") of the seats on a map; a missing matrix entry is no seat. */
export function seatLabelsOnMap(sections: readonly SeatMapSection[]): Set<string> {
  const labels = new Set<string>();
  for (const section of sections) {
    section.rowLabels.forEach((row, r) => {
      section.columnLabels.forEach((column, c) => {
        const flags = section.seats[r]?.[c];
        if (flags !== undefined && isSeatOnMap(flags)) labels.add(`${row}${column}`);
      });
    });
  }
  return labels;
}
