import * as E from 'fp-ts/lib/Either.js';
import { nextCallableAt } from '../../domain/calling-window.js';
import { activateIfDue, completeIfDone, pauseFor, type Campaign } from '../../domain/campaign.js';
import { afterAttempt, skip, type AttemptOutcome, type CampaignRecipient } from '../../domain/campaign-recipient.js';
import type { CampaignDialer } from '../ports/campaign-engine.js';
import type { Clock } from '../ports/clock.js';
import type { EventBus } from '../ports/event-bus.js';
import type { Logger } from '../ports/logger.js';
import type { Repositories } from '../ports/repositories.js';
import type { TimeZoneCalendar } from '../ports/time-zones.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { attemptOutcomeOf } from './campaign-attempt-outcome.js';
import { campaignStatusEvent, recipientCompletedEvent } from '../events/campaign-events.js';
import type { OutboundEvent } from '../events/outbound-event.js';
import { queueCampaignEvent, type CampaignEventDeps } from '../webhooks/campaign-outbox.js';
import { errorMessage, PeriodicTask } from '../kernel/periodic-task.js';

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
}

/** A recipient this node dials in this round, and how it stood before the claim (to undo a call never placed). */
interface Dial {
  readonly campaign: Campaign;
  readonly before: CampaignRecipient;
  readonly claimed: CampaignRecipient;
  readonly fromNumberId: string | null;
}

const RUNNING_OUT = new Set(['pending', 'in_progress', 'retry_scheduled']);

