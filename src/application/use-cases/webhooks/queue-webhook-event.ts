import { chooseEndpoint, type Webhook } from '../../../domain/webhook.js';
import type { EventChannel, WebhookDelivery, WebhookEventType } from '../../../domain/webhook-delivery.js';
import type { Clock } from '../../ports/clock.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';

/** The one endpoint an event of this agent goes to, or null when the project has none. */
export const endpointFor = async (tx: Repositories, projectId: string, agentId: string | null): Promise<Webhook | null> =>
  chooseEndpoint(agentId ? await tx.webhooks.findForAgent(projectId, agentId) : null, await tx.webhooks.findDefault(projectId));

export interface EventToQueue {
  readonly eventType: WebhookEventType;
  readonly channel: EventChannel | null;
  readonly agentId: string | null;
  readonly messageId: string | null;
  readonly callId: string | null;
  /** The event envelope `{event, channel, timestamp, agentId, data, conversationState, recentHistory}`. */
  readonly envelope: object;
}

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
  const now = deps.clock.now();
  const delivery: WebhookDelivery = {
    id: deps.ids.next('whd'),
    projectId: webhook.projectId,
    webhookId: webhook.id,
    agentId: event.agentId,
    eventType: event.eventType,
    channel: event.channel,
    messageId: event.messageId,
    callId: event.callId,
    body: JSON.stringify(event.envelope),
    status: 'pending',
    attemptCount: 0,
    httpStatus: null,
    errorMessage: null,
    responseBody: null,
    lastAttemptAt: null,
    nextRetryAt: now,
    createdAt: now,
  };
  await tx.deliveries.enqueue(delivery);
  return delivery;
};
