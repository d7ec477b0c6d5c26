import { describe, expect, it } from 'vitest';
import { localeScript, localeTarget } from './locale-choice.ts';

describe('where a visitor is sent by language', () => {
  it('follows a saved choice from any page, and stays once there', () => {
    expect(localeTarget('/about-us', 'de', ['en-US'])).toBe('/de/about-us');
    expect(localeTarget('/fr/information/baggage', 'sq', [])).toBe('/sq/information/baggage');
    expect(localeTarget('/de/about-us', 'en', ['de'])).toBe('/about-us');
    expect(localeTarget('/sq', 'en', [])).toBe('/');
    expect(localeTarget('/de/about-us', 'de', ['fr'])).toBeNull();
  });

  it('uses the first offered browser language on an English address when nothing is saved', () => {
    expect(localeTarget('/', null, ['de-CH', 'en'])).toBe('/de');
    expect(localeTarget('/contact/kosovo', null, ['it', 'sq-AL'])).toBe('/sq/contact/kosovo');
    expect(localeTarget('/contact', null, ['en-GB', 'de'])).toBeNull();
    expect(localeTarget('/contact', null, ['it', 'es'])).toBeNull();
  });

  it('respects a prefixed address chosen on purpose, and ignores an unknown saved value', () => {
    expect(localeTarget('/fr/flights', null, ['de'])).toBeNull();
    expect(localeTarget('/flights', 'xx', ['fr'])).toBe('/fr/flights');
  });

  it('never sends a visitor back and forth: the target page keeps them', () => {
    for (const saved of [null, 'en', 'de', 'fr', 'sq'])
      for (const languages of [['de'], ['sq-AL'], ['en'], ['it']]) {
        const first = localeTarget('/about-us', saved, languages);
        if (first !== null) expect(localeTarget(first, saved, languages)).toBeNull();
      }
  });

  it('is inlined as a self-contained script', () => {
    expect(localeScript).toContain('flybook.locale');
    expect(() => new Function(localeScript)).not.toThrow();
  });
});
