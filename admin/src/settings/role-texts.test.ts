import { ROLE_CATALOGUE } from '@flybook/domain';
import { LOCALES } from '@flybook/locales';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../app/i18n.ts';
import { ALL_CATALOGUES } from '../test/catalogues.ts';

// The permissions page shows each role's title and description in the interface language
// (spec 03 §6); the English texts are the catalogue's own.
describe('role texts', () => {
  it('translates every role of the catalogue into the four languages, English as the catalogue says', () => {
    for (const locale of LOCALES) {
      const i18n = createI18n(locale, ALL_CATALOGUES);
      const missing = ROLE_CATALOGUE.flatMap(({ role }) =>
        ['title', 'description']
          .filter((part) => !i18n.exists(`roles.${role}.${part}`, { fallbackLng: [] }))
          .map((part) => `${role}.${part}`),
      );
      expect(missing, locale).toEqual([]);
    }
    const english = createI18n('en', ALL_CATALOGUES);
    for (const info of ROLE_CATALOGUE) {
      expect(english.t(`roles.${info.role}.title`)).toBe(info.title);
      expect(english.t(`roles.${info.role}.description`)).toBe(info.description);
    }
    expect(createI18n('de', ALL_CATALOGUES).t('roles.ROLE_FLIGHT_CREATE.title')).toBe('Flüge erstellen');
  });
});
