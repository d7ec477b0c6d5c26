// Gzip bytes the back office loads per route: the shell (index.html's entry with its static
// imports, and the one language catalogue it loads before the first render, the largest counted) plus the route's lazy page chunk with the chunks it imports, read from Vite's manifest
// (admin/vite.config.ts writes dist/.vite/manifest.json).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ADMIN_ROUTES } from '@flybook/domain';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface AdminRouteWeight {
  /** The route's name in @flybook/domain's ADMIN_ROUTES (or `login`). */
  name: string;
  path: string;
  /** The page module the route loads lazily. */
  module: string;
  /** Gzip bytes of JavaScript and CSS the route loads in all, shell included. */
  js: number;
  css: number;
  /** Of those, what the route adds to the shell. */
  pageJs: number;
  pageCss: number;
}

export interface AdminWeights {
  shell: { js: number; css: number; files: number };
  routes: AdminRouteWeight[];
}

/** The lazy page module of every route, read from the areas' routes files (`name: …` then `import('…')`). */
export function lazyRouteModules(adminRoot: string): { name: string; module: string }[] {
  const found: { name: string; module: string }[] = [];
  const src = join(adminRoot, 'src');
  for (const area of readdirSync(src, { withFileTypes: true })) {
    const file = join(src, area.name, 'routes.ts');
    if (!area.isDirectory() || !existsSync(file)) continue;
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/name:\s*'(\w+)',\s*load:\s*\(\)\s*=>\s*import\('\.\/([^']+)'\)/g)) {
      found.push({ name: match[1]!, module: relative(adminRoot, join(src, area.name, match[2]!)) });
    }
  }
  found.push({ name: 'login', module: 'src/app/LoginPage.tsx' });
  return found;
}

export function adminWeights(adminRoot: string): AdminWeights {
  const dist = join(adminRoot, 'dist');
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(`${manifestFile} is missing: build the back office (npm run build -w admin)`);
  const manifest: Manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const sizes = new Map<string, number>();
  const gz = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(dist, file))).length;
      sizes.set(file, size);
    }
    return size;
  };
  /** A chunk's files: it and its static imports, followed; CSS apart. */
  const closure = (key: string, js = new Set<string>(), css = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return { js, css };
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) closure(imported, js, css);
    return { js, css };
  };
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gz(file), 0);

  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  const shell = closure(entry);
  // The start language's texts load before the first render (admin/src/app/i18n.ts): the largest.
  const languages = Object.keys(manifest)
    .filter((key) => /locales\/\w+\.json$/.test(key))
    .map((key) => closure(key));
  const largest = languages.sort((a, b) => sum(b.js) - sum(a.js))[0];
  for (const file of largest?.js ?? []) shell.js.add(file);
  const routes = lazyRouteModules(adminRoot).flatMap(({ name, module }) => {
    if (!manifest[module]) return [];
    const page = closure(module);
    const pageJs = [...page.js].filter((file) => !shell.js.has(file));
    const pageCss = [...page.css].filter((file) => !shell.css.has(file));
    const path = name === 'login' ? '/login' : ADMIN_ROUTES.find((route) => route.name === name)?.path;
    if (path === undefined) throw new Error(`${name} is not a route of @flybook/domain's ADMIN_ROUTES`);
    return [
      {
        name,
        path: `/admin${path}`,
        module,
        js: sum(shell.js) + sum(pageJs),
        css: sum(shell.css) + sum(pageCss),
        pageJs: sum(pageJs),
        pageCss: sum(pageCss),
      },
    ];
  });
  return { shell: { js: sum(shell.js), css: sum(shell.css), files: shell.js.size }, routes };
}
