import type { Locale } from '@flybook/locales';

/**
 * The island side of the site's texts (docs/i18n.md, "The public site"). The page translates with
 * i18next at build time (lib/i18n.ts) and hands an island its texts finished, or, where a value is
 * only known in the browser (a count, a seat, an amount), as a message made ready here: the
 * catalogue's `{{name}}` syntax never reaches a page or an island, and no catalogue or i18next is
 * shipped. This module is all an island carries for it.
 */

declare const params: unique symbol;

/**
 * A catalogue text with parameters, compiled at build time: its literal parts at even places, the
 * names of its parameters at odd ones ("Seat {{seat}}" → `["Seat ", "seat", ""]`). `P` names the
 * parameters the island fills; a page cannot hand it a text that needs more.
 */
export type Template<P extends string = string> = readonly string[] & { readonly [params]?: P };

/** The plural categories of the site's four languages (French "many", 1 000 000, reads "other"). */
export type PluralCategory = 'one' | 'other';

/** A text that depends on `count`: its template for each plural category of the page's language. */
export interface Plural<P extends string = never> {
  locale: Locale;
  one: Template<P | 'count'>;
  other: Template<P | 'count'>;
}

/** A text as an island may be given it: finished, or to be filled with `P`. */
export type Message<P extends string = string> = string | Template<P>;

type Values<P extends string> = Readonly<Record<P, string | number>>;

/**
 * CLDR's cardinal rule of each language, as i18next applies it at build time (lib/i18n.test.ts
 * holds the two together): French says "0 place restante" and "1,5 heure" (one: integer part 0 or
 * 1), English, German and Albanian "one" only for exactly 1. Carried here rather than asked of
 * `Intl.PluralRules`, which a browser without a language's data answers in English.
 */
export function pluralCategory(locale: Locale, count: number): PluralCategory {
  const n = Math.abs(count);
  if (locale === 'fr') return n < 2 ? 'one' : 'other';
  return n === 1 ? 'one' : 'other';
}

/** The text of a message with its parameters filled (a finished text as it is). */
export function fill(message: string): string;
export function fill<P extends string>(message: Message<P>, values: Values<P>): string;
export function fill<P extends string>(message: Plural<P>, values: Values<P> & { count: number }): string;
export function fill(message: Message | Plural<string>, values: Values<string> = {}): string {
  if (typeof message === 'string') return message;
  const template = isTemplate(message)
    ? message
    : message[pluralCategory(message.locale, Number(values.count))];
  return template.map((part, index) => (index % 2 === 0 ? part : String(values[part] ?? ''))).join('');
}

const isTemplate = (message: Template | Plural<string>): message is Template => Array.isArray(message);
