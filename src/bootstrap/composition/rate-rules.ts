import type { RateLimiter, RateRule } from '../../application/ports/rate-limiter.js';
import type { SignUpLimits } from '../../application/use-cases/signup/sign-up-limits.js';
import type { RestRateLimits } from '../../adapters/rest/rate-limit.js';
import { DEFAULT_AUTH_FAILURE_RATE_LIMIT, DEFAULT_VERIFY_RATE_LIMIT_IP, type RateSpec, type SwitchboardConfig } from '../config.js';

const ruleOf = (name: string, spec: RateSpec): RateRule => ({ name, points: spec.points, windowSeconds: spec.durationSeconds });

/** `SIGNUP_RATE_LIMIT_EMAIL`, `SIGNUP_RATE_LIMIT_IP` and `VERIFY_RATE_LIMIT_IP`. */
export const signUpLimitsOf = (config: SwitchboardConfig): SignUpLimits => ({
  perEmail: ruleOf('sign-ups per e-mail address', config.signupRateLimitEmail),
  perIp: ruleOf('sign-ups per client IP', config.signupRateLimitIp),
  verifyPerIp: ruleOf('verifications per client IP', config.verifyRateLimitIp ?? DEFAULT_VERIFY_RATE_LIMIT_IP),
});

/** `AUTH_FAILURE_RATE_LIMIT` again, for refused admin tokens: counted apart from refused API keys. */
export const adminTokenFailuresOf = (config: SwitchboardConfig): RateRule =>
  ruleOf('failed admin tokens per client IP', config.authFailureRateLimit ?? DEFAULT_AUTH_FAILURE_RATE_LIMIT);

/** `AUTH_FAILURE_RATE_LIMIT` again, for refused metrics tokens: a misconfigured scraper does not lock out the API. */
export const metricsTokenFailuresOf = (config: SwitchboardConfig): RateRule =>
  ruleOf('failed metrics tokens per client IP', config.authFailureRateLimit ?? DEFAULT_AUTH_FAILURE_RATE_LIMIT);

/** `RATE_LIMIT` (requests per API key on every route a key opens) and `AUTH_FAILURE_RATE_LIMIT`. */
export const restRateLimitsOf = (config: SwitchboardConfig, limiter: RateLimiter): RestRateLimits => ({
  limiter,
  perApiKey: ruleOf('requests per API key', config.rateLimit),
  authFailuresPerIp: ruleOf('failed authentications per client IP', config.authFailureRateLimit ?? DEFAULT_AUTH_FAILURE_RATE_LIMIT),
});
