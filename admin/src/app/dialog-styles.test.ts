import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A dialog opens on more than one page (the delay dialog on the flight and the passenger list, the
 * deadline dialog in the wizard, which can be the first page loaded). Each page's chunk brings only
 * the stylesheets its modules import, so a dialog that leans on a shared stylesheet (list.css,
 * choice.css, form.css) without importing it looks right only after some other page loaded it.
 * Column sets (`*-columns.tsx`) travel the same way (the allotment columns also show on the
 * allotment invoice payment page). This reads the sources: every class such a file uses from a
 * shared stylesheet of src/app must come with its own imports, or from the stylesheets main.tsx
 * loads for every page.
 */
const SRC = normalize(join(import.meta.dirname, '..'));
const UI_CSS = normalize(join(SRC, '../../packages/ui/src/ui.css'));

function walk(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

const files = walk(SRC);
const stylesheets = [...files.filter((file) => file.endsWith('.css')), UI_CSS];
const cssText = new Map(stylesheets.map((file) => [file, readFileSync(file, 'utf8')]));

/** The files a module imports statically (lazy `import()` is left out: it loads later). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^import\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    const spec = match[1] ?? '';
    if (spec === '@flybook/ui/ui.css') found.push(UI_CSS);
    if (!spec.startsWith('.')) continue;
    const target = normalize(join(dirname(file), spec));
    if (existsSync(target)) found.push(target);
  }
  return found;
}

function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  if (/\.tsx?$/.test(file)) for (const next of importsOf(file)) closure(next, seen);
  return seen;
}

const cssOf = (modules: Set<string>) => new Set([...modules].filter((file) => file.endsWith('.css')));
const everywhere = cssOf(closure(join(SRC, 'main.tsx')));
const isShared = (stylesheet: string) => relative(SRC, stylesheet).startsWith('app/');

const classesOf = (file: string) =>
  new Set(
    [...readFileSync(file, 'utf8').matchAll(/className="([^"]+)"/g)].flatMap((match) =>
      (match[1] ?? '').split(/\s+/).filter(Boolean),
    ),
  );

const definedIn = (name: string) => {
  const selector = new RegExp(`\\.${name.replace(/[-]/g, '\\-')}(?![\\w-])`);
  return stylesheets.filter((file) => selector.test(cssText.get(file) ?? ''));
};

describe('dialog styles', () => {
  it('come with every dialog and column set from the shared stylesheets it uses, wherever it opens', () => {
    const dialogs = files.filter(
      (file) =>
        /(Dialogs?|-columns)\.tsx$/.test(file) && !file.includes('.test.') && !file.includes('/test/'),
    );
    expect(dialogs.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const dialog of dialogs) {
      const own = new Set([...everywhere, ...cssOf(closure(dialog))]);
      for (const name of classesOf(dialog)) {
        const sources = definedIn(name);
        const shared = sources.filter(isShared);
        if (shared.length === 0 || sources.some((file) => own.has(file))) continue;
        missing.push(
          `${relative(SRC, dialog)}: .${name} (${shared.map((file) => relative(SRC, file)).join(', ')})`,
        );
      }
    }
    expect(missing).toEqual([]);
  });
});
