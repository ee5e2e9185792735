import * as t from 'io-ts';
import type { VerifiedSignUp } from '../../../application/use-cases/signup/verify-sign-up.js';
import type { SignUp } from '../../../domain/sign-up.js';
import { e164, isoDateTime, isoInstant, type Wire } from './schema.js';

/** Sign-up speaks snake_case, as the agents that call it do. */
export const SignUpStartedView = t.strict({
  verification_id: t.string,
  human_email: t.string,
  expires_at: isoDateTime,
  message: t.string,
}, 'SignUpStarted');

export const SignUpVerifiedView = t.strict({
  account_id: t.string,
  project_id: t.string,
  agent_id: t.string,
  number_id: t.string,
  phone_number: e164,
  /** Shown once: only its hash is stored. */
  api_key: t.string,
}, 'SignUpVerified');

export const signUpStartedView = (signUp: SignUp): Wire<typeof SignUpStartedView> => ({
  verification_id: signUp.id,
  human_email: signUp.email,
  expires_at: isoInstant(signUp.expiresAt),
  message:
    `A 6-digit code was sent to ${signUp.email}. Ask the human for it and send it to POST /v0/agent/verify ` +
    `with this verification_id before ${isoInstant(signUp.expiresAt)}.`,
});

export const signUpVerifiedView = (done: VerifiedSignUp): Wire<typeof SignUpVerifiedView> => ({
  account_id: done.accountId,
  project_id: done.project.id,
  agent_id: done.agent.id,
  number_id: done.number.id,
  phone_number: done.number.phoneNumber,
  api_key: done.apiKey.clear,
});
