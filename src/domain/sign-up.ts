import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from './errors.js';
import type { Mailbox } from './mailbox.js';

/** How long a one-time code may be used. */
export const SIGN_UP_TTL_MS = 10 * 60 * 1000;
/** Wrong codes a verification survives; after that even the right code is refused. */
export const MAX_CODE_ATTEMPTS = 3;

export type SignUpStatus = 'pending' | 'verified';

/**
 * A pending self-signup: an agent asked for an account on behalf of a human's e-mail address,
 * and a 6-digit code went to that address. Only the code's hash is kept. Nothing is
 * provisioned until the code is verified; then `projectId` names what was created.
 */
export interface SignUp {
  readonly id: string;
  /** Where the code goes: the mailbox as given (see {@link Mailbox}). */
  readonly email: string;
  readonly agentName: string | null;
  readonly codeHash: string;
  /** Wrong codes entered so far. */
  readonly attempts: number;
  readonly expiresAt: Date;
  readonly status: SignUpStatus;
  readonly projectId: string | null;
  readonly createdAt: Date;
  readonly verifiedAt: Date | null;
}

export const newSignUp = (props: {
  id: string;
  email: Mailbox;
  agentName: string | null;
  codeHash: string;
  now: Date;
}): SignUp => ({
  id: props.id,
  email: props.email,
  agentName: props.agentName?.trim() || null,
  codeHash: props.codeHash,
  attempts: 0,
  expiresAt: new Date(props.now.getTime() + SIGN_UP_TTL_MS),
  status: 'pending',
  projectId: null,
  createdAt: props.now,
  verifiedAt: null,
});

/**
 * May a code be tried now? Already verified, exhausted and expired are final; they are
 * checked in that order, so a verified sign-up always says so.
 */
export const acceptsCode = (signUp: SignUp, now: Date): E.Either<DomainError, SignUp> => {
  if (signUp.status === 'verified') {
    return E.left({ _tag: 'SignUpAlreadyVerified', signUpId: signUp.id, projectId: signUp.projectId });
  }
  if (signUp.attempts >= MAX_CODE_ATTEMPTS) return E.left({ _tag: 'CodeExhausted', maxAttempts: MAX_CODE_ATTEMPTS });
  if (now.getTime() >= signUp.expiresAt.getTime()) return E.left({ _tag: 'CodeExpired', expiredAt: signUp.expiresAt });
  return E.right(signUp);
};

/** A wrong code counts against the sign-up; the caller stores the result and reports the error. */
export const recordWrongCode = (signUp: SignUp): { readonly signUp: SignUp; readonly error: DomainError } => {
  const attempts = signUp.attempts + 1;
  return {
    signUp: { ...signUp, attempts },
    error: { _tag: 'WrongCode', attemptsLeft: Math.max(0, MAX_CODE_ATTEMPTS - attempts) },
  };
};

/** The right code was given and everything was provisioned: the sign-up is spent. */
export const completeSignUp = (signUp: SignUp, projectId: string, now: Date): E.Either<DomainError, SignUp> =>
  signUp.status === 'verified'
    ? E.left({ _tag: 'SignUpAlreadyVerified', signUpId: signUp.id, projectId: signUp.projectId })
    : E.right({ ...signUp, status: 'verified', projectId, verifiedAt: now });
