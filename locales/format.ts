import { OFFICE_TIME_ZONE } from '@flybook/domain/office-day';
import type { Locale } from './index.ts';

/**
 * Dates, times, numbers and money as Flybook prints them, the same on the site, in the back office,
 * on PDFs, in e-mails and in spreadsheets (docs/i18n.md has the table per language).
 *
 * Nothing here asks the runtime for locale data: month and weekday names are bundled below (from
 * CLDR), separators and patterns are ours, and `Intl` is only used with the neutral locale 'en-US'
 * to convert an instant to a time zone's wall clock, which every ICU build (also Node's small-icu
 * and browsers without Albanian data) can do. An Albanian page therefore reads "pre, 4 dhj 2026,
 * 06:30" everywhere, never "M12 4, Fri" or "06:30 AM".
 */

/** A calendar date (yyyy-MM-dd, no time zone), an instant as an ISO string, a Date or epoch ms. */
export type DateValue = string | Date | number;

/**
 * - `numeric`: 26.11.2026 in every language (documents, e-mails, spreadsheets, dense tables);
 * - `short`: 26 Nov 2026 · 26. Nov. 2026 · 26 nov. 2026 · 26 nën 2026;
 * - `long`: 26 November 2026 · 26. November 2026 · 26 novembre 2026 · 26 nëntor 2026.
 */
export type DateStyle = 'numeric' | 'short' | 'long';

export interface DateOptions {
  /** Default `short`. */
  style?: DateStyle;
  /** Put the weekday first: "Thu 26 Nov 2026", "Do., 26. Nov. 2026". */
  weekday?: 'short' | 'long';
  /** Default true; false for day tabs and board columns ("Thu 26 Nov"). Ignored by `numeric`. */
  year?: boolean;
  /** For instants: the zone whose wall clock is printed (an airport's zone). Default Europe/Zurich. */
  timeZone?: string;
}

interface LanguageData {
  /** January first; the form used inside a date ("26. März 2026"). */
  months: { short: readonly string[]; long: readonly string[] };
  /** Monday first (ISO weekday 1). */
  weekdays: { short: readonly string[]; long: readonly string[] };
  /** Day and month, e.g. "26. Nov."; the year follows with a space. */
  dayMonth: (day: number, month: string) => string;
  /** Between the weekday and the date. */
  weekdaySeparator: string;
  /** Thousands separator of numbers and money; the decimal separator is "." in every language. */
  group: string;
}

// Month and weekday names from CLDR 48 (de-CH, en-GB, fr-CH, sq), the forms used within a date.
const LANGUAGES: Record<Locale, LanguageData> = {
  en: {
    months: {
      short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
      long: [
        'January',
        'February',
        'March',
        'April',
        'May',
        'June',
        'July',
        'August',
        'September',
        'October',
        'November',
        'December',
      ],
    },
    weekdays: {
      short: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
      long: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    },
    dayMonth: (day, month) => `${day} ${month}`,
    weekdaySeparator: ' ',
    group: ',',
  },
  de: {
    months: {
      short: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
      long: [
        'Januar',
        'Februar',
        'März',
        'April',
        'Mai',
        'Juni',
        'Juli',
        'August',
        'September',
        'Oktober',
        'November',
        'Dezember',
      ],
    },
    weekdays: {
      short: ['Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.', 'So.'],
      long: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
    },
    dayMonth: (day, month) => `${day}. ${month}`,
    weekdaySeparator: ', ',
    group: "'",
  },
  fr: {
    months: {
      short: [
        'janv.',
        'févr.',
        'mars',
        'avr.',
        'mai',
        'juin',
        'juil.',
        'août',
        'sept.',
        'oct.',
        'nov.',
        'déc.',
      ],
      long: [
        'janvier',
        'février',
        'mars',
        'avril',
        'mai',
        'juin',
        'juillet',
        'août',
        'septembre',
        'octobre',
        'novembre',
        'décembre',
      ],
    },
    weekdays: {
      short: ['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.'],
      long: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
    },
    dayMonth: (day, month) => `${day} ${month}`,
    weekdaySeparator: ' ',
    group: "'",
  },
  sq: {
    months: {
      short: ['jan', 'shk', 'mar', 'pri', 'maj', 'qer', 'korr', 'gush', 'sht', 'tet', 'nën', 'dhj'],
      long: [
        'janar',
        'shkurt',
        'mars',
        'prill',
        'maj',
        'qershor',
        'korrik',
        'gusht',
        'shtator',
        'tetor',
        'nëntor',
        'dhjetor',
      ],
    },
    weekdays: {
      short: ['hën', 'mar', 'mër', 'enj', 'pre', 'sht', 'die'],
      long: ['e hënë', 'e martë', 'e mërkurë', 'e enjte', 'e premte', 'e shtunë', 'e diel'],
    },
    dayMonth: (day, month) => `${day} ${month}`,
    weekdaySeparator: ', ',
    group: "'",
  },
};

