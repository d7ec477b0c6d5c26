import type { Locale } from '@flybook/locales';

/** Amounts as the site shows them: Swiss francs in the page's language. */
export const chf = (locale: Locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'CHF' });

/** Departures in lists without an airport's zone at hand: Zurich time, where most flights leave. */
export const zurichDateTime = (locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Zurich' });
