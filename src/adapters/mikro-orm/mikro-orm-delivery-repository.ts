import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  DeliveryAttempt,
  DeliveryCount,
  DeliveryRepository,
  DeliveryTotals,
  RecordedAttempt,
} from '../../application/ports/webhook-repositories.js';
import type { DeliveryStatus, EventChannel, WebhookDelivery, WebhookEventType } from '../../domain/webhook-delivery.js';
import {
  WebhookDeliveryAttemptSchema,
  WebhookDeliverySchema,
  type WebhookDeliveryAttemptRow,
  type WebhookDeliveryRow,
} from './entities/webhook-delivery.js';
import { runSelect, runWrite } from './native-select.js';
import { findRow, findRows, fromColumns, insertRowsNative, translateUniqueViolation, updateRows } from './storage-support.js';

export const toDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  projectId: row.projectId,
  webhookId: row.webhookId,
  agentId: row.agentId,
  eventType: row.eventType as WebhookEventType,
  channel: row.channel as EventChannel | null,
  messageId: row.messageId,
  callId: row.callId,
  body: row.body,
  status: row.status as DeliveryStatus,
  attemptCount: row.attemptCount,
  httpStatus: row.httpStatus,
  errorMessage: row.errorMessage,
  responseBody: row.responseBody,
  lastAttemptAt: row.lastAttemptAt,
  nextRetryAt: row.nextRetryAt,
  createdAt: row.createdAt,
});

/** A new outbox row: nobody holds it yet. */
const toDeliveryRow = (delivery: WebhookDelivery, lockedUntil: Date | null): WebhookDeliveryRow => ({ ...delivery, lockedUntil });

const toAttempt = (row: WebhookDeliveryAttemptRow): DeliveryAttempt => ({ ...row });

const byDue = (a: WebhookDelivery, b: WebhookDelivery): number =>
  (a.nextRetryAt?.getTime() ?? 0) - (b.nextRetryAt?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class MikroOrmDeliveryRepository implements DeliveryRepository {
  constructor(private readonly em: EntityManager) {}

  /** Native SQL, one statement: this insert sits on the hot path of every event (see insertRowsNative). */
  enqueue(deliveries: readonly WebhookDelivery[], heldUntil: Date | null = null): Promise<void> {
    return insertRowsNative(this.em, WebhookDeliverySchema, deliveries.map((d) => toDeliveryRow(d, heldUntil)));
  }

  async findById(projectId: string, id: string): Promise<WebhookDelivery | null> {
    const row = await findRow(this.em, WebhookDeliverySchema, { id, projectId });
    return row && toDelivery(row);
  }

  /**
   * One statement: the inner select locks the due rows this transaction can get at once
   * (SKIP LOCKED passes over those another dispatcher is claiming right now), the update
   * stamps the lease, which keeps them from the next claims after this transaction commits.
   */
  async claimDue(now: Date, limit: number, leaseMs: number): Promise<readonly WebhookDelivery[]> {
    const rows: Record<string, unknown>[] = await runSelect(
      this.em,
      `update webhook_deliveries set locked_until = ?
       where id in (
         select id from webhook_deliveries
         where status = 'pending' and next_retry_at <= ? and (locked_until is null or locked_until <= ?)
         order by next_retry_at, id
         limit ?
         for update skip locked)
       returning *`,
      [new Date(now.getTime() + leaseMs), now, now, limit],
      { prepare: false },
    );
    return rows.map((record) => toDelivery(fromColumns(this.em, WebhookDeliverySchema, record))).sort(byDue);
  }

  async recordAttempts(attempts: readonly RecordedAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    const deliveries = attempts.map(({ delivery: d }) => ({
      id: d.id,
      status: d.status,
      attempt_count: d.attemptCount,
      http_status: d.httpStatus,
      error_message: d.errorMessage,
      response_body: d.responseBody,
      last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
      next_retry_at: d.nextRetryAt?.toISOString() ?? null,
    }));
    const rows = attempts.map(({ attempt: a }) => ({
      delivery_id: a.deliveryId,
      attempt: a.attempt,
      attempted_at: a.attemptedAt.toISOString(),
      http_status: a.httpStatus,
      error_message: a.errorMessage,
      duration_ms: Math.round(a.durationMs),
    }));
    try {
      // One statement (a data-modifying CTE): the outcomes and their log rows in one round trip.
      await runWrite(
        this.em,
        `with outcomes as (
           update webhook_deliveries d set
             status = v.status, attempt_count = v.attempt_count, http_status = v.http_status,
             error_message = v.error_message, response_body = v.response_body,
             last_attempt_at = v.last_attempt_at, next_retry_at = v.next_retry_at, locked_until = null
           from jsonb_to_recordset(?::jsonb) as v(id text, status text, attempt_count integer,
             http_status integer, error_message text, response_body text,
             last_attempt_at timestamptz, next_retry_at timestamptz)
           where d.id = v.id)
         insert into webhook_delivery_attempts
           (delivery_id, attempt, attempted_at, http_status, error_message, duration_ms)
         select delivery_id, attempt, attempted_at, http_status, error_message, duration_ms
         from jsonb_to_recordset(?::jsonb) as v(delivery_id text, attempt integer,
           attempted_at timestamptz, http_status integer, error_message text, duration_ms integer)`,
        [JSON.stringify(deliveries), JSON.stringify(rows)],
      );
    } catch (error) {
      throw translateUniqueViolation(error);
    }
  }

  async reschedule(delivery: WebhookDelivery): Promise<void> {
    await updateRows(
      this.em,
      WebhookDeliverySchema,
      { id: delivery.id, projectId: delivery.projectId },
      { status: delivery.status, nextRetryAt: delivery.nextRetryAt, lockedUntil: null },
    );
  }

  async listAttempts(deliveryId: string): Promise<readonly DeliveryAttempt[]> {
    return (await findRows(this.em, WebhookDeliveryAttemptSchema, { deliveryId }, { attempt: 'asc' })).map(toAttempt);
  }

  async stats(projectId: string, since: Date): Promise<readonly DeliveryCount[]> {
    // Hours as epoch seconds: no time-zone conversion between the server and this process.
    const rows: { hour: string; event_type: string; status: string; count: string }[] = await runSelect(
      this.em,
      `select (floor(extract(epoch from created_at) / 3600) * 3600)::bigint as hour, event_type, status,
              count(*) as count
       from webhook_deliveries where project_id = ? and created_at >= ?
       group by 1, 2, 3 order by 1, 2, 3`,
      [projectId, since],
      { prepare: false, effect: 'read' },
    );
    return rows.map((r) => ({
      hour: new Date(Number(r.hour) * 1000),
      eventType: r.event_type as WebhookEventType,
      status: r.status as DeliveryStatus,
      count: Number(r.count),
    }));
  }

  async allTime(projectId: string): Promise<DeliveryTotals> {
    const [row]: { total: string; success: string; failed: string; pending: string }[] = await runSelect(
      this.em,
      `select count(*) as total,
              count(*) filter (where status = 'success') as success,
              count(*) filter (where status = 'failed') as failed,
              count(*) filter (where status = 'pending') as pending
       from webhook_deliveries where project_id = ?`,
      [projectId],
      { prepare: false, effect: 'read' },
    );
    return {
      total: Number(row?.total ?? 0),
      success: Number(row?.success ?? 0),
      failed: Number(row?.failed ?? 0),
      pending: Number(row?.pending ?? 0),
    };
  }
}
