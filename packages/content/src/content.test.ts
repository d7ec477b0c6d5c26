import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPANY, LOCALES } from '@flybook/locales';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentError, loadContent, PAGE_SLUGS, parsePageFile } from './load.ts';
import { contentRoutes } from './plugin.ts';
import { sanitizeContentHtml } from './sanitize.ts';
import { createContentService, DEFAULT_DATA_DIR } from './service.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"/>';
const translated = <T>(make: (locale: string) => T, locales: readonly string[] = LOCALES) =>
  Object.fromEntries(locales.map((locale) => [locale, make(locale)]));

/** A small content folder: two pages (one English only), one of each list, two images. */
function writeFixture(dir: string) {
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write('images/sky.svg', SVG);
  write('images/logo.svg', SVG);
  write(
    'images.json',
    JSON.stringify([
      { id: 'sky', file: 'sky.svg', width: 1600, height: 500, alt: translated((l) => `Sky ${l}`) },
      { id: 'logo', file: 'logo.svg', width: 320, height: 160, alt: { en: 'Logo' } },
    ]),
  );
  write('pages/about-us/page.json', JSON.stringify({ top_image: 'sky' }));
  for (const locale of LOCALES) {
    write(
      `pages/about-us/${locale}.html`,
      `---\ntitle: About ${locale}\ndescription: Who we are (${locale})\n---\n<p onclick="steal()">Hello ${locale}</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://example.org">out</a>`,
    );
  }
  write('pages/imprint/page.json', JSON.stringify({ top_image: null }));
  write('pages/imprint/en.html', '---\ntitle: Imprint\ndescription: Legal\n---\n<p>Flybook AG</p>');
  write(
    'partners.json',
    JSON.stringify([
      { id: 'b', sort: 2, url: null, image: 'logo', translations: { en: { title: 'Second' } } },
      {
        id: 'a',
        sort: 1,
        url: 'https://a.example',
        image: 'logo',
        translations: { en: { title: 'First' }, de: { title: 'Erster' } },
      },
    ]),
  );
  write(
    'team.json',
    JSON.stringify([
      {
        id: 't',
        sort: 1,
        name: 'Ana',
        link: null,
        phone: '+41 44 555 01 11',
        email: 'ana@flybook.example',
        image: 'logo',
        translations: { en: { role: 'CEO' }, fr: { role: 'Directrice' } },
      },
    ]),
  );
  write(
    'history-cards.json',
    JSON.stringify([
      { id: 'late', year: 2020, image: null, translations: { en: { title: 'Later', content: '<p>B</p>' } } },
      {
        id: 'early',
        year: 2009,
        image: 'sky',
        translations: { en: { title: 'Founded', content: '<p>A<iframe src="x"></iframe></p>' } },
      },
    ]),
  );
  write(
    'milestones.json',
    JSON.stringify([{ id: 'm', year: 2009, translations: { en: { title: 'First flight' } } }]),
  );
  write(
    'news.json',
    JSON.stringify([
      {
        id: 'old',
        published_at: '2025-01-01T00:00:00Z',
        expires_at: '2025-12-31T00:00:00Z',
        image: null,
        translations: { en: { title: 'Old', content: '<p>old</p>' } },
      },
      {
        id: 'current',
        published_at: '2026-01-01T00:00:00Z',
        expires_at: null,
        image: null,
        translations: { en: { title: 'Current', content: '<p>now</p>' } },
      },
      {
        id: 'newer',
        published_at: '2026-06-01T00:00:00Z',
        expires_at: '2027-01-01T00:00:00Z',
        image: 'sky',
        translations: { en: { title: 'Newer', content: '<p>newer</p>' } },
      },
      {
        id: 'future',
        published_at: '2030-01-01T00:00:00Z',
        expires_at: null,
        image: null,
        translations: { en: { title: 'Future', content: '<p>later</p>' } },
      },
    ]),
  );
  write(
    'advertisements.json',
    JSON.stringify([
      {
        id: 'ad',
        sort: 1,
        link: '/flights',
        image: 'sky',
        translations: { en: { title: 'Fly', text: 'Now' } },
      },
    ]),
  );
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'flybook-content-'));
  writeFixture(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const service = () => createContentService({ dataDir: dir, now: () => new Date('2026-07-01T00:00:00Z') });

describe('the content service', () => {
  it('answers a page like a headless CMS: translations[0] in the locale, else English', async () => {
    const query = `query($slug: ID!, $locale: String!) {
      page(slug: $slug, locale: $locale) { slug top_image { url width height alt } translations { languages_code title description content } }
    }`;
    const german = await service().execute(query, { slug: 'about-us', locale: 'de' });
    expect(german.errors).toBeUndefined();
    expect(german.data?.page).toEqual({
      slug: 'about-us',
      top_image: { url: '/content/images/sky.svg', width: 1600, height: 500, alt: 'Sky de' },
      translations: [
        {
          languages_code: 'de',
          title: 'About de',
          description: 'Who we are (de)',
          content: '<p>Hello de</p><a>x</a><a href="https://example.org" rel="noopener noreferrer">out</a>',
        },
      ],
    });
    const fallback = await service().execute(query, { slug: 'imprint', locale: 'sq' });
    expect(fallback.data?.page).toMatchObject({
      top_image: null,
      translations: [{ languages_code: 'en', title: 'Imprint' }],
    });
    const unknown = await service().execute(query, { slug: 'nope', locale: 'en' });
    expect(unknown.data?.page).toBeNull();
  });

  it('lists every page in the locale, English where a page has no text in it', async () => {
    const answer = await service().execute(
      'query($locale: String!) { pages(locale: $locale) { slug translations { languages_code title } } }',
      { locale: 'fr' },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.pages).toEqual([
      { slug: 'about-us', translations: [{ languages_code: 'fr', title: 'About fr' }] },
      { slug: 'imprint', translations: [{ languages_code: 'en', title: 'Imprint' }] },
    ]);
  });

  it('shows news published and not expired at the given instant, newest first', async () => {
    const query = 'query($at: String) { news(locale: "en", at: $at) { id } }';
    const ids = async (at?: string) =>
      ((await service().execute(query, { at })).data!.news as { id: string }[]).map((item) => item.id);
    expect(await ids()).toEqual(['newer', 'current']);
    expect(await ids('2025-06-01T00:00:00Z')).toEqual(['old']);
    expect(await ids('2027-02-01T00:00:00Z')).toEqual(['current']);
    const bad = await service().execute(query, { at: 'yesterday' });
    expect(bad.errors?.length).toBeGreaterThan(0);
  });

  it('sorts partners, team, history and slides, with texts in the locale or English', async () => {
    const answer = await service().execute(`{
      partners(locale: "de") { id title url image { id } }
      team(locale: "fr") { name role email phone }
      historyCards(locale: "de") { year title content image { id } }
      milestones(locale: "en") { year title }
      advertisements(locale: "sq") { title text link image { url } }
    }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      partners: [
        { id: 'a', title: 'Erster', url: 'https://a.example', image: { id: 'logo' } },
        { id: 'b', title: 'Second', url: null, image: { id: 'logo' } },
      ],
      team: [{ name: 'Ana', role: 'Directrice', email: 'ana@flybook.example', phone: '+41 44 555 01 11' }],
      historyCards: [
        { year: 2009, title: 'Founded', content: '<p>A</p>', image: { id: 'sky' } },
        { year: 2020, title: 'Later', content: '<p>B</p>', image: null },
      ],
      milestones: [{ year: 2009, title: 'First flight' }],
      advertisements: [
        { title: 'Fly', text: 'Now', link: '/flights', image: { url: '/content/images/sky.svg' } },
      ],
    });
  });

  it('refuses to start on broken content, naming the file and the problem', () => {
    const broken = mkdtempSync(join(tmpdir(), 'flybook-content-broken-'));
    try {
      writeFixture(broken);
      writeFileSync(join(broken, 'pages/imprint/page.json'), JSON.stringify({ top_image: 'missing' }));
      expect(() => loadContent(broken)).toThrow(
        new ContentError('pages/imprint/page.json: unknown image "missing"'),
      );
      writeFileSync(join(broken, 'pages/imprint/page.json'), JSON.stringify({ top_image: null }));
      rmSync(join(broken, 'pages/imprint/en.html'));
      expect(() => loadContent(broken)).toThrow('pages/imprint/en.html: missing');
      writeFileSync(join(broken, 'pages/imprint/en.html'), '<p>no front matter</p>');
      expect(() => loadContent(broken)).toThrow('pages/imprint/en.html: needs a front matter block');
      writeFileSync(
        join(broken, 'pages/imprint/en.html'),
        '---\ntitle: Imprint\ndescription: Legal\n---\n<p>ok</p>',
      );
      const news = JSON.parse(readFileSync(join(broken, 'news.json'), 'utf8'));
      news[1].published_at = '2026-13-01';
      writeFileSync(join(broken, 'news.json'), JSON.stringify(news));
      expect(() => loadContent(broken)).toThrow('news.json: 1.published_at: Invalid ISO datetime');
      news[1].published_at = '2026-01-01T00:00:00Z';
      writeFileSync(join(broken, 'news.json'), JSON.stringify(news));
      writeFileSync(
        join(broken, 'milestones.json'),
        JSON.stringify([{ id: 'm', year: 2009, translations: { de: { title: 'Erstflug' } } }]),
      );
      expect(() => loadContent(broken)).toThrow('milestones.json: 0.translations.en:');
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

describe('sanitizing', () => {
  it('keeps structure, tables and safe links, and drops scripts, handlers, styles and frames', () => {
    expect(
      sanitizeContentHtml(
        '<h2 style="color:red">T</h2><table><tr><td colspan="2" onmouseover="x()">c</td></tr></table><img src=x onerror=alert(1)><a href="mailto:a@b.example">m</a><a href="//evil.example">p</a>',
      ),
    ).toBe(
      '<h2>T</h2><table><tr><td colspan="2">c</td></tr></table><a href="mailto:a@b.example">m</a><a>p</a>',
    );
  });
});

describe('over HTTP', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(contentRoutes, { service });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers GET and POST /graphql alike, GET cacheable for a minute', async () => {
    const query = '{ milestones(locale: "en") { year title } }';
    const post = await app.inject({ method: 'POST', url: '/graphql', payload: { query } });
    const get = await app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(query)}` });
    expect(post.statusCode).toBe(200);
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual(post.json());
    expect(post.json().data.milestones).toEqual([{ year: 2009, title: 'First flight' }]);
    expect(get.headers['cache-control']).toBe('public, max-age=60');
  });

  it('serves listed images with their type and a day of caching, nothing else', async () => {
    const image = await app.inject({ method: 'GET', url: '/content/images/sky.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['cache-control']).toBe('public, max-age=86400');
    expect(image.body).toBe(SVG);
    for (const url of [
      '/content/images/../images.json',
      '/content/images/..%2Fimages.json',
      '/content/images/..%2F..%2Fpackage.json',
      '/content/images/other.svg',
      '/content/images/images.json',
    ])
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
  it('offers no GraphiQL page unless asked to (production passes graphiql: false)', async () => {
    const page = await app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(page.body).not.toContain('GraphiQL');
  });
});

describe('the company placeholders', () => {
  it('fills the company from its one source, in the text, in links and in the front matter', () => {
    const page = parsePageFile(
      'pages/x/en.html',
      '---\ntitle: Contact {{company.name}}\ndescription: Reach us\n---\n<p><a href="{{company.phoneLink}}">{{company.phone}}</a> {{ company.email }}</p>',
    );
    expect(page.title).toBe(`Contact ${COMPANY.name}`);
    expect(page.content).toBe(`<p><a href="tel:+41445550100">${COMPANY.phone}</a> ${COMPANY.email}</p>`);
  });

  it('refuses a page with an unknown placeholder, naming the file', () => {
    expect(() =>
      parsePageFile('pages/x/de.html', '---\ntitle: A\ndescription: B\n---\n<p>{{company.fax}}</p>'),
    ).toThrow(/pages\/x\/de\.html.*company\.fax/);
  });
});

describe('the shipped content', () => {
  const content = loadContent(DEFAULT_DATA_DIR);

  it('names the company only as its one source says: no other name, address, phone or e-mail of it', () => {
    for (const page of content.pages.values()) {
      for (const locale of LOCALES) {
        const text = page.translations[locale]!;
        const all = `${text.title} ${text.description} ${text.content}`;
        expect(all, `${page.slug} ${locale}`).not.toMatch(/\{\{|Flybook Air|Thurgauerstrasse|flybook\.ch/);
      }
    }
    const imprint = content.pages.get('imprint')!.translations.en!.content;
    for (const part of [
      COMPANY.name,
      COMPANY.street,
      COMPANY.city,
      COMPANY.phone,
      COMPANY.email,
      COMPANY.uid,
    ])
      expect(imprint).toContain(part);
  });

  it('has every page of the site in all four languages with title, description and text', () => {
    expect([...content.pages.keys()].sort()).toEqual([...PAGE_SLUGS].sort());
    for (const page of content.pages.values()) {
      expect(page.topImage, page.slug).not.toBeNull();
      for (const locale of LOCALES) {
        const text = page.translations[locale];
        expect(text, `${page.slug} ${locale}`).toBeDefined();
        expect(text!.title.length).toBeGreaterThan(2);
        expect(text!.description.length, `${page.slug} ${locale} description`).toBeLessThanOrEqual(160);
        expect(text!.content.length).toBeGreaterThan(100);
      }
    }
  });

  it('has partners, team, history, milestones, news and slides translated into every language', () => {
    const lists = [
      content.partners,
      content.team,
      content.historyCards,
      content.milestones,
      content.news,
      content.advertisements,
    ];
    for (const list of lists) {
      expect(list.length).toBeGreaterThan(0);
      for (const item of list)
        for (const locale of LOCALES) expect(item.translations[locale], `${item.id} ${locale}`).toBeDefined();
    }
    for (const image of content.images.values()) {
      for (const locale of LOCALES) expect(image.alt[locale], `${image.id} alt ${locale}`).toBeTruthy();
      const bytes = statSync(join(DEFAULT_DATA_DIR, 'images', image.file)).size;
      expect(bytes, image.file).toBeLessThan(15_000);
      expect(readFileSync(join(DEFAULT_DATA_DIR, 'images', image.file), 'utf8')).not.toMatch(
        /<script|href=|xlink/i,
      );
    }
  });
});
