import { infantLaps } from './passengers.ts';
/**
 * Passenger Name List (PNL) and Additions and Deletions List (ADL) in IATA Type-B format, the
 * messages a departure control system (DCS) loads a flight's passengers from. Pure text
 * generation: the API collects the passengers and stores what was sent. The rules, with an
 * annotated example, are in docs/pnl.md.
 */

export type PnlAgeType = 'adult' | 'child' | 'infant';

export interface PnlFlight {
  /** Airline designator + flight number as printed, e.g. 'FB1234' (letters+digits, no space). */
  flightNumber: string;
  /** Local departure date at the board point, 'YYYY-MM-DD'. */
  departureDate: string;
  /** IATA code of the board point, e.g. 'ZRH'. */
  boardPoint: string;
  /** Destinations served by the flight in route order (usually one), e.g. ['PRN']. */
  destinations: readonly string[];
  /** Booking class codes of the flight's cabins in the order the totals are printed, e.g. ['C', 'Y']. */
  classes: readonly string[];
}

export interface PnlPassenger {
  /** Stable id (the reservation passenger's id); the ADL compares lists by it. */
  id: number;
  lastName: string;
  firstName: string;
  /** Gives the title (MR/MRS, MSTR/MISS); null prints none. */
  gender: 'male' | 'female' | null;
  ageType: PnlAgeType;
  /** 'YYYY-MM-DD' or null. */
  birthday: string | null;
  destination: string;
  classCode: string;
  /**
   * The booking reference: the reservation's record locator ("K7QX2M"), printed in `.L/`;
   * passengers of one booking are grouped.
   */
  bookingReference: string;
  /** Seat label like '12A', or null. */
  seatLabel: string | null;
}

export interface PnlOptions {
  /** Type-B addresses of the receiving systems, e.g. ['ZRHKKFB']; default the board point's DCS. */
  addresses?: readonly string[];
  /** Originator address, e.g. 'ZRHRMFB'; default the airline's reservations office at the board point. */
  origin?: string;
  /** Communications reference 'DDHHMM' (UTC) of the origin line; see {@link pnlTimestamp}. */
  timestamp?: string;
  /** Most body lines in one part before the next part starts (default {@link PNL_DEFAULT_LINES_PER_PART}). */
  maxLinesPerPart?: number;
  /**
   * The group codes earlier messages of the flight gave its bookings, by booking reference: a
   * booking keeps its code in every later PNL and ADL, and a new booking gets one none of them used.
   */
  groupCodes?: ReadonlyMap<string, string>;
}

export interface PnlMessage {
  /** The parts, each a complete Type-B message with its own header and end line. */
  parts: string[];
  /** The parts one after the other, separated by an empty line. */
  text: string;
  /** A PNL: every passenger in it, infants included. An ADL: the name elements it adds, changes and deletes. */
  total: number;
  /** The group codes given so far: the earlier ones and those this message gave; keep them for the next. */
  groupCodes: ReadonlyMap<string, string>;
}

export interface AdlMessage extends PnlMessage {
  /** Name elements added, changed and deleted. */
  added: number;
  changed: number;
  deleted: number;
}

/** What an airline company configures for its passenger lists (docs/pnl.md). */
export interface PnlAirlineSettings {
  /** The own list's originator; null: the reservations office at the board point ({board}RM{airline}). */
  originator: string | null;
  /** Where the lists go; empty: the DCS at the board point ({board}KK{airline}). */
  addresses: readonly string[];
}

/**
 * The heading addresses of a list. A DCS keeps one list per originator and replaces it with the
 * next PNL from that originator, so each list needs its own: the own list the company's originator,
 * an agent's list the same location and airline with an office code of that agent's, a digit then
 * a letter or digit from the agent's id (0A, 0B … 9Z: 360 codes, none like the letter offices an
 * airline uses for itself, e.g. RM).
 */
