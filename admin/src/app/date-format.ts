import type { Locale } from '@flybook/locales';

const dateTimeFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A moment as the Swiss office reads it: date and time in Europe/Zurich, in the interface language
 * ("12 Mar 2031, 14:05"). Money moves are dated on Swiss days (the filters' dates are too).
 */
export function formatDateTime(iso: string, locale: Locale): string {
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Zurich',
    });
    dateTimeFormats.set(locale, format);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

const dateFormats = new Map<Locale, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/** The same Swiss moment as a date and a time apart, for two-line cells ("12 Mar 2031" / "14:05"). */
export function swissDateTime(iso: string, locale: Locale): { date: string; time: string } {
  let formats = dateFormats.get(locale);
  if (!formats) {
    formats = {
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Europe/Zurich' }),
      time: new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'Europe/Zurich' }),
    };
    dateFormats.set(locale, formats);
  }
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { date: iso, time: '' };
  return { date: formats.date.format(date), time: formats.time.format(date) };
}

/** "Jun 2, 2031" for a calendar date (yyyy-MM-dd), in the interface language. */
/** "Jun 2, 2031" for a calendar date, in the interface language. */
export const formatDate = (date: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.parse(`${date}T00:00:00Z`),
  );

/** "Mon" for ISO weekday 1, in the interface language (1 January 2024 was a Monday). */
export const weekdayName = (weekday: number, locale: Locale, width: 'short' | 'long' = 'short') =>
  new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(Date.UTC(2024, 0, weekday));