/**
 * Runs campaigns on the shared store, on any number of nodes. Each round:
 * 1. settles attempts whose call has ended (any node's: the recipients are locked with SKIP
 *    LOCKED, so each is settled once), applying the retry policy;
 * 2. starts scheduled campaigns whose start has come;
 * 3. for each running campaign, takes its row (SKIP LOCKED: one node per campaign per round),
 *    works out how many calls the pace allows (in flight across nodes, calls per minute from
 *    the row's `next_dial_at`), claims that many due recipients with a lease, and places
 *    each as a normal outbound call once the claim has committed;
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
  /** Which of its agent's numbers each round-robin campaign used last. */
  private readonly turns = new Map<string, number>();

  constructor(
    private readonly deps: CampaignEngineDeps,
    options: Partial<CampaignEngineOptions> = {},
  ) {
    this.options = { ...DEFAULT_CAMPAIGN_ENGINE_OPTIONS, ...options };
    this.task = new PeriodicTask(
      () => this.runRound(),
      (error) => this.deps.logger.error({ err: errorMessage(error) }, 'campaign round failed'),
    );
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
    while ((await this.settleEnded()) === this.options.batchSize);
    const active = await this.transaction((tx) => tx.campaigns.listActive(this.deps.clock.now()));
    for (const listed of active) {
      if (listed.status === 'scheduled') {
        await this.transaction((tx) => this.activate(tx, listed));
        continue;
      }
      const dials = await this.transaction((tx) => this.claimRound(tx, listed.id));
      await Promise.all(dials.map((dial) => this.place(dial)));
    }
  }

  private async transaction<A>(work: (tx: Repositories) => Promise<A>): Promise<A> {
    const result = await this.deps.uow.transaction(async (tx) => E.right(await work(tx)));
    if (E.isLeft(result)) throw new Error('unexpected Left');
    this.flushEvents();
    return result.right;
  }

  /** Queues the event in the unit of work; the dispatcher is poked once it has committed. */
  private async queue(tx: Repositories, campaign: Campaign, event: OutboundEvent): Promise<void> {
    const events = this.deps.events;
    if (events && (await queueCampaignEvent(tx, events, campaign, event))) this.pokeDispatcher = true;
  }

  /** Events queued by the unit of work just committed. */
  private pokeDispatcher = false;

  private flushEvents(): void {
    if (!this.pokeDispatcher) return;
    this.pokeDispatcher = false;
    this.deps.events?.deliveryTrigger?.poke();
  }

  /** Queues `campaign.recipient_completed` when the recipient's calls are over. */
  private async recipientDone(tx: Repositories, campaign: Campaign, recipient: CampaignRecipient): Promise<void> {
    if (recipient.status === 'completed' || recipient.status === 'failed') {
      await this.queue(tx, campaign, recipientCompletedEvent(campaign, recipient, this.deps.clock.now()));
    }
  }

  private async renewLeases(): Promise<void> {
    if (this.inFlight.size === 0) return;
    const until = new Date(this.deps.clock.now().getTime() + this.options.leaseMs);
    await this.transaction((tx) => tx.campaignRecipients.renewLeases([...this.inFlight.values()], until));
  }

  /** Applies the retry policy to attempts whose call ended; says how many it settled. */
  private async settleEnded(): Promise<number> {
    return this.transaction(async (tx) => {
      const ended = await tx.campaignRecipients.claimEnded(this.options.batchSize);
      const campaigns = new Map<string, Campaign | null>();
      const settled: CampaignRecipient[] = [];
      for (const recipient of ended) {
        if (!campaigns.has(recipient.campaignId)) campaigns.set(recipient.campaignId, await tx.campaigns.findById(recipient.projectId, recipient.campaignId));
        const result = await this.settle(tx, campaigns.get(recipient.campaignId) ?? null, recipient);
        if (result) settled.push(result);
      }
      await tx.campaignRecipients.save(settled, null);
      return ended.length;
    });
  }

  /** The recipient after its attempt's call ended, with the attempt's outcome recorded; null if the call is not over. */
  private async settle(tx: Repositories, campaign: Campaign | null, recipient: CampaignRecipient): Promise<CampaignRecipient | null> {
    const callId = recipient.lastCallId;
    const call = callId === null ? null : await tx.calls.findByIdInAnyProject(callId);
    const outcome = call ? attemptOutcomeOf(call) : null;
    if (!campaign || !outcome || callId === null) return null;
    const now = this.deps.clock.now();
    await tx.campaignAttempts.settle(callId, outcome, call?.endedAt ?? now);
    this.inFlight.delete(callId);
    const next = this.afterOutcome(campaign, recipient, outcome, now);
    await this.recipientDone(tx, campaign, next);
    return next;
  }

  private afterOutcome(campaign: Campaign, recipient: CampaignRecipient, outcome: AttemptOutcome, now: Date): CampaignRecipient {
    const next = afterAttempt(recipient, outcome, campaign.retry, campaign.voicemail, now);
    // A cancelled campaign calls nobody again, whatever the retry policy says.
    return next.status === 'retry_scheduled' && campaign.status === 'cancelled' ? skip(next, 'cancelled', now) : next;
  }

  /**
   * One campaign's claim, in one short unit of work: what the pace allows now, the due
   * recipients (each checked against its calling window and the do-not-call list), their
   * leases, and the campaign's next dial time. The calls are placed after it commits.
   */
  private async claimRound(tx: Repositories, campaignId: string): Promise<Dial[]> {
    const now = this.deps.clock.now();
    const locked = await tx.campaigns.lockForDialling(campaignId);
    if (!locked) return [];
    const { campaign, nextDialAt } = locked;
    if (campaign.schedule.endBy && campaign.schedule.endBy.getTime() <= now.getTime()) {
      await tx.campaignRecipients.skipRemaining(campaign.id, 'schedule_ended', now);
      await this.complete(tx, campaign, now);
      return [];
    }
    const inFlight = await tx.campaignRecipients.countInFlight(campaign.id, now);
    const cap = await this.deps.projectCallCap(tx, campaign.projectId);
    const concurrency = Math.min(campaign.pacing.maxConcurrentCalls, cap ?? Infinity) - inFlight;
    const pace = this.paceAllows(campaign, nextDialAt, now);
    const budget = Math.min(concurrency, pace.calls, this.options.batchSize);
    if (budget <= 0) return [];

    const due = await tx.campaignRecipients.claimDue(campaign.id, now, budget);
    if (due.length === 0) {
      if (inFlight === 0) await this.completeIfNobodyLeft(tx, campaign, now);
      return [];
    }
    const optedOut = new Set(
      (await tx.contacts.findByPhoneNumbers(due.map((r) => ({ projectId: r.projectId, phoneNumber: r.phoneNumber }))))
        .filter((c) => c.doNotCall)
        .map((c) => c.phoneNumber as string),
    );
    const released: CampaignRecipient[] = [];
    const dials: Dial[] = [];
    for (const recipient of due) {
      if (recipient.status === 'in_progress') {
        // Its node died mid-attempt: settle the attempt if its call ended, keep waiting if it goes on.
        const settled = await this.settle(tx, campaign, recipient);
        if (settled) released.push(settled);
        else if (recipient.lastCallId !== null && (await tx.calls.findByIdInAnyProject(recipient.lastCallId))) {
          await tx.campaignRecipients.renewLeases([recipient.id], new Date(now.getTime() + this.options.leaseMs));
        } else dials.push(this.dialFor(campaign, { ...recipient, attempts: recipient.attempts - 1, status: 'pending' }, now));
        continue;
      }
      if (optedOut.has(recipient.phoneNumber)) {
        released.push(skip(recipient, 'do_not_call', now));
        continue;
      }
      const callable = nextCallableAt(campaign.schedule, recipient.timeZone, now, this.deps.calendar);
      if (callable === null) released.push(skip(recipient, 'schedule_ended', now));
      else if (callable.getTime() > now.getTime()) released.push({ ...recipient, nextAttemptAt: callable, updatedAt: now });
      else dials.push(this.dialFor(campaign, recipient, now));
    }
    await tx.campaignRecipients.save(released, null);
    await tx.campaignRecipients.save(
      dials.map((d) => d.claimed),
      new Date(now.getTime() + this.options.leaseMs),
    );
    if (dials.length > 0) await tx.campaigns.setNextDialAt(campaign.id, new Date(pace.base.getTime() + dials.length * pace.intervalMs));
    await this.assignNumbers(tx, campaign, dials);
    return dials;
  }

  /**
   * How many calls the pace allows now: one every `60 / callsPerMinute` seconds, counted from
   * the campaign's `next_dial_at` (shared by every node), with at most a round's worth of
   * calls saved up while nothing was dialled.
   */
  private paceAllows(campaign: Campaign, nextDialAt: Date | null, now: Date): { calls: number; base: Date; intervalMs: number } {
    const intervalMs = 60_000 / campaign.pacing.callsPerMinute;
    const burst = Math.max(1, Math.floor(this.options.pollIntervalMs / intervalMs));
    const earliest = now.getTime() - (burst - 1) * intervalMs;
    const base = nextDialAt === null ? earliest : Math.max(nextDialAt.getTime(), earliest);
    const calls = base > now.getTime() ? 0 : Math.floor((now.getTime() - base) / intervalMs) + 1;
    return { calls, base: new Date(base), intervalMs };
  }

  private dialFor(campaign: Campaign, recipient: CampaignRecipient, now: Date): Dial {
    return {
      campaign,
      before: recipient,
      claimed: { ...recipient, status: 'in_progress', attempts: recipient.attempts + 1, lastCallId: null, nextAttemptAt: null, updatedAt: now },
      fromNumberId: campaign.fromNumber.kind === 'single' ? campaign.fromNumber.numberId : null,
    };
  }

  /** Round robin: each call of the round from the agent's next number. */
  private async assignNumbers(tx: Repositories, campaign: Campaign, dials: Dial[]): Promise<void> {
    if (campaign.fromNumber.kind !== 'round_robin' || dials.length === 0) return;
    const numbers = await tx.numbers.listByAgents([campaign.agentId]);
    if (numbers.length === 0) return;
    let turn = this.turns.get(campaign.id) ?? -1;
    for (let i = 0; i < dials.length; i++) {
      turn = (turn + 1) % numbers.length;
      dials[i] = { ...dials[i]!, fromNumberId: numbers[turn]!.id };
    }
    this.turns.set(campaign.id, turn);
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

  private async completeIfNobodyLeft(tx: Repositories, campaign: Campaign, now: Date): Promise<void> {
    const counts = await tx.campaignRecipients.countByStatus(campaign.id);
    const left = Object.entries(counts).some(([status, count]) => RUNNING_OUT.has(status) && count > 0);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    // A campaign with nobody on it yet waits for its recipients rather than completing empty.
    if (!left && total > 0) await this.complete(tx, campaign, now);
  }

  private async complete(tx: Repositories, campaign: Campaign, now: Date): Promise<void> {
    const completed = completeIfDone(campaign, true, now);
    if (completed === campaign) return;
    await tx.campaigns.save(completed);
    await this.queue(tx, completed, campaignStatusEvent('campaign.completed', completed, now));
  }

  /** Places one attempt's call and records it; a call never placed gives the recipient back. */
  private async place(dial: Dial): Promise<void> {
    const { campaign, claimed } = dial;
    const placed = await this.deps.dialer
      .dial({
        projectId: campaign.projectId,
        agentId: campaign.agentId,
        toNumber: claimed.phoneNumber,
        fromNumberId: dial.fromNumberId,
        systemPrompt: campaign.systemPrompt,
        initialGreeting: campaign.initialGreeting,
        variables: claimed.variables,
      })
      .catch((error: unknown) => E.left({ kind: 'refused' as const, message: errorMessage(error) }));
    const now = this.deps.clock.now();
    if (E.isRight(placed)) {
      const { callId } = placed.right;
      this.inFlight.set(callId, claimed.id);
      await this.transaction(async (tx) => {
        await tx.campaignAttempts.insert({ recipientId: claimed.id, attempt: claimed.attempts, callId, outcome: null, startedAt: now, endedAt: null });
        await tx.campaignRecipients.save([{ ...claimed, lastCallId: callId }], new Date(now.getTime() + this.options.leaseMs));
      });
      await this.listenForEnd(callId);
      return;
    }
    const refusal = placed.left;
    if (refusal.kind === 'at_capacity') {
      // The project's other calls hold every slot: not an attempt, the recipient is called later.
      await this.transaction(async (tx) => tx.campaignRecipients.save([{ ...dial.before, updatedAt: now }], null));
      return;
    }
    if (refusal.kind === 'refused') {
      this.deps.logger.warn({ campaignId: campaign.id, recipientId: claimed.id, reason: refusal.message }, 'a campaign call could not be placed');
      await this.transaction(async (tx) => {
        const next = this.afterOutcome(campaign, claimed, 'failed', now);
        await tx.campaignRecipients.save([next], null);
        await this.recipientDone(tx, campaign, next);
      });
      return;
    }
    const reason = refusal.kind === 'agent_gone' ? 'agent_deleted: the campaign\u2019s agent no longer exists' : `no_number: ${refusal.message}`;
    await this.transaction(async (tx) => {
      await tx.campaignRecipients.save([{ ...dial.before, updatedAt: now }], null);
      const current = await tx.campaigns.findById(campaign.projectId, campaign.id);
      if (current) await tx.campaigns.save(pauseFor(current, reason, now));
    });
    this.deps.logger.warn({ campaignId: campaign.id, reason }, 'campaign paused');
  }

  private async listenForEnd(callId: string): Promise<void> {
    const bus = this.deps.eventBus;
    if (!bus) return;
    let heard = false;
    let unsubscribe: (() => void) | null = null;
    unsubscribe = await bus
      .subscribe(callId, (event) => {
        if (event.type !== 'ended' || heard) return;
        heard = true;
        unsubscribe?.();
        this.poke();
      })
      .catch(() => null);
    if (heard) unsubscribe?.();
  }
}
