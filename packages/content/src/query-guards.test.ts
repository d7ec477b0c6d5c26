import { readFileSync } from 'node:fs';
import { LOCALES } from '@flybook/locales';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_SLUGS } from './load.ts';
import { contentRoutes } from './plugin.ts';
import { QUERY_BUDGET } from './query-guards.ts';
import { createContentService } from './service.ts';

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** The content service over HTTP, as the API server mounts it, counting the runs of one resolver. */
async function serve(options: { introspection?: boolean } = {}) {
  const runs = { news: 0 };
  const service = createContentService({
    ...options,
    // The news resolver asks the clock once per run: a query refused before execution never does.
    now: () => {
      runs.news++;
      return new Date('2026-07-01T00:00:00Z');
    },
  });
  const app = Fastify();
  await app.register(contentRoutes, { service: () => service });
  await app.ready();
  const post = async (query: string, variables?: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });
    return { status: response.statusCode, bytes: response.rawPayload.length, body: response.json<Answer>() };
  };
  return { app, runs, post };
}

const codes = (answer: Answer) => answer.errors?.map((error) => error.extensions?.code);

let dev: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  dev = await serve();
});
afterAll(() => dev.app.close());
afterEach(() => vi.unstubAllEnvs());

describe('query budgets, checked before a query runs', () => {
  it('refuses the 500-alias query of the report small and fast, without running a resolver', async () => {
    const before = dev.runs.news;
    const aliases = Array.from({ length: 500 }, (_, n) => `n${n}: news(locale: "en") { id title content }`);
    const started = performance.now();
    const answer = await dev.post(`{ ${aliases.join(' ')} }`);
    const took = performance.now() - started;

    // Its 5,000 tokens pass the token budget long before its aliases are counted.
    expect(codes(answer.body)).toEqual(['GRAPHQL_PARSE_FAILED']);
    expect(answer.body.data).toBeUndefined();
    expect(dev.runs.news).toBe(before);
    expect(answer.bytes).toBeLessThan(500);
    // Before: 17 MB in 0.65 s. Generous for a shared machine; "no resolver ran" is the real proof.
    expect(took).toBeLessThan(1000);
  });

  it('refuses one alias more than the budget, and answers as many as it allows', async () => {
    const before = dev.runs.news;
    const aliased = (count: number) =>
      `{ ${Array.from({ length: count }, (_, n) => `n${n}: news(locale: "en") { id }`).join(' ')} }`;
    const over = await dev.post(aliased(QUERY_BUDGET.aliases + 1));
    expect(codes(over.body)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(over.body.errors?.[0]?.message).toBe(
      `Aliases limit of ${QUERY_BUDGET.aliases} exceeded, found ${QUERY_BUDGET.aliases + 1}.`,
    );
    expect(dev.runs.news).toBe(before);

    const within = await dev.post(aliased(QUERY_BUDGET.aliases));
    expect(within.body.errors).toBeUndefined();
    expect(Object.keys(within.body.data ?? {})).toHaveLength(QUERY_BUDGET.aliases);
    expect(dev.runs.news).toBe(before + QUERY_BUDGET.aliases);
  });

  it('refuses a query nested deeper than the budget', async () => {
    const before = dev.runs.news;
    // The content types do not nest; introspection's types do, without end (allowed outside production).
    const tooDeep = '{ __type(name: "Query") { fields { type { fields { type { fields { name } } } } } } }';
    const answer = await dev.post(tooDeep);
    expect(codes(answer.body)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(answer.body.errors?.[0]?.message).toBe(
      `Query depth limit of ${QUERY_BUDGET.depth} exceeded, found 7.`,
    );
    const inlineFragments = `{ ${'... on Query { '.repeat(8)}news(locale: "en") { id }${' }'.repeat(8)} }`;
    const nested = await dev.post(inlineFragments);
    expect(codes(nested.body)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(nested.body.errors?.[0]?.message).toMatch(/^Query depth limit/);
    expect(dev.runs.news).toBe(before);
    // One level less than the first one passes.
    const allowed = await dev.post(
      '{ __type(name: "Query") { fields { type { fields { type { name } } } } } }',
    );
    expect(allowed.body.errors).toBeUndefined();
  });

  it('refuses a flood of tokens while parsing', async () => {
    const before = dev.runs.news;
    // Repeating a field merges into one, so only the token count grows.
    const flood = `{ news(locale: "en") { ${'id '.repeat(QUERY_BUDGET.tokens)}} }`;
    const answer = await dev.post(flood);
    expect(codes(answer.body)).toEqual(['GRAPHQL_PARSE_FAILED']);
    expect(answer.body.errors?.[0]?.message).toBe(`Token limit of ${QUERY_BUDGET.tokens} exceeded.`);
    expect(dev.runs.news).toBe(before);
    expect(answer.bytes).toBeLessThan(500);
  });

  it('refuses a query whose cost is over the budget, within every other budget', async () => {
    const before = dev.runs.news;
    // Spreading one fragment again and again: 6 aliases, depth 4, about 130 tokens, cost over 250.
    const query = `fragment Text on NewsItem { id title content published_at expires_at image { id url width height alt } }
      { ${Array.from({ length: 6 }, (_, n) => `n${n}: news(locale: "en") { ...Text ...Text }`).join(' ')} }`;
    const answer = await dev.post(query);
    expect(codes(answer.body)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(answer.body.errors?.[0]?.message).toMatch(
      new RegExp(`^Query Cost limit of ${QUERY_BUDGET.cost} exceeded, found \\d+`),
    );
    expect(dev.runs.news).toBe(before);
  });

  it('refuses more directives than the budget', async () => {
    const answer = await dev.post(
      `{ news(locale: "en") { id ${'@include(if: true) '.repeat(QUERY_BUDGET.directives + 1)}} }`,
    );
    expect(codes(answer.body)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(answer.body.errors?.[0]?.message).toMatch(/^Directives limit/);
  });
});

describe("the site's own queries", () => {
  it('all pass, in the production build as in the browser, in every language', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('CONTENT_URL', undefined);
    // The functions the site's build calls, running against the shipped content in-process.
    const site = await import('../../../site/src/lib/content.ts');
    for (const locale of LOCALES) {
      for (const slug of PAGE_SLUGS) expect((await site.pageOf(slug, locale)).slug).toBe(slug);
      expect((await site.teamOf(locale)).length).toBeGreaterThan(0);
      expect((await site.partnersOf(locale)).length).toBeGreaterThan(0);
      expect((await site.historyOf(locale)).milestones.length).toBeGreaterThan(0);
      expect((await site.homeOf(locale)).advertisements.length).toBeGreaterThan(0);
    }

    // The home page's news island asks the served service at view time.
    const island = readFileSync(new URL('../../../site/src/islands/NewsBlock.tsx', import.meta.url), 'utf8');
    const newsQuery = /query: '(query News[^']+)'/.exec(island)?.[1];
    expect(newsQuery).toBeDefined();
    const production = await serve();
    try {
      const answer = await production.post(newsQuery!, { locale: 'de', at: new Date().toISOString() });
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toBeUndefined();
      expect(Array.isArray(answer.body.data?.news)).toBe(true);
    } finally {
      await production.app.close();
    }
  });
});

describe('introspection', () => {
  const introspect = '{ __schema { queryType { name } types { name } } }';

  it('is refused when NODE_ENV is production, and so are hints naming fields', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const production = await serve();
    try {
      for (const query of [introspect, '{ __type(name: "Page") { fields { name } } }']) {
        const answer = await production.post(query);
        expect(answer.body.data ?? undefined).toBeUndefined();
        expect(answer.body.errors?.length).toBeGreaterThan(0);
        for (const error of answer.body.errors ?? []) {
          expect(error.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
          expect(error.message).toMatch(/introspection/i);
        }
      }
      const typo = await production.post('{ pages(locale: "en") { slugg } }');
      expect(codes(typo.body)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
      expect(typo.body.errors?.[0]?.message).not.toContain('Did you mean');
      // Plain queries still work.
      const news = await production.post('{ news(locale: "en") { id } }');
      expect(news.body.errors).toBeUndefined();
    } finally {
      await production.app.close();
    }
  });

  it('is answered outside production, for GraphiQL and code generators', async () => {
    const answer = await dev.post(introspect);
    expect(answer.body.errors).toBeUndefined();
    const schema = answer.body.data?.__schema as { queryType: { name: string }; types: { name: string }[] };
    expect(schema.queryType.name).toBe('Query');
    expect(schema.types.map((type) => type.name)).toContain('NewsItem');
    const typo = await dev.post('{ pages(locale: "en") { slugg } }');
    expect(typo.body.errors?.[0]?.message).toContain('Did you mean "slug"?');
  });
});

describe('bad arguments', () => {
  const cases: { name: string; query: string; variables?: Record<string, unknown>; code: string }[] = [
    {
      name: 'a number for a text',
      query: '{ page(slug: "about-us", locale: 5) { slug } }',
      code: 'GRAPHQL_VALIDATION_FAILED',
    },
    {
      name: 'null for a required id',
      query: '{ page(slug: null, locale: "en") { slug } }',
      code: 'GRAPHQL_VALIDATION_FAILED',
    },
    {
      name: 'an unknown argument',
      query: '{ news(locale: "en", limit: -1) { id } }',
      code: 'GRAPHQL_VALIDATION_FAILED',
    },
    {
      name: 'an unknown field',
      query: '{ news(locale: "en") { id price } }',
      code: 'GRAPHQL_VALIDATION_FAILED',
    },
    { name: 'a missing argument', query: '{ partners { id } }', code: 'GRAPHQL_VALIDATION_FAILED' },
    { name: 'a mutation', query: 'mutation { news { id } }', code: 'GRAPHQL_VALIDATION_FAILED' },
    { name: 'broken syntax', query: '{ news(locale: "en") { id }', code: 'GRAPHQL_PARSE_FAILED' },
    {
      name: 'a variable of the wrong type',
      query: 'query($locale: String!) { partners(locale: $locale) { id } }',
      variables: { locale: ['en'] },
      code: 'BAD_USER_INPUT',
    },
    {
      name: 'a required variable left out',
      query: 'query($locale: String!) { partners(locale: $locale) { id } }',
      variables: {},
      code: 'BAD_USER_INPUT',
    },
    {
      name: 'an instant that is no date',
      query: '{ news(locale: "en", at: "yesterday") { id } }',
      code: 'BAD_USER_INPUT',
    },
    { name: 'an empty instant', query: '{ news(locale: "en", at: "") { id } }', code: 'BAD_USER_INPUT' },
    {
      name: 'an instant past year 9999',
      query: 'query($at: String) { news(locale: "en", at: $at) { id } }',
      variables: { at: '99999-01-01T00:00:00Z' },
      code: 'BAD_USER_INPUT',
    },
    {
      name: 'a day that does not exist',
      query: '{ news(locale: "en", at: "2026-02-30T00:00:00Z") { id } }',
      code: 'BAD_USER_INPUT',
    },
  ];

  it.each(cases)(
    'answers $name with $code, never INTERNAL_SERVER_ERROR',
    async ({ query, variables, code }) => {
      const answer = await dev.post(query, variables);
      expect(answer.status).toBeLessThan(500);
      expect(codes(answer.body)).toEqual([code]);
      expect(answer.body.data ?? null).toBeNull();
    },
  );

  it('reads an unknown language as English and an unknown page as none, without an error', async () => {
    const answer = await dev.post(
      '{ page(slug: "__proto__", locale: "constructor") { slug } news(locale: "xx") { id } }',
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data?.page).toBeNull();
    expect(answer.body.data?.news).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: expect.any(String) })]),
    );
  });
});
