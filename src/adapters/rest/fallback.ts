import type { Handler, Hono } from 'hono';
import { basePath } from 'hono/route';
import { notFound } from '../../application/errors.js';
import type { RestEnv } from './env.js';
import { methodNotAllowed } from './error-envelope.js';
import { sendError, sendProblem } from './respond.js';

const patternOf = (routePath: string): RegExp =>
  new RegExp(
    `^${routePath
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  );

/**
 * The last handler: reached only when no route answered. A path known under another
 * method is a 405 with `Allow`, anything else a 404, both in the error envelope. Paths are
 * compared relative to wherever the host mounted the API.
 */
export const fallback =
  (api: Hono<RestEnv>): Handler<RestEnv> =>
  (c) => {
    const base = basePath(c);
    const path = base === '/' ? c.req.path : c.req.path.slice(base.length) || '/';
    const allowed = [
      ...new Set(
        api.routes.filter((r) => r.method !== 'ALL' && patternOf(r.path).test(path)).map((r) => r.method),
      ),
    ];
    if (allowed.length === 0) return sendError(c, notFound('route', path));
    return sendProblem(c, methodNotAllowed(c.req.method, path, allowed));
  };
