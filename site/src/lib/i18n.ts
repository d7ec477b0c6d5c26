import { FALLBACK_LOCALE, type Locale, resources } from '@flybook/locales';

/** A text of the shared catalogue by its dotted key, in the locale (English where it is missing). */
export function translate(locale: Locale, key: string): string {
  const find = (catalogue: unknown): string | undefined => {
    let node: unknown = catalogue;
    for (const part of key.split('.')) {
      if (typeof node !== 'object' || node === null) return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
  const text = find(resources[locale].translation) ?? find(resources[FALLBACK_LOCALE].translation);
  if (text === undefined) throw new Error(`Missing text ${key}`);
  return text;
}

/** `t('site.nav.flights')` bound to one page's locale. */
export const translator = (locale: Locale) => (key: string) => translate(locale, key);
