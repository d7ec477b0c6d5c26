import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { GraphQLError } from 'graphql';
import { createGraphQLError, isAsyncIterable, type Plugin } from 'graphql-yoga';

/**
 * What one query may ask of the content service (docs/security.md, "GraphQL limits"). The site's
 * own queries need at most depth 3, cost 29.5, 53 tokens and no alias or directive; one query for
 * every field of every list costs 185 in 169 tokens and still passes. Ten aliases of the largest
 * list answer about 350 KB, where 500 aliases answered 17 MB.
 */
export const QUERY_BUDGET = {
  /** Selection sets inside each other, counting from the operation. */
  depth: 6,
  /** GraphQL Armor's cost: 1 a scalar, 2 an object, × 1.5 per level down. */
  cost: 250,
  aliases: 10,
  directives: 10,
  /** Lexical tokens of the whole document (names, punctuation, values). */
  tokens: 500,
} as const;

/** A client's mistake in what it sent, as Apollo Server and GraphQL Yoga's subscriptions name it. */
export const BAD_USER_INPUT = 'BAD_USER_INPUT';

/** Code of a query refused by its shape before it runs; a token flood is refused by the parser. */
const VALIDATION_FAILED = 'GRAPHQL_VALIDATION_FAILED';
const PARSE_FAILED = 'GRAPHQL_PARSE_FAILED';

// Errors are made with Yoga's createGraphQLError, so they are of the graphql-js copy Yoga checks
// with instanceof even where a bundler or test runner resolves `graphql` to another build of it.

/**
 * GraphQL Armor reports every refusal as a "Syntax Error" without a code; this gives the client a
 * stable code and a message that says which budget was passed.
 */
const refuseWith = (code: string) => (_context: unknown, error: GraphQLError) => {
  throw createGraphQLError(error.message.replace(/^Syntax Error: /, ''), { extensions: { code } });
};

/**
 * Yoga plugins that refuse over-budget queries while parsing and validating, before any resolver
 * runs; in production also introspection and "Did you mean …?" hints, which would describe the
 * schema to a caller the site does not need to tell.
 */
export function queryLimitPlugins(options: { introspection: boolean }): Plugin[] {
  const validation = { onReject: [refuseWith(VALIDATION_FAILED)] };
  const plugins: Plugin[] = [
    maxTokensPlugin({ n: QUERY_BUDGET.tokens, onReject: [refuseWith(PARSE_FAILED)] }),
    maxDepthPlugin({ n: QUERY_BUDGET.depth, ...validation }),
    costLimitPlugin({ maxCost: QUERY_BUDGET.cost, ...validation }),
    maxAliasesPlugin({ n: QUERY_BUDGET.aliases, ...validation }),
    maxDirectivesPlugin({ n: QUERY_BUDGET.directives, ...validation }),
  ];
  if (!options.introspection) plugins.push(useDisableIntrospection(), blockFieldSuggestionsPlugin());
  return plugins;
}

/**
 * Variables of the wrong type (or a required one missing) are refused by graphql-js before the
 * operation runs, as an answer with errors and no data, HTTP 400, but without a code; they get
 * BAD_USER_INPUT like a bad argument caught by a resolver.
 */
export const badVariablesAreUserInput: Plugin = {
  onExecute: () => ({
    onExecuteDone: ({ result, setResult }) => {
      if (isAsyncIterable(result) || 'data' in result || !result.errors) return;
      setResult({
        ...result,
        errors: result.errors.map((error) =>
          error.extensions.code
            ? error
            : createGraphQLError(error.message, {
                nodes: error.nodes,
                source: error.source,
                positions: error.positions,
                path: error.path,
                originalError: error.originalError,
                extensions: { ...error.extensions, code: BAD_USER_INPUT },
              }),
        ),
      });
    },
  }),
};
