import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { trustMailbox } from '../../../src/domain/mailbox.js';
import { acceptsCode, completeSignUp, newSignUp, recordWrongCode, type SignUp } from '../../../src/domain/sign-up.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const aSignUp = (overrides: Partial<SignUp> = {}): SignUp => ({
  ...newSignUp({ id: 'ver_1', email: trustMailbox('Ada@example.com'), agentName: '  ', codeHash: 'h', now: NOW }),
  ...overrides,
});

describe(newSignUp.name, () => {
  it('keeps the mailbox as given, expires in 10 minutes and starts pending with no attempts', () => {
    const sut = aSignUp();

    expect(sut).toMatchObject({ email: 'Ada@example.com', agentName: null, attempts: 0, status: 'pending', projectId: null });
    expect(sut.expiresAt.toISOString()).toBe('2026-03-10T12:10:00.000Z');
  });
});

describe(acceptsCode.name, () => {
  it('accepts a fresh pending sign-up', () => {
    expect(acceptsCode(aSignUp(), NOW)).toEqual(E.right(aSignUp()));
  });

  it('refuses at the expiry instant', () => {
    const sut = acceptsCode(aSignUp(), new Date('2026-03-10T12:10:00.000Z'));

    expect(sut).toEqual(E.left({ _tag: 'CodeExpired', expiredAt: new Date('2026-03-10T12:10:00.000Z') }));
  });

  it('refuses after three wrong tries, before looking at the expiry', () => {
    const sut = acceptsCode(aSignUp({ attempts: 3 }), new Date('2027-01-01T00:00:00.000Z'));

    expect(sut).toEqual(E.left({ _tag: 'CodeExhausted', maxAttempts: 3 }));
  });

  it('says a verified sign-up is verified, whatever else holds', () => {
    const sut = acceptsCode(aSignUp({ status: 'verified', projectId: 'proj_1', attempts: 3 }), new Date('2027-01-01T00:00:00.000Z'));

    expect(sut).toEqual(E.left({ _tag: 'SignUpAlreadyVerified', signUpId: 'ver_1', projectId: 'proj_1' }));
  });
});

describe(recordWrongCode.name, () => {
  it('counts the try and says how many are left', () => {
    const first = recordWrongCode(aSignUp());
    const third = recordWrongCode(aSignUp({ attempts: 2 }));

    expect(first).toEqual({ signUp: aSignUp({ attempts: 1 }), error: { _tag: 'WrongCode', attemptsLeft: 2 } });
    expect(third.error).toEqual({ _tag: 'WrongCode', attemptsLeft: 0 });
    expect(E.isLeft(acceptsCode(third.signUp, NOW))).toBe(true);
  });
});

describe(completeSignUp.name, () => {
  it('marks the sign-up verified with its project, once', () => {
    const later = new Date('2026-03-10T12:05:00.000Z');

    const sut = completeSignUp(aSignUp(), 'proj_1', later);

    expect(sut).toEqual(E.right(aSignUp({ status: 'verified', projectId: 'proj_1', verifiedAt: later })));
    expect(E.isLeft(completeSignUp(aSignUp({ status: 'verified', projectId: 'proj_1' }), 'proj_2', later))).toBe(true);
  });
});
