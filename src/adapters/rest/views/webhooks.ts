import type { AllTimeDeliveryStats } from '../../../application/use-cases/webhooks/get-all-time-delivery-stats.js';
import type { DeliveryStats } from '../../../application/use-cases/webhooks/get-delivery-stats.js';
import type { Webhook } from '../../../domain/webhook.js';
import type { WebhookDelivery } from '../../../domain/webhook-delivery.js';

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

export const webhookView = (webhook: Webhook) => ({
  id: webhook.id,
  url: webhook.url,
  secret: webhook.secret,
  status: 'active' as const,
  contextLimit: webhook.contextLimit,
  timeout: webhook.timeoutSeconds,
  agentId: webhook.agentId,
  createdAt: webhook.createdAt.toISOString(),
  updatedAt: webhook.updatedAt.toISOString(),
});

export const deliveryView = (delivery: WebhookDelivery) => ({
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
  lastAttemptAt: iso(delivery.lastAttemptAt),
  nextRetryAt: iso(delivery.nextRetryAt),
  createdAt: delivery.createdAt.toISOString(),
});

export const deliveryStatsView = (stats: DeliveryStats) => ({
  total: stats.total,
  success: stats.success,
  failed: stats.failed,
  pending: stats.pending,
  successRate: stats.successRate,
  byEventType: stats.byEventType,
  byHour: stats.byHour.map((h) => ({
    hour: h.hour.toISOString(),
    total: h.total,
    success: h.success,
    failed: h.failed,
    pending: h.pending,
  })),
});

export const allTimeStatsView = (stats: AllTimeDeliveryStats) => ({
  total: stats.total,
  success: stats.success,
  failed: stats.failed,
  successRate: stats.successRate,
});
