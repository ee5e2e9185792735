import type { Context, Env, MiddlewareHandler } from 'hono';
import type { RateDecision, RateLimiter, RateRule } from '../../application/ports/rate-limiter.js';

/** On a guard: the credential it checks. The route audit finds guards by it, and what each covers. */
export const GUARDS = Symbol('guards');

/** Middleware that admits a request only on a good credential, counting refused ones per client. */
export type Guard<E extends Env = Env> = MiddlewareHandler<E> & { readonly [GUARDS]: string };

/** Refused credentials a client may send per window before it is refused unheard. */
export interface FailedCredentialLimit {
  readonly limiter: RateLimiter;
  readonly rule: RateRule;
  /** The client the failures count against (IPv6: its /64); null when unknown: then nothing is counted. */
  readonly clientOf: (c: Context) => string | null;
}

/** Accepted (the context holds what the routes read), or refused with the answer to give. */
export type Verdict = { readonly accepted: true } | { readonly accepted: false; readonly counts: boolean; readonly answer: Response };

export interface CredentialCheck<E extends Env> {
  /** What is checked, as the audit names it: `API key`, `admin token`. */
  readonly credential: string;
  /** The failures' counter, e.g. `ip`: one counter per client and prefix. */
  readonly counter: string;
  readonly failures: FailedCredentialLimit | null;
  /** Checks the request's credential; a refusal that `counts` is a wrong credential. */
  readonly check: (c: Context<E>) => Promise<Verdict>;
  /** The answer to a client whose failures are spent. */
  readonly tooMany: (c: Context<E>, decision: RateDecision) => Response;
  /** Requests that carry no credential by design and run nothing (a page), let through uncounted. */
  readonly exempt?: (c: Context<E>) => boolean;
}

/**
 * The one shape of every authenticated surface: a preflight (`OPTIONS`, which browsers send
 * without credentials) is answered 204 and counts nothing; a client whose failures are spent
 * gets 429 before its credential is looked at; a wrong credential counts against its client.
 * CORS headers, when configured, are added before this runs (see `corsFor`).
 */
export const credentialGuard = <E extends Env>(spec: CredentialCheck<E>): Guard<E> => {
  const guard: MiddlewareHandler<E> = async (c, next) => {
    if (c.req.method === 'OPTIONS') return c.body(null, 204);
    if (spec.exempt?.(c)) return next();
    const { failures } = spec;
    const client = failures ? failures.clientOf(c) : null;
    const key = client === null ? null : `${spec.counter}:${client}`;
    if (failures && key) {
      const open = await failures.limiter.peek(key, failures.rule);
      if (!open.allowed) return spec.tooMany(c, open);
    }
    const verdict = await spec.check(c);
    if (verdict.accepted) return next();
    if (failures && key && verdict.counts) await failures.limiter.consume(key, failures.rule);
    return verdict.answer;
  };
  return Object.assign(guard, { [GUARDS]: spec.credential });
};

/** Whether a route's handler is a guard, and which credential it checks. */
export const guardedBy = (handler: unknown): string | null =>
  typeof handler === 'function' && GUARDS in handler ? String((handler as Guard)[GUARDS]) : null;
