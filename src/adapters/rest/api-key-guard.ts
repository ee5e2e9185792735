import type { Context } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../application/use-cases/index.js';
import { credentialGuard, type Guard } from './credential-guard.js';
import type { RestEnv } from './env.js';
import { rateLimited, type RestRateLimits } from './rate-limit.js';
import { sendError } from './respond.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The header a parent's key names one of its sub-accounts with; empty is absent. */
export const SUB_ACCOUNT_HEADER = 'X-Sub-Account-Id';

const subAccountOf = (c: Context): string | null => c.req.header(SUB_ACCOUNT_HEADER)?.trim() || null;

/** What every route an API key opens is held to: the same on `/v1`, `/mcp` and the playground's controls. */
export interface ApiKeyPolicy {
  readonly projects: UseCases['projects'];
  /** Absent: nothing is limited (embedders' tests). */
  readonly limits?: RestRateLimits;
  /** The client failures count against (TRUST_PROXY's pick, IPv6 by its /64). */
  readonly clientOf: (c: Context) => string | null;
}

/**
 * `Authorization: Bearer <key>` → the project's Principal in the context, then one request
 * counted against the key (not the project, so one busy key never starves another). With
 * `X-Sub-Account-Id`, the Principal acts on that sub-account instead, when it is a direct child
 * of the key's project (else 404): every route behind this guard — `/v1`, `/mcp`, the
 * playground's controls — so acts on it unchanged. A missing
 * or malformed header is checked like a wrong key, so every refusal looks the same; each one
 * counts against the client, and once its window is spent the client gets 429 before its key is
 * even looked up, so keys cannot be guessed at speed.
 */
export const apiKeyGuard = (policy: ApiKeyPolicy): Guard<RestEnv> => {
  const { limits } = policy;
  const failuresRule = limits?.authFailuresPerIp;
  return credentialGuard<RestEnv>({
    credential: 'API key',
    counter: 'ip',
    failures: limits && failuresRule ? { limiter: limits.limiter, rule: failuresRule, clientOf: policy.clientOf } : null,
    tooMany: (c, decision) => sendError(c, rateLimited(decision, failuresRule?.name ?? 'failed authentications')),
    check: async (c) => {
      const key = BEARER.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';
      const principal = await policy.projects.authenticateApiKey.execute(key)();
      if (E.isLeft(principal)) return { accepted: false, counts: principal.left._tag === 'Unauthorized', answer: sendError(c, principal.left) };
      if (limits) {
        const decision = await limits.limiter.consume(`key:${principal.right.keyId}`, limits.perApiKey);
        if (!decision.allowed) return { accepted: false, counts: false, answer: sendError(c, rateLimited(decision, 'per API key')) };
      }
      const acting = await policy.projects.resolveActingProject.execute({ principal: principal.right, subAccountId: subAccountOf(c) })();
      // A key naming what it may not reach is a good key asking wrongly: not a failed credential.
      if (E.isLeft(acting)) return { accepted: false, counts: false, answer: sendError(c, acting.left) };
      c.set('principal', acting.right);
      return { accepted: true };
    },
  });
};
