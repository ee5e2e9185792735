import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditTrail } from '../../application/ports/audit-trail.js';
import type { Page } from '../../application/ports/pagination.js';
import type { AuditEventFilter, AuditEventQuery } from '../../application/queries/audit-event-query.js';
import type { AuditEvent } from '../../domain/audit-event.js';
import { AUDIT_EVENT_COLUMNS, auditEventValues } from './audit-event-json.js';
import { runWrite } from './native-select.js';
import { pageFromRows } from './read-page.js';
import type { ReadSession } from './read-session.js';
import { auditEventList } from './read-statements/index.js';

const INSERT = `insert into audit_events (${AUDIT_EVENT_COLUMNS.join(', ')}) values (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?::jsonb)`;

/** The audit trail in `audit_events`, written in the unit of work of the change it records. */
export class MikroOrmAuditTrail implements AuditTrail {
  constructor(private readonly em: EntityManager) {}

  async record(event: AuditEvent): Promise<void> {
    await runWrite(this.em, INSERT, auditEventValues(event));
  }
}

const paramsOf = (projectId: string, filter: AuditEventFilter) => ({
  projectId,
  kind: filter.kind,
  phoneNumber: filter.phoneNumber,
  since: filter.since,
  until: filter.until,
});

/** The project's trail, newest first, read outside any transaction. */
export class MikroOrmAuditEventQuery implements AuditEventQuery {
  constructor(private readonly reads: ReadSession) {}

  async page(projectId: string, request: { readonly limit: number; readonly offset: number; readonly filter: AuditEventFilter }): Promise<Page<AuditEvent>> {
    const params = paramsOf(projectId, request.filter);
    const rows = await this.reads.run(auditEventList.page, { ...params, limit: request.limit, offset: request.offset });
    return pageFromRows(rows, request.offset, (row) => row.row, () => this.reads.run(auditEventList.count, params));
  }
}
