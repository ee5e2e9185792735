import type { WebhookDeliveryRow } from '../entities/webhook-delivery.js';
import { readStatement } from '../read-session.js';
import type { SqlRow } from '../sql-row.js';
import { pagedStatements } from './paged.js';
import { selectList } from './rows.js';

const DELIVERY_COLUMNS = [
  'id', 'project_id', 'webhook_id', 'agent_id', 'event_type', 'channel', 'message_id', 'call_id', 'body', 'status', 'attempt_count',
  'http_status', 'error_message', 'response_body', 'last_attempt_at', 'next_retry_at', 'locked_until', 'created_at',
] as const;

const deliveryRow = (r: SqlRow): WebhookDeliveryRow => ({
  id: r.text('id'),
  projectId: r.text('project_id'),
  webhookId: r.text('webhook_id'),
  agentId: r.textOrNull('agent_id'),
  eventType: r.text('event_type'),
  channel: r.textOrNull('channel'),
  messageId: r.textOrNull('message_id'),
  callId: r.textOrNull('call_id'),
  body: r.text('body'),
  status: r.text('status'),
  attemptCount: r.integer('attempt_count'),
  httpStatus: r.integerOrNull('http_status'),
  errorMessage: r.textOrNull('error_message'),
  responseBody: r.textOrNull('response_body'),
  lastAttemptAt: r.instantOrNull('last_attempt_at'),
  nextRetryAt: r.instantOrNull('next_retry_at'),
  lockedUntil: r.instantOrNull('locked_until'),
  createdAt: r.instant('created_at'),
});

/** The delivery log's filters, each null for any. */
export type DeliveryFilterParams = {
  readonly projectId: string;
  readonly agentId: string | null;
  readonly status: string | null;
  readonly eventType: string | null;
};

const FILTER = `project_id = :projectId and (:agentId::text is null or agent_id = :agentId)
  and (:status::text is null or status = :status) and (:eventType::text is null or event_type = :eventType)`;
const LOG = { table: 'webhook_deliveries', columns: DELIVERY_COLUMNS, orderBy: 'created_at desc, id desc' } as const;

/**
 * A project's deliveries, newest first. Reusable, as the agents' one-row read is: dashboards poll
 * the log, and on the embedded store an answer is given again while nothing has been written.
 */
export const deliveryLog = pagedStatements<DeliveryFilterParams, WebhookDeliveryRow>('delivery_log', { ...LOG, where: FILTER }, deliveryRow, 'reusable');

/**
 * Those created since an instant: not reusable, since the instant moves with every request, and
 * each answer kept would be one more held until the next write.
 */
export const recentDeliveryLog = pagedStatements<DeliveryFilterParams & { readonly since: Date }, WebhookDeliveryRow>(
  'delivery_log_since',
  { ...LOG, where: `${FILTER} and created_at >= :since` },
  deliveryRow,
);

/** The newest deliveries of one agent's events, none when the project has no such agent (any left from a deleted one included). */
export const agentDeliveries = readStatement<{ readonly projectId: string; readonly agentId: string; readonly limit: number }, WebhookDeliveryRow>(
  'agent_deliveries',
  `select ${selectList(DELIVERY_COLUMNS)} from webhook_deliveries where project_id = :projectId and agent_id = :agentId
       and exists(select 1 from agents where id = :agentId and project_id = :projectId)
     order by created_at desc, id desc limit :limit`,
  'reusable',
  deliveryRow,
);

/** Whether the project has the agent: asked only when its deliveries came back empty. */
export const agentExists = readStatement<{ readonly projectId: string; readonly agentId: string }, boolean>(
  'agent_exists',
  `select exists(select 1 from agents where id = :agentId and project_id = :projectId) as "found"`,
  'reusable',
  (r) => r.boolean('found'),
);
