import type { AuditEvent } from '../../../domain/audit-event.js';
import { AUDIT_EVENT_COLUMNS, auditEventOf } from '../audit-event-json.js';
import { pagedStatements } from './paged.js';

/** A project's audit trail, newest first; each filter left null keeps every row. */
export type AuditEventFilterParams = {
  readonly projectId: string;
  readonly kind: string | null;
  readonly phoneNumber: string | null;
  readonly since: Date | null;
  readonly until: Date | null;
};

export const auditEventList = pagedStatements<AuditEventFilterParams, AuditEvent>(
  'audit_event',
  {
    table: 'audit_events',
    columns: AUDIT_EVENT_COLUMNS,
    where: `project_id = :projectId and (:kind::text is null or kind = :kind) and (:phoneNumber::text is null or phone_number = :phoneNumber)
      and (:since::timestamptz is null or occurred_at >= :since) and (:until::timestamptz is null or occurred_at < :until)`,
    orderBy: 'occurred_at desc, id desc',
  },
  auditEventOf,
);
