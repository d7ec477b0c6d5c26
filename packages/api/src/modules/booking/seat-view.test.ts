import { SEAT_FLAGS } from '@flybook/schemas';
import { describe, expect, it } from 'vitest';
import type { StoredAircraftSection } from '../../db/schema/index.ts';
import { reassignSeats } from './seat-view.ts';

/** Two rows of economy (group 1), A–C; 1B costs 20 CHF, 2A is disabled; row 3 is business (group 3). */
const sections = [
  {
    tariffGroup: { id: 1 },
    rowLabels: ['1', '2'],
    columnLabels: ['A', 'B', 'C'],
    seats: [
      [0, 0, 0],
      [SEAT_FLAGS.disabled, 0, SEAT_FLAGS.reserved],
    ],
    prices: [
      [0, 2000, 0],
      [0, 0, 0],
    ],
    rowsWithExitDoors: [],
  },
  {
    tariffGroup: { id: 3 },
    rowLabels: ['3'],
    columnLabels: ['A'],
    seats: [[0]],
    prices: [[0]],
    rowsWithExitDoors: [],
  },
] as unknown as StoredAircraftSection[];

describe('reassignSeats (a rebooking)', () => {
  it('keeps a free label and gives the cheapest free seat of the group, front to back, otherwise', () => {
    const seats = reassignSeats(
      [
        { key: 'keeps', label: '1C', tariffGroupId: 1 },
        { key: 'moves', label: '1A', tariffGroupId: 1 },
      ],
      sections,
      new Set(['1A']),
    );
    // 1A is held, 1B costs money, 2A is disabled, 2C reserved: 2B is the cheapest free seat.
    expect(Object.fromEntries(seats)).toEqual({ keeps: '1C', moves: '2B' });
  });

  it('never gives a seat of another tariff group, and gives none when nothing is free', () => {
    const seats = reassignSeats(
      [
        { key: 'first', label: '3A', tariffGroupId: 1 },
        { key: 'second', label: '9Z', tariffGroupId: 1 },
      ],
      sections,
      new Set(['1A', '1C', '2B']),
    );
    expect(Object.fromEntries(seats)).toEqual({ first: '1B' });
  });
});
