import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import sq from './sq.json' with { type: 'json' };

export { COMPANY, COMPANY_PLACEHOLDERS, fillCompany } from './company.ts';

export const LOCALES = ['de', 'en', 'fr', 'sq'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

/** The one catalogue for site, admin, e-mails, SMS and PDFs, as i18next resources. */
export const resources = {
  de: { translation: de },
  en: { translation: en },
  fr: { translation: fr },
  sq: { translation: sq },
} as const;

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);
