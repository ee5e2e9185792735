import * as t from 'io-ts';
import type { Contact } from '../../../domain/contact.js';
import { CONSENT_BASES, type ConsentBasis, type ConsentRecord } from '../../../domain/consent.js';
import { e164, isoDateTime, isoInstant, isoInstantOrNull, nullable, valuesOf, type Wire } from './schema.js';

const ConsentRecordView = t.strict({
  basis: valuesOf<ConsentBasis>(Object.fromEntries(CONSENT_BASES.map((b) => [b, null])) as Record<ConsentBasis, null>),
  source: nullable(t.string),
  capturedAt: nullable(isoDateTime),
  evidence: nullable(t.string),
}, 'ConsentRecord');

const consentRecordView = (record: ConsentRecord | null): Wire<typeof ConsentRecordView> | null =>
  record && { basis: record.basis, source: record.source, capturedAt: isoInstantOrNull(record.capturedAt), evidence: record.evidence };

export const ContactView = t.strict({
  id: t.string,
  name: t.string,
  phoneNumber: e164,
  email: nullable(t.string),
  notes: nullable(t.string),
  /** Opted out (by a STOP text or the API): no campaign calls this number. */
  doNotCall: t.boolean,
  /** What the person agreed to, per channel; null: nothing on record. */
  consent: t.strict({ voice: nullable(ConsentRecordView), sms: nullable(ConsentRecordView) }),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
}, 'Contact');

export const contactView = (contact: Contact): Wire<typeof ContactView> => ({
  id: contact.id,
  name: contact.name,
  phoneNumber: contact.phoneNumber,
  email: contact.email,
  notes: contact.notes,
  doNotCall: contact.doNotCall,
  consent: { voice: consentRecordView(contact.consent.voice), sms: consentRecordView(contact.consent.sms) },
  createdAt: isoInstant(contact.createdAt),
  updatedAt: isoInstant(contact.updatedAt),
});

export const ContactImportView = t.strict({ created: t.number, updated: t.number }, 'ContactImport');
