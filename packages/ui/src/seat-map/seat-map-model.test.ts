import { type AircraftSection, SEAT_FLAGS } from '@flybook/schemas/flights';
import { describe, expect, it } from 'vitest';
import { a320, makeSection } from './seat-map.fixtures.ts';
import {
  columnGroups,
  connectedBlock,
  defaultAisleAfter,
  editorReducer,
  initialEditorState,
  lockedSeatsKept,
  parseSeatLabel,
  parseSeatPrice,
  type SeatMapEditorState,
  seatAt,
  seatKey,
  seatStateOf,
} from './seat-map-model.ts';

const { disabled, reserved, absent } = SEAT_FLAGS;

/** A section drawn as text: one line per row, '.' a seat, 'x' absent, 'd' disabled, 'r' reserved. */
function drawn(rows: string[], columns = 'ABCDEF'): AircraftSection {
  const section = makeSection(
    1,
    rows.map((_, index) => String(index + 1)),
    columns.split(''),
  );
  const flag = { '.': 0, x: absent, d: disabled, r: reserved } as const;
  section.seats = rows.map((row) =>
    row.split('').map((char) => (char === 'x' || char === 'd' || char === 'r' ? flag[char] : 0)),
  );
  return section;
}

const labelsOf = (section: AircraftSection, block: Array<[number, number]>) =>
  block.map(([row, column]) => seatKey(section.rowLabels[row] ?? '?', section.columnLabels[column] ?? '?'));

const selected = (state: SeatMapEditorState) => [...state.selection].sort();

describe('seat labels', () => {
  it('builds and splits labels from row and column labels', () => {
    expect(seatKey('12', 'C')).toBe('12C');
    expect(parseSeatLabel('12C')).toEqual({ row: '12', column: 'C' });
    expect(parseSeatLabel('1AA')).toEqual({ row: '1', column: 'AA' });
    expect(parseSeatLabel('C12')).toBeUndefined();
    expect(parseSeatLabel('12c')).toBeUndefined();
  });

  it('finds a seat in whichever section holds it, with its flags, price and tariff group', () => {
    const sections = a320();
    expect(seatAt(sections, '2D')).toMatchObject({
      sectionIndex: 0,
      rowIndex: 1,
      columnIndex: 2,
      flags: reserved,
      price: 45,
      tariffGroupId: 3,
    });
    expect(seatAt(sections, '11B')).toMatchObject({
      sectionIndex: 1,
      rowIndex: 7,
      columnIndex: 1,
      price: 15,
    });
    expect(seatAt(sections, '2B')).toBeUndefined(); // business has no B
    expect(seatAt(sections, '40A')).toBeUndefined();
    expect(seatAt(sections, 'nonsense')).toBeUndefined();
  });

  it('shows a flight overlay over reserved and disabled, but an absent seat stays a gap', () => {
    expect(seatStateOf(0)).toBe('free');
    expect(seatStateOf(reserved)).toBe('reserved');
    expect(seatStateOf(disabled | reserved)).toBe('disabled');
    expect(seatStateOf(absent | disabled)).toBe('absent');
    expect(seatStateOf(reserved, 'taken')).toBe('taken');
    expect(seatStateOf(0, 'own')).toBe('own');
    expect(seatStateOf(absent, 'own')).toBe('absent');
  });
});

