import type { AuditEvent, AuditEventKind } from '../../domain/audit-event.js';
import type { E164 } from '../../domain/e164.js';
import type { Page, PageRequest } from '../ports/pagination.js';

/** What a read of the trail keeps: one kind, one number, a time range (`since` included, `until` not); null keeps all. */
export interface AuditEventFilter {
  readonly kind: AuditEventKind | null;
  readonly phoneNumber: E164 | null;
  readonly since: Date | null;
  readonly until: Date | null;
}

/** The project's audit trail, newest first (ties by id, newest first): what `GET /v1/audit-events` shows. */
export interface AuditEventQuery {
  page(projectId: string, request: PageRequest & { readonly filter: AuditEventFilter }): Promise<Page<AuditEvent>>;
}
