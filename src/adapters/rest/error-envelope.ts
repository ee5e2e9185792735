import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppError, FieldProblem } from '../../application/errors.js';
import { cents, formatUsd } from '../../domain/money.js';

/** Where a rejected input came from; FastAPI-style clients read it from `detail[].loc`. */
export type InputLocation = 'body' | 'query' | 'path';

/** An error as the REST edge states it, before it becomes a response. */
export interface Problem {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly type: string;
  readonly message: string;
  readonly details?: readonly FieldProblem[];
  readonly headers?: Readonly<Record<string, string>>;
}

const LABELS: Readonly<Record<string, string>> = {
  number: 'Phone number',
  agent: 'Agent',
  contact: 'Contact',
  call: 'Call',
  recording: 'Recording of call',
  conversation: 'Conversation',
  message: 'Message',
  project: 'Project',
  route: 'Route',
  verification: 'Verification',
  'api key': 'API key',
};

const CODE_REFUSALS = { invalid: 'INVALID_CODE', expired: 'CODE_EXPIRED', exhausted: 'CODE_EXHAUSTED' } as const;

const absurd = (value: never): never => {
  throw new Error(`unmapped error: ${JSON.stringify(value)}`);
};

/** The one mapping of every expected failure to status, `error.code` and `error.type`. */
export const problemOf = (error: AppError): Problem => {
  switch (error._tag) {
    case 'NotFound':
      return {
        status: 404,
        code: error.resource === 'number' ? 'PHONE_NUMBER_NOT_FOUND' : 'NOT_FOUND',
        type: 'not_found',
        message: `${LABELS[error.resource] ?? error.resource} ${error.id} not found`,
      };
    case 'Validation':
      return { status: 422, code: 'VALIDATION_ERROR', type: 'validation_error', message: error.message, details: error.details };
    case 'BadRequest':
      return { status: 400, code: 'BAD_REQUEST', type: 'validation_error', message: error.message };
    case 'Conflict':
      return { status: 409, code: 'CONFLICT', type: 'conflict', message: error.message };
    case 'NumberLimitReached':
      // The public code name says "validation", so it travels with 422 like other validation codes.
      return {
        status: 422,
        code: 'VALIDATION_ERROR_NUMBER_LIMIT',
        type: 'validation_error',
        message: `Number limit reached: this account may provision up to ${error.limit} numbers (released numbers count)`,
      };
    case 'InsufficientBalance':
      return {
        status: 402,
        code: 'INSUFFICIENT_BALANCE',
        type: 'billing_error',
        message: `Insufficient balance: ${formatUsd(cents(error.balanceCents))} USD available, at least ${formatUsd(cents(error.requiredCents))} USD required`,
      };
    case 'NoNumbersAvailable':
      return {
        status: 503,
        code: 'NO_NUMBERS_AVAILABLE',
        type: 'carrier_error',
        message: `No phone numbers available in ${error.country}${error.areaCode ? ` with area code ${error.areaCode}` : ''}`,
      };
    case 'ProviderError':
      return {
        status: 502,
        code: 'TWILIO_ERROR',
        type: 'carrier_error',
        message: `Telephony provider error${error.providerCode ? ` ${error.providerCode}` : ''}: ${error.message}. Retry later.`,
      };
    case 'Unauthorized':
      return { status: 401, code: 'UNAUTHORIZED', type: 'authentication_error', message: error.message };
    case 'Forbidden':
      return { status: 403, code: error.code, type: 'authentication_error', message: error.message };
    case 'RateLimited':
      return {
        status: 429,
        code: 'RATE_LIMIT_EXCEEDED',
        type: 'rate_limit_error',
        message: `Rate limit exceeded: ${error.limit} requests per ${error.windowSeconds} seconds (${error.scope})`,
        headers: { 'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) },
      };
    case 'Unavailable':
      return { status: 503, code: 'SERVICE_UNAVAILABLE', type: 'server_error', message: error.message };
    case 'CodeRefused':
      // Exhausted is a 400 too, not a 429: waiting does not help, only a new sign-up does.
      return { status: 400, code: CODE_REFUSALS[error.reason], type: 'validation_error', message: error.message };
    default:
      return absurd(error);
  }
};

/** Failures of the HTTP layer itself, which no use case reports. */
export const methodNotAllowed = (method: string, path: string, allowed: readonly string[]): Problem => ({
  status: 405,
  code: 'METHOD_NOT_ALLOWED',
  type: 'validation_error',
  message: `Method ${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`,
  headers: { Allow: allowed.join(', ') },
});

/** A body over the configured limit: refused before the rest of it is read. */
export const payloadTooLarge = (limitBytes: number): Problem => ({
  status: 413,
  code: 'PAYLOAD_TOO_LARGE',
  type: 'validation_error',
  message: `Request body too large: at most ${limitBytes} bytes are accepted`,
});

/** Never carries the thrown error's text: only the id that finds it in the logs. */
export const internalError = (requestId: string): Problem => ({
  status: 500,
  code: 'INTERNAL_ERROR',
  type: 'server_error',
  message: `Internal server error; quote request id ${requestId} when reporting it`,
});

const locOf = (field: string, location: InputLocation): string[] =>
  field === '' || field === location ? [location] : [location, ...field.split('.')];

/** `{error, detail}`: the spec's envelope plus the FastAPI-style `detail` some clients read. */
export const envelopeOf = (problem: Problem, location: InputLocation = 'body') => {
  const { message, code, type, details } = problem;
  const entries = details?.length ? details : [{ field: '', message, type: 'value_error' }];
  return {
    error: { message, code, type, ...(details ? { details } : {}) },
    detail:
      problem.status === 422
        ? entries.map((d) => ({ loc: locOf(d.field, location), msg: d.message, type: d.type }))
        : message,
  };
};
