import * as t from 'io-ts';
import type { AllTimeDeliveryStats } from '../../../application/use-cases/webhooks/get-all-time-delivery-stats.js';
import type { DeliveryStats } from '../../../application/use-cases/webhooks/get-delivery-stats.js';
import type { TestWebhookResult } from '../../../application/use-cases/webhooks/send-test-webhook.js';
import type { Webhook } from '../../../domain/webhook.js';
import type { DeliveryStatus, EventChannel, WebhookDelivery, WebhookEventType } from '../../../domain/webhook-delivery.js';
import { isoDateTime, isoInstant, isoInstantOrNull, nullable, valuesOf, type Wire } from './schema.js';


export const WebhookView = t.strict({
  id: t.string,
  url: t.string,
  /** Signs every delivery (HMAC-SHA256); see the webhooks section. */
  secret: t.string,
  status: t.literal('active'),
  contextLimit: t.number,
  timeout: t.number,
  agentId: nullable(t.string),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
}, 'Webhook');

/** `GET` of a webhook: null when none is configured. */
export const MaybeWebhookView = nullable(WebhookView);

export const DeliveryView = t.strict({
  id: t.string,
  webhookId: t.string,
  eventType: valuesOf<WebhookEventType>({ 'agent.message': null, 'agent.message_failed': null, 'agent.call_ended': null, 'agent.call_analyzed': null, 'agent.call_started': null, 'agent.transfer_started': null, 'agent.transfer_bridged': null, 'agent.transfer_failed': null, 'agent.contact_opted_out': null, 'campaign.started': null, 'campaign.completed': null, 'campaign.recipient_completed': null, 'agent.test_run_completed': null, 'agent.handoff': null }),
  channel: nullable(valuesOf<EventChannel>({ sms: null, voice: null })),
  messageId: nullable(t.string),
  callId: nullable(t.string),
  status: valuesOf<DeliveryStatus>({ pending: null, success: null, failed: null }),
  httpStatus: nullable(t.number),
  errorMessage: nullable(t.string),
  responseBody: nullable(t.string),
  attemptCount: t.number,
  lastAttemptAt: nullable(isoDateTime),
  nextRetryAt: nullable(isoDateTime),
  createdAt: isoDateTime,
}, 'WebhookDelivery');

/** `GET /v1/webhooks/deliveries`: the page envelope, with `items`, `offset` and `limit` too. */
export const DeliveryPageView = t.strict({
  data: t.array(DeliveryView),
  hasMore: t.boolean,
  total: t.number,
  offset: t.number,
  limit: t.number,
  items: t.array(DeliveryView),
}, 'WebhookDeliveryPage');

export const AgentDeliveriesView = t.array(DeliveryView);

const counts = { success: t.number, failed: t.number, pending: t.number };

export const DeliveryStatsView = t.strict({
  total: t.number,
  ...counts,
  successRate: t.number,
  byEventType: t.record(t.string, t.strict(counts)),
  byHour: t.array(t.strict({ hour: isoDateTime, total: t.number, ...counts })),
}, 'WebhookDeliveryStats');

export const AllTimeStatsView = t.strict({ total: t.number, success: t.number, failed: t.number, successRate: t.number }, 'WebhookAllTimeStats');

export const TestWebhookView = t.strict({ success: t.boolean, httpStatus: nullable(t.number), errorMessage: nullable(t.string) }, 'WebhookTestResult');

export const webhookView = (webhook: Webhook): Wire<typeof WebhookView> => ({
  id: webhook.id,
  url: webhook.url,
  secret: webhook.secret,
  status: 'active',
  contextLimit: webhook.contextLimit,
  timeout: webhook.timeoutSeconds,
  agentId: webhook.agentId,
  createdAt: isoInstant(webhook.createdAt),
  updatedAt: isoInstant(webhook.updatedAt),
});

export const deliveryView = (delivery: WebhookDelivery): Wire<typeof DeliveryView> => ({
  id: delivery.id,
  webhookId: delivery.webhookId,
  eventType: delivery.eventType,
  channel: delivery.channel,
  messageId: delivery.messageId,
  callId: delivery.callId,
  status: delivery.status,
  httpStatus: delivery.httpStatus,
  errorMessage: delivery.errorMessage,
  responseBody: delivery.responseBody,
  attemptCount: delivery.attemptCount,
  lastAttemptAt: isoInstantOrNull(delivery.lastAttemptAt),
  nextRetryAt: isoInstantOrNull(delivery.nextRetryAt),
  createdAt: isoInstant(delivery.createdAt),
});

export const deliveryStatsView = (stats: DeliveryStats): Wire<typeof DeliveryStatsView> => ({
  total: stats.total,
  success: stats.success,
  failed: stats.failed,
  pending: stats.pending,
  successRate: stats.successRate,
  byEventType: stats.byEventType,
  byHour: stats.byHour.map((h) => ({
    hour: isoInstant(h.hour),
    total: h.total,
    success: h.success,
    failed: h.failed,
    pending: h.pending,
  })),
});

export const allTimeStatsView = (stats: AllTimeDeliveryStats): Wire<typeof AllTimeStatsView> => ({
  total: stats.total,
  success: stats.success,
  failed: stats.failed,
  successRate: stats.successRate,
});

export const testWebhookView = (result: TestWebhookResult): Wire<typeof TestWebhookView> => ({
  success: result.success,
  httpStatus: result.httpStatus,
  errorMessage: result.errorMessage,
});
