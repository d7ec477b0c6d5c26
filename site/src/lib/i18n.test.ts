import { LOCALES } from '@flybook/locales';
import { describe, expect, it } from 'vitest';
import { siteTexts, translate } from './i18n.ts';
import * as islandTexts from './island-texts.ts';
import { fill, pluralCategory } from './message.ts';

describe("the site's texts", () => {
  it('choose the plural form by the count, in every language', () => {
    const seats = (locale: (typeof LOCALES)[number], count: number) =>
      translate(locale, 'site.flightsBoard.seatsLeft', { count });
    expect([seats('en', 1), seats('en', 2)]).toEqual(['1 seat left', '2 seats left']);
    expect([seats('de', 1), seats('de', 3)]).toEqual(['1 Platz frei', '3 Plätze frei']);
    // French counts 0 in the singular.
    expect([seats('fr', 0), seats('fr', 1), seats('fr', 2)]).toEqual([
      '0 place restante',
      '1 place restante',
      '2 places restantes',
    ]);
    expect([seats('sq', 0), seats('sq', 1), seats('sq', 5)]).toEqual([
      '0 vende të lira',
      '1 vend i lirë',
      '5 vende të lira',
    ]);
  });

  it('refuse a text whose parameter is left unfilled, and a key the catalogue lacks', () => {
    expect(() => translate('en', 'site.manage.seat')).toThrow(
      'site.manage.seat (en): {{seat}} is not filled',
    );
    expect(translate('en', 'site.manage.seat', { seat: '12A' })).toBe('Seat 12A');
    expect(() => translate('sq', 'site.noSuchText')).toThrow('Missing text site.noSuchText (sq)');
  });

  it('give an island a text in parts, its parameters named, and the island fills them', () => {
    const seat = siteTexts('sq').template('site.cardResult.seat', ['seat']);
    expect(seat).toEqual(['Vendi ', 'seat', '']);
    expect(fill(seat, { seat: '12A' })).toBe('Vendi 12A');
    const slide = siteTexts('de').template('site.slider.slide', ['index', 'total']);
    expect(fill(slide, { index: 2, total: 3 })).toBe('Angebot 2 von 3');
  });

  it('fail the build for a text that needs a parameter its island does not fill', () => {
    expect(() => siteTexts('fr').template('site.cardResult.successText', ['reference'])).toThrow(
      'site.cardResult.successText (fr): the island does not fill {{email}} (it fills: reference)',
    );
    expect(() => siteTexts('en').plural('site.cardResult.minutesLeft')).not.toThrow();
    expect(() => siteTexts('en').messages({ tooMany: 'site.manage.tooMany' }, [])).toThrow('{{minutes}}');
  });

  it('hand a text without parameters over finished', () => {
    const texts = siteTexts('en').messages(
      { required: 'errors.ERROR_REQUIRED', minimum: 'errors.ERROR_MINIMUM' },
      ['limit'],
    );
    expect(typeof texts.required).toBe('string');
    expect(fill(texts.minimum, { limit: 9 })).toMatch(/9/);
  });

  it('pick in the island the plural form i18next picks, for any count, in every language', () => {
    const counts = [
      ...Array.from({ length: 1_205 }, (_, index) => index - 3),
      0.5,
      1.5,
      2.5,
      1_000_000,
      2_000_000,
    ];
    for (const locale of LOCALES) {
      const s = siteTexts(locale);
      for (const key of [
        'site.flightsBoard.seatsLeft',
        'site.overview.showAll',
        'site.cardResult.minutesLeft',
      ]) {
        const plural = s.plural(key);
        const differ = counts.filter((count) => fill(plural, { count }) !== s.t(key, { count }));
        expect(differ, `${locale} ${key}`).toEqual([]);
      }
      // And the rule itself, against the runtime's CLDR data the build uses.
      const rules = new Intl.PluralRules(locale);
      const other = (category: string) => (category === 'one' ? 'one' : 'other');
      expect(
        counts.filter((count) => pluralCategory(locale, count) !== other(rules.select(count))),
        locale,
      ).toEqual([]);
    }
  });

  it('never hand an island a {{…}} to show, in any language', () => {
    for (const locale of LOCALES) {
      const s = siteTexts(locale);
      for (const [name, build] of Object.entries(islandTexts)) {
        // The check-in texts take the hours check-in opens (the site's build setting) too.
        const texts = (build as (texts: typeof s, opensHours: number) => unknown)(s, 24);
        expect(JSON.stringify(texts), `${name} (${locale})`).not.toContain('{{');
      }
    }
  });
});
