/**
 * The seat map without React: seat labels, seat states, aisles, connected blocks and the editing
 * rules of the aircraft seat-map popup (spec 03 §2). Every function is pure; sections passed in
 * are never mutated, changed sections come back as new objects (untouched sections keep their
 * identity, so a caller can compare by reference).
 */
import { type AircraftSection, SEAT_FLAGS } from '@flybook/schemas/flights';

/** What one seat looks like to a passenger or an editor. `absent` seats are gaps in the cabin. */
export type SeatState = 'free' | 'taken' | 'disabled' | 'reserved' | 'own' | 'absent';

/** What a flight's seat map adds on top of the template's flags (booked by others, or the passenger's). */
export type SeatOverlay = 'taken' | 'own';

/** Where a seat sits in a list of sections. */
export interface SeatPosition {
  sectionIndex: number;
  rowIndex: number;
  columnIndex: number;
}

/** One seat of a list of sections with its template data. */
export interface SeatRef extends SeatPosition {
  label: string;
  /** Bit flags (SEAT_FLAGS). */
  flags: number;
  /** Seat reservation price in CHF. */
  price: number;
  tariffGroupId: number;
}

/** The highest seat price a template accepts (the schema's limit), in CHF. */
export const SEAT_PRICE_MAX = 10_000;

/** A seat label: the row label then the column label, e.g. 12 and C give 12C. */
export function seatKey(row: string, column: string): string {
  return `${row}${column}`;
}

/** Splits a seat label into its row and column labels; undefined when it is not a seat label. */
export function parseSeatLabel(label: string): { row: string; column: string } | undefined {
  const match = /^([0-9]+)([A-Z]+)$/.exec(label);
  if (!match?.[1] || !match[2]) return undefined;
  return { row: match[1], column: match[2] };
}

/** The seat with this label in a list of sections, with its flags and price; undefined when none has it. */
export function seatAt(sections: readonly AircraftSection[], label: string): SeatRef | undefined {
  const parsed = parseSeatLabel(label);
  if (!parsed) return undefined;
  for (const [sectionIndex, section] of sections.entries()) {
    const rowIndex = section.rowLabels.indexOf(parsed.row);
    const columnIndex = section.columnLabels.indexOf(parsed.column);
    if (rowIndex < 0 || columnIndex < 0) continue;
    return {
      sectionIndex,
      rowIndex,
      columnIndex,
      label,
      flags: section.seats[rowIndex]?.[columnIndex] ?? 0,
      price: section.prices[rowIndex]?.[columnIndex] ?? 0,
      tariffGroupId: section.tariffGroup.id,
    };
  }
  return undefined;
}

/** A seat map whose seats are states, as the booking's passenger-seat call answers it. */
export interface SeatStateSection extends Omit<AircraftSection, 'seats'> {
  seats: SeatState[][];
}

/**
 * A seat map of states (free, taken, own, reserved, disabled, absent) in the map component's terms:
 * the template flags it shows, and an overlay of the seats taken by others or the passenger's own.
 */
export function seatMapFromStates(sections: readonly SeatStateSection[]): {
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
  return {
    sections: sections.map((section) => ({
      ...section,
      seats: section.seats.map((row, rowIndex) =>
        row.map((state, columnIndex) => {
          const label = seatKey(section.rowLabels[rowIndex] ?? '', section.columnLabels[columnIndex] ?? '');
          if (state === 'taken' || state === 'own') overlay.set(label, state);
          return flagOf[state];
        }),
      ),
    })),
    overlay,
  };
}

/** True when a seat's flags have the bit. */
export function hasFlag(flags: number, flag: number): boolean {
  return (flags & flag) === flag;
}

/**
 * The state a seat is shown in. The overlay of a flight (taken, own) wins over the template's
 * reserved and disabled flags; an absent seat stays a gap whatever the overlay says. A seat both
 * disabled and reserved shows as disabled (it cannot be sold either way).
 */
export function seatStateOf(flags: number, overlay?: SeatOverlay): SeatState {
  if (hasFlag(flags, SEAT_FLAGS.absent)) return 'absent';
  if (overlay) return overlay;
  if (hasFlag(flags, SEAT_FLAGS.disabled)) return 'disabled';
  if (hasFlag(flags, SEAT_FLAGS.reserved)) return 'reserved';
  return 'free';
}

// ---------- aisles ----------

