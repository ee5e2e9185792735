import * as E from 'fp-ts/lib/Either.js';
import type { Webhook } from '../../domain/webhook.js';
import { recordAttempt, type AttemptOutcome, type WebhookDelivery } from '../../domain/webhook-delivery.js';
import type { Clock } from '../ports/clock.js';
import type { Logger } from '../ports/logger.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { QueuedEvent } from '../ports/webhook-repositories.js';
import type { WebhookTransport } from '../ports/webhook-transport.js';
import type { LocalDispatcher } from '../ports/local-dispatcher.js';
import { NO_TRACING, type Tracing } from '../ports/tracing.js';
import type { ServiceActivity } from '../ports/service-activity.js';
import { AttemptRecorder } from './attempt-recorder.js';
import { DEFAULT_DISPATCHER_OPTIONS, errorFields, type DispatcherOptions } from './dispatcher-options.js';

export interface DispatcherDeps {
  readonly uow: UnitOfWork;
  readonly transport: WebhookTransport;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Seconds before attempts 1..n (`WEBHOOK_RETRY_DELAYS`). */
  readonly retryDelays: readonly number[];
  /** Traces each attempt (and sends its `traceparent`); absent: not traced. */
  readonly tracing?: Tracing;
  /** Counts each attempt by how it went; absent: nobody counts. */
  readonly activity?: ServiceActivity;
}

interface Claimed {
  readonly delivery: WebhookDelivery;
  readonly webhook: Webhook | null;
}

const GONE: AttemptOutcome = { ok: false, httpStatus: null, errorMessage: 'the webhook was deleted', responseBody: null };

/**
 * Sends the outbox. A claim takes due deliveries in a short transaction (SKIP LOCKED plus a
 * lease, so several processes never take the same attempt) and commits; the POSTs run outside
 * any transaction, at most `maxInFlight` at a time; their outcomes are written back in batches.
 * A poke (after a unit of work that queued something commits) claims at once; a poll finds
 * the rest. Events queued in this process with a lease from `leaseFor` are handed over after
 * their commit and sent without a claim (see DispatcherHandOff).
 */
export class WebhookDispatcher implements LocalDispatcher {
  private readonly options: DispatcherOptions;
  private readonly log: Logger;
  private running = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  /**
   * Deliveries this dispatcher holds the lease of (claimed or handed over) that wait for a free
   * slot, oldest first, each with the time by which it must start: half the lease, so it never
   * runs out mid-send.
   */
  private readonly waiting: { readonly item: Claimed; readonly startBy: number }[] = [];
  /** Something may be due that has not been claimed yet. */
  private backlog = false;
  private pumping: Promise<void> | null = null;
  private wakeAgain = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly recorder: AttemptRecorder;

  constructor(
    private readonly deps: DispatcherDeps,
    options: Partial<DispatcherOptions> = {},
  ) {
    this.options = { ...DEFAULT_DISPATCHER_OPTIONS, ...options };
    this.log = deps.logger.child({ component: 'webhook-dispatcher' });
    this.recorder = new AttemptRecorder(deps.uow, this.log, this.options.recordDelayMs, () => this.running);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.timer = setInterval(() => this.poke(), this.options.pollIntervalMs);
    this.timer.unref?.();
    this.poke();
  }

  /** Stops claiming, then waits for the sends in flight and the writing of their outcomes. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pumping;
    await Promise.allSettled([...this.inFlight]);
    await this.recorder.drain();
  }

  poke(): void {
    this.backlog = true;
    this.wake();
  }

  /**
   * A claim's lease while this dispatcher runs and has a slot free (counting the deliveries it
   * already holds that wait for one); otherwise the events are left to claims.
   */
  leaseFor(now: Date): Date | null {
    const room = this.running && this.inFlight.size + this.waiting.length < this.options.maxInFlight;
    return room ? new Date(now.getTime() + this.options.leaseMs) : null;
  }

  /**
   * Sends events handed over after their commit, as if just claimed. Stopped meanwhile: they are
   * left to a claim once their lease runs out, like the claims of a process that died.
   */
  take(events: readonly QueuedEvent[]): void {
    this.hold(events);
  }

  /**
   * Resolves once the claims, sends and outcome writes under way have finished, and those they
   * led to: for tests and tools that must know nothing more is about to go out. Keeps running.
   */
  async settled(): Promise<void> {
    while (this.pumping || this.inFlight.size > 0 || this.recorder.busy) {
      await this.pumping;
      await Promise.allSettled([...this.inFlight]);
      await this.recorder.busy;
    }
  }

  /** One claim, its sends and their outcomes, awaited: for tests and tools that drive it by hand. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim(this.options.batchSize);
    await Promise.all(claimed.map((c) => this.deliver(c)));
    await this.recorder.drain();
    return claimed.length;
  }

  private wake(): void {
    if (!this.running) return;
    if (this.pumping) {
      this.wakeAgain = true;
      return;
    }
    this.wakeAgain = false;
    this.pumping = this.pump()
      .catch((error: unknown) => this.log.error({ err: errorFields(error) }, 'claiming webhook deliveries failed'))
      .finally(() => {
        this.pumping = null;
        if (this.wakeAgain) this.wake();
      });
  }

  /**
   * Under load, sends finish one at a time; refilling each freed slot would cost a claim per
   * delivery. So a claim waits for half the slots to be free (or for none to be busy).
   */
  private hasRoom(): boolean {
    if (this.waiting.length > 0) return false;
    const free = this.options.maxInFlight - this.inFlight.size;
    return this.inFlight.size === 0 || free >= Math.ceil(this.options.maxInFlight / 2);
  }

