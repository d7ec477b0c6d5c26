import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@flybook/schemas';
import { describe, expect, it } from 'vitest';
import { LOCALES, resources } from './index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Every dotted key of a nested catalogue. */
const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

/** The text of a dotted key in a catalogue, if it is one. */
const textOf = (tree: object, key: string): string | undefined => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
  return typeof value === 'string' ? value : undefined;
};

/** The `{{name}}` parameters of a text, sorted. */
const parametersOf = (text: string) =>
  [...new Set([...text.matchAll(/\{\{-?\s*(\w+)\s*\}\}/g)].map((match) => match[1]!))].sort();

/** i18next's plural suffixes (v4 JSON): `key_one`, `key_other`… */
const PLURAL_FORM = /^(.+)_(zero|one|two|few|many|other)$/;

/** Source files of the apps and packages that show text to people. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the locale catalogue', () => {
  const keys = Object.fromEntries(
    LOCALES.map((locale) => [locale, new Set(keysOf(resources[locale].translation))]),
  );

  it('has the same keys in de, en, fr and sq', () => {
    for (const locale of LOCALES) {
      expect(
        [...keys.en!].filter((key) => !keys[locale]!.has(key)),
        `missing in ${locale}`,
      ).toEqual([]);
      expect(
        [...keys[locale]!].filter((key) => !keys.en!.has(key)),
        `only in ${locale}`,
      ).toEqual([]);
    }
  });

  it('has no empty texts', () => {
    for (const locale of LOCALES) {
      const empty = keysOf(resources[locale].translation).filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown>)[part],
            resources[locale].translation,
          );
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty, locale).toEqual([]);
    }
  });

  it('has the singular and the plural of every counted text in every language', () => {
    // i18next picks `key_<category>` by the language's CLDR rule and falls back to the bare key, then
    // `key_other`: so each language needs `_one` (else "1 seats") and an other form — `_other`, or the
    // bare key as some back-office texts have it. French "many" (1 000 000) reads the other form.
    const counted = new Set(
      LOCALES.flatMap((locale) => [...keys[locale]!].flatMap((key) => PLURAL_FORM.exec(key)?.[1] ?? [])),
    );
    expect(counted.has('site.flightsBoard.seatsLeft')).toBe(true);
    for (const locale of LOCALES) {
      const has = (key: string) => keys[locale]!.has(key);
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const lacking = [...counted].flatMap((base) =>
        categories
          .filter((category) =>
            category === 'one'
              ? !has(`${base}_one`)
              : !has(`${base}_${category}`) && !has(`${base}_other`) && !has(base),
          )
          .map((category) => `${base}_${category}`),
      );
      expect(lacking, `forms missing in ${locale}`).toEqual([]);
    }
  });

  it("says every count of the site's texts through a plural key", () => {
    // "{{count}} seats left" without a `_one` beside it reads "1 seats left".
    const single = [...keys.en!].filter(
      (key) =>
        key.startsWith('site.') &&
        !PLURAL_FORM.test(key) &&
        parametersOf(textOf(resources.en.translation, key) ?? '').includes('count'),
    );
    expect(single).toEqual([]);
  });

  it('uses the same parameters for a key in de, en, fr and sq', () => {
    // A parameter English has and another language lacks is lost; one only the other language has is
    // never given, and i18next shows it raw: "{{limit}}".
    for (const locale of LOCALES.filter((locale) => locale !== 'en')) {
      const differ = [...keys.en!].flatMap((key) => {
        const english = parametersOf(textOf(resources.en.translation, key) ?? '');
        const other = parametersOf(textOf(resources[locale].translation, key) ?? '');
        return english.join() === other.join()
          ? []
          : [`${key}: en [${english.join(', ')}], ${locale} [${other.join(', ')}]`];
      });
      expect(differ, locale).toEqual([]);
    }
  });

  it('translates every API error code', () => {
    expect(ERROR_CODES.filter((code) => !keys.en!.has(`errors.${code}`))).toEqual([]);
  });

  it('holds every key the code asks for with t(…)', () => {
    const used = new Map<string, string>();
    for (const dir of ['admin/src', 'site/src', 'packages']) {
      let files: string[] = [];
      try {
        files = sourceFiles(join(root, dir));
      } catch {
        continue; // a workspace that does not exist yet
      }
      for (const file of files) {
        const text = readFileSync(file, 'utf8');
        // t('…') and the site's template('…') and plural('…') (site/src/lib/i18n.ts).
        for (const match of text.matchAll(/\b(?:t|template|plural)\(\s*['"]([\w.-]+)['"]/g))
          used.set(match[1]!, file);
      }
    }
    expect(used.size).toBeGreaterThan(0);
    const missing = [...used]
      // A plural text is asked for by its base key and held as key_one, key_other (i18next).
      .filter(([key]) => !keys.en!.has(key) && !keys.en!.has(`${key}_other`))
      .map(([key, file]) => `${key} (${file.slice(root.length)})`);
    expect(missing).toEqual([]);
  });

  it('calls one thing by one word in German: Reservation (Swiss usage) and Reisebüro', () => {
    // docs/i18n.md, "Words": the back office and the site spoke of Reservierung and Reservation,
    // Agentur, Agent and Reisebüro for the same things.
    const mixed = keysOf(resources.de.translation)
      .map((key) => [key, textOf(resources.de.translation, key) ?? ''] as const)
      .filter(([, text]) => /Reservierung|Agentur|\bAgent(?:en)?\b/.test(text));
    expect(mixed).toEqual([]);
  });
});
