import type { Webhook } from '../../../domain/webhook.js';
import { newDelivery, type EventChannel, type WebhookDelivery, type WebhookEventType } from '../../../domain/webhook-delivery.js';
import type { Clock } from '../../ports/clock.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';

export interface EventToQueue {
  readonly eventType: WebhookEventType;
  readonly channel: EventChannel | null;
  readonly agentId: string | null;
  readonly messageId: string | null;
  readonly callId: string | null;
  /** The event envelope `{event, channel, timestamp, agentId, data, conversationState, recentHistory}`. */
  readonly envelope: object;
}

/** The outbox entry of the event, due at once; nothing is written. */
export const deliveryOf = (
  deps: { readonly ids: IdGenerator; readonly clock: Clock },
  webhook: Webhook,
  event: EventToQueue,
): WebhookDelivery => {
  const now = deps.clock.now();
  return newDelivery({
    id: deps.ids.next('whd'),
    webhook,
    agentId: event.agentId,
    eventType: event.eventType,
    channel: event.channel,
    messageId: event.messageId,
    callId: event.callId,
    body: JSON.stringify(event.envelope),
    now,
    dueAt: now,
  });
};

/**
 * Writes the event to the outbox inside the caller's unit of work, so it commits (or not)
 * with the change that caused it. The caller pokes the dispatcher after the commit.
 */
export const queueWebhookEvent = async (
  tx: Repositories,
  deps: { readonly ids: IdGenerator; readonly clock: Clock },
  webhook: Webhook,
  event: EventToQueue,
): Promise<WebhookDelivery> => {
  const delivery = deliveryOf(deps, webhook, event);
  await tx.deliveries.enqueue([delivery]);
  return delivery;
};
