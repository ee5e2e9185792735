import type { MiddlewareHandler } from 'hono';
import { tryDecodeURIComponent } from 'hono/utils/url';
import { invalidInput } from './decode.js';
import { MAX_LENGTH, textProblem } from './codecs/text.js';
import type { RestEnv } from './env.js';
import { sendError } from './respond.js';

/** Path segments of letters, digits and `_-.~`, none longer than MAX_LENGTH.pathSegment. */
const PLAIN_PATH = new RegExp(`^(?:/[A-Za-z0-9._~-]{0,${MAX_LENGTH.pathSegment}})*/?$`);

/** The path of an absolute URL as sent (still percent-encoded), without parsing the whole URL. */
const rawPathOf = (url: string): string => {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start === -1) return '/';
  const end = url.search(/[?#]/);
  return end === -1 || end < start ? url.slice(start) : url.slice(start, end);
};

/**
 * Refuses (422) a request whose path holds a segment no id or route name could be: too long, or
 * text the database cannot store once a route looks the id up. Checked once for every route,
 * as Hono will decode each path parameter (its own decoding, so both see the same text).
 */
export const safePath: MiddlewareHandler<RestEnv> = async (c, next) => {
  const path = rawPathOf(c.req.url);
  // The common path, plain ASCII in short segments, holds nothing to decode or refuse.
  if (PLAIN_PATH.test(path)) return next();
  for (const segment of path.split('/')) {
    const problem = textProblem(tryDecodeURIComponent(segment), MAX_LENGTH.pathSegment);
    if (problem) {
      return sendError(c, invalidInput([{ field: 'path', message: `holds a segment that ${problem}`, type: 'value_error' }]), 'path');
    }
  }
  await next();
};
