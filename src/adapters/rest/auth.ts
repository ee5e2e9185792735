import type { Context, MiddlewareHandler } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type { AppError } from '../../application/errors.js';
import type { RateDecision, RateLimiter, RateRule } from '../../application/ports/rate-limiter.js';
import type { UseCases } from '../../application/use-cases/index.js';
import type { RestEnv } from './env.js';
import { sendError } from './respond.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** How many refused keys a client may send per window before it is refused unheard. */
export interface AuthFailureLimit {
  readonly limiter: RateLimiter;
  readonly rule: RateRule;
  /** The client the failures count against (IPv6: its /64); null when unknown: then nothing is counted. */
  readonly clientOf: (c: Context) => string | null;
}

const refusal = (decision: RateDecision, rule: RateRule): AppError => ({
  _tag: 'RateLimited',
  limit: decision.limit,
  windowSeconds: decision.windowSeconds,
  retryAfterSeconds: decision.retryAfterSeconds,
  scope: rule.name,
});

/**
 * `Authorization: Bearer <key>` → the project's Principal in the context. A missing or
 * malformed header is checked like a wrong key, so every refusal looks the same. With
 * `failures`, each refused key counts against the client; once its window is spent, the
 * client gets 429 before its key is even looked up, so keys cannot be guessed at speed.
 */
export const authenticate =
  (useCases: UseCases['projects'], failures?: AuthFailureLimit): MiddlewareHandler<RestEnv> =>
  async (c, next) => {
    const client = failures ? failures.clientOf(c) : null;
    const counted = failures && client !== null ? { ...failures, key: `ip:${client}` } : null;
    if (counted) {
      const open = await counted.limiter.peek(counted.key, counted.rule);
      if (!open.allowed) return sendError(c, refusal(open, counted.rule));
    }
    const key = BEARER.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';
    const principal = await useCases.authenticateApiKey.execute(key)();
    if (E.isLeft(principal)) {
      if (counted && principal.left._tag === 'Unauthorized') await counted.limiter.consume(counted.key, counted.rule);
      return sendError(c, principal.left);
    }
    c.set('principal', principal.right);
    await next();
  };
