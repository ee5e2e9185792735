import type { AttemptOrigin, ConsentAuditEvent, RefusalAuditEvent, SuppressionAuditEvent } from '../../src/domain/audit-event.js';
import { at, newId, newNumber } from './builders.js';

// The audit trail's Object Mothers, one per kind of event: fresh ids and numbers on every call.

/** Where a call or text a test places directly comes from, for the trail should it be refused. */
export const SYSTEM_ORIGIN: AttemptOrigin = { actor: { type: 'system' }, path: 'POST /v1/calls', campaignId: null };

export const aSuppressionAuditEvent = (overrides: Partial<SuppressionAuditEvent> = {}): SuppressionAuditEvent => ({
  id: newId('aud'),
  projectId: newId('prj'),
  occurredAt: at(0),
  kind: 'suppression.added',
  phoneNumber: newNumber(),
  channel: 'all',
  actor: { type: 'api_key', keyId: newId('key') },
  reason: 'asked on the phone',
  details: { source: 'operator' },
  ...overrides,
});

export const aConsentAuditEvent = (overrides: Partial<ConsentAuditEvent> = {}): ConsentAuditEvent => ({
  id: newId('aud'),
  projectId: newId('prj'),
  occurredAt: at(0),
  kind: 'consent.changed',
  phoneNumber: newNumber(),
  channel: 'voice',
  actor: { type: 'operator' },
  reason: null,
  details: { contactId: newId('ctc'), previousBasis: null, newBasis: 'express_written' },
  ...overrides,
});

export const aRefusalAuditEvent = (overrides: Partial<RefusalAuditEvent> = {}): RefusalAuditEvent => ({
  id: newId('aud'),
  projectId: newId('prj'),
  occurredAt: at(0),
  kind: 'attempt.refused',
  phoneNumber: newNumber(),
  channel: 'sms',
  actor: { type: 'system' },
  reason: 'ATTEMPT_CAP_REACHED',
  details: { path: 'campaign dial', campaignId: newId('cmp'), message: 'called 7 times' },
  ...overrides,
});
