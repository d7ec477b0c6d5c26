import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '@flybook/locales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageFile, pageWeights } from '../page-weights.ts';
import { buildSettings } from '../src/lib/build-settings.ts';
import { hasIsland, localizedPath, SITE_ROUTES } from '../src/routes.ts';

const siteDir = fileURLToPath(new URL('..', import.meta.url));
/**
 * `npm test` builds the site once, for these tests and the journeys, and names the folder in
 * FLYBOOK_SITE_DIST; the build took its origin from PUBLIC_URL as astro.config.mjs does. Run on
 * their own, the tests build the site into a folder of their own for a made-up public origin.
 */
const prebuilt = process.env.FLYBOOK_SITE_DIST;
const built = prebuilt
  ? buildSettings()
  : { publicUrl: 'https://www.flybook.example', checkInOpensHours: 36 };
const origin = built.publicUrl;
/** The check-in opening the build states: the setting it was built with (not the default here). */
const checkInOpensHours = built.checkInOpensHours;
let out: string;

/** The built file of a route in a locale (`/de/about-us` → de/about-us.html, `/` → index.html). */
const fileOf = (path: string, locale: Locale) => join(out, pageFile(path, locale));
const read = (path: string, locale: Locale) => readFileSync(fileOf(path, locale), 'utf8');
const contentRoutes = SITE_ROUTES.filter((route) => route.view.kind !== 'notFound');

beforeAll(() => {
  if (prebuilt) {
    out = prebuilt;
    return;
  }
  out = mkdtempSync(join(tmpdir(), 'flybook-site-'));
  execFileSync(join(siteDir, '../node_modules/.bin/astro'), ['build', '--outDir', out, '--silent'], {
    cwd: siteDir,
    // A production build, as released: under Vitest NODE_ENV is 'test', which would bundle React's development build.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: origin,
      CHECKIN_OPENS_HOURS: String(checkInOpensHours),
    },
    stdio: 'pipe',
  });
}, 240_000);
afterAll(() => {
  if (!prebuilt) rmSync(out, { recursive: true, force: true });
});

