import { FALLBACK_LOCALE, LOCALES, type Locale, resources } from '@flybook/locales';
import i18next, { type i18n as I18n } from 'i18next';
import type { Message, Plural, Template } from './message.ts';

/**
 * The public site's texts (docs/i18n.md, "The public site"): i18next over the shared catalogue, as
 * the back office and the API use it, with its plurals (`key_one`, `key_other`) and interpolation.
 * It runs when the site is built, in the pages' frontmatter: no page ships it. An island gets its
 * texts from here finished, or as messages (lib/message.ts) it fills in the browser.
 *
 * A text that would reach a page with a `{{parameter}}` unfilled, or a key the catalogue lacks,
 * fails the build instead.
 */

type Values = Readonly<Record<string, string | number>>;

const instances = new Map<Locale, I18n>();

/** The site's i18next instance of a language, English where the language lacks a text. */
export function i18nOf(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      resources,
      lng: locale,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...LOCALES],
      initAsync: false,
      // Astro and React escape what they print.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}

const PARAMETER = /\{\{-?\s*(\w+)\s*\}\}/;

function missing(locale: Locale, key: string): never {
  throw new Error(`Missing text ${key} (${locale})`);
}

/**
 * A finished text: the key's text in the language with `values` filled, its plural form chosen by
 * `values.count`. Throws for a key the catalogue lacks and for a parameter left unfilled.
 */
export function translate(locale: Locale, key: string, values?: Values): string {
  const i18n = i18nOf(locale);
  if (!i18n.exists(key, { ...values })) missing(locale, key);
  const text = i18n.t(key, { ...values });
  const unfilled = /\{\{[^}]*\}\}|\{\{/.exec(text);
  if (unfilled) throw new Error(`${key} (${locale}): ${unfilled[0]} is not filled`);
  return text;
}

/** `t('site.nav.flights')`, `t('site.flightsBoard.seatsLeft', { count: 2 })` bound to a page's locale. */
export const translator = (locale: Locale) => (key: string, values?: Values) =>
  translate(locale, key, values);

/** The catalogue's own text i18next picks for the key (and count), its parameters not filled. */
function sourceText(locale: Locale, key: string, count?: number): string {
  const i18n = i18nOf(locale);
  const options = count === undefined ? {} : { count };
  if (!i18n.exists(key, options)) missing(locale, key);
  const { usedLng, exactUsedKey } = i18n.t(key, { ...options, returnDetails: true });
  const text: unknown = i18n.getResource(usedLng, 'translation', exactUsedKey);
  return typeof text === 'string' ? text : missing(locale, key);
}

/** A text split at its parameters, each of them one the island fills (else the build fails). */
function compile<P extends string>(text: string, fills: readonly string[], where: string): Template<P> {
  const parts = text.split(new RegExp(PARAMETER.source, 'g'));
  parts.forEach((part, index) => {
    if (index % 2 === 1 && !fills.includes(part))
      throw new Error(
        `${where}: the island does not fill {{${part}}} (it fills: ${fills.join(', ') || 'none'})`,
      );
    if (index % 2 === 0 && part.includes('{{')) throw new Error(`${where}: a {{…}} the site cannot fill`);
  });
  return parts;
}

/** The site's texts of one language, for a page and the islands on it. */
export interface SiteTexts {
  locale: Locale;
  /** A finished text (see `translate`). */
  t: (key: string, values?: Values) => string;
  /** Finished texts by name, from a map of name → key. */
  texts: <K extends string>(keys: Readonly<Record<K, string>>) => Record<K, string>;
  /** A text an island fills with `params` (at least one): no other parameter may be in it. */
  template: <const P extends string>(key: string, params: readonly [P, ...P[]]) => Template<P>;
  /**
   * A text an island fills with `count` (and `params`): each plural form the language has, as
   * i18next picks them, for the island to choose by the count it knows.
   */
  plural: <const P extends string = never>(key: string, params?: readonly P[]) => Plural<P>;
  /** Texts by name an island fills with `params`: finished where a text has none of them. */
  messages: <K extends string, const P extends string>(
    keys: Readonly<Record<K, string>>,
    params: readonly P[],
  ) => Record<K, Message<P>>;
}

export function siteTexts(locale: Locale): SiteTexts {
  const where = (key: string) => `${key} (${locale})`;
  const mapTexts = <K extends string, V>(keys: Readonly<Record<K, string>>, text: (key: string) => V) =>
    Object.fromEntries(Object.entries<string>(keys).map(([name, key]) => [name, text(key)])) as Record<K, V>;
  return {
    locale,
    t: (key, values) => translate(locale, key, values),
    texts: (keys) => mapTexts(keys, (key) => translate(locale, key)),
    template: (key, params) => compile(sourceText(locale, key), params, where(key)),
    plural: (key, params = []) => ({
      locale,
      // 1 and 2 fall in "one" and "other" in all four languages (lib/message.ts, pluralCategory).
      one: compile(sourceText(locale, key, 1), [...params, 'count'], where(`${key}_one`)),
      other: compile(sourceText(locale, key, 2), [...params, 'count'], where(`${key}_other`)),
    }),
    messages: (keys, params) =>
      mapTexts(keys, (key) => {
        const template = compile<(typeof params)[number]>(sourceText(locale, key), params, where(key));
        return template.length === 1 ? (template[0] ?? '') : template;
      }),
  };
}
