import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const INFO = 'switchboard web-call key secret';
const TAG_BYTES = 16;

/**
 * Seals a secret for storage with AES-256-GCM under a key derived (HKDF-SHA256) from the
 * account's auth token: the database alone, dumped or copied, does not reveal it. Each seal is
 * bound to a label (the API key's SID), so a sealed value moved to another row does not open.
 * Sealed form: `v1.<iv>.<ciphertext>.<tag>`, base64url.
 */
export class SecretSeal {
  private readonly key: Buffer;

  constructor(secretMaterial: string, salt: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretMaterial, salt, INFO, 32));
  }

  seal(secret: string, label: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(label, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv, ciphertext, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** The secret, or null when `sealed` was not sealed with this key and label (or was altered). */
  open(sealed: string, label: string): string | null {
    const [version, iv, ciphertext, tag, ...rest] = sealed.split('.');
    if (version !== VERSION || !iv || !ciphertext || !tag || rest.length > 0) return null;
    try {
      // A fixed tag length: GCM would otherwise accept a truncated tag, which is easier to forge.
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(label, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
