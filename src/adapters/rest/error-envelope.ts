import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorCodeOf } from '../../application/error-codes.js';
import type { AppError, FieldProblem } from '../../application/errors.js';
import { cents, formatUsd } from '../../domain/money.js';
import type { ErrorEnvelopeView } from './views/errors.js';
import type { Wire } from './views/schema.js';

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
  suppression: 'Suppression of',
  'knowledge base': 'Knowledge base',
  document: 'Document',
  test: 'Test',
  'test run': 'Test run',
  call: 'Call',
  recording: 'Recording of call',
  conversation: 'Conversation',
  message: 'Message',
  project: 'Project',
  route: 'Route',
  verification: 'Verification',
  'api key': 'API key',
};

const absurd = (value: never): never => {
  throw new Error(`unmapped error: ${JSON.stringify(value)}`);
};

/** What the client reads of a failure; its status and codes come from the application's one table. */
const messageOf = (error: AppError): string => {
  switch (error._tag) {
    case 'NotFound':
      return `${LABELS[error.resource] ?? error.resource} ${error.id} not found`;
    case 'Validation':
    case 'BadRequest':
    case 'Conflict':
    case 'Unauthorized':
    case 'Forbidden':
    case 'Unavailable':
    case 'CodeRefused':
    case 'IdempotencyRefused':
    case 'ComplianceRefused':
    case 'TooLarge':
      return error.message;
    case 'NumberLimitReached':
      return `Number limit reached: this account may provision up to ${error.limit} numbers (released numbers count)`;
    case 'InsufficientBalance':
      return (
        `Insufficient balance: ${formatUsd(cents(error.balanceCents))} USD available, at least ${formatUsd(cents(error.requiredCents))} USD required ` +
        "(a number's first month is charged when it is provisioned); ask the operator of this server to add credit"
      );
    case 'NoNumbersAvailable':
      return `No phone numbers available in ${error.country}${error.areaCode ? ` with area code ${error.areaCode}` : ''}`;
    case 'ProviderError':
      return `Telephony provider error${error.providerCode ? ` ${error.providerCode}` : ''}: ${error.message}. Retry later.`;
    case 'RateLimited':
      if (error.windowSeconds === 0) return `Concurrency limit reached: ${error.limit} ${error.scope} at once; retry when one ends`;
      return `Rate limit exceeded: ${error.limit} requests per ${error.windowSeconds} seconds (${error.scope})`;
    default:
      return absurd(error);
  }
};

/** The one mapping of every expected failure to status, `error.code`, `error.type` and message. */
export const problemOf = (error: AppError): Problem => ({
  ...errorCodeOf(error),
  message: messageOf(error),
  ...(error._tag === 'Validation' ? { details: error.details } : {}),
  ...(error._tag === 'RateLimited' ? { headers: { 'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) } } : {}),
});

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
export const envelopeOf = (problem: Problem, location: InputLocation = 'body'): Wire<typeof ErrorEnvelopeView> => {
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

/** Codes of the HTTP layer itself, with those of the application: every `error.code` a client may see. */
export const httpErrorCodes = (): readonly Pick<Problem, 'status' | 'code' | 'type'>[] => [
  methodNotAllowed('', '', []),
  payloadTooLarge(0),
  internalError(''),
].map(({ status, code, type }) => ({ status, code, type }));
