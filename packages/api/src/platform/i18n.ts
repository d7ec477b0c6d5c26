import { LOCALES, type Locale, resources } from '@flybook/locales';
import i18next, { type TFunction } from 'i18next';

const i18n = i18next.createInstance();
await i18n.init({ resources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false });

/** Texts for e-mails, SMS and PDFs from the one locale catalogue. */
export const translator = (locale: Locale): TFunction => i18n.getFixedT(locale);

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
