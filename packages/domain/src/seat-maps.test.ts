import { describe, expect, it } from 'vitest';
import { isSeatOnMap, mapSeatsByTariffGroup, SEAT_FLAGS, seatLabelsOnMap } from './seat-maps.ts';

const { disabled, reserved, absent } = SEAT_FLAGS;

/** Business 1–2 (A C, 1C hidden) and economy 3–4 (A B C, 4A disabled, 4B reserved, 4C hidden). */
const sections = [
  {
    tariffGroup: { id: 3 },
    rowLabels: ['1', '2'],
    columnLabels: ['A', 'C'],
    seats: [
      [0, absent],
      [0, 0],
    ],
  },
  {
    tariffGroup: { id: 1 },
    rowLabels: ['3', '4'],
    columnLabels: ['A', 'B', 'C'],
    seats: [
      [0, 0, 0],
      [disabled, reserved, absent | reserved],
    ],
  },
];

describe('seat maps', () => {
  it('counts every seat that is not hidden per tariff group, disabled and reserved ones included', () => {
    expect(mapSeatsByTariffGroup(sections)).toEqual(
      new Map([
        [3, 3],
        [1, 5],
      ]),
    );
  });

  it('adds up sections of the same tariff group', () => {
    const twice = [...sections, { ...sections[1]!, rowLabels: ['5', '6'] }];
    expect(mapSeatsByTariffGroup(twice).get(1)).toBe(10);
  });

  it('knows a seat is hidden by its absent bit alone', () => {
    expect(isSeatOnMap(0)).toBe(true);
    expect(isSeatOnMap(disabled | reserved)).toBe(true);
    expect(isSeatOnMap(absent)).toBe(false);
    expect(isSeatOnMap(absent | disabled)).toBe(false);
  });

  it('names the seats on the map, and none where the matrix has no entry', () => {
    expect([...seatLabelsOnMap(sections)].sort()).toEqual(['1A', '2A', '2C', '3A', '3B', '3C', '4A', '4B']);
    const short = [{ ...sections[0]!, seats: [[0]] }];
    expect([...seatLabelsOnMap(short)]).toEqual(['1A']);
  });
});
