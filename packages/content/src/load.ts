import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FALLBACK_LOCALE, fillCompany, LOCALES, type Locale } from '@flybook/locales';
import { z } from 'zod';
import { sanitizeContentHtml } from './sanitize.ts';

/** The page slugs the public site renders (spec 03 §2 Public content). */
export const PAGE_SLUGS = [
  'about-us',
  'history',
  'imprint',
  'before-traveling',
  'location',
  'partners',
  'safety',
  'terms-and-conditions',
  'data-protection',
  'baggage',
  'car',
  'hotels',
  'health',
  'management-team',
  'flights',
  'contact',
  'contact-kosovo',
  'contact-macedonia',
] as const;

type Translations<T> = Partial<Record<Locale, T>>;

/** An ISO 8601 instant with its offset (`Z` or `+01:00`). */
export const Instant = z.iso.datetime({ offset: true });
/** HTML from a content file, sanitized once as it is read. */
const Html = z.string().min(1).transform(sanitizeContentHtml);
/** Texts per locale; English is required, the others fall back to it when missing. */
const translations = <T extends z.ZodType>(fields: T) =>
  z.object({ en: fields, de: fields.optional(), fr: fields.optional(), sq: fields.optional() });

const ImageFile = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  file: z.string().regex(/^[a-z0-9-]+\.(svg|webp|jpg|png)$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: translations(z.string().min(1)),
});
const PageFile = z.object({ top_image: z.string().nullable() });
const PartnerFile = z.object({
  id: z.string(),
  sort: z.number().int(),
  url: z.url().nullable(),
  image: z.string(),
  translations: translations(z.object({ title: z.string().min(1) })),
});
const TeamFile = z.object({
  id: z.string(),
  sort: z.number().int(),
  name: z.string().min(1),
  link: z.url().nullable(),
  phone: z.string().nullable(),
  email: z.email().nullable(),
  image: z.string(),
  translations: translations(z.object({ role: z.string().min(1) })),
});
const HistoryCardFile = z.object({
  id: z.string(),
  year: z.number().int(),
  image: z.string().nullable(),
  translations: translations(z.object({ title: z.string().min(1), content: Html })),
});
const MilestoneFile = z.object({
  id: z.string(),
  year: z.number().int(),
  translations: translations(z.object({ title: z.string().min(1) })),
});
const NewsFile = z.object({
  id: z.string(),
  published_at: Instant,
  expires_at: Instant.nullable(),
  image: z.string().nullable(),
  translations: translations(z.object({ title: z.string().min(1), content: Html })),
});
const AdvertisementFile = z.object({
  id: z.string(),
  sort: z.number().int(),
  link: z.string().nullable(),
  image: z.string(),
  translations: translations(z.object({ title: z.string().min(1), text: z.string().min(1) })),
});

export type ImageEntry = z.output<typeof ImageFile>;
export interface PageTranslationEntry {
  title: string;
  description: string;
  content: string;
}
export interface PageEntry {
  slug: string;
  topImage: string | null;
  translations: Translations<PageTranslationEntry> & { en: PageTranslationEntry };
}
export interface Content {
  dataDir: string;
  images: Map<string, ImageEntry>;
  pages: Map<string, PageEntry>;
  partners: z.output<typeof PartnerFile>[];
  team: z.output<typeof TeamFile>[];
  historyCards: z.output<typeof HistoryCardFile>[];
  milestones: z.output<typeof MilestoneFile>[];
  news: z.output<typeof NewsFile>[];
  advertisements: z.output<typeof AdvertisementFile>[];
}

/** A content file that cannot be served, named with what is wrong. */
export class ContentError extends Error {
  override name = 'ContentError';
}

const fail = (file: string, problem: string): never => {
  throw new ContentError(`${file}: ${problem}`);
};

