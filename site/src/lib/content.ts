import { createContentService, sanitizeContentHtml } from '@flybook/content';
import { request } from 'graphql-request';

/**
 * One GraphQL query against the content service: over HTTP when CONTENT_URL is set (any service with
 * the same schema), else in-process against the content files in the repository. The build stops on
 * any error, so a page is never published without its content.
 */
let local: ReturnType<typeof createContentService> | undefined;
export async function contentQuery<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const url = process.env.CONTENT_URL;
  if (url) return request<T>(url, query, variables);
  local ??= createContentService();
  const answer = await local.execute(query, variables);
  if (answer.errors?.length || !answer.data) {
    throw new Error(`Content query failed: ${answer.errors?.map((error) => error.message).join('; ')}`);
  }
  return answer.data as T;
}

/** Content HTML is cleaned again here: the site may be pointed at a service it does not control. */
export const cleanHtml = sanitizeContentHtml;

export interface Image {
  url: string;
  width: number;
  height: number;
  alt: string;
}
export interface Page {
  slug: string;
  top_image: Image | null;
  translations: { languages_code: string; title: string; description: string; content: string }[];
}

const IMAGE = 'url width height alt';

export async function pageOf(slug: string, locale: string): Promise<Page> {
  const { page } = await contentQuery<{ page: Page | null }>(
    `query Page($slug: ID!, $locale: String!) {
      page(slug: $slug, locale: $locale) { slug top_image { ${IMAGE} } translations { languages_code title description content } }
    }`,
    { slug, locale },
  );
  if (!page?.translations[0]) throw new Error(`Content page ${slug} (${locale}) is missing`);
  return page;
}

export interface TeamMember {
  id: string;
  name: string;
  role: string;
  phone: string | null;
  email: string | null;
  link: string | null;
  image: Image;
}
export const teamOf = async (locale: string) =>
  (
    await contentQuery<{ team: TeamMember[] }>(
      `query Team($locale: String!) { team(locale: $locale) { id name role phone email link image { ${IMAGE} } } }`,
      { locale },
    )
  ).team;

export interface Partner {
  id: string;
  title: string;
  url: string | null;
  image: Image;
}
export const partnersOf = async (locale: string) =>
  (
    await contentQuery<{ partners: Partner[] }>(
      `query Partners($locale: String!) { partners(locale: $locale) { id title url image { ${IMAGE} } } }`,
      { locale },
    )
  ).partners;

export interface History {
  historyCards: { id: string; year: number; title: string; content: string; image: Image | null }[];
  milestones: { id: string; year: number; title: string }[];
}
export const historyOf = (locale: string) =>
  contentQuery<History>(
    `query History($locale: String!) {
      historyCards(locale: $locale) { id year title content image { ${IMAGE} } }
      milestones(locale: $locale) { id year title }
    }`,
    { locale },
  );

export interface Home {
  news: { id: string; title: string; content: string; published_at: string; expires_at: string | null }[];
  advertisements: { id: string; title: string; text: string; link: string | null; image: Image }[];
}
/** News as of the build; the home page's news island re-asks the service at view time. */
export const homeOf = (locale: string) =>
  contentQuery<Home>(
    `query Home($locale: String!, $at: String) {
      news(locale: $locale, at: $at) { id title content published_at expires_at }
      advertisements(locale: $locale) { id title text link image { ${IMAGE} } }
    }`,
    { locale, at: new Date().toISOString() },
  );
