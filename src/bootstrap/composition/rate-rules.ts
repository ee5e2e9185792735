import type { RateRule } from '../../application/ports/rate-limiter.js';
import type { SignUpLimits } from '../../application/use-cases/signup/start-sign-up.js';
import type { RateSpec, SwitchboardConfig } from '../config.js';

const ruleOf = (name: string, spec: RateSpec): RateRule => ({ name, points: spec.points, windowSeconds: spec.durationSeconds });

/** `SIGNUP_RATE_LIMIT_EMAIL` and `SIGNUP_RATE_LIMIT_IP`. */
export const signUpLimitsOf = (config: SwitchboardConfig): SignUpLimits => ({
  perEmail: ruleOf('sign-ups per e-mail address', config.signupRateLimitEmail),
  perIp: ruleOf('sign-ups per client IP', config.signupRateLimitIp),
});

/** `RATE_LIMIT`: requests per API key on every `/v1` route. */
export const apiKeyRuleOf = (config: SwitchboardConfig): RateRule => ruleOf('requests per API key', config.rateLimit);
