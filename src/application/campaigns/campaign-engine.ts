import * as E from 'fp-ts/lib/Either.js';
import { activateIfDue, type Campaign } from '../../domain/campaign.js';
import type { Repositories } from '../ports/repositories.js';
import { campaignStatusEvent } from '../events/campaign-events.js';
import type { OutboundEvent } from '../events/outbound-event.js';
import { queueCampaignEvents } from '../webhooks/campaign-outbox.js';
import { errorMessage, PeriodicTask } from '../kernel/periodic-task.js';
import {
  DEFAULT_CAMPAIGN_ENGINE_OPTIONS,
  type CampaignEngineDeps,
  type CampaignEngineOptions,
  type CampaignRoundContext,
} from './campaign-engine-context.js';
import { claimRound } from './campaign-claim.js';
import { placeDials } from './campaign-dialling.js';
import { RoundRobinNumbers } from './campaign-pacing.js';
import { settleEnded } from './campaign-settlement.js';

/**
 * Runs campaigns on the shared store, on any number of nodes. Each round:
 * 1. settles attempts whose call has ended (any node's: the recipients are locked with SKIP
 *    LOCKED, so each is settled once), applying the retry policy;
 * 2. starts scheduled campaigns whose start has come;
 * 3. for each running campaign, takes its row (SKIP LOCKED: one node per campaign per round),
 *    works out how many calls the pace allows (in flight across nodes, calls per minute from
 *    the row's `next_dial_at`), claims that many due recipients with a lease, and places
 *    them as normal outbound calls, together, once the claim has committed;
 * 4. completes a campaign with nobody left.
 * A node that dies leaves its recipients leased: the lease runs out and another node takes
 * them (settling the attempt if its call ended meanwhile, else calling again). Leases of calls
 * still under way here are renewed every round.
 */
export class CampaignEngine {
  private readonly options: CampaignEngineOptions;
  private readonly task: PeriodicTask;
  /** Recipients whose calls this node placed and which are not settled yet, by call id. */
  private readonly inFlight = new Map<string, string>();
  private pokeQueued = false;
  /** Pokes run rounds only between start() and stop(): an engine nobody started dials nobody. */
  private started = false;
  private round: Promise<void> = Promise.resolve();
  private readonly numbers = new RoundRobinNumbers();
  /** Events queued by the unit of work just committed. */
  private pokeDispatcher = false;
  private readonly context: CampaignRoundContext;

  constructor(
    private readonly deps: CampaignEngineDeps,
    options: Partial<CampaignEngineOptions> = {},
  ) {
    this.options = { ...DEFAULT_CAMPAIGN_ENGINE_OPTIONS, ...options };
    this.task = new PeriodicTask(
      () => this.runRound(),
      (error) => this.deps.logger.error({ err: errorMessage(error) }, 'campaign round failed'),
    );
    this.context = {
      deps: this.deps,
      options: this.options,
      inFlight: this.inFlight,
      transaction: <A>(work: (tx: Repositories) => Promise<A>) => this.transaction(work),
      queue: (tx, campaign, ...events) => this.queue(tx, campaign, ...events),
      poke: () => this.poke(),
    };
  }

  start(): void {
    this.started = true;
    this.task.start(this.options.pollIntervalMs, { runNow: true });
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.task.stop();
    await this.round;
  }

  /** Runs a round soon (after the one under way): something changed that the engine should act on. */
  poke(): void {
    if (this.pokeQueued || !this.started) return;
    this.pokeQueued = true;
    queueMicrotask(() => {
      this.pokeQueued = false;
      void this.runRound().catch((error: unknown) => this.deps.logger.error({ err: errorMessage(error) }, 'campaign round failed'));
    });
  }

  /** One round, after the one under way (rounds of one node never overlap). */
  runRound(): Promise<void> {
    this.round = this.round.then(() => this.roundNow()).catch((error: unknown) => {
      this.deps.logger.error({ err: errorMessage(error) }, 'campaign round failed');
    });
    return this.round;
  }

  private async roundNow(): Promise<void> {
    await this.renewLeases();
    while ((await this.transaction((tx) => settleEnded(this.context, tx))) === this.options.batchSize);
    const active = await this.transaction((tx) => tx.campaigns.listActive(this.deps.clock.now()));
    for (const listed of active) {
      if (listed.status === 'scheduled') {
        await this.transaction((tx) => this.activate(tx, listed));
        continue;
      }
      const dials = await this.transaction((tx) => claimRound(this.context, this.numbers, tx, listed.id));
      await placeDials(this.context, dials);
    }
  }

  private async transaction<A>(work: (tx: Repositories) => Promise<A>): Promise<A> {
    const result = await this.deps.uow.transaction(async (tx) => E.right(await work(tx)));
    if (E.isLeft(result)) throw new Error('unexpected Left');
    this.flushEvents();
    return result.right;
  }

  /** Queues the events in the unit of work; the dispatcher is poked once it has committed. */
  private async queue(tx: Repositories, campaign: Campaign, ...events: OutboundEvent[]): Promise<void> {
    const deps = this.deps.events;
    if (deps && (await queueCampaignEvents(tx, deps, campaign, events))) this.pokeDispatcher = true;
  }

  private flushEvents(): void {
    if (!this.pokeDispatcher) return;
    this.pokeDispatcher = false;
    this.deps.events?.deliveryTrigger?.poke();
  }

  private async renewLeases(): Promise<void> {
    if (this.inFlight.size === 0) return;
    const until = new Date(this.deps.clock.now().getTime() + this.options.leaseMs);
    await this.transaction((tx) => tx.campaignRecipients.renewLeases([...this.inFlight.values()], until));
  }

  /** A scheduled campaign whose start has come begins now (dialling from the next round). */
  private async activate(tx: Repositories, listed: Campaign): Promise<void> {
    const campaign = await tx.campaigns.findById(listed.projectId, listed.id);
    if (!campaign) return;
    const started = activateIfDue(campaign, this.deps.clock.now());
    if (started === campaign) return;
    await tx.campaigns.save(started);
    await this.queue(tx, started, campaignStatusEvent('campaign.started', started, this.deps.clock.now()));
    this.poke();
  }
}
