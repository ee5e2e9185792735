import type { Webhook } from '../../domain/webhook.js';
import { newDelivery, type WebhookDelivery } from '../../domain/webhook-delivery.js';
import { deliveryKeysOf, type OutboundEvent } from '../events/outbound-event.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { OutboundEventEncoder } from '../ports/outbound-event-encoder.js';
import type { Repositories } from '../ports/repositories.js';

/**
 * The one endpoint an event of this agent goes to (`chooseEndpoint`: the agent's own, else the
 * account default), or null when the project has none. One read: it is on every event's path.
 */
export const endpointFor = async (tx: Repositories, projectId: string, agentId: string | null): Promise<Webhook | null> =>
  (await tx.webhooks.findEndpoints([{ projectId, agentId }]))[0] ?? null;

/** What queueing an event needs: ids, the time, and the encoder that makes its body. */
export interface QueueDeps {
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly eventEncoder: OutboundEventEncoder;
}

/** The outbox entry of the event, due at once; nothing is written. */
export const deliveryOf = (deps: QueueDeps, webhook: Webhook, event: OutboundEvent): WebhookDelivery => {
  const now = deps.clock.now();
  return newDelivery({
    id: deps.ids.next('whd'),
    webhook,
    ...deliveryKeysOf(event),
    body: deps.eventEncoder.encode(event),
    now,
    dueAt: now,
  });
};

/**
 * Writes the event to the outbox inside the caller's unit of work, so it commits (or not)
 * with the change that caused it. The caller pokes the dispatcher after the commit.
 */
export const queueWebhookEvent = async (tx: Repositories, deps: QueueDeps, webhook: Webhook, event: OutboundEvent): Promise<WebhookDelivery> => {
  const delivery = deliveryOf(deps, webhook, event);
  await tx.deliveries.enqueue([delivery]);
  return delivery;
};