function readJson<T>(dataDir: string, name: string, schema: z.ZodType<T>): T {
  const path = join(dataDir, name);
  if (!existsSync(path)) fail(name, 'missing');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    fail(name, `not JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    fail(name, `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data as T;
}

/** `---` front matter (title, description) and the HTML body of one page translation, placeholders filled. */
export function parsePageFile(name: string, file: string): PageTranslationEntry {
  // The company's name, address and numbers come from one place (@flybook/locales COMPANY).
  let text: string;
  try {
    text = fillCompany(file);
  } catch (error) {
    return fail(name, (error as Error).message);
  }
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) return fail(name, 'needs a front matter block between --- lines');
  const fields = new Map<string, string>();
  for (const line of match[1]!.split(/\r?\n/)) {
    const pair = /^(\w+):\s*(.*)$/.exec(line.trim());
    if (pair) fields.set(pair[1]!, pair[2]!.trim());
  }
  const title = fields.get('title');
  const description = fields.get('description');
  if (!title) fail(name, 'front matter needs a title');
  if (!description) fail(name, 'front matter needs a description');
  const content = sanitizeContentHtml(match[2]!);
  if (!content) fail(name, 'has no content');
  return { title: title!, description: description!, content };
}

function loadPages(dataDir: string): Map<string, PageEntry> {
  const pages = new Map<string, PageEntry>();
  const pagesDir = join(dataDir, 'pages');
  if (!existsSync(pagesDir)) fail('pages/', 'missing');
  for (const slug of readdirSync(pagesDir).sort()) {
    const dir = join(pagesDir, slug);
    if (!statSync(dir).isDirectory()) continue;
    const meta = readJson(dataDir, `pages/${slug}/page.json`, PageFile);
    const pageTranslations: Translations<PageTranslationEntry> = {};
    for (const locale of LOCALES) {
      const name = `pages/${slug}/${locale}.html`;
      const path = join(dataDir, name);
      if (existsSync(path)) pageTranslations[locale] = parsePageFile(name, readFileSync(path, 'utf8'));
    }
    const english = pageTranslations[FALLBACK_LOCALE];
    if (!english) return fail(`pages/${slug}/${FALLBACK_LOCALE}.html`, 'missing');
    pages.set(slug, { slug, topImage: meta.top_image, translations: { ...pageTranslations, en: english } });
  }
  return pages;
}

/**
 * Reads and checks every content file once. A broken file stops the service with the file's name and
 * the problem: content is part of the release, so it must not fail on a visitor's request instead.
 */
export function loadContent(dataDir: string): Content {
  const imageList = readJson(dataDir, 'images.json', z.array(ImageFile));
  const images = new Map(imageList.map((image) => [image.id, image]));
  for (const image of imageList) {
    if (!existsSync(join(dataDir, 'images', image.file))) fail(`images/${image.file}`, 'missing');
  }
  const content: Content = {
    dataDir,
    images,
    pages: loadPages(dataDir),
    partners: readJson(dataDir, 'partners.json', z.array(PartnerFile)),
    team: readJson(dataDir, 'team.json', z.array(TeamFile)),
    historyCards: readJson(dataDir, 'history-cards.json', z.array(HistoryCardFile)),
    milestones: readJson(dataDir, 'milestones.json', z.array(MilestoneFile)),
    news: readJson(dataDir, 'news.json', z.array(NewsFile)),
    advertisements: readJson(dataDir, 'advertisements.json', z.array(AdvertisementFile)),
  };
  const checkImage = (file: string, id: string | null) => {
    if (id !== null && !images.has(id)) fail(file, `unknown image "${id}"`);
  };
  for (const page of content.pages.values()) checkImage(`pages/${page.slug}/page.json`, page.topImage);
  for (const item of content.partners) checkImage('partners.json', item.image);
  for (const item of content.team) checkImage('team.json', item.image);
  for (const item of content.historyCards) checkImage('history-cards.json', item.image);
  for (const item of content.news) checkImage('news.json', item.image);
  for (const item of content.advertisements) checkImage('advertisements.json', item.image);
  return content;
}
