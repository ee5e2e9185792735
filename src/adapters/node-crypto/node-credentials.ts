import { createHash, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Credentials, MintedApiKey } from '../../application/ports/credentials.js';

const KEY_PREFIX = 'sk_live_';
/** How much of the clear key is kept, to tell keys apart in lists. */
const VISIBLE_LENGTH = KEY_PREFIX.length + 4;

export class NodeCredentials implements Credentials {
  mintApiKey(): MintedApiKey {
    const clear = KEY_PREFIX + randomBytes(24).toString('base64url');
    return { clear, prefix: clear.slice(0, VISIBLE_LENGTH), hash: this.hashApiKey(clear) };
  }

  hashApiKey(clear: string): string {
    // One-shot: on every authenticated request, where a Hash object per call shows in profiles.
    return hash('sha256', clear, 'hex');
  }

  mintWebhookSecret(): string {
    return `whsec_${randomBytes(24).toString('base64url')}`;
  }

  mintOtp(): string {
    return String(randomInt(0, 1_000_000)).padStart(6, '0');
  }

  /**
   * Salted with the verification id, so equal codes of two sign-ups hash apart. A 6-digit code
   * is not a password: the hash keeps it out of plain sight in the database, while its short
   * life (10 minutes) and three tries are what protect it.
   */
  hashOtp(verificationId: string, code: string): string {
    return createHash('sha256').update(`${verificationId}:${code}`, 'utf8').digest('hex');
  }

  same(a: string, b: string): boolean {
    const left = Buffer.from(a, 'utf8');
    const right = Buffer.from(b, 'utf8');
    return left.length === right.length && timingSafeEqual(left, right);
  }
}
