import type { AuditTrail } from '../../application/ports/audit-trail.js';
import type { InMemoryTables } from './in-memory-tables.js';

export const inMemoryAuditTrail = (t: InMemoryTables): AuditTrail => ({
  record: async (event) => void t.auditEvents.set(event.id, event),
});
