import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { acceptsCode, completeSignUp, newSignUp, recordWrongCode } from '../../../src/domain/sign-up.js';
import { aSignUp } from '../../support/builders.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');
/** Sign-up ver_1, started at NOW. */
const PENDING = aSignUp({ id: 'ver_1', expiresAt: new Date('2026-03-10T12:10:00.000Z') });

describe(newSignUp.name, () => {
  it('normalises the address, expires in 10 minutes and starts pending with no attempts', () => {
    const sut = newSignUp({ id: 'ver_1', email: ' Ada@Example.COM ', agentName: '  ', codeHash: 'h', now: NOW });

    expect(sut).toMatchObject({ email: 'ada@example.com', agentName: null, attempts: 0, status: 'pending', projectId: null });
    expect(sut.expiresAt.toISOString()).toBe('2026-03-10T12:10:00.000Z');
  });
});

describe(acceptsCode.name, () => {
  it('accepts a fresh pending sign-up', () => {
    expect(acceptsCode(PENDING, NOW)).toEqual(E.right(PENDING));
  });

  it('refuses at the expiry instant', () => {
    const sut = acceptsCode(PENDING, new Date('2026-03-10T12:10:00.000Z'));

    expect(sut).toEqual(E.left({ _tag: 'CodeExpired', expiredAt: new Date('2026-03-10T12:10:00.000Z') }));
  });

  it('refuses after three wrong tries, before looking at the expiry', () => {
    const sut = acceptsCode({ ...PENDING, attempts: 3 }, new Date('2027-01-01T00:00:00.000Z'));

    expect(sut).toEqual(E.left({ _tag: 'CodeExhausted', maxAttempts: 3 }));
  });

  it('says a verified sign-up is verified, whatever else holds', () => {
    const sut = acceptsCode({ ...PENDING, status: 'verified', projectId: 'proj_1', attempts: 3 }, new Date('2027-01-01T00:00:00.000Z'));

    expect(sut).toEqual(E.left({ _tag: 'SignUpAlreadyVerified', signUpId: 'ver_1', projectId: 'proj_1' }));
  });
});

describe(recordWrongCode.name, () => {
  it('counts the try and says how many are left', () => {
    const first = recordWrongCode(PENDING);
    const third = recordWrongCode({ ...PENDING, attempts: 2 });

    expect(first).toEqual({ signUp: { ...PENDING, attempts: 1 }, error: { _tag: 'WrongCode', attemptsLeft: 2 } });
    expect(third.error).toEqual({ _tag: 'WrongCode', attemptsLeft: 0 });
    expect(E.isLeft(acceptsCode(third.signUp, NOW))).toBe(true);
  });
});

describe(completeSignUp.name, () => {
  it('marks the sign-up verified with its project, once', () => {
    const later = new Date('2026-03-10T12:05:00.000Z');

    const sut = completeSignUp(PENDING, 'proj_1', later);

    expect(sut).toEqual(E.right({ ...PENDING, status: 'verified', projectId: 'proj_1', verifiedAt: later }));
    expect(E.isLeft(completeSignUp({ ...PENDING, status: 'verified', projectId: 'proj_1' }, 'proj_2', later))).toBe(true);
  });
});