  private async pump(): Promise<void> {
    while (this.running && this.backlog && this.hasRoom()) {
      // Cleared before the claim: a poke while it runs sets it again, so nothing is missed.
      this.backlog = false;
      const wanted = Math.min(this.options.batchSize, this.options.maxInFlight - this.inFlight.size);
      const claimed = await this.claim(wanted);
      if (claimed.length === wanted) this.backlog = true;
      this.hold(claimed);
    }
  }

  /** Sends what it holds as slots free up: never more than `maxInFlight` at once. */
  private hold(items: readonly Claimed[]): void {
    if (!this.running) return;
    const startBy = this.deps.clock.now().getTime() + this.options.leaseMs / 2;
    for (const item of items) this.waiting.push({ item, startBy });
    this.sendWaiting();
  }

  private sendWaiting(): void {
    const now = this.deps.clock.now().getTime();
    while (this.running && this.waiting.length > 0 && this.inFlight.size < this.options.maxInFlight) {
      const { item, startBy } = this.waiting.shift()!;
      // Waited so long that its lease could run out mid-send: a claim takes it once it has.
      if (now <= startBy) this.launch(item);
    }
  }

  private launch(item: Claimed): void {
    const task: Promise<void> = this.deliver(item)
      .catch((error: unknown) => this.log.error({ deliveryId: item.delivery.id, err: errorFields(error) }, 'webhook send failed'))
      .finally(() => {
        this.inFlight.delete(task);
        this.sendWaiting();
        if (this.backlog && this.hasRoom()) this.wake();
      });
    this.inFlight.add(task);
  }

  private async claim(limit: number): Promise<readonly Claimed[]> {
    const { uow, clock } = this.deps;
    const result = await uow.transaction(async (tx) => {
      const deliveries = await tx.deliveries.claimDue(clock.now(), limit, this.options.leaseMs);
      if (deliveries.length === 0) return E.right([]);
      const webhooks = await tx.webhooks.findByIds([...new Set(deliveries.map((d) => d.webhookId))]);
      const byId = new Map(webhooks.map((w) => [w.id, w]));
      return E.right(deliveries.map((delivery) => ({ delivery, webhook: byId.get(delivery.webhookId) ?? null })));
    });
    return E.isRight(result) ? result.right : [];
  }

  private async deliver({ delivery, webhook }: Claimed): Promise<void> {
    const span = (this.deps.tracing ?? NO_TRACING).start('webhook delivery');
    if (span.recording) {
      span.set('switchboard.delivery.id', delivery.id);
      span.set('switchboard.delivery.event', delivery.eventType);
      span.set('switchboard.delivery.attempt', delivery.attemptCount + 1);
    }
    const response = webhook
      ? await this.deps.transport.send({
          url: webhook.url,
          secret: webhook.secret,
          deliveryId: delivery.id,
          eventType: delivery.eventType,
          body: delivery.body,
          timeoutMs: this.options.eventTimeoutMs,
          traceparent: span.traceparent(),
        })
      : { ...GONE, durationMs: 0 };
    if (span.recording) {
      if (response.httpStatus !== null) span.set('http.response.status_code', response.httpStatus);
      if (!response.ok) span.fail(response.errorMessage ?? 'not delivered');
    }
    span.end();
    const now = this.deps.clock.now();
    // A deleted webhook has nowhere to retry to, and an address the service may not reach stays
    // refused (retrying would only probe it again): an empty schedule makes the failure final.
    const final = !webhook || response.blockedAddress === true;
    const updated = recordAttempt(delivery, response, final ? [] : this.deps.retryDelays, now);
    this.logAttempt(updated, response.durationMs);
    this.deps.activity?.deliveryAttempted(updated.status === 'success' ? 'delivered' : updated.status === 'pending' ? 'retrying' : 'failed', updated.attemptCount);
    this.recorder.record({
      delivery: updated,
      attempt: {
        deliveryId: delivery.id,
        attempt: updated.attemptCount,
        attemptedAt: now,
        httpStatus: response.httpStatus,
        errorMessage: response.errorMessage,
        durationMs: response.durationMs,
      },
    });
  }

  private logAttempt(delivery: WebhookDelivery, ms: number): void {
    const fields = {
      deliveryId: delivery.id,
      webhookId: delivery.webhookId,
      event: delivery.eventType,
      attempt: delivery.attemptCount,
      status: delivery.httpStatus,
      outcome: delivery.status,
      ms,
      ...(delivery.errorMessage ? { error: delivery.errorMessage } : {}),
      ...(delivery.nextRetryAt ? { nextRetryAt: delivery.nextRetryAt.toISOString() } : {}),
    };
    if (delivery.status === 'success') this.log.info(fields, 'webhook delivered');
    else this.log.warn(fields, delivery.status === 'pending' ? 'webhook attempt failed; will retry' : 'webhook delivery failed');
  }
}