export function pnlListAddresses(
  flight: Pick<PnlFlight, 'flightNumber' | 'boardPoint'>,
  settings: PnlAirlineSettings,
  agentId: number | null,
): Required<Pick<PnlOptions, 'origin' | 'addresses'>> {
  const airline = flight.flightNumber.slice(0, 2);
  const own = settings.originator ?? `${flight.boardPoint}RM${airline}`;
  const addresses = settings.addresses.length > 0 ? settings.addresses : [`${flight.boardPoint}KK${airline}`];
  if (agentId === null) return { origin: own, addresses };
  const code = agentId % 360;
  const office = `${Math.floor(code / 36)}${(code % 36).toString(36).toUpperCase()}`;
  return { origin: `${own.slice(0, 3)}${office}${own.slice(5)}`, addresses };
}

/** IATA's limit on a Type-B text line. */
export const PNL_LINE_LENGTH = 64;
/**
 * Body lines per part unless the caller asks otherwise: 50 lines of at most 65 characters plus the
 * heading stay under the 3,840 characters of one Type-B message.
 */
export const PNL_DEFAULT_LINES_PER_PART = 50;
/** Type-B allows at most this many addresses on one address line. */
const ADDRESSES_PER_LINE = 8;
/** Continuation of a remark that does not fit on its line. */
const CONTINUATION = '.RN/';
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * The booking class (reservation booking designator) of each tariff, by tariff code: business C,
 * economy plus W, economy classic Y (the full fare of the cabin) and economy light L (a discounted
 * economy fare), so a DCS tells Light and Classic apart.
 */
export const PNL_CLASS_BY_TARIFF: Readonly<Record<string, string>> = {
  business: 'C',
  'economy-plus': 'W',
  'economy-classic': 'Y',
  'economy-light': 'L',
};
/** Classes in the order a PNL lists them: first, business, premium economy, economy full then discounted. */
const CLASS_ORDER = ['F', 'C', 'W', 'Y', 'L'];

/** The booking class of a tariff code; Y for a tariff the table does not know. */
export const pnlClassOf = (tariffCode: string): string => PNL_CLASS_BY_TARIFF[tariffCode] ?? 'Y';

/** Classes in PNL order (F, C, W, Y, L, then any other alphabetically), each once. */
export function pnlClassOrder(classes: Iterable<string>): string[] {
  const rank = (code: string) => {
    const index = CLASS_ORDER.indexOf(code);
    return index < 0 ? CLASS_ORDER.length : index;
  };
  return [...new Set(classes)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const LETTER_SPELLINGS: Record<string, string> = {
  Ä: 'AE',
  Ö: 'OE',
  Ü: 'UE',
  ß: 'SS',
  ẞ: 'SS',
  Æ: 'AE',
  Ø: 'OE',
  Å: 'AA',
  Œ: 'OE',
};

/**
 * A name as Type-B carries it: upper-case A–Z only. German umlauts and ß are spelled out as in
 * passports' machine-readable zone (Müller → MUELLER), other accents are dropped (Çelik → CELIK,
 * Krasniqë → KRASNIQE), and spaces, hyphens and apostrophes are removed (van der Berg → VANDERBERG).
 */
export function pnlName(name: string): string {
  return name
    .toUpperCase()
    .replace(/[ÄÖÜßẞÆØÅŒ]/g, (letter) => LETTER_SPELLINGS[letter] ?? letter)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Z]/g, '');
}

/** '2026-12-05' → '05DEC'; a Type-B date with the year left out. */
export function pnlDate(isoDate: string): string {
  const [, month, day] = isoDate.split('-');
  return `${day}${MONTHS[Number(month) - 1]}`;
}

/** '2018-05-05' → '05MAY18', a date of birth in remarks. */
function birthDate(isoDate: string): string {
  return `${pnlDate(isoDate)}${isoDate.slice(2, 4)}`;
}