/** Orders column labels as the cabin does: A…Z, then AA…; by length first, then alphabetically. */
export function compareColumnLabels(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

function letterJump(a: string, b: string): number {
  if (a.length !== 1 || b.length !== 1) return 0;
  return b.charCodeAt(0) - a.charCodeAt(0) - 1;
}

/**
 * Where the aisle is when the caller does not say: after the middle column of the widest section
 * (ABC|DEF, AC|DF). With an odd number of columns the aisle goes where the letters skip (A|CD:
 * B is missing), the skip nearest the middle, else after the larger first half (ABC|DE).
 * Returned as column labels, so one rule places the aisle in every section: a business section
 * A C D F and an economy section A–F both have it after C. Wide-bodies with two aisles pass
 * `aisleAfter` explicitly.
 */
export function defaultAisleAfter(sections: readonly Pick<AircraftSection, 'columnLabels'>[]): string[] {
  let widest: readonly string[] = [];
  for (const section of sections) {
    if (section.columnLabels.length > widest.length) widest = section.columnLabels;
  }
  const count = widest.length;
  if (count < 2) return [];
  if (count % 2 === 0) return [widest[count / 2 - 1] ?? ''];
  const middle = (count - 1) / 2;
  let best: number | undefined;
  for (let index = 0; index < count - 1; index += 1) {
    if (letterJump(widest[index] ?? '', widest[index + 1] ?? '') <= 0) continue;
    // Distance of the gap between index and index + 1 from the middle of the row.
    if (best === undefined || Math.abs(index + 0.5 - middle) < Math.abs(best + 0.5 - middle)) best = index;
  }
  return [widest[best ?? Math.floor(middle)] ?? ''];
}

/**
 * The columns of a section split into groups by the aisles, as column indexes: [[0,1,2],[3,4,5]].
 * An aisle "after C" lies between two neighbouring columns x and y when x <= C < y, so it also
 * falls between C and F when a section has no D or E.
 */
export function columnGroups(columnLabels: readonly string[], aisleAfter: readonly string[]): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  for (const [index, label] of columnLabels.entries()) {
    current.push(index);
    const next = columnLabels[index + 1];
    if (
      next !== undefined &&
      aisleAfter.some(
        (aisle) => compareColumnLabels(label, aisle) <= 0 && compareColumnLabels(aisle, next) < 0,
      )
    ) {
      groups.push(current);
      current = [];
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

// ---------- connected blocks ----------

/**
 * The block of seats connected to a seat, the seat included, as [rowIndex, columnIndex] pairs in
 * row-major order. Two seats are connected when they are neighbours in the same row or column
 * (4-neighbourhood, no diagonals) and neither is absent; the aisle is a gap too, so a block never
 * crosses it: a double click on 12C takes the seats left of the aisle, not the whole cabin.
 * Starting on an absent seat gives the connected absent seats instead (the hole that "hide"
 * made), so a double click can undo a hidden block. A block never crosses sections.
 */
export function connectedBlock(
  section: AircraftSection,
  rowIndex: number,
  columnIndex: number,
  aisleAfter: readonly string[] = defaultAisleAfter([section]),
): Array<[number, number]> {
  const flagsAt = (row: number, column: number) => section.seats[row]?.[column];
  const start = flagsAt(rowIndex, columnIndex);
  if (start === undefined) return [];
  const wantAbsent = hasFlag(start, SEAT_FLAGS.absent);
  const groupOf: number[] = [];
  for (const [group, columns] of columnGroups(section.columnLabels, aisleAfter).entries()) {
    for (const column of columns) groupOf[column] = group;
  }
  const seen = new Set<string>();
  const block: Array<[number, number]> = [];
  const queue: Array<[number, number]> = [[rowIndex, columnIndex]];
  seen.add(`${rowIndex}:${columnIndex}`);
  while (queue.length > 0) {
    const [row, column] = queue.shift() ?? [0, 0];
    block.push([row, column]);
    const neighbours: Array<[number, number]> = [
      [row - 1, column],
      [row + 1, column],
      [row, column - 1],
      [row, column + 1],
    ];
    for (const [nextRow, nextColumn] of neighbours) {
      const flags = flagsAt(nextRow, nextColumn);
      if (flags === undefined || seen.has(`${nextRow}:${nextColumn}`)) continue;
      if (hasFlag(flags, SEAT_FLAGS.absent) !== wantAbsent) continue;
      if (groupOf[nextColumn] !== groupOf[column]) continue;
      seen.add(`${nextRow}:${nextColumn}`);
      queue.push([nextRow, nextColumn]);
    }
  }
  return block.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

// ---------- prices ----------

/**
 * Reads a seat price typed by a person: digits with at most two decimals (point or comma), from 0 to
 * SEAT_PRICE_MAX CHF. Undefined for anything else (empty, negative, three decimals, letters).
 */
export function parseSeatPrice(text: string): number | undefined {
  const normalised = text.trim().replace(',', '.');
  if (!/^[0-9]{1,6}(?:\.[0-9]{1,2})?$/.test(normalised)) return undefined;
  const price = Number(normalised);
  return price <= SEAT_PRICE_MAX ? price : undefined;
}

/** A CHF amount rounded to the Rappen (0.01). */
function roundMoney(chf: number): number {
  return Math.round(chf * 100) / 100 + 0;
}

// ---------- the editor ----------

/** What a click does in the seat-map popup. */
export type SeatMapAction = 'select' | 'disable' | 'reserve' | 'hide';

export const SEAT_MAP_ACTIONS: readonly SeatMapAction[] = ['select', 'disable', 'reserve', 'hide'];

/** The flag each flag action toggles. */
export const SEAT_ACTION_FLAG = {
  disable: SEAT_FLAGS.disabled,
  reserve: SEAT_FLAGS.reserved,
  hide: SEAT_FLAGS.absent,
} as const satisfies Record<Exclude<SeatMapAction, 'select'>, number>;

export interface SeatMapEditorState {
  action: SeatMapAction;
  /** Labels of the selected seats (only the select action selects). */
  selection: ReadonlySet<string>;
  sections: AircraftSection[];
  /** Column labels after which an aisle lies; defaultAisleAfter(sections) when left out. */
  aisleAfter?: readonly string[];
  /** Seats that must stay in the cabin (held by passengers): hide passes over them. */
  locked?: ReadonlySet<string>;
}

export type SeatMapEditorAction =
  | { type: 'setAction'; action: SeatMapAction }
  | { type: 'click'; label: string }
  | { type: 'doubleClick'; label: string }
  | { type: 'applyPrice'; price: number }
  | { type: 'clearSelection' };

const NOTHING_SELECTED: ReadonlySet<string> = new Set();

/** The editor's first state: the select action, nothing selected. */
export function initialEditorState(
  sections: AircraftSection[],
  aisleAfter?: readonly string[],
): SeatMapEditorState {
  return aisleAfter
    ? { action: 'select', selection: NOTHING_SELECTED, sections, aisleAfter }
    : { action: 'select', selection: NOTHING_SELECTED, sections };
}

/** Copies the touched sections and rows, then lets `update` change each target seat. */
function updateSeats(
  sections: AircraftSection[],
  targets: readonly SeatPosition[],
  update: (seat: { flags: number; price: number }) => { flags: number; price: number },
): AircraftSection[] {
  const next = [...sections];
  const copied = new Set<string>();
  for (const { sectionIndex, rowIndex, columnIndex } of targets) {
    const original = sections[sectionIndex];
    if (!original) continue;
    let section = next[sectionIndex] ?? original;
    if (section === original) {
      section = { ...original, seats: [...original.seats], prices: [...original.prices] };
      next[sectionIndex] = section;
    }
    const rowKey = `${sectionIndex}:${rowIndex}`;
    if (!copied.has(rowKey)) {
      section.seats[rowIndex] = [...(original.seats[rowIndex] ?? [])];
      section.prices[rowIndex] = [...(original.prices[rowIndex] ?? [])];
      copied.add(rowKey);
    }
    const seats = section.seats[rowIndex] ?? [];
    const prices = section.prices[rowIndex] ?? [];
    const changed = update({ flags: seats[columnIndex] ?? 0, price: prices[columnIndex] ?? 0 });
    seats[columnIndex] = changed.flags;
    prices[columnIndex] = changed.price;
  }
  return next;
}

function blockOf(state: SeatMapEditorState, seat: SeatRef): SeatRef[] {
  const section = state.sections[seat.sectionIndex];
  if (!section) return [];
  const aisles = state.aisleAfter ?? defaultAisleAfter(state.sections);
  return connectedBlock(section, seat.rowIndex, seat.columnIndex, aisles).map(([rowIndex, columnIndex]) => ({
    sectionIndex: seat.sectionIndex,
    rowIndex,
    columnIndex,
    label: seatKey(section.rowLabels[rowIndex] ?? '', section.columnLabels[columnIndex] ?? ''),
    flags: section.seats[rowIndex]?.[columnIndex] ?? 0,
    price: section.prices[rowIndex]?.[columnIndex] ?? 0,
    tariffGroupId: section.tariffGroup.id,
  }));
}

/**
 * Sets (on = true) or clears a flag on seats; a seat that becomes absent also leaves the selection.
 * Locked seats are never made absent.
 */
function withFlag(state: SeatMapEditorState, targets: readonly SeatRef[], flag: number, on: boolean) {
  const hiding = on && flag === SEAT_FLAGS.absent;
  const seats = hiding && state.locked ? targets.filter((seat) => !state.locked?.has(seat.label)) : targets;
  if (seats.length === 0) return state;
  const sections = updateSeats(state.sections, seats, ({ flags, price }) => ({
    flags: on ? flags | flag : flags & ~flag,
    price,
  }));
  if (!(hiding && seats.some((seat) => state.selection.has(seat.label)))) {
    return { ...state, sections };
  }
  const selection = new Set(state.selection);
  for (const seat of seats) selection.delete(seat.label);
  return { ...state, sections, selection };
}

/**
 * Whether a double click sets the flag on a block (some seat lacks it) or clears it (all have it).
 * Hiding leaves locked seats out of the question: they never take the flag, so a block hidden
 * around a passenger's seat is shown again by the next double click.
 */
function setsFlagOnBlock(state: SeatMapEditorState, block: readonly SeatRef[], flag: number): boolean {
  const hiding = flag === SEAT_FLAGS.absent;
  return block.some((member) => !hasFlag(member.flags, flag) && !(hiding && state.locked?.has(member.label)));
}

/**
 * The locked seats (held by passengers) a hide click or double click leaves on the map, so the
 * caller can say why they stay; empty for any other action, and when the seats are shown again.
 */
export function lockedSeatsKept(state: SeatMapEditorState, action: SeatMapEditorAction): string[] {
  const { locked } = state;
  if (state.action !== 'hide' || !locked || locked.size === 0) return [];
  if (action.type !== 'click' && action.type !== 'doubleClick') return [];
  const seat = seatAt(state.sections, action.label);
  if (!seat) return [];
  if (action.type === 'click') return locked.has(seat.label) ? [seat.label] : [];
  // The same decision as the reducer's for the block.
  const block = blockOf(state, seat);
  return setsFlagOnBlock(state, block, SEAT_FLAGS.absent)
    ? block.filter((member) => locked.has(member.label)).map((member) => member.label)
    : [];
}

/**
 * The rules of the seat-map popup (spec 03 §2):
 * - `setAction` switches between select, disable, reserve and hide, and clears the selection;
 * - `click` with select toggles the seat in the selection, with a flag action toggles that flag;
 * - `doubleClick` does the same for the seat's whole connected block: select selects the block, or
 *   unselects it when all of it is selected; a flag action sets the flag on the block when any seat
 *   lacks it, else clears it on all;
 * - `applyPrice` sets the price (rounded to 0.01; negative, non-finite or above SEAT_PRICE_MAX is
 *   ignored) on the selected seats and keeps the selection;
 * - `clearSelection` empties the selection.
 * Absent seats cannot be selected, disabled or reserved; only hide reaches them. Locked seats
 * (`state.locked`, held by passengers) are never hidden.
 */
export function editorReducer(state: SeatMapEditorState, action: SeatMapEditorAction): SeatMapEditorState {
  switch (action.type) {
    case 'setAction':
      if (action.action === state.action) return state;
      return { ...state, action: action.action, selection: NOTHING_SELECTED };
    case 'clearSelection':
      return state.selection.size === 0 ? state : { ...state, selection: NOTHING_SELECTED };
    case 'click': {
      const seat = seatAt(state.sections, action.label);
      if (!seat) return state;
      const absent = hasFlag(seat.flags, SEAT_FLAGS.absent);
      if (state.action === 'select') {
        if (absent) return state;
        const selection = new Set(state.selection);
        if (!selection.delete(seat.label)) selection.add(seat.label);
        return { ...state, selection };
      }
      const flag = SEAT_ACTION_FLAG[state.action];
      if (absent && state.action !== 'hide') return state;
      return withFlag(state, [seat], flag, !hasFlag(seat.flags, flag));
    }
    case 'doubleClick': {
      const seat = seatAt(state.sections, action.label);
      if (!seat) return state;
      const absent = hasFlag(seat.flags, SEAT_FLAGS.absent);
      if (absent && state.action !== 'hide') return state;
      const block = blockOf(state, seat);
      if (state.action === 'select') {
        const selection = new Set(state.selection);
        const allSelected = block.every((member) => selection.has(member.label));
        for (const member of block) {
          if (allSelected) selection.delete(member.label);
          else selection.add(member.label);
        }
        return { ...state, selection };
      }
      const flag = SEAT_ACTION_FLAG[state.action];
      return withFlag(state, block, flag, setsFlagOnBlock(state, block, flag));
    }
    case 'applyPrice': {
      const { price } = action;
      if (!Number.isFinite(price) || price < 0 || price > SEAT_PRICE_MAX) return state;
      const targets = [...state.selection].flatMap((label) => seatAt(state.sections, label) ?? []);
      if (targets.length === 0) return state;
      const rounded = roundMoney(price);
      return {
        ...state,
        sections: updateSeats(state.sections, targets, ({ flags }) => ({ flags, price: rounded })),
      };
    }
  }
}
