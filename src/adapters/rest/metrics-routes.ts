import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { credentialGuard, type FailedCredentialLimit } from './credential-guard.js';
import type { RestEnv } from './env.js';
import { rateLimited } from './rate-limit.js';
import { sendError } from './respond.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** The figures in Prometheus' text format, with their content type. */
export type Scrape = () => Promise<{ readonly contentType: string; readonly body: string }>;

export interface MetricsRoutesDeps {
  readonly scrape: Scrape;
  /** The bearer token a scraper must send; null: none (a port of its own, reached only by the scraper). */
  readonly token: string | null;
  /** Refused tokens per client: null counts none. */
  readonly failures: FailedCredentialLimit | null;
}

/**
 * `GET /metrics` for a Prometheus scraper. With a token, a request without `Authorization:
 * Bearer <METRICS_TOKEN>` is answered 401 in the error envelope, and refusals count against the
 * client as refused API keys do.
 */
export const metricsRoutes = ({ scrape, token, failures }: MetricsRoutesDeps): Hono<RestEnv> => {
  const routes = new Hono<RestEnv>();
  if (token !== null) {
    const expected = digest(token);
    routes.use(
      '/metrics',
      credentialGuard<RestEnv>({
        credential: 'metrics token',
        counter: 'metrics-ip',
        failures,
        check: async (c) => {
          const given = BEARER.exec(c.req.header('Authorization') ?? '')?.[1];
          if (given !== undefined && timingSafeEqual(digest(given), expected)) return { accepted: true };
          return { accepted: false, counts: true, answer: sendError(c, { _tag: 'Unauthorized', message: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>' }) };
        },
        tooMany: (c, decision) => sendError(c, rateLimited(decision, failures?.rule.name ?? 'failed metrics tokens')),
      }),
    );
  }
  routes.get('/metrics', async (c) => {
    const { contentType, body } = await scrape();
    return c.body(body, 200, { 'content-type': contentType, 'cache-control': 'no-store' });
  });
  return routes;
};