const languageOf = (locale: Locale): LanguageData => LANGUAGES[locale] ?? LANGUAGES.en;
const pad = (value: number, length = 2) => String(value).padStart(length, '0');

// ---------- time zones ----------

/** A wall-clock reading: the calendar date, the time and the ISO weekday (1 = Monday). */
export interface WallClock {
  year: number;
  /** 1 … 12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    // 'en-US' with numeric fields only: the zone's rules are in every ICU build, these digits too.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** ISO weekday (1 = Monday) of a calendar date. */
function isoWeekday(year: number, month: number, day: number): number {
  const sunday0 = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return sunday0 === 0 ? 7 : sunday0;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date string as its parts, or null when it is not one (or not a real day). */
function calendarParts(value: string): Pick<WallClock, 'year' | 'month' | 'day'> | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return { year, month, day };
}

/**
 * The wall clock of an instant in a time zone, or null for a value that is no instant. A calendar
 * date (yyyy-MM-dd) is taken as it is, at 00:00, whatever the zone.
 */
export function wallClock(value: DateValue, timeZone: string = OFFICE_TIME_ZONE): WallClock | null {
  if (typeof value === 'string') {
    const date = calendarParts(value);
    if (date) return { ...date, hour: 0, minute: 0, weekday: isoWeekday(date.year, date.month, date.day) };
  }
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const parts: Record<string, number> = {};
  for (const part of zoneFormat(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, minute = 0 } = parts;
  // Some engines print midnight as 24 even with h23; it is the same day's 00.
  const hour = parts.hour === 24 ? 0 : (parts.hour ?? 0);
  return { year, month, day, hour, minute, weekday: isoWeekday(year, month, day) };
}

/** The calendar date (yyyy-MM-dd) of an instant in a time zone: "today in Zurich". */
export function calendarDate(value: DateValue, timeZone: string = OFFICE_TIME_ZONE): string {
  const clock = wallClock(value, timeZone);
  return clock ? `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}` : '';
}

// ---------- dates and times ----------

/** A weekday's name, ISO numbering (1 = Monday … 7 = Sunday): "Mo.", "e hënë". */
export function weekdayName(isoDay: number, locale: Locale, width: 'short' | 'long' = 'short'): string {
  return languageOf(locale).weekdays[width][(((isoDay - 1) % 7) + 7) % 7] ?? '';
}

/** A month's name (1 = January) as used in a date: "März", "nëntor". */
export function monthName(month: number, locale: Locale, width: 'short' | 'long' = 'long'): string {
  return languageOf(locale).months[width][month - 1] ?? '';
}

const numericOf = (clock: WallClock) => `${pad(clock.day)}.${pad(clock.month)}.${pad(clock.year, 4)}`;

function dateOf(clock: WallClock, locale: Locale, options: DateOptions): string {
  const language = languageOf(locale);
  const style = options.style ?? 'short';
  const date =
    style === 'numeric'
      ? numericOf(clock)
      : language.dayMonth(clock.day, language.months[style === 'long' ? 'long' : 'short'][clock.month - 1]!) +
        (options.year === false ? '' : ` ${clock.year}`);
  if (!options.weekday) return date;
  const weekday = language.weekdays[options.weekday][clock.weekday - 1];
  // Numeric dates take the weekday with a plain space ("Mo. 13.07.2026", as tickets print it).
  return `${weekday}${style === 'numeric' ? ' ' : language.weekdaySeparator}${date}`;
}

/** What an unreadable value prints as: the text itself, so a bad value is seen, not hidden. */
const unreadable = (value: DateValue) => (typeof value === 'string' ? value : '');

const timeOf = (clock: WallClock) => `${pad(clock.hour)}:${pad(clock.minute)}`;

/**
 * The numeric date, the same in every language: "26.11.2026" (documents, e-mails, spreadsheets).
 * A calendar date prints as it is; an instant as its date in `timeZone` (Europe/Zurich unless given).
 */
export function numericDate(value: DateValue, timeZone: string = OFFICE_TIME_ZONE): string {
  const clock = wallClock(value, timeZone);
  return clock ? numericOf(clock) : unreadable(value);
}

/**
 * A date in the interface language. A calendar date (yyyy-MM-dd) prints as it is; an instant
 * prints as its date in `options.timeZone` (Europe/Zurich unless given).
 *
 * formatDate('2026-11-26', 'de', { weekday: 'short' }) → "Do., 26. Nov. 2026"
 */
export function formatDate(value: DateValue, locale: Locale, options: DateOptions = {}): string {
  const clock = wallClock(value, options.timeZone);
  return clock ? dateOf(clock, locale, options) : unreadable(value);
}

/**
 * A time of day, 24-hour HH:mm in every language ("06:30", "18:05"). Takes an instant (converted
 * to `timeZone`, Europe/Zurich unless given) or an "H:mm"/"HH:mm[:ss]" time, which is normalised.
 */
export function formatTime(value: DateValue, timeZone: string = OFFICE_TIME_ZONE): string {
  if (typeof value === 'string') {
    const time = /^(\d{1,2}):(\d{2})(:\d{2}(\.\d+)?)?$/.exec(value);
    if (time) return `${pad(Number(time[1]))}:${time[2]}`;
  }
  const clock = wallClock(value, timeZone);
  return clock ? timeOf(clock) : unreadable(value);
}

/**
 * A date and a time: "26.11.2026 06:30" (numeric), "26 Nov 2026, 06:30", "Do., 26. Nov. 2026, 06:30".
 * Instants are read in `options.timeZone` (Europe/Zurich unless given).
 */
export function formatDateTime(value: DateValue, locale: Locale, options: DateOptions = {}): string {
  const clock = wallClock(value, options.timeZone);
  if (!clock) return unreadable(value);
  const separator = (options.style ?? 'short') === 'numeric' ? ' ' : ', ';
  return `${dateOf(clock, locale, options)}${separator}${timeOf(clock)}`;
}

// ---------- numbers and money ----------

/** No-break space: "CHF" never wraps away from its amount. */
const NBSP = '\u00a0';

/** Whole-number digits with the language's thousands separator. */
function groupDigits(digits: string, group: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/** Digits of a non-negative integer of hundredths, or of any size as a bigint, as "1'234.50". */
function hundredths(value: bigint, group: string): string {
  const whole = value / 100n;
  const cents = value % 100n;
  return `${groupDigits(whole.toString(), group)}.${cents.toString().padStart(2, '0')}`;
}

export interface MoneyOptions {
  /** A change rather than an amount: a plus sign on positive values too ("CHF +29.90"). */
  signed?: boolean;
}

/**
 * An amount in Rappen (integer, 1 CHF = 100 Rappen) for people: "CHF 1,234.50" in English,
 * "CHF 1'234.50" in German, French and Albanian, "CHF -25.00" when negative. The space after CHF is
 * a no-break space. Exact for every safe integer (no floating point is involved).
 */
export function formatMoney(rappen: number, locale: Locale, options: MoneyOptions = {}): string {
  const amount = formatAmount(rappen, locale, options);
  return amount && `CHF${NBSP}${amount}`;
}

/**
 * The number of {@link formatMoney} without the code, for table columns whose header already says
 * CHF: "1'234.50", "-25.00".
 */
export function formatAmount(rappen: number, locale: Locale, options: MoneyOptions = {}): string {
  if (!Number.isFinite(rappen)) return '';
  const amount = BigInt(Math.round(rappen));
  const sign = amount < 0n ? '-' : options.signed && amount > 0n ? '+' : '';
  return `${sign}${hundredths(amount < 0n ? -amount : amount, languageOf(locale).group)}`;
}

/** An amount in CHF as the API sends it (19.99), formatted like {@link formatMoney}. */
export function formatChf(chf: number, locale: Locale): string {
  // Amounts have at most two decimals; rounding the product absorbs float noise (1.15 × 100).
  return formatMoney(Math.round(chf * 100), locale);
}

/**
 * A plain number with the language's thousands separator and "." as the decimal sign, rounded to
 * `fractionDigits` decimals (default 0): formatNumber(1234.5, 'de', 2) → "1'234.50".
 */
export function formatNumber(value: number, locale: Locale, fractionDigits = 0): string {
  if (!Number.isFinite(value)) return '';
  const [whole = '0', decimals] = Math.abs(value).toFixed(fractionDigits).split('.');
  const sign = value < 0 && Number(`${whole}.${decimals ?? 0}`) !== 0 ? '-' : '';
  const grouped = groupDigits(whole, languageOf(locale).group);
  return `${sign}${grouped}${decimals === undefined ? '' : `.${decimals}`}`;
}

/**
 * Number formats for spreadsheet cells: the cells stay numbers and dates (sortable, summable) and
 * the spreadsheet shows them in the same order as our documents. Excel replaces "," and "." by
 * the reader's own separators.
 */
export const SPREADSHEET_FORMATS = {
  date: 'dd.mm.yyyy',
  dateTime: 'dd.mm.yyyy hh:mm',
  time: 'hh:mm',
  money: '"CHF" #,##0.00;"CHF" -#,##0.00',
} as const;
