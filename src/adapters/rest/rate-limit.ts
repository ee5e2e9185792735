import type { RateLimited } from '../../application/errors.js';
import type { RateDecision, RateLimiter, RateRule } from '../../application/ports/rate-limiter.js';

export interface RestRateLimits {
  readonly limiter: RateLimiter;
  /** Requests each API key may make per window, on every route an API key opens. */
  readonly perApiKey: RateRule;
  /** Refused keys each client IP (IPv6: /64) may send per window; absent: not limited. */
  readonly authFailuresPerIp?: RateRule;
}

/** A spent window as the failure every surface answers with 429 and Retry-After. */
export const rateLimited = (decision: RateDecision, scope: string): RateLimited => ({
  _tag: 'RateLimited',
  limit: decision.limit,
  windowSeconds: decision.windowSeconds,
  retryAfterSeconds: decision.retryAfterSeconds,
  scope,
});
