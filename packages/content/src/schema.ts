import { FALLBACK_LOCALE, isLocale, type Locale } from '@flybook/locales';
import { createGraphQLError, createSchema } from 'graphql-yoga';
import { IMAGE_PATH } from './image-path.ts';
import { type Content, type ImageEntry, Instant } from './load.ts';
import { BAD_USER_INPUT } from './query-guards.ts';

export const typeDefs = /* GraphQL */ `
  "An image that ships with the content; url is a path on the serving origin."
  type Image { id: ID! url: String! width: Int! height: Int! alt: String! }
  type PageTranslation { languages_code: String! title: String! description: String! content: String! }
  "Shaped like a headless CMS: translations[0] is the asked locale (English when that locale has none)."
  type Page { slug: ID! top_image: Image translations: [PageTranslation!]! }
  type Partner { id: ID! sort: Int! title: String! url: String image: Image! }
  type TeamMember {
    id: ID! sort: Int! name: String! role: String! link: String phone: String email: String image: Image!
  }
  type HistoryCard { id: ID! year: Int! title: String! content: String! image: Image }
  type Milestone { id: ID! year: Int! title: String! }
  type NewsItem { id: ID! title: String! content: String! published_at: String! expires_at: String image: Image }
  type Advertisement { id: ID! sort: Int! title: String! text: String! link: String image: Image! }
  type Query {
    "null for an unknown slug"
    page(slug: ID!, locale: String!): Page
    pages(locale: String!): [Page!]!
    partners(locale: String!): [Partner!]!
    team(locale: String!): [TeamMember!]!
    historyCards(locale: String!): [HistoryCard!]!
    milestones(locale: String!): [Milestone!]!
    "Published and not expired at 'at' (an ISO instant; default now), newest first."
    news(locale: String!, at: String): [NewsItem!]!
    advertisements(locale: String!): [Advertisement!]!
  }
`;

type Localized<T> = { translations: Partial<Record<Locale, T>> & Record<'en', T> };

/** The locale's text, else English (an unknown locale reads English too). */
const textOf = <T>(item: Localized<T>, locale: string): { locale: Locale; value: T } => {
  const wanted = isLocale(locale) ? item.translations[locale] : undefined;
  return wanted && isLocale(locale)
    ? { locale, value: wanted }
    : { locale: FALLBACK_LOCALE, value: item.translations.en };
};

/** An argument the schema's types let through but the field cannot use: the caller's mistake. */
const badArgument = (argument: string, message: string) =>
  createGraphQLError(message, { extensions: { code: BAD_USER_INPUT, argument } });

const bySort = <T extends { sort: number }>(items: T[]) => [...items].sort((a, b) => a.sort - b.sort);
const byYear = <T extends { year: number }>(items: T[]) => [...items].sort((a, b) => a.year - b.year);

export function createContentSchema(content: Content, now: () => Date) {
  const image = (id: string | null, locale: string) => {
    const entry: ImageEntry | undefined = id === null ? undefined : content.images.get(id);
    if (!entry) return null;
    return {
      id: entry.id,
      url: `${IMAGE_PATH}/${entry.file}`,
      width: entry.width,
      height: entry.height,
      alt: textOf({ translations: entry.alt }, locale).value,
    };
  };
  const page = (slug: string, locale: string) => {
    const entry = content.pages.get(slug);
    if (!entry) return null;
    const text = textOf(entry, locale);
    return {
      slug,
      top_image: image(entry.topImage, locale),
      translations: [{ languages_code: text.locale, ...text.value }],
    };
  };
  type Args = { locale: string };

  return createSchema({
    typeDefs,
    resolvers: {
      Query: {
        page: (_: unknown, args: Args & { slug: string }) => page(args.slug, args.locale),
        pages: (_: unknown, { locale }: Args) => [...content.pages.keys()].map((slug) => page(slug, locale)),
        partners: (_: unknown, { locale }: Args) =>
          bySort(content.partners).map((item) => ({
            id: item.id,
            sort: item.sort,
            url: item.url,
            title: textOf(item, locale).value.title,
            image: image(item.image, locale),
          })),
        team: (_: unknown, { locale }: Args) =>
          bySort(content.team).map((item) => ({
            ...item,
            role: textOf(item, locale).value.role,
            image: image(item.image, locale),
          })),
        historyCards: (_: unknown, { locale }: Args) =>
          byYear(content.historyCards).map((item) => ({
            id: item.id,
            year: item.year,
            ...textOf(item, locale).value,
            image: image(item.image, locale),
          })),
        milestones: (_: unknown, { locale }: Args) =>
          byYear(content.milestones).map((item) => ({
            id: item.id,
            year: item.year,
            title: textOf(item, locale).value.title,
          })),
        news: (_: unknown, args: Args & { at?: string | null }) => {
          const at =
            args.at == null
              ? now().getTime()
              : Instant.safeParse(args.at).success
                ? Date.parse(args.at)
                : NaN;
          if (Number.isNaN(at))
            throw badArgument('at', 'at must be an ISO 8601 instant, e.g. 2026-07-01T00:00:00Z');
          return content.news
            .filter(
              (item) =>
                Date.parse(item.published_at) <= at &&
                (item.expires_at === null || Date.parse(item.expires_at) > at),
            )
            .sort((a, b) => Date.parse(b.published_at) - Date.parse(a.published_at))
            .map((item) => ({
              id: item.id,
              published_at: item.published_at,
              expires_at: item.expires_at,
              ...textOf(item, args.locale).value,
              image: image(item.image, args.locale),
            }));
        },
        advertisements: (_: unknown, { locale }: Args) =>
          bySort(content.advertisements).map((item) => ({
            id: item.id,
            sort: item.sort,
            link: item.link,
            ...textOf(item, locale).value,
            image: image(item.image, locale),
          })),
      },
    },
  });
}
