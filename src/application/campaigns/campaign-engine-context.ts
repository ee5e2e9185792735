import type { Campaign } from '../../domain/campaign.js';
import type { Tracing } from '../ports/tracing.js';
import type { ServiceActivity } from '../ports/service-activity.js';
import type { CampaignDialer } from '../ports/campaign-engine.js';
import type { Clock } from '../ports/clock.js';
import type { EventBus } from '../ports/event-bus.js';
import type { Logger } from '../ports/logger.js';
import type { Repositories } from '../ports/repositories.js';
import type { TimeZoneCalendar } from '../ports/time-zones.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { OutboundEvent } from '../events/outbound-event.js';
import type { CampaignEventDeps } from '../webhooks/campaign-outbox.js';

export interface CampaignEngineOptions {
  /** How often the engine looks without a poke: retries and windows that came due, other nodes' work. */
  readonly pollIntervalMs: number;
  /** How long a claim holds a recipient; renewed every round while its call goes on. */
  readonly leaseMs: number;
  /** Most recipients one round claims for one campaign, and most ended calls it settles at once. */
  readonly batchSize: number;
}

export const DEFAULT_CAMPAIGN_ENGINE_OPTIONS: CampaignEngineOptions = { pollIntervalMs: 1000, leaseMs: 120_000, batchSize: 100 };

export interface CampaignEngineDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly calendar: TimeZoneCalendar;
  readonly dialer: CampaignDialer;
  readonly logger: Logger;
  /** Hears each attempt's call end (on any node), to settle it at once rather than on the next poll. */
  readonly eventBus: EventBus | null;
  /**
   * The project's own cap on calls in progress, if it has one: the one place the engine asks.
   * A campaign never has more calls under way than the lower of its own pace and this. It is
   * read in the round's own unit of work (`tx`): a second one would wait for the first where
   * units of work run one at a time (in memory, an embedded database on one connection).
   */
  readonly projectCallCap: (tx: Repositories, projectId: string) => Promise<number | null>;
  /** Where `campaign.*` events go (the webhook outbox); none: no events. */
  readonly events: CampaignEventDeps | null;
  /** Traces each dial; absent: not traced. */
  readonly tracing?: Tracing;
  /** Counts dials by how they went; absent: nobody counts. */
  readonly activity?: ServiceActivity;
}

/**
 * What the steps of a round share with the engine that runs them: its dependencies and
 * options, the calls this node has under way, and the engine's own unit of work, event
 * outbox and poke (so every step commits and wakes the dispatcher the same way).
 */
export interface CampaignRoundContext {
  readonly deps: CampaignEngineDeps;
  readonly options: CampaignEngineOptions;
  /** Recipients whose calls this node placed and which are not settled yet, by call id. */
  readonly inFlight: Map<string, string>;
  /** Runs the work in one unit of work, then pokes the dispatcher for the events it queued. */
  transaction<A>(work: (tx: Repositories) => Promise<A>): Promise<A>;
  /** Queues the events in the unit of work (one look-up of the webhook); the dispatcher is poked once it has committed. */
  queue(tx: Repositories, campaign: Campaign, ...events: OutboundEvent[]): Promise<void>;
  /** Runs a round soon, after the one under way. */
  poke(): void;
}
