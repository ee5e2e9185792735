import type * as E from 'fp-ts/lib/Either.js';
import type { ProviderFailure } from './provider-failure.js';

/**
 * What a carrier's web calls need that Switchboard makes at the carrier itself, once per
 * carrier account, and keeps in storage for every node (Twilio: an API key to sign Voice SDK
 * tokens with, and a TwiML App that browser calls go to).
 */
export interface WebCallCredentials {
  /** The carrier account they belong to (Twilio's account SID). */
  readonly account: string;
  /** The carrier's id of the signing key (Twilio: `SK…`). */
  readonly keyId: string;
  /**
   * The key's secret, sealed by the carrier adapter with a key of its own account
   * credentials: a copy of the storage alone does not reveal it.
   */
  readonly sealedSecret: string;
  /** The carrier's id of the application browser calls go to (Twilio: `AP…`). */
  readonly applicationId: string;
  /** Where that application sends the calls (`{PUBLIC_URL}/twilio/voice`). */
  readonly voiceUrl: string;
  readonly createdAt: Date;
}

/** Storage of web-call credentials, one set per carrier account. */
export interface WebCallCredentialRepository {
  /**
   * Holds `account`'s lock until the unit of work ends: whoever makes credentials for the
   * account holds it, so two nodes never make two sets.
   */
  lock(account: string): Promise<void>;
  find(account: string): Promise<WebCallCredentials | null>;
  /** Stores them as their account's, replacing any stored before. */
  save(credentials: WebCallCredentials): Promise<void>;
}

/** A carrier that makes its web-call credentials itself (see WebCallCredentials). */
export interface WebCallSetup {
  /** The carrier account the credentials are kept under. */
  readonly account: string;
  /** Whether stored credentials can still be used here: their secret opens with this account's credentials. */
  opens(credentials: WebCallCredentials): boolean;
  /** Makes a new set at the carrier. On a Left nothing made is left behind there. */
  create(request: { readonly voiceUrl: string; readonly now: Date }): Promise<E.Either<ProviderFailure, WebCallCredentials>>;
  /** Removes a set at the carrier (replaced, or never stored); a failure is only logged. */
  discard(credentials: WebCallCredentials): Promise<void>;
}
