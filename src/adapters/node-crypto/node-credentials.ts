import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
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
    return createHash('sha256').update(clear, 'utf8').digest('hex');
  }

  same(a: string, b: string): boolean {
    const left = Buffer.from(a, 'utf8');
    const right = Buffer.from(b, 'utf8');
    return left.length === right.length && timingSafeEqual(left, right);
  }
}
