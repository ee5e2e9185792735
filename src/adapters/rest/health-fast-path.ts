import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../application/ports/logger.js';
import { logRequest, requestIdOf } from './request-id.js';

/** What the fast path needs of the health check: the last probe's answer while fresh, else null. */
export interface FreshHealth {
  fresh(): boolean | null;
}

const BODY = Buffer.from(JSON.stringify({ status: 'ok' }));

/**
 * `GET /health` answered on the Node request itself, before a Fetch Request is built and the
 * app's middleware and routers run: a health check polled hard (load balancers, uptime monitors)
 * costs a few microseconds. Only while a fresh probe said healthy: anything else (a stale or
 * failed probe, another method, any other path) returns false and goes the whole way, where the
 * REST API's own `/health` route probes and answers 503 in the error envelope. The answer is the
 * route's own: the same body, the request id echoed, the same log line.
 */
export const healthFastPath =
  (deps: { readonly path: string; readonly health: FreshHealth; readonly logger: Logger }) =>
  (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET') return false;
    const url = request.url ?? '';
    const query = url.indexOf('?');
    if ((query === -1 ? url : url.slice(0, query)) !== deps.path || deps.health.fresh() !== true) return false;
    const started = performance.now();
    const incoming = request.headers['x-request-id'];
    const id = requestIdOf(typeof incoming === 'string' ? incoming : undefined);
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': BODY.length, 'x-request-id': id });
    response.end(BODY);
    logRequest(deps.logger, id, { method: 'GET', path: deps.path, status: 200, started });
    return true;
  };
