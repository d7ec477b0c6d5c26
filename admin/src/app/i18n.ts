import { FALLBACK_LOCALE, isLocale, LOCALES, type Locale } from '@flybook/locales';
import type { I18nProvider } from '@refinedev/core';
import i18next, { type i18n as I18n } from 'i18next';

/** Browser storage key of the chosen interface language (shared with the public site). */
export const LOCALE_STORAGE_KEY = 'flybook.locale';

/**
 * The language the interface starts in (spec 01 §1): the saved choice, else the first browser
 * language we offer (a regional tag like de-CH counts as de), else English.
 */
export function detectStartLocale(storage: Storage | null, browserLanguages: readonly string[]): Locale {
  let saved: string | null = null;
  try {
    saved = storage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    saved = null;
  }
  if (isLocale(saved)) return saved;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return FALLBACK_LOCALE;
}

/** The browser's preferred languages, most preferred first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/** One language's texts of the shared catalogue (locales/<locale>.json). */
export type Catalogue = Readonly<Record<string, unknown>>;
export type Catalogues = Partial<Record<Locale, Catalogue>>;

// One chunk per language: the shell carries none of the four catalogues (each ~30 kB gzip), and a
// page loads only the language it shows. The catalogue test keeps their keys identical.
const CATALOGUE_CHUNKS: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  de: () => import('@flybook/locales/de.json'),
  en: () => import('@flybook/locales/en.json'),
  fr: () => import('@flybook/locales/fr.json'),
  sq: () => import('@flybook/locales/sq.json'),
};

export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return (await CATALOGUE_CHUNKS[locale]()).default;
}

/** A private i18next instance over the catalogues given, ready synchronously (no loading flash). */
export function createI18n(locale: Locale, catalogues: Catalogues): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(
      Object.entries(catalogues).map(([language, translation]) => [language, { translation }]),
    ),
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}

/** The current interface language of an instance, narrowed to our locales. */
export function currentLocale(i18n: I18n): Locale {
  return isLocale(i18n.language) ? i18n.language : FALLBACK_LOCALE;
}

/** Switches the language, remembers it and updates `<html lang>` so screen readers change voice. */
export async function changeLocale(i18n: I18n, locale: Locale, storage: Storage | null): Promise<void> {
  try {
    storage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // not remembered, still switched
  }
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', await loadCatalogue(locale));
  }
  await i18n.changeLanguage(locale);
  setDocumentLanguage(locale);
}

export function setDocumentLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * Refine's translate hook over our i18next instance. Refine passes either interpolation options or
 * a default message as the second argument; a missing key falls back to the default message.
 */
export function createI18nProvider(i18n: I18n, storage: Storage | null): I18nProvider {
  return {
    translate: (key, options, defaultMessage) => {
      const fallback = typeof options === 'string' ? options : defaultMessage;
      const values = typeof options === 'object' && options !== null ? options : {};
      if (!i18n.exists(key)) return fallback ?? key;
      const text: unknown = i18n.t(key, values);
      return typeof text === 'string' ? text : (fallback ?? key);
    },
    changeLocale: (locale) => (isLocale(locale) ? changeLocale(i18n, locale, storage) : undefined),
    getLocale: () => currentLocale(i18n),
  };
}
