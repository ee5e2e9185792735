import type { AttemptOrigin, AuditActor, ConsentAuditEvent, RefusalAuditEvent, RefusalCode, SuppressionAuditEvent } from '../../domain/audit-event.js';
import type { Consent, ConsentRecord } from '../../domain/consent.js';
import type { Contact } from '../../domain/contact.js';
import type { E164 } from '../../domain/e164.js';
import type { OutboundChannel, Suppression } from '../../domain/suppression.js';
import type { ComplianceRefused } from '../errors.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Repositories } from '../ports/repositories.js';

/** The refusal's code as the API answers it, which the trail keeps as its reason. */
const REFUSAL_CODES: Readonly<Record<ComplianceRefused['reason'], RefusalCode>> = {
  suppressed: 'CONTACT_SUPPRESSED',
  consent_required: 'CONSENT_REQUIRED',
  attempt_cap: 'ATTEMPT_CAP_REACHED',
  outside_calling_window: 'OUTSIDE_CALLING_WINDOW',
};

/** Records entries that went on (or came off) the list, each with who did it and the entry's own reason. */
export const recordSuppressionChanges = async (
  tx: Repositories,
  ids: IdGenerator,
  change: { readonly kind: SuppressionAuditEvent['kind']; readonly actor: AuditActor; readonly at: Date },
  entries: readonly Suppression[],
): Promise<void> => {
  for (const entry of entries) {
    await tx.auditTrail.record({
      id: ids.next('aud'),
      projectId: entry.projectId,
      occurredAt: change.at,
      kind: change.kind,
      phoneNumber: entry.phoneNumber,
      channel: entry.channel,
      actor: change.actor,
      reason: entry.reason,
      details: { source: entry.source },
    });
  }
};

const sameRecord = (a: ConsentRecord | null, b: ConsentRecord | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.basis === b.basis &&
    a.source === b.source &&
    a.evidence === b.evidence &&
    (a.capturedAt?.getTime() ?? null) === (b.capturedAt?.getTime() ?? null));

/** Records each channel whose consent record the change replaced or cleared (a contact new to the project: each channel it has). */
export const recordConsentChanges = async (
  tx: Repositories,
  ids: IdGenerator,
  change: { readonly actor: AuditActor; readonly at: Date },
  before: Consent | null,
  after: Contact,
): Promise<void> => {
  for (const channel of ['voice', 'sms'] as const) {
    const previous = before?.[channel] ?? null;
    const next = after.consent[channel];
    if (sameRecord(previous, next)) continue;
    const event: ConsentAuditEvent = {
      id: ids.next('aud'),
      projectId: after.projectId,
      occurredAt: change.at,
      kind: 'consent.changed',
      phoneNumber: after.phoneNumber,
      channel,
      actor: change.actor,
      reason: next?.source ?? null,
      details: { contactId: after.id, previousBasis: previous?.basis ?? null, newBasis: next?.basis ?? null },
    };
    await tx.auditTrail.record(event);
  }
};

/** Records a refused call or text: the code it was refused with, where it came from and who asked. */
export const recordRefusal = async (
  tx: Repositories,
  ids: IdGenerator,
  refusal: { readonly projectId: string; readonly phoneNumber: E164; readonly channel: OutboundChannel; readonly at: Date; readonly origin: AttemptOrigin },
  refused: ComplianceRefused,
): Promise<void> => {
  const event: RefusalAuditEvent = {
    id: ids.next('aud'),
    projectId: refusal.projectId,
    occurredAt: refusal.at,
    kind: 'attempt.refused',
    phoneNumber: refusal.phoneNumber,
    channel: refusal.channel,
    actor: refusal.origin.actor,
    reason: REFUSAL_CODES[refused.reason],
    details: { path: refusal.origin.path, campaignId: refusal.origin.campaignId, message: refused.message },
  };
  await tx.auditTrail.record(event);
};
