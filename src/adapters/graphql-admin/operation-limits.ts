import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { Plugin } from 'graphql-yoga';

/**
 * How big one admin operation may be. Each is several times what the console's own operations
 * (the queries in its docs, GraphiQL's example and its subscriptions) need, and small enough that
 * one request cannot make the server resolve thousands of fields. GraphiQL's introspection is
 * deeper and costlier than any of them by the nature of the schema's types: depth and cost leave
 * it out, the token count holds it (and everything else) to a bounded size.
 */
export const ADMIN_OPERATION_LIMITS = {
  /** Nested selections: a project's ledger's items' fields are five deep. */
  depth: 10,
  /** Fields asked under another name, fragments included: 20,000 of one query are not. */
  aliases: 15,
  /** graphql-armor's weights: 2 an object, 1 a scalar, times 1.5 a level of depth. */
  cost: 1000,
  /** Names, punctuation and values of the document, as the lexer counts them. */
  tokens: 1000,
} as const;

/** graphql-armor's plugins for yoga: an operation over a limit is a GraphQL error, never run. */
export const operationLimitPlugins = (limits = ADMIN_OPERATION_LIMITS): Plugin[] => [
  maxTokensPlugin({ n: limits.tokens, exposeLimits: true }),
  maxDepthPlugin({ n: limits.depth, ignoreIntrospection: true, flattenFragments: true, exposeLimits: true }),
  maxAliasesPlugin({ n: limits.aliases, exposeLimits: true }),
  costLimitPlugin({ maxCost: limits.cost, ignoreIntrospection: true, flattenFragments: true, exposeLimits: true }),
];
