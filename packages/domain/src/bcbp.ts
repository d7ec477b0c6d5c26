/**
 * The IATA Bar Coded Boarding Pass (Resolution 792, BCBP), format code 'M', one leg: the text the
 * boarding pass barcode holds and the gate reads back. docs/check-in.md says what we put in each field.
 *
 * The mandatory items, in order, with their widths:
 *
 *   format code 'M' 1 · number of legs '1' 1 · passenger name 20 · electronic ticket indicator 1 ·
 *   PNR code 7 · from 3 · to 3 · operating carrier 3 · flight number 5 · date of flight (Julian) 3 ·
 *   compartment 1 · seat 4 · check-in sequence number 5 · passenger status 1 · size of the
 *   conditional section 2 (hex)
 *
 * = 60 characters. We write no conditional section (its size is "00").
 */

/** The mandatory items of a one-leg pass, as we use them. */
export interface BoardingPassData {
  /** SURNAME/GIVEN as encoded (see {@link bcbpName}), at most 20 characters. */
  passengerName: string;
  eTicket: boolean;
  /** The operating carrier's PNR code: our record locator. */
  recordLocator: string;
  /** IATA airport code of departure. */
  from: string;
  /** IATA airport code of arrival. */
  to: string;
  /** Operating carrier designator, e.g. "AC". */
  carrier: string;
  /** Flight number without the carrier: "123" or "123A". */
  flightNumber: string;
  /** Day of the year of the local departure date, 1–366. */
  dayOfYear: number;
  /** Compartment code, e.g. "Y". */
  compartment: string;
  /** "12A"; {@link BCBP_INFANT_SEAT} for an infant on a lap; "" for no seat. */
  seat: string;
  /** Check-in sequence number, 0–9999. */
  sequenceNumber: number;
  /** Passenger status, one character, e.g. "1" (checked in). */
  passengerStatus: string;
}

export type BcbpDecodeError = { error: 'format' | 'legs' | 'length'; message: string };

/**
 * What the seat field holds for an infant travelling on an adult's lap: the BCBP Implementation Guide
 * (5.3.6) recommends "INF" when an airline issues the infant a boarding pass of its own.
 */
export const BCBP_INFANT_SEAT = 'INF';

/** Length of the mandatory items of one leg. */
export const BCBP_MANDATORY_LENGTH = 60;

const NAME_LENGTH = 20;

/**
 * Letters ICAO Doc 9303 (part 3, transliteration of national characters) writes with two letters, or
 * whose base letter Unicode decomposition would not find. Every other accented letter loses its
 * accent (É → E, Ç → C, Ë → E, Ñ → N).
 */
const TRANSLITERATION: Record<string, string> = {
  Ä: 'AE',
  Æ: 'AE',
  Å: 'AA',
  Ö: 'OE',
  Ø: 'OE',
  Œ: 'OE',
  Ü: 'UE',
  ẞ: 'SS',
  Þ: 'TH',
  Ð: 'D',
  Đ: 'D',
  Ħ: 'H',
  Ł: 'L',
  Ŀ: 'L',
  Ŋ: 'N',
  Ŧ: 'T',
};

/** A name part in the letters a boarding pass has: A–Z and single spaces. */
/** Cyrillic letters in Latin ones, after ICAO Doc 9303 Part 3 (Иванов → IVANOV, Щукин → SHCHUKIN). */
const CYRILLIC: Record<string, string> = {
  А: 'A',
  Б: 'B',
  В: 'V',
  Г: 'G',
  Ґ: 'G',
  Д: 'D',
  Ђ: 'D',
  Ѓ: 'G',
  Е: 'E',
  Ё: 'E',
  Є: 'IE',
  Ж: 'ZH',
  З: 'Z',
  Ѕ: 'DZ',
  И: 'I',
  І: 'I',
  Ї: 'I',
  Й: 'I',
  Ј: 'J',
  К: 'K',
  Л: 'L',
  Љ: 'LJ',
  М: 'M',
  Н: 'N',
  Њ: 'NJ',
  О: 'O',
  П: 'P',
  Р: 'R',
  С: 'S',
  Т: 'T',
  Ћ: 'C',
  Ќ: 'K',
  У: 'U',
  Ў: 'U',
  Ф: 'F',
  Х: 'KH',
  Ц: 'TS',
  Ч: 'CH',
  Џ: 'DZ',
  Ш: 'SH',
  Щ: 'SHCH',
  Ъ: 'IE',
  Ы: 'Y',
  Ь: '',
  Э: 'E',
  Ю: 'IU',
  Я: 'IA',
};

