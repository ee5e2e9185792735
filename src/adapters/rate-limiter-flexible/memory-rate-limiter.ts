import { RateLimiterMemory } from 'rate-limiter-flexible';
import { RuleLimiters } from './rule-limiters.js';

/** Counts in this process: right for one node (and for embedders' tests). */
export class MemoryRateLimiter extends RuleLimiters {
  protected create(options: { keyPrefix: string; points: number; duration: number }) {
    return new RateLimiterMemory(options);
  }

  protected storeFailure(error: unknown): unknown {
    return error;
  }
}
