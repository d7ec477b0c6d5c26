import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createYoga } from 'graphql-yoga';
import { loadContent } from './load.ts';
import { badVariablesAreUserInput, queryLimitPlugins } from './query-guards.ts';
import { createContentSchema } from './schema.ts';

/**
 * The content files that ship with the package, found through the package itself so the path holds
 * when a bundler (the site build) has moved this code elsewhere.
 */
export const DEFAULT_DATA_DIR = join(
  dirname(createRequire(import.meta.url).resolve('@flybook/content/package.json')),
  'data',
);

export interface ContentServiceOptions {
  dataDir?: string;
  /** The clock news expiry is measured against (tests pin it). */
  now?: () => Date;
  /** GraphiQL in the browser at GET /graphql; off in production. */
  graphiql?: boolean;
  /** Schema introspection (and "Did you mean" hints); default: on unless NODE_ENV is production. */
  introspection?: boolean;
}

export interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string }[];
}

/**
 * The content service: one GraphQL schema over the content files, answering over HTTP (`yoga.fetch`,
 * mounted by the API server) and in-process (`execute`, used by the site build) the same way.
 */
export function createContentService(options: ContentServiceOptions = {}) {
  const content = loadContent(options.dataDir ?? DEFAULT_DATA_DIR);
  const introspection = options.introspection ?? process.env.NODE_ENV !== 'production';
  const yoga = createYoga({
    schema: createContentSchema(content, options.now ?? (() => new Date())),
    plugins: [...queryLimitPlugins({ introspection }), badVariablesAreUserInput],
    graphqlEndpoint: '/graphql',
    graphiql: options.graphiql ?? false,
    landingPage: false,
    logging: false,
  });

  async function execute(query: string, variables: Record<string, unknown> = {}): Promise<GraphQLAnswer> {
    const response = await yoga.fetch('http://content.local/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GraphQLAnswer;
  }

  return { content, yoga, execute };
}

export type ContentService = ReturnType<typeof createContentService>;
