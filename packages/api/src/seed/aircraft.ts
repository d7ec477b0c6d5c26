import type { StoredAircraftSection } from '../db/schema/index.ts';

const ABSENT = 4;

interface SectionPlan {
  tariffGroupId: number;
  rows: [first: number, last: number];
  columns: string[];
  /** Seat price in Rappen by row number. */
  price: (row: number) => number;
  exitRows?: number[];
  /** Seats that do not exist (galley, door), as labels like '32D'. */
  absent?: string[];
}

/** Builds a stored section from a compact plan: every seat normal unless listed as absent. */
function section(plan: SectionPlan): StoredAircraftSection {
  const rowNumbers = Array.from({ length: plan.rows[1] - plan.rows[0] + 1 }, (_, i) => plan.rows[0] + i);
  return {
    tariffGroup: { id: plan.tariffGroupId },
    rowLabels: rowNumbers.map(String),
    columnLabels: plan.columns,
    seats: rowNumbers.map((row) =>
      plan.columns.map((column) => (plan.absent?.includes(`${row}${column}`) ? ABSENT : 0)),
    ),
    prices: rowNumbers.map((row) => plan.columns.map(() => plan.price(row))),
    rowsWithExitDoors: (plan.exitRows ?? []).map(String),
  };
}

const SIX = ['A', 'B', 'C', 'D', 'E', 'F'];

/**
 * Seat-map templates of the fleet: an A320 with a business cabin (rows 1–3, middle seats
 * absent as in European business) and 168 economy seats = 180, a 737-800 with 189 seats and
 * an ATR 72 with 70. Seat prices: front rows and exit rows cost more, business seats nothing.
 */
export const AIRCRAFT_TEMPLATES: { label: string; sections: StoredAircraftSection[] }[] = [
  {
    label: 'Airbus A320 (12 C / 168 Y)',
    sections: [
      section({
        tariffGroupId: 3,
        rows: [1, 3],
        columns: SIX,
        price: () => 0,
        absent: ['1B', '1E', '2B', '2E', '3B', '3E'],
      }),
      section({
        tariffGroupId: 1,
        rows: [4, 31],
        columns: SIX,
        exitRows: [11, 12],
        price: (row) => (row <= 6 ? 2500 : row === 11 || row === 12 ? 3000 : 1200),
      }),
    ],
  },
  {
    label: 'Boeing 737-800 (189 Y)',
    sections: [
      section({
        tariffGroupId: 1,
        rows: [1, 32],
        columns: SIX,
        exitRows: [14, 15],
        price: (row) => (row <= 3 ? 2500 : row === 14 || row === 15 ? 3000 : 1200),
        absent: ['32D', '32E', '32F'],
      }),
    ],
  },
  {
    label: 'ATR 72-600 (70 Y)',
    sections: [
      section({
        tariffGroupId: 1,
        rows: [1, 18],
        columns: ['A', 'C', 'D', 'F'],
        exitRows: [1],
        price: (row) => (row <= 2 ? 1500 : 800),
        absent: ['1A', '1C'],
      }),
    ],
  },
];