describe('the built site', () => {
  it('states on the check-in page the opening it was built with, in every language', () => {
    const hours = { en: 'hours', de: 'Stunden', fr: 'heures', sq: 'orë' };
    for (const locale of LOCALES) {
      const html = read('check-in', locale);
      // the island's intro and the page's description
      expect(html.split(`${checkInOpensHours} ${hours[locale]}`).length - 1, locale).toBeGreaterThanOrEqual(
        2,
      );
    }
  });

  it('has every route in every language', () => {
    for (const route of SITE_ROUTES)
      for (const locale of LOCALES)
        expect(existsSync(fileOf(route.path, locale)), `${route.path} ${locale}`).toBe(true);
  });

  it('gives each page its language, title, description, canonical and language alternates', () => {
    for (const route of contentRoutes) {
      for (const locale of LOCALES) {
        const html = read(route.path, locale);
        const where = `${locale}:/${route.path}`;
        expect(html, where).toContain(`<html lang="${locale}"`);
        expect(html, where).toMatch(/<title>[^<]{3,} · Flybook|<title>Flybook · [^<]{5,}/);
        expect(html, where).toMatch(/<meta name="description" content="[^"]{20,}"/);
        expect(html, where).toContain(
          `<link rel="canonical" href="${origin}${localizedPath(route.path, locale)}"`,
        );
        for (const other of LOCALES)
          expect(html, where).toContain(
            `hreflang="${other}" href="${origin}${localizedPath(route.path, other)}"`,
          );
        expect(html, where).toContain(
          `hreflang="x-default" href="${origin}${localizedPath(route.path, 'en')}"`,
        );
      }
    }
  });

  it('ships no JavaScript bundle on content pages, only the inline locale script', () => {
    for (const route of SITE_ROUTES.filter((route) => !hasIsland(route))) {
      for (const locale of LOCALES) {
        const html = read(route.path, locale);
        expect(html, route.path).not.toMatch(/<script[^>]*\ssrc=/);
        expect(html, route.path).not.toMatch(/<script[^>]*type="module"/);
        expect(html.match(/<script/g) ?? [], route.path).toHaveLength(1);
        expect(html, route.path).toContain('localStorage.getItem(k)');
      }
    }
  });

  it('ships two stylesheets named for what they are, the site and the shared components, each once', () => {
    const stylesheets = readdirSync(join(out, '_site')).filter((file) => file.endsWith('.css'));
    expect(stylesheets.map((file) => file.split('.')[0]).sort()).toEqual(['site', 'ui']);
    const home = read('/', 'en');
    expect(home).toMatch(/href="\/_site\/site\.[\w-]+\.css"/);
  });

  it('leaves no {{…}} on any page in any language: every parameter filled, or handed to its island by name', () => {
    const pages = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.html'),
    );
    expect(pages.length).toBeGreaterThanOrEqual(SITE_ROUTES.length * LOCALES.length);
    const unfilled = pages.flatMap((page) => {
      const html = readFileSync(join(out, page), 'utf8');
      const at = html.indexOf('{{');
      return at < 0 ? [] : [`${page}: …${html.slice(Math.max(0, at - 60), at + 30)}…`];
    });
    expect(unfilled).toEqual([]);
  });

  it('renders the content of each language, sanitized', () => {
    expect(read('information/baggage', 'de')).toContain('<h1>Gepäck</h1>');
    expect(read('information/baggage', 'sq')).toContain('Bagazh dore');
    expect(read('about-us', 'fr')).toContain('Notre direction');
    expect(read('about-us/history', 'en')).toContain('Flybook is founded');
    expect(read('about-us/partners', 'en')).toContain('/content/images/partner-handling.svg');
    for (const route of contentRoutes) expect(read(route.path, 'en')).not.toMatch(/onclick=|javascript:/i);
  });

  it("lists the section's pages beside a content page, the current one marked", () => {
    const baggage = read('information/baggage', 'de');
    const aside = baggage.slice(baggage.indexOf('<aside'), baggage.indexOf('</aside>'));
    expect(aside).toContain('<a href="/de/information/baggage" aria-current="page">Gepäck</a>');
    expect(aside).toContain('href="/de/information/health"');
    // The legal pages of About Us are listed there too, though the menu leaves them to the footer.
    expect(read('about-us/history', 'en')).toMatch(/<aside[\s\S]*href="\/about-us\/imprint"[\s\S]*<\/aside>/);
    expect(read('flights', 'en')).not.toContain('<aside');
  });

  it('opens the team on About Us with the management-team page and shows every member', () => {
    const about = read('about-us', 'en');
    expect(about).toContain('<h2 id="team-title">Management team</h2>');
    expect(about).toContain('Our management team brings together experience');
    expect(about.match(/<li class="card">/g)).toHaveLength(6);
  });

  it('has a Not Found page per language and a deny page', () => {
    const english = readFileSync(join(out, '404.html'), 'utf8');
    expect(english).toContain('<title>Not Found · Flybook');
    expect(english).toContain('Page is not found.');
    expect(english).toContain('<meta name="robots" content="noindex"');
    expect(readFileSync(join(out, 'de/404.html'), 'utf8')).toContain('<html lang="de"');
    expect(read('deny', 'en')).toContain("You don't have permissions for this page.");
  });

  it('gives every page one main heading and headings that go down one level at a time', () => {
    for (const route of SITE_ROUTES) {
      for (const locale of LOCALES) {
        const where = `${locale}:/${route.path}`;
        // Template content (an island's fallback kept for Astro) is not part of the page.
        const page = read(route.path, locale).replace(/<template[\s>][\s\S]*?<\/template>/g, '');
        const levels = [...page.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
        expect(
          levels.filter((level) => level === 1),
          where,
        ).toHaveLength(1);
        expect(levels[0], where).toBe(1);
        const jumps = levels.filter((level, index) => index > 0 && level > levels[index - 1]! + 1);
        expect(jumps, `${where}: ${levels.join(' ')}`).toEqual([]);
      }
    }
  });

  it('lists every indexable route and language in the sitemap with alternates', () => {
    const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    const indexable = SITE_ROUTES.filter(
      (route) => route.view.kind === 'home' || route.view.kind === 'content',
    );
    expect(sitemap.match(/<url>/g)).toHaveLength(indexable.length * LOCALES.length);
    expect(sitemap).toContain(`<loc>${origin}/sq/contact/kosovo</loc>`);
    expect(sitemap).toContain(`hreflang="de" href="${origin}/de/about-us/history"`);
    expect(sitemap).not.toContain('/deny');
  });

  it("keeps the page weights within the budget: content pages under 30 KB, the home page's script under 110 KB", () => {
    const weights = new Map(pageWeights(out).map((weight) => [weight.page, weight]));
    for (const route of SITE_ROUTES.filter((route) => route.view.kind === 'content' && !hasIsland(route))) {
      const weight = weights.get(pageFile(route.path, 'de'))!;
      expect(weight.js, route.path).toBe(0);
      expect(weight.html + weight.css, route.path).toBeLessThan(30 * 1024);
    }
    const home = weights.get('index.html')!;
    expect(home.js).toBeGreaterThan(50 * 1024); // React and the islands are there…
    expect(home.js).toBeLessThan(110 * 1024); // …within the budget.
    // It compresses every page: about a second alone, several on a busy machine.
  }, 30_000);
});
