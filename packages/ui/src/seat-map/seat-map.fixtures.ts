/**
 * Shared by the seat-map tests: English labels as admin and site would pass them, and a charter
 * A320 template (business 1–3 A C D F, economy 4–31 A–F, exits at rows 11 and 12).
 */
import { type AircraftSection, SEAT_FLAGS } from '@flybook/schemas/flights';
import type { SeatMapLabels } from './SeatMap.tsx';
import type { SeatMapEditorLabels } from './SeatMapEditor.tsx';

export const TARIFF_GROUP_NAMES: Record<number, string> = { 1: 'Economy', 3: 'Business' };

export const tariffGroupName = (id: number) => TARIFF_GROUP_NAMES[id] ?? `Group ${id}`;

const STATE_NAMES = {
  free: 'Free',
  taken: 'Taken',
  disabled: 'Not for sale',
  reserved: 'Reserved',
  own: 'Your seat',
  absent: 'Hidden',
  selected: 'Selected',
} as const;

export const seatMapLabels: SeatMapLabels = {
  tariffGroup: tariffGroupName,
  seat: ({ label, className, price, state }) =>
    `Seat ${label}, ${className}, ${price}, ${STATE_NAMES[state].toLowerCase()}`,
  states: STATE_NAMES,
  exitRow: 'Exit row',
  legend: 'Legend',
};

export const seatMapEditorLabels: SeatMapEditorLabels = {
  seat: seatMapLabels.seat,
  states: seatMapLabels.states,
  exitRow: seatMapLabels.exitRow,
  legend: seatMapLabels.legend,
  actionGroup: 'Action',
  actions: { select: 'Select', disable: 'Disable', reserve: 'Reserve', hide: 'Hide' },
  hint: 'Click a seat to select it or to switch the action on it; double-click (or Shift+Enter) for its whole block.',
  price: 'Seat price (CHF)',
  priceError: 'Enter an amount of 0 or more with at most two decimals.',
  apply: 'Apply price',
  clearSelection: 'Clear selection',
  selectedCount: (count) => (count === 1 ? '1 seat selected' : `${count} seats selected`),
};

/** A section of `rows` × `columns` normal seats, all at `price`. */
export function makeSection(
  tariffGroupId: number,
  rowLabels: string[],
  columnLabels: string[],
  price = 0,
  rowsWithExitDoors: string[] = [],
): AircraftSection {
  return {
    tariffGroup: { id: tariffGroupId },
    rowLabels,
    columnLabels,
    seats: rowLabels.map(() => columnLabels.map(() => 0)),
    prices: rowLabels.map(() => columnLabels.map(() => price)),
    rowsWithExitDoors,
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String(from + index));

/**
 * The A320 of the tests. Business: 1A disabled (crew rest), 2D reserved. Economy (row index =
 * row − 4): 4A and 4F absent (galley corners), 6B reserved and disabled, 8C reserved, 15E disabled,
 * row 31 D–F absent (lavatory).
 */
export function a320(): AircraftSection[] {
  const business = makeSection(3, range(1, 3), ['A', 'C', 'D', 'F'], 45);
  const economy = makeSection(1, range(4, 31), ['A', 'B', 'C', 'D', 'E', 'F'], 0, ['11', '12']);
  const set = (section: AircraftSection, row: number, column: number, flags: number) => {
    const seats = section.seats[row];
    if (seats) seats[column] = flags;
  };
  set(business, 0, 0, SEAT_FLAGS.disabled);
  set(business, 1, 2, SEAT_FLAGS.reserved);
  set(economy, 0, 0, SEAT_FLAGS.absent);
  set(economy, 0, 5, SEAT_FLAGS.absent);
  set(economy, 2, 1, SEAT_FLAGS.reserved | SEAT_FLAGS.disabled);
  set(economy, 4, 2, SEAT_FLAGS.reserved);
  set(economy, 11, 4, SEAT_FLAGS.disabled);
  for (const column of [3, 4, 5]) set(economy, 27, column, SEAT_FLAGS.absent);
  // Extra legroom at the exits costs more.
  for (const row of [7, 8]) economy.prices[row] = economy.prices[row]?.map(() => 15) ?? [];
  return [business, economy];
}
