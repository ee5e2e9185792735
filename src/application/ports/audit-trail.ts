import type { AuditEvent } from '../../domain/audit-event.js';

/**
 * Part of `Repositories` (as `auditTrail`): the project's compliance audit trail. A use case
 * records in the unit of work of the change it tells, so one never commits without the other.
 */
export interface AuditTrail {
  record(event: AuditEvent): Promise<void>;
}
