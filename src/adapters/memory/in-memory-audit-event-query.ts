import type { AuditEventFilter, AuditEventQuery } from '../../application/queries/audit-event-query.js';
import type { AuditEvent } from '../../domain/audit-event.js';
import { pageOf } from './in-memory-tables.js';
import type { InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

const keeps = (filter: AuditEventFilter, e: AuditEvent): boolean =>
  (filter.kind === null || e.kind === filter.kind) &&
  (filter.phoneNumber === null || e.phoneNumber === filter.phoneNumber) &&
  (filter.since === null || e.occurredAt.getTime() >= filter.since.getTime()) &&
  (filter.until === null || e.occurredAt.getTime() < filter.until.getTime());

const newestFirst = (a: AuditEvent, b: AuditEvent): number =>
  b.occurredAt.getTime() - a.occurredAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The project's trail, read in turn with the store's units of work. */
export const inMemoryAuditEventQuery = (store: InMemoryUnitOfWork): AuditEventQuery => ({
  page: (projectId, request) =>
    store.readTables((t) =>
      pageOf([...t.auditEvents.values()].filter((e) => e.projectId === projectId && keeps(request.filter, e)).sort(newestFirst), request),
    ),
});
