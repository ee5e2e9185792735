import type { RateLimiter } from '../ports/rate-limiter.js';
import type { ServiceActivity } from '../ports/service-activity.js';

/** A rate limiter that reports each refusal it decides, by rule: the one place every limited surface passes. */
export const countingRefusals = (limiter: RateLimiter, activity: ServiceActivity): RateLimiter => ({
  consume: async (key, rule) => {
    const decision = await limiter.consume(key, rule);
    if (!decision.allowed) activity.rateLimited(rule.name);
    return decision;
  },
  peek: async (key, rule) => {
    const decision = await limiter.peek(key, rule);
    if (!decision.allowed) activity.rateLimited(rule.name);
    return decision;
  },
});
