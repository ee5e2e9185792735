import * as t from 'io-ts';
import { AUDIT_EVENT_KINDS } from '../../../domain/audit-event.js';
import { pageQuery } from '../pagination.js';
import { oneOf } from './common.js';
import { instant } from './instant.js';
import { anyPhoneNumber } from './phone.js';

export const auditEventKind = oneOf(AUDIT_EVENT_KINDS, (raw) => raw.trim().toLowerCase());

/** The trail's filters: one kind, one number (`%2B` for its `+`), and `since` (included) to `until` (not). */
const AuditEventFilters = t.partial({ kind: auditEventKind, phoneNumber: anyPhoneNumber, since: instant, until: instant });

/** The list's paging (as the suppression list's) and its filters. */
export const ListAuditEventsQuery = t.intersection([pageQuery({ defaultLimit: 50, maxLimit: 500 }), AuditEventFilters]);

/** The export's filters: the same, without paging (it streams every event they keep). */
export const ExportAuditEventsQuery = AuditEventFilters;
