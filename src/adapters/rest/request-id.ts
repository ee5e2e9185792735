import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../../application/ports/logger.js';
import { lazyChildLogger } from '../../application/kernel/lazy-child-logger.js';
import { CLIENT_CLOSED_REQUEST } from './client-aborted.js';
import type { RestEnv } from './env.js';

/** An incoming id is echoed only if it cannot smuggle anything into logs or headers. */
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** The caller's id when sane, otherwise a new one. */
export const requestIdOf = (incoming: string | undefined): string =>
  incoming && SANE_ID.test(incoming) ? incoming : `req_${randomUUID().replaceAll('-', '')}`;

/** The one line logged per request: 5xx at error level so they page someone; one its client dropped, at debug. */
export const logRequest = (
  logger: Logger,
  requestId: string,
  line: { readonly method: string; readonly path: string; readonly status: number; readonly started: number },
  /** A 5xx the service meant (a draining node's health check): nobody is paged for it. */
  meant = false,
): void => {
  const fields = { method: line.method, path: line.path, status: line.status, ms: Math.round((performance.now() - line.started) * 10) / 10, requestId };
  if (line.status === CLIENT_CLOSED_REQUEST) logger.debug(fields, 'request');
  else if (line.status >= 500 && !meant) logger.error(fields, 'request failed');
  else logger.info(fields, 'request');
};

/**
 * Names every request (reusing the caller's id when sane), echoes the id on every response,
 * errors included, and logs one line per request: 5xx at error level so they page someone.
 */
export const requestId =
  (logger: Logger): MiddlewareHandler<RestEnv> =>
  async (c, next) => {
    const started = performance.now();
    const id = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', id);
    c.set('logger', lazyChildLogger(logger, { requestId: id }));
    await next();
    c.res.headers.set(REQUEST_ID_HEADER, id);
    logRequest(logger, id, { method: c.req.method, path: c.req.path, status: c.res.status, started }, c.get('draining') === true);
  };