describe('aisles', () => {
  it('splits an even row in the middle and places the same aisle in narrower sections', () => {
    expect(defaultAisleAfter(a320())).toEqual(['C']);
    expect(columnGroups(['A', 'B', 'C', 'D', 'E', 'F'], ['C'])).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    expect(columnGroups(['A', 'C', 'D', 'F'], ['C'])).toEqual([
      [0, 1],
      [2, 3],
    ]);
    // No D or E: the aisle after C still lies between C and F.
    expect(columnGroups(['A', 'C', 'F'], ['C'])).toEqual([[0, 1], [2]]);
  });

  it('puts the aisle of an odd row where a letter is skipped, else after the larger half', () => {
    expect(defaultAisleAfter([{ columnLabels: ['A', 'C', 'D'] }])).toEqual(['A']);
    expect(defaultAisleAfter([{ columnLabels: ['A', 'B', 'C', 'D', 'E'] }])).toEqual(['C']);
    expect(defaultAisleAfter([{ columnLabels: ['A'] }])).toEqual([]);
  });

  it('takes two aisles for a wide-body', () => {
    expect(columnGroups('ABCDEFGHK'.split(''), ['C', 'G'])).toEqual([
      [0, 1, 2],
      [3, 4, 5, 6],
      [7, 8],
    ]);
  });
});

describe('connectedBlock', () => {
  it('takes the seats on the clicked side of the aisle, not across it', () => {
    const section = drawn(['......', '......', '......']);
    expect(labelsOf(section, connectedBlock(section, 1, 1))).toEqual([
      '1A',
      '1B',
      '1C',
      '2A',
      '2B',
      '2C',
      '3A',
      '3B',
      '3C',
    ]);
    expect(labelsOf(section, connectedBlock(section, 0, 3))).toContain('3F');
    expect(labelsOf(section, connectedBlock(section, 0, 3))).not.toContain('1C');
  });

  it('stops at an absent gap and does not go diagonally', () => {
    const section = drawn(['..x...', 'xxx...', '......']);
    expect(labelsOf(section, connectedBlock(section, 0, 0))).toEqual(['1A', '1B']);
    // 3A–3C are below the gap; diagonal 2D is across the aisle anyway.
    expect(labelsOf(section, connectedBlock(section, 2, 0))).toEqual(['3A', '3B', '3C']);
  });

  it('counts disabled and reserved seats as seats', () => {
    const section = drawn(['.d.', 'r..'], 'ABC');
    expect(connectedBlock(section, 0, 0, [])).toHaveLength(6);
  });

  it('from an absent seat gives the connected absent seats', () => {
    const section = drawn(['..x...', '.xx...', '......']);
    expect(labelsOf(section, connectedBlock(section, 0, 2))).toEqual(['1C', '2B', '2C']);
  });

  it('honours the aisles it is given', () => {
    const section = drawn(['......']);
    expect(connectedBlock(section, 0, 0, [])).toHaveLength(6);
    expect(connectedBlock(section, 0, 0, ['A', 'D'])).toEqual([[0, 0]]);
  });
});

describe('parseSeatPrice', () => {
  it('accepts amounts from 0 with at most two decimals, point or comma', () => {
    expect(parseSeatPrice('12')).toBe(12);
    expect(parseSeatPrice(' 12.5 ')).toBe(12.5);
    expect(parseSeatPrice('12,50')).toBe(12.5);
    expect(parseSeatPrice('0')).toBe(0);
    expect(parseSeatPrice('10000')).toBe(10_000);
  });

  it('refuses negative, over-precise, empty, too large or non-numeric input', () => {
    for (const text of ['', '-1', '12.345', 'abc', '1e3', '10000.01', '12.', '.5']) {
      expect(parseSeatPrice(text), text).toBeUndefined();
    }
  });
});

