import type { Campaign } from '../../domain/campaign.js';
import type { OutboundEvent } from '../events/outbound-event.js';
import type { Repositories } from '../ports/repositories.js';
import type { DeliveryTrigger } from '../ports/webhook-repositories.js';
import { deliveryOf, endpointFor, type QueueDeps } from './outbox.js';

/** What queueing a campaign's events needs; the dispatcher is poked after the commit. */
export interface CampaignEventDeps extends QueueDeps {
  readonly deliveryTrigger: DeliveryTrigger | null;
}

/**
 * Queues a campaign's event for its agent's webhook (else the project's default) inside the
 * caller's unit of work, through the same outbox and dispatcher as every other event. Says
 * whether anything was queued (then poke the trigger once committed).
 */
export const queueCampaignEvent = (tx: Repositories, deps: QueueDeps, campaign: Campaign, event: OutboundEvent): Promise<boolean> =>
  queueCampaignEvents(tx, deps, campaign, [event]);

/** {@link queueCampaignEvent} for several events of one campaign: the webhook is looked up once and they are queued in one statement. */
export const queueCampaignEvents = async (tx: Repositories, deps: QueueDeps, campaign: Campaign, events: readonly OutboundEvent[]): Promise<boolean> => {
  if (events.length === 0) return false;
  const webhook = await endpointFor(tx, campaign.projectId, campaign.agentId);
  if (!webhook) return false;
  await tx.deliveries.enqueue(events.map((event) => deliveryOf(deps, webhook, event)));
  return true;
};
