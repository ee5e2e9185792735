import type { DomainError, InsufficientBalance, NumberLimitReached } from '../domain/errors.js';
import type { ProviderFailure } from './ports/provider-failure.js';

export type { InsufficientBalance, NumberLimitReached } from '../domain/errors.js';

export interface FieldProblem {
  readonly field: string;
  readonly message: string;
  /** e.g. `value_error`, `missing`, `type_error`. */
  readonly type: string;
}

/*
 * The expected failures of use cases, one type per tag. Each use case names the few it can
 * return (`export type CreateAgentError = Validation`); driving adapters map them all.
 */

export interface NotFound {
  readonly _tag: 'NotFound';
  /** What was looked for (`number`, `agent`, `api key`, …): adapters name it to the client. */
  readonly resource: string;
  readonly id: string;
}
export interface Validation {
  readonly _tag: 'Validation';
  readonly message: string;
  readonly details: readonly FieldProblem[];
}
export interface BadRequest {
  readonly _tag: 'BadRequest';
  readonly message: string;
}
export interface Conflict {
  readonly _tag: 'Conflict';
  readonly message: string;
}
export interface NoNumbersAvailable {
  readonly _tag: 'NoNumbersAvailable';
  readonly country: string;
  readonly areaCode: string | null;
}
/** A carrier's refusal or unreachability, as the carrier ports state it. */
export type ProviderError = ProviderFailure;
export interface Unauthorized {
  readonly _tag: 'Unauthorized';
  readonly message: string;
}
export interface Forbidden {
  readonly _tag: 'Forbidden';
  readonly message: string;
  /** The `error.code` clients see (e.g. `PROJECT_SUSPENDED`). */
  readonly code: string;
}
export interface RateLimited {
  readonly _tag: 'RateLimited';
  readonly limit: number;
  readonly windowSeconds: number;
  readonly retryAfterSeconds: number;
  readonly scope: string;
}
export interface Unavailable {
  readonly _tag: 'Unavailable';
  readonly message: string;
}
/** A sign-up's one-time code was refused: wrong, expired, or too many wrong tries. */
export interface CodeRefused {
  readonly _tag: 'CodeRefused';
  readonly reason: 'invalid' | 'expired' | 'exhausted';
  readonly message: string;
}

/**
 * A request's idempotency key could not be honoured: it was first used with another request
 * (`reused`), or that first request is still being processed (`in_progress`: retry later).
 */
export interface IdempotencyRefused {
  readonly _tag: 'IdempotencyRefused';
  readonly reason: 'reused' | 'in_progress';
  readonly message: string;
}

/**
 * An outbound call or text the project's compliance rules forbid: the number is on the
 * suppression list (`suppressed`), or no consent of the basis asked for is on record
 * (`consent_required`). Inbound contact is never refused so.
 */
export interface ComplianceRefused {
  readonly _tag: 'ComplianceRefused';
  readonly reason: 'suppressed' | 'consent_required' | 'attempt_cap' | 'outside_calling_window';
  readonly message: string;
}

/** Content over a size the service keeps (a knowledge base's document): 413. */
export interface TooLarge {
  readonly _tag: 'TooLarge';
  readonly message: string;
}

/** Every expected failure: what the driving adapters map exhaustively. */
export type AppError =
  | NotFound
  | Validation
  | BadRequest
  | Conflict
  | NumberLimitReached
  | InsufficientBalance
  | NoNumbersAvailable
  | ProviderError
  | Unauthorized
  | Forbidden
  | RateLimited
  | Unavailable
  | CodeRefused
  | IdempotencyRefused
  | ComplianceRefused
  | TooLarge;

export const notFound = (resource: string, id: string): NotFound => ({ _tag: 'NotFound', resource, id });

export const validation = (field: string, message: string, type = 'value_error'): Validation => ({
  _tag: 'Validation',
  message: `${field} ${message}`,
  details: [{ field, message, type }],
});

export const tooLarge = (message: string): TooLarge => ({ _tag: 'TooLarge', message });

export const badRequest = (message: string): BadRequest => ({ _tag: 'BadRequest', message });

export const conflict = (message: string): Conflict => ({ _tag: 'Conflict', message });

export const providerError = (failure: ProviderFailure): ProviderError => ({
  _tag: 'ProviderError',
  message: failure.message,
  providerCode: failure.providerCode,
});

/** The tag each domain refusal becomes, so a use case's union follows from the rules it calls. */
interface FromDomain {
  readonly InvalidField: Validation;
  readonly NumberLimitReached: NumberLimitReached;
  readonly InsufficientBalance: InsufficientBalance;
  readonly NumberReleased: BadRequest;
  readonly NumberNotAttached: NotFound;
  readonly ForeignResource: NotFound;
  readonly WrongCode: CodeRefused;
  readonly CodeExpired: CodeRefused;
  readonly CodeExhausted: CodeRefused;
  readonly SignUpAlreadyVerified: Conflict;
  readonly DeliveryNotFailed: Conflict;
  readonly SubAccountRefused: Forbidden | Conflict;
}

/** The application's reading of the domain refusal `E`. */
export type FromDomainError<E extends DomainError> = FromDomain[E['_tag']];

const readDomain = (error: DomainError): AppError => {
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
    case 'SubAccountRefused':
      return error.reason === 'nested' ? { _tag: 'Forbidden', code: 'SUB_ACCOUNT_NESTED', message: error.message } : conflict(error.message);
  }
};

/** The application's reading of a rule the domain refused (see {@link FromDomain} for which tag each becomes). */
export const fromDomain = <E extends DomainError>(error: E): FromDomainError<E> => readDomain(error) as FromDomainError<E>;
