import { EntitySchema } from '@mikro-orm/core';

/**
 * A row of `webhook_deliveries`: the outbox entry and its delivery log. `lockedUntil` is the
 * lease of the dispatcher that claimed it (null when nobody holds it).
 */
export interface WebhookDeliveryRow {
  id: string;
  projectId: string;
  webhookId: string;
  agentId: string | null;
  eventType: string;
  channel: string | null;
  messageId: string | null;
  callId: string | null;
  body: string;
  status: string;
  attemptCount: number;
  httpStatus: number | null;
  errorMessage: string | null;
  responseBody: string | null;
  lastAttemptAt: Date | null;
  nextRetryAt: Date | null;
  lockedUntil: Date | null;
  createdAt: Date;
}

export const WebhookDeliverySchema = new EntitySchema<WebhookDeliveryRow>({
  name: 'WebhookDeliveryRow',
  tableName: 'webhook_deliveries',
  indexes: [
    { name: 'webhook_deliveries_due_index', properties: ['status', 'nextRetryAt'] },
    { name: 'webhook_deliveries_project_created_index', properties: ['projectId', 'createdAt', 'id'] },
    { name: 'webhook_deliveries_agent_created_index', properties: ['agentId', 'createdAt', 'id'] },
  ],
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    webhookId: { type: 'string', columnType: 'text' },
    agentId: { type: 'string', columnType: 'text', nullable: true },
    eventType: { type: 'string', columnType: 'text' },
    channel: { type: 'string', columnType: 'text', nullable: true },
    messageId: { type: 'string', columnType: 'text', nullable: true },
    callId: { type: 'string', columnType: 'text', nullable: true },
    body: { type: 'string', columnType: 'text' },
    status: { type: 'string', columnType: 'text' },
    attemptCount: { type: 'integer' },
    httpStatus: { type: 'integer', nullable: true },
    errorMessage: { type: 'string', columnType: 'text', nullable: true },
    responseBody: { type: 'string', columnType: 'text', nullable: true },
    lastAttemptAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    nextRetryAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    lockedUntil: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
  },
});

/** A row of `webhook_delivery_attempts`: one per attempt, keyed (delivery, attempt number). */
export interface WebhookDeliveryAttemptRow {
  deliveryId: string;
  attempt: number;
  attemptedAt: Date;
  httpStatus: number | null;
  errorMessage: string | null;
  durationMs: number;
}

export const WebhookDeliveryAttemptSchema = new EntitySchema<WebhookDeliveryAttemptRow>({
  name: 'WebhookDeliveryAttemptRow',
  tableName: 'webhook_delivery_attempts',
  properties: {
    deliveryId: { type: 'string', columnType: 'text', primary: true },
    attempt: { type: 'integer', primary: true },
    attemptedAt: { type: 'Date', columnType: 'timestamptz' },
    httpStatus: { type: 'integer', nullable: true },
    errorMessage: { type: 'string', columnType: 'text', nullable: true },
    durationMs: { type: 'integer' },
  },
});
