import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { WebCallToken } from '../../application/ports/telephony.js';

interface Claims {
  /** Call id. */
  readonly c: string;
  /** Identity. */
  readonly i: string;
  /** Expiry, epoch milliseconds. */
  readonly e: number;
}

/**
 * Tokens for this server's own browser client on the simulated carrier: HMAC-SHA256 with a
 * secret made per instance (so a restart voids them), expiring `ttlSeconds` after issue.
 */
export class WebCallTokens {
  private readonly secret = randomBytes(32);

  issue(request: { readonly callId: string; readonly identity: string; readonly ttlSeconds: number; readonly now: Date }): WebCallToken {
    const expiresAt = new Date(request.now.getTime() + request.ttlSeconds * 1000);
    const claims: Claims = { c: request.callId, i: request.identity, e: expiresAt.getTime() };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return { token: `${payload}.${this.sign(payload)}`, expiresAt };
  }

  /** The call the token opens, or null when it is forged, malformed or expired at `now`. */
  verify(token: string, now: Date): { readonly callId: string; readonly identity: string } | null {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
      if (typeof claims.c !== 'string' || typeof claims.e !== 'number' || claims.e <= now.getTime()) return null;
      return { callId: claims.c, identity: String(claims.i) };
    } catch {
      return null;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}
