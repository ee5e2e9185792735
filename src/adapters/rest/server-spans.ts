import type { MiddlewareHandler } from 'hono';
import type { Tracing } from '../../application/ports/tracing.js';

/** Which surface a path belongs to, for a span's name (never the path itself: ids would make every name unique). */
const surfaceOf = (path: string): string => {
  if (path.includes('/twilio/')) return 'twilio webhook';
  if (path.includes('/mcp')) return 'mcp';
  if (path.includes('/v1/')) return 'rest';
  return 'http';
};

/**
 * Probes (a load balancer's health check, Prometheus's scrape) come every few seconds from every
 * poller and say nothing about a request's path through the service: they get no span, as most
 * HTTP instrumentations leave them out.
 */
const isProbe = (path: string): boolean => path.endsWith('/health') || path.endsWith('/metrics');

/**
 * A server span per request (REST, MCP, the carrier's webhooks), the child of the caller's
 * span when it sent a `traceparent`. Installed only when traces are on.
 */
export const serverSpans = (tracing: Tracing): MiddlewareHandler => async (c, next) => {
  if (isProbe(c.req.path)) return next();
  const span = tracing.serve(`${c.req.method} ${surfaceOf(c.req.path)}`, c.req.header('traceparent'));
  if (!span.recording) return next();
  span.set('http.request.method', c.req.method);
  try {
    await next();
  } finally {
    span.set('http.response.status_code', c.res.status);
    if (c.res.status >= 500) span.fail(`HTTP ${c.res.status}`);
    span.end();
  }
};
