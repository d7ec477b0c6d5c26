import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LOCALES, type Locale } from '@flybook/locales';
import { hasIsland, localizedPath, SITE_ROUTES, type SiteRoute } from './src/routes.ts';

/** Gzip bytes of a file of the built site. */
const gzipped = (dist: string, file: string) => gzipSync(readFileSync(join(dist, file))).length;

/** The island modules a page loads, followed through their static imports. */
function scriptsOf(dist: string, html: string): string[] {
  const modules = new Set<string>();
  const follow = (file: string) => {
    if (modules.has(file) || !existsSync(join(dist, '_site', file))) return;
    modules.add(file);
    const code = readFileSync(join(dist, '_site', file), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) follow(match[1]!);
  };
  for (const match of html.matchAll(/(?:component|renderer)-url="\/_site\/([^"]+)"/g)) follow(match[1]!);
  return [...modules].map((file) => `_site/${file}`);
}

const stylesheetsOf = (html: string) => [...html.matchAll(/href="\/(_site\/[^"]+\.css)"/g)].map((m) => m[1]!);

export interface PageWeight {
  /** The page's file in the build, e.g. `de/about-us.html`. */
  page: string;
  html: number;
  css: number;
  js: number;
}

/** Gzip bytes of HTML, CSS and JavaScript of every page of a built site (budgets: docs/site.md). */
export function pageWeights(dist: string): PageWeight[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && !entry.name.startsWith('_')) walk(path);
      else if (entry.name.endsWith('.html')) pages.push(relative(dist, path));
    }
  };
  walk(dist);
  return pages.sort().map((page) => {
    const html = readFileSync(join(dist, page), 'utf8');
    const sum = (files: string[]) => files.reduce((total, file) => total + gzipped(dist, file), 0);
    return { page, html: gzipped(dist, page), css: sum(stylesheetsOf(html)), js: sum(scriptsOf(dist, html)) };
  });
}

/** The file of a route in the build (`build.format: 'file'`), relative to the build folder. */
export const pageFile = (path: string, locale: Locale) => {
  const url = localizedPath(path, locale);
  return url === '/' ? 'index.html' : `${url.slice(1)}.html`;
};

/** A route's page type for the budgets: content pages without island, else what the page shows. */
const pageTypeOf = (route: SiteRoute) =>
  route.view.kind === 'content'
    ? hasIsland(route)
      ? (route.view.extras ?? 'content')
      : 'content'
    : route.view.kind;

/** The page weights grouped by page type (home, content, flightsBoard, login, account pages…). */
export function pageWeightsByType(dist: string): Map<string, PageWeight[]> {
  const weights = new Map(pageWeights(dist).map((weight) => [weight.page, weight]));
  const types = new Map<string, PageWeight[]>();
  for (const route of SITE_ROUTES) {
    const type = pageTypeOf(route);
    for (const locale of LOCALES) {
      const weight = weights.get(pageFile(route.path, locale));
      if (weight) types.set(type, [...(types.get(type) ?? []), weight]);
    }
  }
  return types;
}

/** The budgets of docs/site.md by page type, as the build test checks them. */
export const PAGE_BUDGETS: Record<string, string> = {
  home: 'JS < 110 KB',
  content: 'HTML+CSS < 30 KB, no JS',
};

/** Per page type: how many pages, and the largest HTML, CSS and JS of them (gzip bytes), with its budget. */
export function pageTypeSummary(dist: string) {
  return [...pageWeightsByType(dist)].map(([kind, pages]) => {
    const max = (key: 'html' | 'css' | 'js') => Math.max(...pages.map((page) => page[key]));
    return {
      kind,
      pages: pages.length,
      html: max('html'),
      css: max('css'),
      js: max('js'),
      budget: PAGE_BUDGETS[kind] ?? '',
    };
  });
}
