import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateDecision, RateLimiter, RateRule } from '../../application/ports/rate-limiter.js';

/**
 * rate-limiter-flexible fixes points and duration per limiter instance; the port passes the
 * rule on every call. One limiter per distinct rule, made on first use, keyed by the rule so
 * that a key counted under one rule never shares points with another.
 */
export abstract class RuleLimiters implements RateLimiter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  protected abstract create(options: { keyPrefix: string; points: number; duration: number }): RateLimiterAbstract;

  /** Turns a store failure into what the port promises (e.g. DependencyUnavailable). */
  protected abstract storeFailure(error: unknown): unknown;

  async consume(key: string, rule: RateRule): Promise<RateDecision> {
    const decided = { limit: rule.points, windowSeconds: rule.windowSeconds };
    try {
      await this.limiterFor(rule).consume(key);
      return { allowed: true, retryAfterSeconds: 0, ...decided };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)), ...decided };
      }
      throw this.storeFailure(rejection);
    }
  }

  async peek(key: string, rule: RateRule): Promise<RateDecision> {
    const decided = { limit: rule.points, windowSeconds: rule.windowSeconds };
    let window: RateLimiterRes | null;
    try {
      window = await this.limiterFor(rule).get(key);
    } catch (error) {
      throw this.storeFailure(error);
    }
    if (window === null || window.consumedPoints < rule.points) return { allowed: true, retryAfterSeconds: 0, ...decided };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(window.msBeforeNext / 1000)), ...decided };
  }

  private limiterFor(rule: RateRule): RateLimiterAbstract {
    const keyPrefix = `${rule.name.replace(/[^a-z0-9]+/gi, '-')}:${rule.points}/${rule.windowSeconds}s`;
    let limiter = this.limiters.get(keyPrefix);
    if (!limiter) {
      limiter = this.create({ keyPrefix, points: rule.points, duration: rule.windowSeconds });
      this.limiters.set(keyPrefix, limiter);
    }
    return limiter;
  }
}
