import { describe, expect, it } from 'vitest';
import { graphqlErrorOf } from '../../../src/adapters/graphql-admin/errors.js';
import { problemOf } from '../../../src/adapters/rest/error-envelope.js';
import { errorCodeOf } from '../../../src/application/error-codes.js';
import type { AppError } from '../../../src/application/errors.js';

/** One of every tag, and every variant that has a code of its own. */
const everyFailure: readonly AppError[] = [
  { _tag: 'NotFound', resource: 'agent', id: 'agt_1' },
  { _tag: 'NotFound', resource: 'number', id: 'num_1' },
  { _tag: 'Validation', message: 'name is required', details: [{ field: 'name', message: 'is required', type: 'missing' }] },
  { _tag: 'BadRequest', message: 'm' },
  { _tag: 'Conflict', message: 'm' },
  { _tag: 'NumberLimitReached', limit: 10 },
  { _tag: 'InsufficientBalance', balanceCents: 100, requiredCents: 300 },
  { _tag: 'NoNumbersAvailable', country: 'US', areaCode: null },
  { _tag: 'ProviderError', message: 'm', providerCode: null },
  { _tag: 'Unauthorized', message: 'm' },
  { _tag: 'Forbidden', message: 'm', code: 'PROJECT_SUSPENDED' },
  { _tag: 'RateLimited', limit: 5, windowSeconds: 60, retryAfterSeconds: 30, scope: 'signup-ip' },
  { _tag: 'Unavailable', message: 'm' },
  { _tag: 'CodeRefused', reason: 'invalid', message: 'm' },
  { _tag: 'CodeRefused', reason: 'expired', message: 'm' },
  { _tag: 'CodeRefused', reason: 'exhausted', message: 'm' },
  { _tag: 'IdempotencyRefused', reason: 'reused', message: 'm' },
  { _tag: 'IdempotencyRefused', reason: 'in_progress', message: 'm' },
];

describe(errorCodeOf.name, () => {
  it.each(everyFailure.map((error) => [error._tag, error] as const))('names %s the same way on REST and in the console', (_, error) => {
    const sut = errorCodeOf(error);

    const rest = problemOf(error);
    expect({ status: rest.status, code: rest.code, type: rest.type }).toEqual(sut);
    expect(graphqlErrorOf(error).extensions.code).toBe(sut.code);
  });

  it('gives each failure its own code where clients tell them apart', () => {
    expect(everyFailure.map((error) => errorCodeOf(error).code)).toEqual([
      'NOT_FOUND',
      'PHONE_NUMBER_NOT_FOUND',
      'VALIDATION_ERROR',
      'BAD_REQUEST',
      'CONFLICT',
      'VALIDATION_ERROR_NUMBER_LIMIT',
      'INSUFFICIENT_BALANCE',
      'NO_NUMBERS_AVAILABLE',
      'TWILIO_ERROR',
      'UNAUTHORIZED',
      'PROJECT_SUSPENDED',
      'RATE_LIMIT_EXCEEDED',
      'SERVICE_UNAVAILABLE',
      'INVALID_CODE',
      'CODE_EXPIRED',
      'CODE_EXHAUSTED',
      'IDEMPOTENCY_KEY_REUSED',
      'IDEMPOTENCY_KEY_IN_USE',
    ]);
  });
});
