import type { MiddlewareHandler } from 'hono';
import { tryDecodeURIComponent } from 'hono/utils/url';
import { invalidInput } from './decode.js';
import { MAX_LENGTH, textProblem } from './codecs/text.js';
import type { RestEnv } from './env.js';
import { sendError } from './respond.js';

/**
 * Refuses (422) a request whose path holds a segment no id or route name could be: too long, or
 * text the database cannot store once a route looks the id up. Checked once for every route,
 * as Hono will decode each path parameter (its own decoding, so both see the same text).
 */
export const safePath: MiddlewareHandler<RestEnv> = async (c, next) => {
  for (const segment of new URL(c.req.url).pathname.split('/')) {
    const problem = textProblem(tryDecodeURIComponent(segment), MAX_LENGTH.pathSegment);
    if (problem) {
      return sendError(c, invalidInput([{ field: 'path', message: `holds a segment that ${problem}`, type: 'value_error' }]), 'path');
    }
  }
  await next();
};
