import { MAIN_MENU, SECTION_TABS } from '@flybook/domain';
import { LOCALES } from '@flybook/locales';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ALL_CATALOGUES } from '../test/catalogues.ts';
import { createI18n } from './i18n.ts';
import { tabLabel } from './labels.ts';

// Literal t('…') keys and the catalogue's completeness are checked in locales/catalogue.test.ts;
// menu and tab labels come from @flybook/domain as data, so they are checked here.
describe('back-office labels', () => {
  it('has a label for every main-menu entry and section tab of @flybook/domain', () => {
    for (const locale of LOCALES) {
      const i18n = createI18n(locale, ALL_CATALOGUES);
      for (const entry of MAIN_MENU) expect(i18n.exists(entry.labelKey), entry.labelKey).toBe(true);
      for (const tab of Object.values(SECTION_TABS).flat()) {
        const t: TFunction = i18n.t;
        expect(tabLabel(t, tab.labelKey), tab.labelKey).not.toBe(tab.labelKey);
      }
    }
  });
});
