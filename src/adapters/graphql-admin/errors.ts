import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import { errorCodeOf } from '../../application/error-codes.js';
import type { AppError } from '../../application/errors.js';

const absurd = (value: never): never => {
  throw new Error(`unmapped error: ${JSON.stringify(value)}`);
};

/**
 * A failure the client is meant to read (never masked). Made by yoga's own helper: an error
 * class from another copy of `graphql` (ESM and CommonJS builds both exist) would be masked.
 */
export const failure = (message: string, code: string, extra: Record<string, unknown> = {}): GraphQLError =>
  createGraphQLError(message, { extensions: { code, ...extra } });

/** The console's message and extensions of a failure; its `extensions.code` is the REST `error.code`. */
const describe = (error: AppError): { readonly message: string; readonly extra?: Record<string, unknown> } => {
  switch (error._tag) {
    case 'NotFound':
      return { message: `${error.resource} ${error.id} not found`, extra: { resource: error.resource, id: error.id } };
    case 'Validation':
      return { message: error.message, extra: { details: error.details } };
    case 'BadRequest':
    case 'Conflict':
    case 'Unauthorized':
    case 'Forbidden':
    case 'Unavailable':
    case 'CodeRefused':
    case 'IdempotencyRefused':
    case 'ComplianceRefused':
    case 'TooLarge':
      return { message: error.message };
    case 'NumberLimitReached':
      return { message: `Number limit reached: ${error.limit} numbers`, extra: { limit: error.limit } };
    case 'InsufficientBalance':
      return { message: 'Insufficient balance', extra: { balanceCents: error.balanceCents, requiredCents: error.requiredCents } };
    case 'NoNumbersAvailable':
      return { message: `No phone numbers available in ${error.country}`, extra: { areaCode: error.areaCode } };
    case 'ProviderError':
      return { message: `Telephony provider error: ${error.message}`, extra: { providerCode: error.providerCode } };
    case 'RateLimited':
      return { message: `Rate limit exceeded (${error.scope})`, extra: { retryAfterSeconds: error.retryAfterSeconds } };
    default:
      return absurd(error);
  }
};

/** The console's one reading of every expected failure, coded by the application's one table. */
export const graphqlErrorOf = (error: AppError): GraphQLError => {
  const { message, extra } = describe(error);
  return failure(message, errorCodeOf(error).code, extra);
};

/** Runs a use case: its value, or its failure thrown as the GraphQL error resolvers report. */
export const run = async <A>(task: TE.TaskEither<AppError, A>): Promise<A> => {
  const result = await task();
  if (E.isLeft(result)) throw graphqlErrorOf(result.left);
  return result.right;
};

/** Runs a lookup: null when it is not found (a nullable field), any other failure thrown. */
export const runOrNull = async <A>(task: TE.TaskEither<AppError, A>): Promise<A | null> => {
  const result = await task();
  if (E.isRight(result)) return result.right;
  if (result.left._tag === 'NotFound') return null;
  throw graphqlErrorOf(result.left);
};
