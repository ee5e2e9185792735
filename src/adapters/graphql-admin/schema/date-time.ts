import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { failure } from '../errors.js';

/** A date, or a date and time with seconds optional and a zone (`Z` or an offset). */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The `DateTime` scalar: an ISO 8601 string on the wire, a `Date` inside. */
export const DateTimeCodec = new t.Type<Date, string, unknown>(
  'DateTime',
  (u): u is Date => u instanceof Date && !Number.isNaN(u.getTime()),
  (u, c) => {
    if (typeof u !== 'string' || !ISO_8601.test(u)) return t.failure(u, c);
    const date = new Date(u);
    return Number.isNaN(date.getTime()) ? t.failure(u, c) : t.success(date);
  },
  (date) => date.toISOString(),
);

/**
 * A variable or literal given as a `DateTime`. The thrown error is one the client reads (a
 * validation error naming the argument), never masked as an internal one.
 */
export const parseDateTime = (value: unknown): Date => {
  const decoded = DateTimeCodec.decode(value);
  if (E.isLeft(decoded)) throw failure('DateTime: not an ISO 8601 instant', 'VALIDATION_ERROR');
  return decoded.right;
};