function bcbpLetters(text: string): string {
  return (
    text
      // 'ß'.toUpperCase() is already "SS".
      .toLocaleUpperCase('en')
      .replace(/[\u0400-\u04FF]/gu, (letter) => CYRILLIC[letter] ?? letter)
      .replace(/[ÄÆÅÖØŒÜẞÞÐĐĦŁĿŊŦ]/gu, (letter) => TRANSLITERATION[letter] ?? letter)
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      // ICAO 9303 drops apostrophes and writes a hyphen as a separator.
      .replace(/['’ʼ`]/gu, '')
      .replace(/[^A-Z]+/g, ' ')
      .trim()
  );
}

/**
 * The passenger name as a boarding pass prints and encodes it: "SURNAME/GIVEN NAMES", upper case,
 * transliterated after ICAO Doc 9303 (Müller → MUELLER, Großmann → GROSSMANN, Çeku → CEKU,
 * Ëmira → EMIRA, Sørensen → SOERENSEN), hyphens as spaces, apostrophes dropped, cut to the 20
 * characters of the field (the surname first, so it survives, but never the given name's initial).
 * Cyrillic is written in Latin letters by the same document's table; a script it has no table for
 * (Chinese, say) leaves the name empty, and staff book such names in Latin letters, as the passport's
 * machine-readable zone has them.
 */
export function bcbpName(lastName: string, firstName: string): string {
  const given = bcbpLetters(firstName);
  // A surname too long for the field leaves room for "/" and the given name's initial.
  const surname = bcbpLetters(lastName)
    .slice(0, given ? NAME_LENGTH - 2 : NAME_LENGTH)
    .trimEnd();
  return `${surname}/${given}`.slice(0, NAME_LENGTH).trimEnd();
}

/**
 * The day of the year (1 = 1 January, 366 = 31 December of a leap year) of a calendar date given as
 * YYYY-MM-DD: the Julian date of flight of a boarding pass, taken from the local departure date.
 */
export function dayOfYear(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`Not a date YYYY-MM-DD: "${isoDate}"`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = Date.UTC(year, month - 1, day);
  const check = new Date(date);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`No such date: "${isoDate}"`);
  }
  return Math.round((date - Date.UTC(year, 0, 1)) / 86_400_000) + 1;
}

/** A value left-justified and space-padded (or cut) to a width. */
const field = (value: string, width: number) => value.slice(0, width).padEnd(width, ' ');

function invalid(name: string, value: unknown): never {
  throw new RangeError(`BCBP: invalid ${name} ${JSON.stringify(value)}`);
}

/** "12A" → "012A", "INF" → "INF ", "" → four spaces (no seat). */
function encodeSeat(seat: string): string {
  if (seat === '') return '    ';
  if (seat === BCBP_INFANT_SEAT) return `${BCBP_INFANT_SEAT} `;
  const match = /^(\d{1,3})([A-Z])$/.exec(seat);
  if (!match) invalid('seat', seat);
  return `${match[1]!.padStart(3, '0')}${match[2]}`;
}

/**
 * The text of a one-leg boarding pass without a conditional section: exactly 60 characters. Throws a
 * RangeError for a value that does not fit its field (a wrong airport code, a flight number of five
 * digits, a sequence number above 9999…); the name is cut to its 20 characters.
 */
export function encodeBcbp(pass: BoardingPassData): string {
  if (!/^[\x20-\x7e]*$/.test(pass.passengerName)) invalid('passenger name', pass.passengerName);
  if (!/^[A-Z0-9]{1,7}$/.test(pass.recordLocator)) invalid('record locator', pass.recordLocator);
  if (!/^[A-Z]{3}$/.test(pass.from)) invalid('airport code', pass.from);
  if (!/^[A-Z]{3}$/.test(pass.to)) invalid('airport code', pass.to);
  if (!/^[A-Z0-9]{2,3}$/.test(pass.carrier)) invalid('carrier', pass.carrier);
  const flight = /^(\d{1,4})([A-Z]?)$/.exec(pass.flightNumber);
  if (!flight) invalid('flight number', pass.flightNumber);
  if (!Number.isInteger(pass.dayOfYear) || pass.dayOfYear < 1 || pass.dayOfYear > 366) {
    invalid('day of year', pass.dayOfYear);
  }
  if (!/^[A-Z]$/.test(pass.compartment)) invalid('compartment', pass.compartment);
  if (!Number.isInteger(pass.sequenceNumber) || pass.sequenceNumber < 0 || pass.sequenceNumber > 9999) {
    invalid('sequence number', pass.sequenceNumber);
  }
  if (!/^[0-9A-Z]$/.test(pass.passengerStatus)) invalid('passenger status', pass.passengerStatus);

  return [
    'M',
    '1',
    field(pass.passengerName, NAME_LENGTH),
    pass.eTicket ? 'E' : ' ',
    field(pass.recordLocator, 7),
    pass.from,
    pass.to,
    field(pass.carrier, 3),
    `${flight[1]!.padStart(4, '0')}${flight[2] || ' '}`,
    String(pass.dayOfYear).padStart(3, '0'),
    pass.compartment,
    encodeSeat(pass.seat),
    `${String(pass.sequenceNumber).padStart(4, '0')} `,
    pass.passengerStatus,
    '00',
  ].join('');
}

