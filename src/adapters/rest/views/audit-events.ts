import * as t from 'io-ts';
import { ATTEMPT_PATHS, AUDIT_EVENT_KINDS, type AuditActor, type AuditEvent } from '../../../domain/audit-event.js';
import { CONSENT_BASES } from '../../../domain/consent.js';
import { SUPPRESSION_CHANNELS, SUPPRESSION_SOURCES } from '../../../domain/suppression.js';
import { e164, isoDateTime, isoInstant, nullable, valuesIn, type Wire } from './schema.js';

export const AuditActorView = t.union([
  t.strict({ type: t.literal('api_key'), keyId: t.string }),
  t.strict({ type: t.literal('operator') }),
  t.strict({ type: t.literal('caller'), callId: nullable(t.string), conversationId: nullable(t.string), words: nullable(t.string) }),
  t.strict({ type: t.literal('system') }),
], 'AuditActor');

/** Each kind's details: an entry's source; a consent change's contact and bases; a refusal's way in, campaign and message. */
const AuditDetailsView = t.union([
  t.strict({ source: valuesIn(SUPPRESSION_SOURCES) }),
  t.strict({ contactId: t.string, previousBasis: nullable(valuesIn(CONSENT_BASES)), newBasis: nullable(valuesIn(CONSENT_BASES)) }),
  t.strict({ path: valuesIn(ATTEMPT_PATHS), campaignId: nullable(t.string), message: t.string }),
], 'AuditDetails');

export const AuditEventView = t.strict({
  id: t.string,
  occurredAt: isoDateTime,
  kind: valuesIn(AUDIT_EVENT_KINDS),
  phoneNumber: e164,
  channel: valuesIn(SUPPRESSION_CHANNELS),
  actor: AuditActorView,
  reason: nullable(t.string),
  details: AuditDetailsView,
}, 'AuditEvent');

const actorView = (actor: AuditActor): Wire<typeof AuditActorView> => actor;

export const auditEventView = (e: AuditEvent): Wire<typeof AuditEventView> => ({
  id: e.id,
  occurredAt: isoInstant(e.occurredAt),
  kind: e.kind,
  phoneNumber: e.phoneNumber,
  channel: e.channel,
  actor: actorView(e.actor),
  reason: e.reason,
  details: e.details,
});

/** The CSV export's columns, in order: the actor and the details spread over columns of their own. */
export const AUDIT_EVENT_CSV_HEADER = [
  'occurredAt', 'kind', 'phoneNumber', 'channel', 'actorType', 'actorKeyId', 'actorCallId', 'actorConversationId', 'actorWords',
  'reason', 'source', 'previousBasis', 'newBasis', 'contactId', 'path', 'campaignId', 'message', 'id',
] as const;