describe('editorReducer', () => {
  const start = (action: SeatMapEditorState['action'] = 'select') =>
    editorReducer(initialEditorState(a320()), { type: 'setAction', action });

  it('toggles a seat into and out of the selection on click', () => {
    const once = editorReducer(start(), { type: 'click', label: '5A' });
    expect(selected(once)).toEqual(['5A']);
    const twice = editorReducer(once, { type: 'click', label: '5A' });
    expect(selected(twice)).toEqual([]);
    expect(twice.sections).toBe(once.sections);
  });

  it('does not select absent or unknown seats', () => {
    const state = start();
    expect(editorReducer(state, { type: 'click', label: '4A' })).toBe(state);
    expect(editorReducer(state, { type: 'click', label: '99Z' })).toBe(state);
  });

  it('clears the selection when the action changes', () => {
    const withSeats = editorReducer(editorReducer(start(), { type: 'click', label: '5A' }), {
      type: 'click',
      label: '6A',
    });
    const switched = editorReducer(withSeats, { type: 'setAction', action: 'reserve' });
    expect(switched.action).toBe('reserve');
    expect(selected(switched)).toEqual([]);
    expect(editorReducer(switched, { type: 'setAction', action: 'reserve' })).toBe(switched);
  });

  it('toggles the action flag bit on click, keeping the other bits', () => {
    const disable = start('disable');
    const on = editorReducer(disable, { type: 'click', label: '8C' }); // reserved
    expect(on.sections[1]?.seats[4]?.[2]).toBe(reserved | disabled);
    const off = editorReducer(on, { type: 'click', label: '8C' });
    expect(off.sections[1]?.seats[4]?.[2]).toBe(reserved);

    const reserve = editorReducer(start('reserve'), { type: 'click', label: '5A' });
    expect(reserve.sections[1]?.seats[1]?.[0]).toBe(reserved);
    const hide = editorReducer(start('hide'), { type: 'click', label: '4A' }); // absent
    expect(hide.sections[1]?.seats[0]?.[0]).toBe(0);
    expect(editorReducer(start('disable'), { type: 'click', label: '4A' }).sections[1]?.seats[0]?.[0]).toBe(
      absent,
    );
  });

  it('never mutates the sections it gets and keeps untouched sections', () => {
    const sections = a320();
    const copy = structuredClone(sections);
    const state = editorReducer(initialEditorState(sections), { type: 'setAction', action: 'disable' });
    const next = editorReducer(state, { type: 'click', label: '5A' });
    expect(sections).toEqual(copy);
    expect(next.sections).not.toBe(sections);
    expect(next.sections[0]).toBe(sections[0]);
    expect(next.sections[1]?.seats[2]).toBe(sections[1]?.seats[2]); // an untouched row
  });

  it('selects the connected block on double click and unselects it when all of it is selected', () => {
    const sections = [drawn(['...x..', '......'])];
    const state = initialEditorState(sections);
    const partly = editorReducer(state, { type: 'click', label: '1A' });
    const block = editorReducer(partly, { type: 'doubleClick', label: '2B' });
    expect(selected(block)).toEqual(['1A', '1B', '1C', '2A', '2B', '2C']);
    const unselected = editorReducer(block, { type: 'doubleClick', label: '2B' });
    expect(selected(unselected)).toEqual([]);
    const right = editorReducer(state, { type: 'doubleClick', label: '2F' });
    expect(selected(right)).toEqual(['1E', '1F', '2D', '2E', '2F']);
  });

  it('sets a flag on the whole block when any seat lacks it, else clears it on all', () => {
    const sections = [drawn(['r.....', '......'])];
    const reserve = editorReducer(initialEditorState(sections), { type: 'setAction', action: 'reserve' });
    const on = editorReducer(reserve, { type: 'doubleClick', label: '1B' });
    expect(on.sections[0]?.seats).toEqual([
      [reserved, reserved, reserved, 0, 0, 0],
      [reserved, reserved, reserved, 0, 0, 0],
    ]);
    const off = editorReducer(on, { type: 'doubleClick', label: '1B' });
    expect(off.sections[0]?.seats).toEqual([
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
    ]);
  });

  it('hides a block and shows it again from one of its absent seats', () => {
    const sections = [drawn(['......', '......'])];
    const hide = editorReducer(initialEditorState(sections), { type: 'setAction', action: 'hide' });
    const hidden = editorReducer(hide, { type: 'doubleClick', label: '1D' });
    expect(hidden.sections[0]?.seats[1]).toEqual([0, 0, 0, absent, absent, absent]);
    const shown = editorReducer(hidden, { type: 'doubleClick', label: '2E' });
    expect(shown.sections[0]?.seats[1]).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('never hides a locked seat (held by a passenger), alone or in a block', () => {
    const sections = [drawn(['......', '......'])];
    const hide = {
      ...editorReducer(initialEditorState(sections), { type: 'setAction', action: 'hide' }),
      locked: new Set(['1E']),
    };
    expect(editorReducer(hide, { type: 'click', label: '1E' })).toBe(hide);
    const hidden = editorReducer(hide, { type: 'doubleClick', label: '1D' });
    expect(hidden.sections[0]?.seats[0]).toEqual([0, 0, 0, absent, 0, absent]);
    expect(hidden.sections[0]?.seats[1]).toEqual([0, 0, 0, absent, absent, absent]);
    // The next double click shows the block again: the locked seat does not count as one to hide.
    const shown = editorReducer(hidden, { type: 'doubleClick', label: '2D' });
    expect(shown.sections[0]?.seats[0]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(shown.sections[0]?.seats[1]).toEqual([0, 0, 0, 0, 0, 0]);
    const disable = editorReducer(hide, { type: 'setAction', action: 'disable' });
    expect(editorReducer(disable, { type: 'click', label: '1E' }).sections[0]?.seats[0]?.[4]).toBe(
      SEAT_FLAGS.disabled,
    );
  });

  it('names the locked seats a hide leaves on the map, and none when nothing is hidden', () => {
    const sections = [drawn(['......', '......'])];
    const hide = {
      ...editorReducer(initialEditorState(sections), { type: 'setAction', action: 'hide' }),
      locked: new Set(['1E', '2F']),
    };
    expect(lockedSeatsKept(hide, { type: 'click', label: '1E' })).toEqual(['1E']);
    expect(lockedSeatsKept(hide, { type: 'click', label: '1A' })).toEqual([]);
    expect(lockedSeatsKept(hide, { type: 'doubleClick', label: '1D' }).sort()).toEqual(['1E', '2F']);
    // Showing the block again (its free seats all hidden) keeps nothing back.
    const hidden = editorReducer(hide, { type: 'doubleClick', label: '1D' });
    expect(lockedSeatsKept(hidden, { type: 'doubleClick', label: '2D' })).toEqual([]);
    const disable = editorReducer(hide, { type: 'setAction', action: 'disable' });
    expect(lockedSeatsKept(disable, { type: 'click', label: '1E' })).toEqual([]);
  });

  it('applies a price, rounded to the Rappen, to the selected seats only', () => {
    let state = start();
    for (const label of ['2C', '5A', '5B']) state = editorReducer(state, { type: 'click', label });
    const priced = editorReducer(state, { type: 'applyPrice', price: 19.456 });
    expect(priced.sections[0]?.prices[1]).toEqual([45, 19.46, 45, 45]);
    expect(priced.sections[1]?.prices[1]).toEqual([19.46, 19.46, 0, 0, 0, 0]);
    expect(priced.sections[1]?.prices[0]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(selected(priced)).toEqual(['2C', '5A', '5B']);
  });

  it('ignores a negative, non-finite or too large price, and a price with nothing selected', () => {
    const state = editorReducer(start(), { type: 'click', label: '5A' });
    for (const price of [-0.01, Number.NaN, Number.POSITIVE_INFINITY, 10_000.01]) {
      expect(editorReducer(state, { type: 'applyPrice', price })).toBe(state);
    }
    const none = start();
    expect(editorReducer(none, { type: 'applyPrice', price: 10 })).toBe(none);
    expect(editorReducer(state, { type: 'applyPrice', price: 0 }).sections[1]?.prices[1]?.[0]).toBe(0);
  });

  it('clears the selection on request', () => {
    const state = editorReducer(start(), { type: 'click', label: '5A' });
    expect(selected(editorReducer(state, { type: 'clearSelection' }))).toEqual([]);
  });
});
