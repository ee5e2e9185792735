import type { DomainError } from '../domain/errors.js';

export interface FieldProblem {
  readonly field: string;
  readonly message: string;
  /** e.g. `value_error`, `missing`, `type_error`. */
  readonly type: string;
}

/**
 * Every expected failure of a use case. Driving adapters map each tag exhaustively
 * (REST: status + error.code + error.type).
 */
export type AppError =
  | { readonly _tag: 'NotFound'; readonly resource: string; readonly id: string }
  | { readonly _tag: 'Validation'; readonly message: string; readonly details: readonly FieldProblem[] }
  | { readonly _tag: 'BadRequest'; readonly message: string }
  | { readonly _tag: 'Conflict'; readonly message: string }
  | { readonly _tag: 'NumberLimitReached'; readonly limit: number }
  | { readonly _tag: 'InsufficientBalance'; readonly balanceCents: number; readonly requiredCents: number }
  | { readonly _tag: 'NoNumbersAvailable'; readonly country: string; readonly areaCode: string | null }
  | { readonly _tag: 'ProviderError'; readonly message: string; readonly providerCode: string | null }
  | { readonly _tag: 'Unauthorized'; readonly message: string }
  | { readonly _tag: 'Forbidden'; readonly message: string; readonly code: string }
  | {
      readonly _tag: 'RateLimited';
      readonly limit: number;
      readonly windowSeconds: number;
      readonly retryAfterSeconds: number;
      readonly scope: string;
    }
  | { readonly _tag: 'Unavailable'; readonly message: string }
  | {
      /** A sign-up's one-time code was refused: wrong, expired, or too many wrong tries. */
      readonly _tag: 'CodeRefused';
      readonly reason: 'invalid' | 'expired' | 'exhausted';
      readonly message: string;
    };

export const notFound = (resource: string, id: string): AppError => ({ _tag: 'NotFound', resource, id });

export const validation = (field: string, message: string, type = 'value_error'): AppError => ({
  _tag: 'Validation',
  message: `${field} ${message}`,
  details: [{ field, message, type }],
});

export const badRequest = (message: string): AppError => ({ _tag: 'BadRequest', message });

export const conflict = (message: string): AppError => ({ _tag: 'Conflict', message });

/** The application's reading of a rule the domain refused. */
export const fromDomain = (error: DomainError): AppError => {
  switch (error._tag) {
    case 'InvalidField':
      return validation(error.field, error.message);
    case 'NumberLimitReached':
      return { _tag: 'NumberLimitReached', limit: error.limit };
    case 'InsufficientBalance':
      return error;
    case 'NumberReleased':
      return badRequest(`number ${error.numberId} is released`);
    case 'NumberNotAttached':
      return notFound('number', error.numberId);
    case 'ForeignResource':
      return notFound(error.resource, error.id);
    case 'WrongCode':
      return {
        _tag: 'CodeRefused',
        reason: 'invalid',
        message:
          error.attemptsLeft > 0
            ? `The code is not correct; ${error.attemptsLeft} attempt${error.attemptsLeft === 1 ? '' : 's'} left`
            : 'The code is not correct and no attempts are left; start a new sign-up',
      };
    case 'CodeExpired':
      return { _tag: 'CodeRefused', reason: 'expired', message: 'The code has expired; start a new sign-up' };
    case 'CodeExhausted':
      return {
        _tag: 'CodeRefused',
        reason: 'exhausted',
        message: `Too many wrong codes (${error.maxAttempts}); this verification is closed, start a new sign-up`,
      };
    case 'SignUpAlreadyVerified':
      return conflict(
        `Verification ${error.signUpId} was already completed${error.projectId ? ` (project ${error.projectId})` : ''}; ` +
          'its API key was shown once by that verification and is not shown again',
      );
    case 'DeliveryNotFailed':
      return conflict(`delivery ${error.deliveryId} is ${error.status}; only a failed delivery can be redelivered`);
  }
};
