import { describe, expect, it } from 'vitest';
import { envelopeOf, problemOf } from '../../../src/adapters/rest/error-envelope.js';
import type { AppError } from '../../../src/application/errors.js';

describe(problemOf.name, () => {
  it.each<[AppError, number, string, string]>([
    [{ _tag: 'NotFound', resource: 'agent', id: 'agt_1' }, 404, 'NOT_FOUND', 'not_found'],
    [{ _tag: 'NotFound', resource: 'number', id: 'num_1' }, 404, 'PHONE_NUMBER_NOT_FOUND', 'not_found'],
    [{ _tag: 'Validation', message: 'm', details: [] }, 422, 'VALIDATION_ERROR', 'validation_error'],
    [{ _tag: 'BadRequest', message: 'm' }, 400, 'BAD_REQUEST', 'validation_error'],
    [{ _tag: 'Conflict', message: 'm' }, 409, 'CONFLICT', 'conflict'],
    [{ _tag: 'NumberLimitReached', limit: 10 }, 422, 'VALIDATION_ERROR_NUMBER_LIMIT', 'validation_error'],
    [{ _tag: 'InsufficientBalance', balanceCents: 100, requiredCents: 300 }, 402, 'INSUFFICIENT_BALANCE', 'billing_error'],
    [{ _tag: 'NoNumbersAvailable', country: 'US', areaCode: '415' }, 503, 'NO_NUMBERS_AVAILABLE', 'carrier_error'],
    [{ _tag: 'ProviderError', message: 'm', providerCode: '20500' }, 502, 'TWILIO_ERROR', 'carrier_error'],
    [{ _tag: 'Unauthorized', message: 'm' }, 401, 'UNAUTHORIZED', 'authentication_error'],
    [{ _tag: 'Forbidden', message: 'm', code: 'PROJECT_SUSPENDED' }, 403, 'PROJECT_SUSPENDED', 'authentication_error'],
    [
      { _tag: 'RateLimited', limit: 100, windowSeconds: 10, retryAfterSeconds: 2, scope: 'key' },
      429,
      'RATE_LIMIT_EXCEEDED',
      'rate_limit_error',
    ],
    [{ _tag: 'Unavailable', message: 'm' }, 503, 'SERVICE_UNAVAILABLE', 'server_error'],
    [{ _tag: 'CodeRefused', reason: 'invalid', message: 'm' }, 400, 'INVALID_CODE', 'validation_error'],
    [{ _tag: 'CodeRefused', reason: 'expired', message: 'm' }, 400, 'CODE_EXPIRED', 'validation_error'],
    [{ _tag: 'CodeRefused', reason: 'exhausted', message: 'm' }, 400, 'CODE_EXHAUSTED', 'validation_error'],
  ])('maps %o to %i %s %s', (error, status, code, type) => {
    const sut = problemOf(error);

    expect({ status: sut.status, code: sut.code, type: sut.type }).toEqual({ status, code, type });
  });

  it('states balance and requirement in USD', () => {
    const sut = problemOf({ _tag: 'InsufficientBalance', balanceCents: 150, requiredCents: 300 });

    expect(sut.message).toBe(
      "Insufficient balance: 1.50 USD available, at least 3.00 USD required (a number's first month is charged when it is provisioned); " +
        'ask the operator of this server to add credit',
    );
  });

  it('names the limit and window of a rate limit and says when to retry', () => {
    const sut = problemOf({ _tag: 'RateLimited', limit: 100, windowSeconds: 10, retryAfterSeconds: 0.2, scope: 'key' });

    expect(sut.message).toContain('100 requests per 10 seconds');
    expect(sut.headers).toEqual({ 'Retry-After': '1' });
  });
});

describe(envelopeOf.name, () => {
  it('puts the message in detail for non-422 errors', () => {
    const sut = envelopeOf(problemOf({ _tag: 'Conflict', message: 'taken' }));

    expect(sut).toEqual({ error: { message: 'taken', code: 'CONFLICT', type: 'conflict' }, detail: 'taken' });
  });

  it('lists FastAPI-style detail entries for 422, located in body or query', () => {
    const details = [{ field: 'limit', message: 'must be between 1 and 100', type: 'value_error' }];

    const sut = envelopeOf(problemOf({ _tag: 'Validation', message: 'bad', details }), 'query');

    expect(sut).toEqual({
      error: { message: 'bad', code: 'VALIDATION_ERROR', type: 'validation_error', details },
      detail: [{ loc: ['query', 'limit'], msg: 'must be between 1 and 100', type: 'value_error' }],
    });
  });

  it('gives a 422 without field details one detail entry on the body', () => {
    const sut = envelopeOf(problemOf({ _tag: 'NumberLimitReached', limit: 10 }));

    expect(sut.error).not.toHaveProperty('details');
    expect(sut.detail).toEqual([{ loc: ['body'], msg: sut.error.message, type: 'value_error' }]);
  });
});
