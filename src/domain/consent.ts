import type { OutboundChannel } from './suppression.js';

/**
 * What a person agreed to, strongest first: prior express written consent (what the TCPA asks for
 * marketing calls with an artificial or AI voice), express consent, an existing business
 * relationship, or a record that there is none.
 */
export const CONSENT_BASES = ['express_written', 'express', 'existing_relationship', 'none'] as const;
export type ConsentBasis = (typeof CONSENT_BASES)[number];

/** What an outbound path may ask of a contact's record: a basis other than `none`. */
export type RequiredConsent = Exclude<ConsentBasis, 'none'>;
export const REQUIRED_CONSENTS: readonly RequiredConsent[] = ['express_written', 'express', 'existing_relationship'];

/** The consent on record for one channel: its basis, where and when it was captured, and its proof. */
export interface ConsentRecord {
  readonly basis: ConsentBasis;
  /** Where it was captured (a web form, a call, a paper contract…). */
  readonly source: string | null;
  readonly capturedAt: Date | null;
  /** The proof: a text, or a URL to it. */
  readonly evidence: string | null;
}

/** A contact's consent per channel; null: nothing on record. */
export interface Consent {
  readonly voice: ConsentRecord | null;
  readonly sms: ConsentRecord | null;
}

export const NO_CONSENT: Consent = { voice: null, sms: null };

const strength = (basis: ConsentBasis): number => CONSENT_BASES.length - 1 - CONSENT_BASES.indexOf(basis);

/** Whether the record on `channel` is of `required`'s basis or a stronger one. */
export const satisfies = (consent: Consent | null, channel: OutboundChannel, required: RequiredConsent): boolean => {
  const record = consent?.[channel] ?? null;
  return record !== null && strength(record.basis) >= strength(required);
};

/** The consent after a change: a channel given replaces its record (null clears it), one left out stays. */
export const withConsent = (consent: Consent, changes: Partial<Consent>): Consent => ({
  voice: changes.voice === undefined ? consent.voice : changes.voice,
  sms: changes.sms === undefined ? consent.sms : changes.sms,
});
