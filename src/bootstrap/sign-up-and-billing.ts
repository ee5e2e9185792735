import type { Logger } from '../application/ports/logger.js';
import type { Mailer } from '../application/ports/mailer.js';
import type { RateLimiter, RateRule } from '../application/ports/rate-limiter.js';
import { ConsoleMailer } from '../adapters/console/console-mailer.js';
import { MemoryRateLimiter } from '../adapters/rate-limiter-flexible/memory-rate-limiter.js';
import { PostgresRateLimiter } from '../adapters/rate-limiter-flexible/postgres-rate-limiter.js';
import type { RestRateLimits } from '../adapters/rest/rate-limit.js';
import { NodemailerMailer } from '../adapters/smtp/nodemailer-mailer.js';
import type { SignUpPorts } from './build-use-cases.js';
import { DEFAULT_AUTH_FAILURE_RATE_LIMIT, DEFAULT_VERIFY_RATE_LIMIT_IP, type RateSpec, type SwitchboardConfig } from './config.js';
import type { StorageChoice } from './storage.js';

const ruleOf = (name: string, spec: RateSpec): RateRule => ({ name, points: spec.points, windowSeconds: spec.durationSeconds });

/** SMTP when SMTP_URL is set (unless MAILER=console); otherwise codes are logged (the offline default). */
export const chooseMailer = (config: SwitchboardConfig, logger: Logger): Mailer =>
  config.smtp ? new NodemailerMailer(config.smtp) : new ConsoleMailer(logger.child({ component: 'mailer' }));

export interface OpenedRateLimiter {
  readonly limiter: RateLimiter;
  readonly description: string;
  close(): Promise<void>;
}

/**
 * PostgreSQL when several nodes may share the database (DATABASE_URL with database storage),
 * so every node counts against the same windows; otherwise process memory.
 */
export const openRateLimiter = async (config: SwitchboardConfig, storage: StorageChoice): Promise<OpenedRateLimiter> => {
  if (storage === 'database' && config.databaseUrl) {
    const limiter = await PostgresRateLimiter.open({ databaseUrl: config.databaseUrl });
    return { limiter, description: 'PostgreSQL', close: () => limiter.close() };
  }
  return { limiter: new MemoryRateLimiter(), description: 'in-memory', close: async () => {} };
};

export const signUpPorts = (config: SwitchboardConfig, mailer: Mailer, rateLimiter: RateLimiter, logger: Logger): SignUpPorts => ({
  mailer,
  rateLimiter,
  logger: logger.child({ component: 'sign-up' }),
  limits: {
    perEmail: ruleOf('sign-ups per e-mail address', config.signupRateLimitEmail),
    perIp: ruleOf('sign-ups per client IP', config.signupRateLimitIp),
    verifyPerIp: ruleOf('verifications per client IP', config.verifyRateLimitIp ?? DEFAULT_VERIFY_RATE_LIMIT_IP),
  },
});

export const restRateLimits = (config: SwitchboardConfig, limiter: RateLimiter): RestRateLimits => ({
  limiter,
  perApiKey: ruleOf('requests per API key', config.rateLimit),
  authFailuresPerIp: ruleOf('failed authentications per client IP', config.authFailureRateLimit ?? DEFAULT_AUTH_FAILURE_RATE_LIMIT),
});
