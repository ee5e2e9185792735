import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/** What a page on an allowed origin may read of an answer, beyond the CORS-safelisted headers. */
const EXPOSED = ['Retry-After', 'X-Request-Id', 'ETag', 'Mcp-Session-Id', 'WWW-Authenticate'];

/**
 * `CORS_ORIGINS` as middleware: requests from a listed origin (or any, for `*`) get the CORS
 * headers, their preflights a 204 here. Anything else passes untouched: its preflight reaches
 * the route's guard, which answers it without counting it as a failed credential. Null when no
 * origin is listed: no CORS headers at all. Credentials are bearer headers, never cookies, so
 * `Access-Control-Allow-Credentials` is not sent.
 */
export const corsFor = (origins: readonly string[]): MiddlewareHandler | null => {
  if (origins.length === 0) return null;
  const any = origins.includes('*');
  const allowed = new Set(origins);
  const answer = cors({ origin: any ? '*' : [...allowed], exposeHeaders: EXPOSED, maxAge: 600 });
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && (any || allowed.has(origin))) return answer(c, next);
    await next();
    // The answer differs by Origin; a cache must not give this one to a listed origin.
    if (!any) c.header('Vary', 'Origin', { append: true });
  };
};
