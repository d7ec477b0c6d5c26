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
