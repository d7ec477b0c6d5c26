import { LOCALES, type Locale, resources } from '@flybook/locales';
import i18next, { type TFunction } from 'i18next';

const i18n = i18next.createInstance();
await i18n.init({ resources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false });

/** The i18next instance, for the test that checks which texts reach it. */
export const i18nextInstance = i18n;

/** i18next itself, for what the quick path leaves to it (and for the test that holds the two together). */
export const i18nextTranslator = (locale: Locale): TFunction => i18n.getFixedT(locale);

/** A plain `{{name}}` in a text: the only interpolation the quick path does itself. */
const PLACEHOLDER = /{{\s*([A-Za-z0-9_]+)\s*}}/g;

/** Options that change which text i18next picks or how it builds it, not values to put in. */
const STEERING = new Set([
  'count',
  'context',
  'defaultValue',
  'lng',
  'lngs',
  'ns',
  'ordinal',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'postProcess',
  'replace',
  'interpolation',
  'keySeparator',
  'nsSeparator',
  'fallbackLng',
]);

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The texts of one language, the same as i18next's (`i18n.test.ts` holds every key of every
 * language to it) at a fraction of its cost: a key's text is looked up once, and a text with only
 * plain `{{name}}` values is filled in here. Plurals, contexts, nesting, formats, fallbacks to
 * English and missing values go to i18next. Every booking's e-mail translates some twenty texts,
 * and i18next's `t` was a tenth of a staff booking's CPU (docs/booking.md, "What a booking costs").
 */
function quickTranslator(locale: Locale): TFunction {
  const i18nextT = i18n.getFixedT(locale) as unknown as Translate;
  // A key's own text in this language, or null where i18next must do the work.
  const texts = new Map<string, string | null>();
  const textOf = (key: string) => {
    let text = texts.get(key);
    if (text === undefined) {
      const found: unknown = i18n.getResource(locale, 'translation', key);
      text =
        typeof found === 'string' && !found.includes('$t(') && !found.replace(PLACEHOLDER, '').includes('{{')
          ? found
          : null;
      texts.set(key, text);
    }
    return text;
  };
  // An option that steers only when it is set: `context: undefined` picks no context.
  const steers = (options: Record<string, unknown>) =>
    Object.keys(options).some((name) => STEERING.has(name) && options[name] !== undefined);
  const translate: Translate = (key, options) => {
    const text =
      typeof key === 'string' && (options === undefined || typeof options === 'object') ? textOf(key) : null;
    if (text === null) return i18nextT(key, options);
    if (!text.includes('{{')) {
      if (options !== undefined && steers(options)) return i18nextT(key, options);
      return text;
    }
    if (options === undefined || steers(options)) return i18nextT(key, options);
    let complete = true;
    const filled = text.replace(PLACEHOLDER, (_, name: string) => {
      const value = options[name];
      if (typeof value === 'string') return value;
      if (typeof value === 'number') return String(value);
      complete = false;
      return '';
    });
    return complete ? filled : i18nextT(key, options);
  };
  return translate as unknown as TFunction;
}

const translators = new Map<Locale, TFunction>(LOCALES.map((locale) => [locale, quickTranslator(locale)]));

/** Texts for e-mails, SMS and PDFs from the one locale catalogue. */
export const translator = (locale: Locale): TFunction => translators.get(locale) ?? i18n.getFixedT(locale);

/** One language's catalogue, as the sections the server reads from it. */
type Catalogue = (typeof resources)[Locale]['translation'];

/**
 * The keys of a catalogue section whose text, in any of the four languages, contains the typed text
 * (case-insensitive): what a search in the reader's language, or any other, finds by name.
 */
export function keysNamed(text: string, section: (catalogue: Catalogue) => Record<string, string>): string[] {
  const wanted = text.trim().toLocaleLowerCase();
  if (wanted === '') return [];
  const keys = new Set<string>();
  for (const locale of LOCALES) {
    for (const [key, name] of Object.entries(section(resources[locale].translation)))
      if (name.toLocaleLowerCase().includes(wanted)) keys.add(key);
  }
  return [...keys];
}