/** The communications reference of an instant: day, hour and minute in UTC ('051432'). */
export function pnlTimestamp(instant: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(instant.getUTCDate())}${two(instant.getUTCHours())}${two(instant.getUTCMinutes())}`;
}

/** MR / MRS for adults, MSTR / MISS for children and infants; none when the gender is unknown. */
function title(passenger: PnlPassenger): string {
  if (passenger.gender === null) return '';
  if (passenger.ageType === 'adult') return passenger.gender === 'male' ? 'MR' : 'MRS';
  return passenger.gender === 'male' ? 'MSTR' : 'MISS';
}

/** Surname and given name as Type-B letters; an empty one is written as unknown (LNU, FNU). */
type Named = Pick<PnlPassenger, 'id' | 'lastName' | 'firstName'>;

function nameParts(passenger: Named): { surname: string; given: string } {
  return { surname: pnlName(passenger.lastName) || 'LNU', given: pnlName(passenger.firstName) || 'FNU' };
}

/**
 * The name line of an element, `1SURNAME/GIVENTITLE-A2`: the title joined to the given name, as
 * IATA practice writes it (`1HOXHA/MIRAMRS`). A name element may not go on over a line: a name too
 * long for 64 characters loses letters at the end of the given name (down to its initial), then of
 * the surname, and keeps its title and booking group.
 */
function nameLine(passenger: PnlPassenger, group: Group | undefined): string {
  const { surname, given } = nameParts(passenger);
  const tail = `${title(passenger)}${group ? `-${group.code}${group.size}` : ''}`;
  let first = given;
  let last = surname;
  const length = () => 1 + last.length + 1 + first.length + tail.length;
  if (length() > PNL_LINE_LENGTH)
    first = first.slice(0, Math.max(1, first.length - (length() - PNL_LINE_LENGTH)));
  if (length() > PNL_LINE_LENGTH)
    last = last.slice(0, Math.max(1, last.length - (length() - PNL_LINE_LENGTH)));
  return `1${last}/${first}${tail}`;
}

/** A remark longer than 64 characters goes on in `.RN/` continuation lines, cut anywhere. */
function wrapRemark(line: string): string[] {
  if (line.length <= PNL_LINE_LENGTH) return [line];
  const lines = [line.slice(0, PNL_LINE_LENGTH)];
  const room = PNL_LINE_LENGTH - CONTINUATION.length;
  for (let rest = line.slice(PNL_LINE_LENGTH); rest.length > 0; rest = rest.slice(room)) {
    lines.push(`${CONTINUATION}${rest.slice(0, room)}`);
  }
  return lines;
}

/** A booking reference as the `.L/` element prints it: letters and digits only, upper case. */
const recordLocator = (reference: string) => reference.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * A name element: a passenger who takes a seat (or, exceptionally, an infant with no one of its
 * booking to sit on) and the infants on their lap, who are remarks of it and not elements.
 */
interface NameElement {
  passenger: PnlPassenger;
  infants: PnlPassenger[];
}

/** A booking spread over several name elements: Type-B marks them with a group code and size. */
interface Group {
  code: string;
  size: number;
}

/** The remarks of an element: its own age, the infants on its lap, its seat. */
function remarkLines(element: NameElement): string[] {
  const { passenger } = element;
  const lines: string[] = [];
  const born = (p: PnlPassenger) => (p.birthday ? ` ${birthDate(p.birthday)}` : '');
  if (passenger.ageType === 'child') lines.push(`.R/CHLD HK1${born(passenger)}`);
  // An infant with no seated passenger of its booking in the list gets an element of its own.
  if (passenger.ageType === 'infant') lines.push(`.R/INFT HK1${born(passenger)}`);
  for (const infant of element.infants) {
    const { surname, given } = nameParts(infant);
    lines.push(`.R/INFT HK1${born(infant)} ${surname}/${given}${title(infant)}`);
  }
  if (passenger.seatLabel) lines.push(`.R/RQST HK1 ${passenger.seatLabel.toUpperCase()}`);
  return lines.flatMap(wrapRemark);
}

/** The lines of one element: the name, the booking reference when asked for, then the remarks. */
function elementLines(element: NameElement, group: Group | undefined, withBookingLine: boolean): string[] {
  const lines = [nameLine(element.passenger, group)];
  if (withBookingLine) lines.push(`.L/${recordLocator(element.passenger.bookingReference)}`);
  return [...lines, ...remarkLines(element)];
}

/** A, B … Z, AA, AB …: the group codes in the order they are given. */
function groupCode(index: number): string {
  let code = '';
  let rest = index;
  do {
    code = String.fromCharCode(65 + (rest % 26)) + code;
    rest = Math.floor(rest / 26) - 1;
  } while (rest >= 0);
  return code;
}

/** The position of a group code in that order (A → 0, Z → 25, AA → 26); -1 for no code. */
function groupIndex(code: string): number {
  if (!/^[A-Z]+$/.test(code)) return -1;
  let index = 0;
  for (const letter of code) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/**
 * The group codes of a flight's bookings: a booking keeps the code an earlier message gave it; a
 * booking that needs one first gets the next code after every code given before, so no code ever
 * names two bookings of the flight.
 */
function groupCodes(earlier: ReadonlyMap<string, string> = new Map()) {
  const codes = new Map(earlier);
  let next = Math.max(-1, ...[...codes.values()].map(groupIndex)) + 1;
  return {
    codeOf(reference: string): string {
      let code = codes.get(reference);
      if (code === undefined) {
        code = groupCode(next++);
        codes.set(reference, code);
      }
      return code;
    },
    all: (): ReadonlyMap<string, string> => codes,
  };
}
type GroupCodes = ReturnType<typeof groupCodes>;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byName = (a: Named, b: Named) =>
  compareText(nameParts(a).surname, nameParts(b).surname) ||
  compareText(nameParts(a).given, nameParts(b).given) ||
  a.id - b.id;

/**
 * The name elements of some passengers of one destination and class, booking by booking (bookings
 * in the order of their first surname, passengers by name). Each infant rides on an adult of its
 * booking, one infant per adult: one of its surname if there is one, else the first free one in name
 * order; an infant left over gets an element of its own.
 */
function bookingsOf(passengers: readonly PnlPassenger[]): NameElement[][] {
  const bookings = new Map<string, PnlPassenger[]>();
  for (const passenger of [...passengers].sort(byName)) {
    const booking = bookings.get(passenger.bookingReference) ?? [];
    booking.push(passenger);
    bookings.set(passenger.bookingReference, booking);
  }
  return [...bookings.values()].map((booking) => {
    const elements: NameElement[] = booking
      .filter((passenger) => passenger.ageType !== 'infant')
      .map((passenger) => ({ passenger, infants: [] }));
    const elementOf = new Map(elements.map((element) => [element.passenger, element]));
    for (const [infant, lap] of infantLaps(booking, (passenger) => nameParts(passenger).surname)) {
      if (lap) elementOf.get(lap)?.infants.push(infant);
      else elements.push({ passenger: infant, infants: [] });
    }
    return elements;
  });
}

/**
 * Which adult each infant of one booking travels with, by passenger id (null: on no one), by the
 * PNL's rule above. Online check-in names the infant on that adult's pass and the gate's scan of it
 * boards both, so the pass, the PNL and the gate agree.
 */
export function bookingLaps(
  passengers: readonly (Named & { ageType: string })[],
): Map<number, number | null> {
  const laps = new Map<number, number | null>();
  for (const [infant, adult] of infantLaps([...passengers].sort(byName), (p) => nameParts(p).surname)) {
    laps.set(infant.id, adult?.id ?? null);
  }
  return laps;
}

/** One destination × class of a message. */
interface Section {
  destination: string;
  classCode: string;
}

/** Every destination × class of the flight, plus any a passenger names that the flight does not. */
function sectionsOf(flight: PnlFlight, passengers: readonly PnlPassenger[]): Section[] {
  const destinations = [...new Set([...flight.destinations, ...passengers.map((p) => p.destination)])];
  const classes = [...new Set([...flight.classes, ...passengers.map((p) => p.classCode)])];
  return destinations.flatMap((destination) => classes.map((classCode) => ({ destination, classCode })));
}

const inSection = (section: Section) => (passenger: PnlPassenger) =>
  passenger.destination === section.destination && passenger.classCode === section.classCode;

/** `-PRN012Y`: the seats (name elements) of a destination and class, printed even when none. */
const totalsLine = (section: Section, count: number) =>
  `-${section.destination}${String(count).padStart(3, '0')}${section.classCode}`;

/**
 * Body lines that must stay in one part, and the lines a part starting with them repeats first
 * (the section's totals line and, in an ADL, its ADD/CHG/DEL line), so every part reads alone.
 */
interface Block {
  context: string[];
  lines: string[];
}

function headerLines(kind: 'PNL' | 'ADL', flight: PnlFlight, options: PnlOptions, part: number): string[] {
  const airline = flight.flightNumber.slice(0, 2);
  const addresses = options.addresses?.length ? options.addresses : [`${flight.boardPoint}KK${airline}`];
  const addressLines: string[] = [];
  for (let index = 0; index < addresses.length; index += ADDRESSES_PER_LINE) {
    addressLines.push(`QU ${addresses.slice(index, index + ADDRESSES_PER_LINE).join(' ')}`);
  }
  const origin = options.origin ?? `${flight.boardPoint}RM${airline}`;
  return [
    ...addressLines,
    options.timestamp ? `.${origin} ${options.timestamp}` : `.${origin}`,
    kind,
    `${flight.flightNumber}/${pnlDate(flight.departureDate)} ${flight.boardPoint} PART${part}`,
  ];
}

/**
 * Splits the body into parts of at most `maxLinesPerPart` body lines, never inside a block. A part
 * that opens in the middle of a section repeats the block's context first. Each part carries the
 * whole heading with its part number; all but the last end with ENDPARTn, the last with ENDPNL or
 * ENDADL.
 */
function assemble(kind: 'PNL' | 'ADL', flight: PnlFlight, body: readonly Block[], options: PnlOptions) {
  const maxLines = Math.max(1, options.maxLinesPerPart ?? PNL_DEFAULT_LINES_PER_PART);
  const bodies: string[][] = [];
  let current: string[] = [];
  let printed: string[] = [];
  for (const block of body) {
    // The context lines this part has not printed yet: a new section, or a new action in it.
    let common = 0;
    while (common < block.context.length && printed[common] === block.context[common]) common += 1;
    const opening = block.context.slice(common);
    if (current.length > 0 && current.length + opening.length + block.lines.length > maxLines) {
      bodies.push(current);
      current = [...block.context];
    } else {
      current.push(...opening);
    }
    current.push(...block.lines);
    printed = block.context;
  }
  bodies.push(current);
  return bodies.map((lines, index) => {
    const end = index === bodies.length - 1 ? `END${kind}` : `ENDPART${index + 1}`;
    return [...headerLines(kind, flight, options, index + 1), ...lines, end].join('\n');
  });
}

const message = (parts: string[], total: number, codes: GroupCodes): PnlMessage => ({
  parts,
  text: parts.join('\n\n'),
  total,
  groupCodes: codes.all(),
});

/**
 * The blocks of some bookings' elements: one block per booking, its first element with the `.L/`
 * line, a group code and size on every element of a booking with several. `sizeOf` gives a
 * booking's size (its elements here, unless the caller knows more).
 */
function bookingBlocks(
  bookings: readonly NameElement[][],
  context: string[],
  codes: GroupCodes,
  sizeOf: (booking: readonly NameElement[]) => number = (booking) => booking.length,
): Block[] {
  return bookings.map((elements) => {
    const size = sizeOf(elements);
    const reference = elements[0]!.passenger.bookingReference;
    const group = size > 1 ? { code: codes.codeOf(reference), size } : undefined;
    return {
      context,
      lines: elements.flatMap((element, index) => elementLines(element, group, index === 0)),
    };
  });
}

/**
 * The PNL of a flight at one board point: every destination × class with its total (even when
 * zero), then its passengers booking by booking. Split into parts of at most
 * `options.maxLinesPerPart` body lines, each with the full heading.
 */
export function buildPnl(
  flight: PnlFlight,
  passengers: readonly PnlPassenger[],
  options: PnlOptions = {},
): PnlMessage {
  const codes = groupCodes(options.groupCodes);
  const body = sectionsOf(flight, passengers).flatMap((section) => {
    const bookings = bookingsOf(passengers.filter(inSection(section)));
    const context = [
      totalsLine(
        section,
        bookings.reduce((sum, booking) => sum + booking.length, 0),
      ),
    ];
    const blocks = bookingBlocks(bookings, context, codes);
    return blocks.length > 0 ? blocks : [{ context, lines: [] }];
  });
  return message(assemble('PNL', flight, body, options), passengers.length, codes);
}

/** One name element of a list with what identifies and describes it, for comparing two lists. */
interface ElementState {
  element: NameElement;
  section: string;
  /** The name and booking: a change of these is a deletion and an addition for a DCS. */
  identity: string;
  /** The remarks (age, infants, seat) and whether it is grouped: a change of these is a CHG. */
  remarks: string;
  /** The size of its booking in its section. */
  bookingSize: number;
}

function elementStates(flight: PnlFlight, passengers: readonly PnlPassenger[]): Map<number, ElementState> {
  const states = new Map<number, ElementState>();
  for (const section of sectionsOf(flight, passengers)) {
    for (const booking of bookingsOf(passengers.filter(inSection(section)))) {
      for (const element of booking) {
        states.set(element.passenger.id, {
          element,
          section: `${section.destination}/${section.classCode}`,
          identity: `${nameLine(element.passenger, undefined)}|${recordLocator(element.passenger.bookingReference)}`,
          // Joining a group (a booking of one grows) is news to the DCS as well: a CHG.
          remarks: `${remarkLines(element).join('\n')}${booking.length > 1 ? '\ngrouped' : ''}`,
          bookingSize: booking.length,
        });
      }
    }
  }
  return states;
}

/**
 * The ADL of `current` against the passengers of the last PNL or ADL sent (`previous`), compared by
 * name element (a passenger who takes a seat, with the infants on their lap). An element that is
 * new, or whose name or booking changed, is an ADD (and the old one a DEL); one that left, or moved
 * to another destination or class, is a DEL there; one whose remarks changed (seat, infant, date
 * of birth) is a CHG with its new data. Per destination × class with changes: its new total, then
 * ADD, CHG and DEL. Nothing changed: `NIL`.
 */
export function buildAdl(
  flight: PnlFlight,
  previous: readonly PnlPassenger[],
  current: readonly PnlPassenger[],
  options: PnlOptions = {},
): AdlMessage {
  const before = elementStates(flight, previous);
  const after = elementStates(flight, current);
  const added: ElementState[] = [];
  const changed: ElementState[] = [];
  const deleted: ElementState[] = [];
  for (const [id, now] of after) {
    const old = before.get(id);
    if (!old || old.section !== now.section || old.identity !== now.identity) added.push(now);
    else if (old.remarks !== now.remarks) changed.push(now);
  }
  for (const [id, old] of before) {
    const now = after.get(id);
    if (!now || old.section !== now.section || old.identity !== now.identity) deleted.push(old);
  }

  const codes = groupCodes(options.groupCodes);
  const body: Block[] = [];
  for (const section of sectionsOf(flight, [...current, ...previous])) {
    const key = `${section.destination}/${section.classCode}`;
    const here = (states: ElementState[]) => states.filter((state) => state.section === key);
    const actions: [string, ElementState[]][] = [
      ['ADD', here(added)],
      ['CHG', here(changed)],
      ['DEL', here(deleted)],
    ];
    if (actions.every(([, states]) => states.length === 0)) continue;
    const total = [...after.values()].filter((state) => state.section === key).length;
    for (const [action, states] of actions) {
      if (states.length === 0) continue;
      const bookings = new Map<string, ElementState[]>();
      for (const state of [...states].sort((a, b) => byName(a.element.passenger, b.element.passenger))) {
        const reference = state.element.passenger.bookingReference;
        bookings.set(reference, [...(bookings.get(reference) ?? []), state]);
      }
      body.push(
        ...bookingBlocks(
          [...bookings.values()].map((booking) => booking.map((state) => state.element)),
          [totalsLine(section, total), action],
          codes,
          (booking) => bookings.get(booking[0]!.passenger.bookingReference)?.[0]?.bookingSize ?? 1,
        ),
      );
    }
  }
  const none = added.length + changed.length + deleted.length === 0;
  const parts = assemble('ADL', flight, none ? [{ context: [], lines: ['NIL'] }] : body, options);
  return {
    ...message(parts, added.length + changed.length + deleted.length, codes),
    added: added.length,
    changed: changed.length,
    deleted: deleted.length,
  };
}
