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
        for (const match of text.matchAll(/\bt\(\s*['"]([\w.-]+)['"]/g)) used.set(match[1]!, file);
      }
    }
    expect(used.size).toBeGreaterThan(0);
    const missing = [...used]
      // A plural text is asked for by its base key and held as key_one, key_other (i18next).
      .filter(([key]) => !keys.en!.has(key) && !keys.en!.has(`${key}_other`))
      .map(([key, file]) => `${key} (${file.slice(root.length)})`);
    expect(missing).toEqual([]);
  });
});
