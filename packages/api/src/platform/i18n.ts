import { type Locale, resources } from '@flybook/locales';
import i18next, { type TFunction } from 'i18next';

const i18n = i18next.createInstance();
await i18n.init({ resources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false });

/** Texts for e-mails, SMS and PDFs from the one locale catalogue. */
export const translator = (locale: Locale): TFunction => i18n.getFixedT(locale);