const formatError = (message: string): BcbpDecodeError => ({ error: 'format', message });

/**
 * Reads a one-leg boarding pass. Line ends a handheld scanner types after the text are ignored; a
 * conditional section is skipped when the size item announces it. Anything else — another format
 * code, more than one leg, too few or too many characters, an item that is not what its field holds —
 * is refused with a message saying what is wrong.
 */
export function decodeBcbp(text: string): BoardingPassData | BcbpDecodeError {
  const pass = text.replace(/[\r\n]+$/, '');
  if (pass.length < BCBP_MANDATORY_LENGTH) {
    return {
      error: 'length',
      message: `A boarding pass has at least ${BCBP_MANDATORY_LENGTH} characters; this one has ${pass.length}.`,
    };
  }
  if (pass[0] !== 'M') {
    return formatError(`The format code is "${pass[0]}"; only "M" (bar coded boarding pass) is read.`);
  }
  if (pass[1] !== '1') {
    return {
      error: 'legs',
      message: `The pass encodes "${pass[1]}" legs; only passes for one leg are read.`,
    };
  }

  const item = (start: number, width: number) => pass.slice(start, start + width);
  const name = item(2, 20);
  const eTicket = item(22, 1);
  const recordLocator = item(23, 7).trimEnd();
  const from = item(30, 3);
  const to = item(33, 3);
  const carrier = item(36, 3).trimEnd();
  const flight = /^(\d{4})([A-Z ])$/.exec(item(39, 5));
  const day = item(44, 3);
  const compartment = item(47, 1);
  const seat = item(48, 4);
  const sequence = /^(\d{4}) $/.exec(item(52, 5));
  const passengerStatus = item(57, 1);
  const size = item(58, 2);

  if (eTicket !== 'E' && eTicket !== ' ') return formatError(`Electronic ticket indicator "${eTicket}".`);
  if (!/^[A-Z0-9]+$/.test(recordLocator)) return formatError(`PNR code "${item(23, 7)}".`);
  if (!/^[A-Z]{3}$/.test(from)) return formatError(`From airport code "${from}".`);
  if (!/^[A-Z]{3}$/.test(to)) return formatError(`To airport code "${to}".`);
  if (!/^[A-Z0-9]{2,3}$/.test(carrier)) return formatError(`Operating carrier "${item(36, 3)}".`);
  if (!flight) return formatError(`Flight number "${item(39, 5)}" (four digits and a suffix or space).`);
  const dayNumber = Number(day);
  if (!/^\d{3}$/.test(day) || dayNumber < 1 || dayNumber > 366) {
    return formatError(`Date of flight "${day}" (day of the year 001–366).`);
  }
  if (!/^[A-Z]$/.test(compartment)) return formatError(`Compartment code "${compartment}".`);
  if (!sequence) return formatError(`Check-in sequence number "${item(52, 5)}" (four digits and a space).`);
  if (!/^[0-9A-Z]$/.test(passengerStatus)) return formatError(`Passenger status "${passengerStatus}".`);
  if (!/^[0-9A-F]{2}$/i.test(size))
    return formatError(`Size of the conditional section "${size}" (two hex digits).`);

  const conditional = Number.parseInt(size, 16);
  const rest = pass.length - BCBP_MANDATORY_LENGTH;
  if (rest !== conditional) {
    return {
      error: 'length',
      message:
        rest < conditional
          ? `The conditional section should have ${conditional} characters; only ${rest} follow.`
          : `${rest - conditional} characters follow the pass (security data or another leg are not read).`,
    };
  }

  const seatRow = /^(\d{3})([A-Z])$/.exec(seat);
  return {
    passengerName: name.trimEnd(),
    eTicket: eTicket === 'E',
    recordLocator,
    from,
    to,
    carrier,
    flightNumber: `${Number(flight[1])}${flight[2]!.trim()}`,
    dayOfYear: dayNumber,
    compartment,
    seat: seatRow ? `${Number(seatRow[1])}${seatRow[2]}` : seat.trim(),
    sequenceNumber: Number(sequence[1]),
    passengerStatus,
  };
}
