import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
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

/**
 * The console's one reading of every expected failure: a GraphQL error whose
 * `extensions.code` is the REST API's `error.code` for the same failure.
 */
export const graphqlErrorOf = (error: AppError): GraphQLError => {
  switch (error._tag) {
    case 'NotFound':
      return failure(`${error.resource} ${error.id} not found`, error.resource === 'number' ? 'PHONE_NUMBER_NOT_FOUND' : 'NOT_FOUND', {
        resource: error.resource,
        id: error.id,
      });
    case 'Validation':
      return failure(error.message, 'VALIDATION_ERROR', { details: error.details });
    case 'BadRequest':
      return failure(error.message, 'BAD_REQUEST');
    case 'Conflict':
      return failure(error.message, 'CONFLICT');
    case 'NumberLimitReached':
      return failure(`Number limit reached: ${error.limit} numbers`, 'VALIDATION_ERROR_NUMBER_LIMIT', { limit: error.limit });
    case 'InsufficientBalance':
      return failure('Insufficient balance', 'INSUFFICIENT_BALANCE', {
        balanceCents: error.balanceCents,
        requiredCents: error.requiredCents,
      });
    case 'NoNumbersAvailable':
      return failure(`No phone numbers available in ${error.country}`, 'NO_NUMBERS_AVAILABLE', { areaCode: error.areaCode });
    case 'ProviderError':
      return failure(`Telephony provider error: ${error.message}`, 'TWILIO_ERROR', { providerCode: error.providerCode });
    case 'Unauthorized':
      return failure(error.message, 'UNAUTHORIZED');
    case 'Forbidden':
      return failure(error.message, error.code);
    case 'RateLimited':
      return failure(`Rate limit exceeded (${error.scope})`, 'RATE_LIMIT_EXCEEDED', { retryAfterSeconds: error.retryAfterSeconds });
    case 'Unavailable':
      return failure(error.message, 'SERVICE_UNAVAILABLE');
    case 'CodeRefused':
      return failure(error.message, error.reason === 'invalid' ? 'INVALID_CODE' : error.reason === 'expired' ? 'CODE_EXPIRED' : 'CODE_EXHAUSTED');
    default:
      return absurd(error);
  }
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
