import type { AppError, ComplianceRefused } from './errors.js';

/** The HTTP statuses expected failures travel with. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 502 | 503;

/**
 * How clients know a failure: the REST envelope's status, `error.code` and `error.type`; the
 * admin console's `extensions.code` is the same code. Part of the public API: changing one
 * breaks clients that branch on it.
 */
export interface ErrorCode {
  readonly status: ErrorStatus;
  readonly code: string;
  readonly type: string;
}

const BY_TAG = {
  NotFound: { status: 404, code: 'NOT_FOUND', type: 'not_found' },
  Validation: { status: 422, code: 'VALIDATION_ERROR', type: 'validation_error' },
  BadRequest: { status: 400, code: 'BAD_REQUEST', type: 'validation_error' },
  Conflict: { status: 409, code: 'CONFLICT', type: 'conflict' },
  // The public code name says "validation", so it travels with 422 like other validation codes.
  NumberLimitReached: { status: 422, code: 'VALIDATION_ERROR_NUMBER_LIMIT', type: 'validation_error' },
  InsufficientBalance: { status: 402, code: 'INSUFFICIENT_BALANCE', type: 'billing_error' },
  NoNumbersAvailable: { status: 503, code: 'NO_NUMBERS_AVAILABLE', type: 'carrier_error' },
  ProviderError: { status: 502, code: 'TWILIO_ERROR', type: 'carrier_error' },
  Unauthorized: { status: 401, code: 'UNAUTHORIZED', type: 'authentication_error' },
  // The code is the refusal's own (PROJECT_SUSPENDED, …).
  Forbidden: { status: 403, code: 'FORBIDDEN', type: 'authentication_error' },
  RateLimited: { status: 429, code: 'RATE_LIMIT_EXCEEDED', type: 'rate_limit_error' },
  Unavailable: { status: 503, code: 'SERVICE_UNAVAILABLE', type: 'server_error' },
  // Exhausted is a 400 too, not a 429: waiting does not help, only a new sign-up does.
  CodeRefused: { status: 400, code: 'INVALID_CODE', type: 'validation_error' },
  IdempotencyRefused: { status: 422, code: 'IDEMPOTENCY_KEY_REUSED', type: 'idempotency_error' },
  // A suppressed number conflicts with the request whatever its shape: a 409, as AgentPhone's.
  ComplianceRefused: { status: 409, code: 'CONTACT_SUPPRESSED', type: 'compliance_error' },
  // A body within BODY_LIMIT whose content is more than the service keeps (PAYLOAD_TOO_LARGE is the body's own).
  TooLarge: { status: 413, code: 'CONTENT_TOO_LARGE', type: 'validation_error' },
} as const satisfies Record<AppError['_tag'], ErrorCode>;

/** Resources whose absence has a code of its own. */
const NOT_FOUND_CODES: Readonly<Record<string, string>> = { number: 'PHONE_NUMBER_NOT_FOUND' };

/** A key still in use is a 409: the same request succeeds once its first try is done. */
const IDEMPOTENCY_IN_PROGRESS = { status: 409, code: 'IDEMPOTENCY_KEY_IN_USE', type: 'idempotency_error' } as const;

/** No consent of the asked basis on record: the request is fine, the contact's record is not. */
const CONSENT_REQUIRED = { status: 422, code: 'CONSENT_REQUIRED', type: 'compliance_error' } as const;

/** The number had its share of calls in the cap's window: later, it may be called again. */
const ATTEMPT_CAP_REACHED = { status: 429, code: 'ATTEMPT_CAP_REACHED', type: 'compliance_error' } as const;

/** A call placed outside the calling window it asked for: the request is fine, the hour is not. */
const OUTSIDE_CALLING_WINDOW = { status: 422, code: 'OUTSIDE_CALLING_WINDOW', type: 'compliance_error' } as const;

const COMPLIANCE_CODES: Readonly<Partial<Record<ComplianceRefused['reason'], ErrorCode>>> = {
  consent_required: CONSENT_REQUIRED,
  attempt_cap: ATTEMPT_CAP_REACHED,
  outside_calling_window: OUTSIDE_CALLING_WINDOW,
};

const CODE_REFUSALS = { invalid: 'INVALID_CODE', expired: 'CODE_EXPIRED', exhausted: 'CODE_EXHAUSTED' } as const;

/** The one table of codes: every driving adapter names a failure by it. */
export const errorCodeOf = (error: AppError): ErrorCode => {
  const byTag: ErrorCode = BY_TAG[error._tag];
  switch (error._tag) {
    case 'NotFound':
      return { ...byTag, code: NOT_FOUND_CODES[error.resource] ?? byTag.code };
    case 'Forbidden':
      return { ...byTag, code: error.code };
    case 'CodeRefused':
      return { ...byTag, code: CODE_REFUSALS[error.reason] };
    case 'IdempotencyRefused':
      return error.reason === 'in_progress' ? IDEMPOTENCY_IN_PROGRESS : byTag;
    case 'ComplianceRefused':
      return COMPLIANCE_CODES[error.reason] ?? byTag;
    default:
      return byTag;
  }
};

/**
 * Every code a failure of the application can travel with, by status: what an API reference
 * lists. `Forbidden` carries its refusal's own code; the ones the application uses are named here.
 */
export const knownErrorCodes = (): readonly ErrorCode[] => [
  ...Object.values(BY_TAG),
  ...Object.values(NOT_FOUND_CODES).map((code) => ({ ...BY_TAG.NotFound, code })),
  ...Object.values(CODE_REFUSALS)
    .filter((code) => code !== BY_TAG.CodeRefused.code)
    .map((code) => ({ ...BY_TAG.CodeRefused, code })),
  { ...BY_TAG.Forbidden, code: 'PROJECT_SUSPENDED' },
  { ...BY_TAG.Forbidden, code: 'SUB_ACCOUNT_NESTED' },
  IDEMPOTENCY_IN_PROGRESS,
  CONSENT_REQUIRED,
  ATTEMPT_CAP_REACHED,
  OUTSIDE_CALLING_WINDOW,
];
