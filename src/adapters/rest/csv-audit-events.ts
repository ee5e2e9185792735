import { stringify } from 'csv-stringify/sync';
import type { AuditEvent } from '../../domain/audit-event.js';
import { AUDIT_EVENT_CSV_HEADER } from './views/audit-events.js';
import { isoInstant } from './views/schema.js';

type Column = (typeof AUDIT_EVENT_CSV_HEADER)[number];

/** One event's cells by column; a column that does not apply to its kind or actor stays empty. */
const cellsOf = (e: AuditEvent): Readonly<Record<Column, string>> => {
  const actor = e.actor;
  const details = e.details;
  return {
    occurredAt: isoInstant(e.occurredAt),
    kind: e.kind,
    phoneNumber: e.phoneNumber,
    channel: e.channel,
    actorType: actor.type,
    actorKeyId: actor.type === 'api_key' ? actor.keyId : '',
    actorCallId: actor.type === 'caller' ? (actor.callId ?? '') : '',
    actorConversationId: actor.type === 'caller' ? (actor.conversationId ?? '') : '',
    actorWords: actor.type === 'caller' ? (actor.words ?? '') : '',
    reason: e.reason ?? '',
    source: 'source' in details ? details.source : '',
    previousBasis: 'contactId' in details ? (details.previousBasis ?? '') : '',
    newBasis: 'contactId' in details ? (details.newBasis ?? '') : '',
    contactId: 'contactId' in details ? details.contactId : '',
    path: 'path' in details ? details.path : '',
    campaignId: 'path' in details ? (details.campaignId ?? '') : '',
    message: 'path' in details ? details.message : '',
    id: e.id,
  };
};

/** One page of the trail as CSV lines (no header), by csv-stringify, as the suppression list's export. */
export const auditEventCsvLines = (page: readonly AuditEvent[]): string =>
  stringify(
    page.map((e) => {
      const cells = cellsOf(e);
      return AUDIT_EVENT_CSV_HEADER.map((column) => cells[column]);
    }),
    { record_delimiter: '\r\n' },
  );

export const auditEventCsvHeader = (): string => `${AUDIT_EVENT_CSV_HEADER.join(',')}\r\n`;
