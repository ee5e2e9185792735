import * as t from 'io-ts';
import {
  ATTEMPT_PATHS,
  REFUSAL_CODES,
  type AuditActor,
  type AuditEvent,
} from '../../domain/audit-event.js';
import { CONSENT_BASES, type ConsentBasis } from '../../domain/consent.js';
import { trustE164 } from '../../domain/e164.js';
import { SUPPRESSION_CHANNELS, SUPPRESSION_SOURCES, type OutboundChannel } from '../../domain/suppression.js';
import { decodeColumn, oneOf } from './json-columns.js';
import type { SqlRow } from './sql-row.js';

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);
const basis = nullable(oneOf<ConsentBasis>('ConsentBasis', CONSENT_BASES));
const outboundChannel = oneOf<OutboundChannel>('OutboundChannel', ['voice', 'sms']);

/** `audit_events.actor`: who made the change or the attempt. */
export const AuditActorJson: t.Type<AuditActor> = t.union([
  t.type({ type: t.literal('api_key'), keyId: t.string }),
  t.type({ type: t.literal('operator') }),
  t.type({ type: t.literal('caller'), callId: nullable(t.string), conversationId: nullable(t.string), words: nullable(t.string) }),
  t.type({ type: t.literal('system') }),
]);

/**
 * An event's kind, channel, reason and `audit_events.details` together: the details' shape
 * follows the kind, and each kind has its own channels and reasons.
 */
const AuditEntryJson = t.union([
  t.type({
    kind: t.union([t.literal('suppression.added'), t.literal('suppression.removed')]),
    channel: oneOf('SuppressionChannel', SUPPRESSION_CHANNELS),
    reason: nullable(t.string),
    details: t.type({ source: oneOf('SuppressionSource', SUPPRESSION_SOURCES) }),
  }),
  t.type({
    kind: t.literal('consent.changed'),
    channel: outboundChannel,
    reason: nullable(t.string),
    details: t.type({ contactId: t.string, previousBasis: basis, newBasis: basis }),
  }),
  t.type({
    kind: t.literal('attempt.refused'),
    channel: outboundChannel,
    reason: oneOf('RefusalCode', REFUSAL_CODES),
    details: t.type({ path: oneOf('AttemptPath', ATTEMPT_PATHS), campaignId: nullable(t.string), message: t.string }),
  }),
]);

export const AUDIT_EVENT_COLUMNS = ['id', 'project_id', 'occurred_at', 'kind', 'phone_number', 'channel', 'actor', 'reason', 'details'] as const;

/** A row of `audit_events` as the event it records, its JSON decoded (a corrupt one throws, naming the row). */
export const auditEventOf = (r: SqlRow): AuditEvent => {
  const id = r.text('id');
  const entry = decodeColumn(AuditEntryJson, { kind: r.text('kind'), channel: r.text('channel'), reason: r.textOrNull('reason'), details: r.value('details') }, 'audit_events', 'details', id);
  return {
    id,
    projectId: r.text('project_id'),
    occurredAt: r.instant('occurred_at'),
    phoneNumber: trustE164(r.text('phone_number')),
    actor: decodeColumn(AuditActorJson, r.value('actor'), 'audit_events', 'actor', id),
    ...entry,
  };
};

/** The row's values in {@link AUDIT_EVENT_COLUMNS}' order, the JSON columns as text. */
export const auditEventValues = (e: AuditEvent): readonly unknown[] => [
  e.id,
  e.projectId,
  e.occurredAt.toISOString(),
  e.kind,
  e.phoneNumber,
  e.channel,
  JSON.stringify(AuditActorJson.encode(e.actor)),
  e.reason,
  JSON.stringify(e.details),
];
