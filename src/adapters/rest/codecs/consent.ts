import * as t from 'io-ts';
import { CONSENT_BASES, REQUIRED_CONSENTS, type Consent, type ConsentRecord } from '../../../domain/consent.js';
import { nullable, oneOf } from './common.js';
import { instant } from './instant.js';
import { boundedText, MAX_LENGTH } from './text.js';

export const ConsentRecordBody = t.intersection([
  t.type({ basis: oneOf(CONSENT_BASES) }),
  t.partial({
    /** Where it was captured: a web form, a call, a contract. */
    source: nullable(boundedText(MAX_LENGTH.name)),
    capturedAt: nullable(instant),
    /** The proof: a text, or a URL to it. */
    evidence: nullable(boundedText(MAX_LENGTH.description)),
  }),
]);

/** A contact's consent per channel: a channel given replaces its record (null clears it), one left out stays. */
export const ConsentBody = t.partial({ voice: nullable(ConsentRecordBody), sms: nullable(ConsentRecordBody) });

/** What a call, a text or a campaign may ask of the recipient's contact: a basis on record, this strong or stronger. */
export const requireConsent = oneOf(REQUIRED_CONSENTS);

const toRecord = (body: t.TypeOf<typeof ConsentRecordBody> | null): ConsentRecord | null =>
  body === null ? null : { basis: body.basis, source: body.source ?? null, capturedAt: body.capturedAt ?? null, evidence: body.evidence ?? null };

/** Picks the channels given: one left out stays as it is on the contact. */
export const toConsentChanges = (body: t.TypeOf<typeof ConsentBody>): Partial<Consent> => ({
  ...(body.voice !== undefined ? { voice: toRecord(body.voice) } : {}),
  ...(body.sms !== undefined ? { sms: toRecord(body.sms) } : {}),
});
