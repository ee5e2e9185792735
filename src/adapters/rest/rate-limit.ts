import type { MiddlewareHandler } from 'hono';
import type { RateLimiter, RateRule } from '../../application/ports/rate-limiter.js';
import type { RestEnv } from './env.js';
import { sendError } from './respond.js';

export interface RestRateLimits {
  readonly limiter: RateLimiter;
  /** Requests each API key may make per window, on every `/v1` route. */
  readonly perApiKey: RateRule;
  /** Refused keys each client IP (IPv6: /64) may send per window; absent: not limited. */
  readonly authFailuresPerIp?: RateRule;
}

/**
 * Runs after authentication: counts per API key (not per project, so one busy key never
 * starves another) and answers 429 RATE_LIMIT_EXCEEDED with Retry-After when the window is spent.
 */
export const rateLimit =
  (limits: RestRateLimits): MiddlewareHandler<RestEnv> =>
  async (c, next) => {
    const { keyId } = c.get('principal');
    const decision = await limits.limiter.consume(`key:${keyId}`, limits.perApiKey);
    if (!decision.allowed) {
      return sendError(c, {
        _tag: 'RateLimited',
        limit: decision.limit,
        windowSeconds: decision.windowSeconds,
        retryAfterSeconds: decision.retryAfterSeconds,
        scope: 'per API key',
      });
    }
    await next();
  };
