import * as E from 'fp-ts/lib/Either.js';
import type { AppError } from '../../errors.js';
import type { RateLimiter, RateRule } from '../../ports/rate-limiter.js';

/** How often self-signup may be asked, and by whom. */
export interface SignUpLimits {
  /** Sign-ups per mailbox (by its key, so every spelling of one mailbox counts together). */
  readonly perEmail: RateRule;
  /** Sign-ups per client (IPv6: per /64). */
  readonly perIp: RateRule;
  /** Verification attempts per client, whichever sign-up they name. */
  readonly verifyPerIp: RateRule;
}

/** Counts one request against each check in turn; the first spent window refuses it. */
export const consumeAll = async (
  limiter: RateLimiter,
  checks: readonly { readonly key: string; readonly rule: RateRule }[],
): Promise<E.Either<AppError, void>> => {
  for (const { key, rule } of checks) {
    const decision = await limiter.consume(key, rule);
    if (!decision.allowed) {
      return E.left({
        _tag: 'RateLimited',
        limit: decision.limit,
        windowSeconds: decision.windowSeconds,
        retryAfterSeconds: decision.retryAfterSeconds,
        scope: rule.name,
      });
    }
  }
  return E.right(undefined);
};
