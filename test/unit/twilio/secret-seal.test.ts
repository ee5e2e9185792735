import { describe, expect, it } from 'vitest';
import { SecretSeal } from '../../../src/adapters/twilio/secret-seal.js';

const ACCOUNT = `AC${'ab'.repeat(16)}`;
const SECRET = 'k3y-s3cret-shown-once';

describe(SecretSeal.name, () => {
  const sut = new SecretSeal('auth-token', ACCOUNT);

  it('opens what it sealed, and seals the same secret differently each time', () => {
    const sealed = sut.seal(SECRET, 'SK1');

    expect(sut.open(sealed, 'SK1')).toBe(SECRET);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(Buffer.from(SECRET).toString('base64url'));
    expect(sut.seal(SECRET, 'SK1')).not.toBe(sealed);
  });

  it('does not open under another auth token, another account, or another label', () => {
    const sealed = sut.seal(SECRET, 'SK1');

    expect(new SecretSeal('rotated-auth-token', ACCOUNT).open(sealed, 'SK1')).toBeNull();
    expect(new SecretSeal('auth-token', `AC${'cd'.repeat(16)}`).open(sealed, 'SK1')).toBeNull();
    expect(sut.open(sealed, 'SK2')).toBeNull();
  });

  it('does not open an altered value, nor one whose tag was cut short (still a valid GCM tag length)', () => {
    const [version, iv, ciphertext, tag] = sut.seal(SECRET, 'SK1').split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;

    expect(sut.open([version, iv, flipped.toString('base64url'), tag].join('.'), 'SK1')).toBeNull();
    expect(sut.open([version, iv, ciphertext, tag!.slice(0, 16)].join('.'), 'SK1')).toBeNull();
    expect(sut.open([version, iv, ciphertext].join('.'), 'SK1')).toBeNull();
    expect(sut.open(['v0', iv, ciphertext, tag].join('.'), 'SK1')).toBeNull();
    expect(sut.open(SECRET, 'SK1')).toBeNull();
  });
});
