import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { VoiceMode } from '../../domain/agent.js';
import type { DisconnectionReason } from '../../domain/call.js';
import type { BacklogQuery, QueueBacklog } from '../../application/queries/backlog-query.js';
import type { AnswerLatency, CallKind, DeliveryOutcome, PoolUsage, ServiceActivity } from '../../application/ports/service-activity.js';

/** What a scrape reads besides the counters: the store's queues and the database pool. */
export interface ScrapeReadings {
  readonly backlog: BacklogQuery;
  /** Null: no pool to speak of (memory storage, a host's own store). */
  readonly pool: () => PoolUsage | null;
  /** Wall-clock now, for the age of a queue's oldest entry. */
  readonly now: () => Date;
}

/** Turn latencies are a few hundred ms when things go well and seconds when not: buckets over both. */
const LATENCY_BUCKETS = [0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10];

/** Attempts past this count as one label: `WEBHOOK_RETRY_DELAYS` may be long, the label set stays short. */
const MOST_ATTEMPT_LABELS = 10;

const attemptLabel = (attempt: number): string => (attempt >= MOST_ATTEMPT_LABELS ? `${MOST_ATTEMPT_LABELS}+` : String(attempt));

const seconds = (ms: number): number => ms / 1000;

/**
 * Switchboard's figures as Prometheus metrics, in a registry of their own (or the host's), with
 * Node's default ones (event-loop lag, heap, process time). Queues and the pool are read at each scrape,
 * not kept up to date on every write.
 */
export class PromClientServiceActivity implements ServiceActivity {
  readonly registry: Registry;
  private readonly inProgress: Gauge;
  private readonly ended: Counter;
  private readonly firstText: Histogram;
  private readonly firstToken: Histogram;
  private readonly deliveries: Counter;
  private readonly texts: Counter;
  private readonly dials: Counter;
  private readonly refusals: Counter;

  constructor(readings: ScrapeReadings, registry: Registry = new Registry()) {
    this.registry = registry;
    const registers = [registry];
    collectDefaultMetrics({ register: registry });
    this.inProgress = new Gauge({ name: 'switchboard_calls_in_progress', help: 'Calls with a live session on this node.', labelNames: ['direction', 'mode'], registers });
    this.ended = new Counter({ name: 'switchboard_calls_ended_total', help: 'Calls ended, by status and disconnection reason.', labelNames: ['direction', 'mode', 'status', 'reason'], registers });
    this.firstText = new Histogram({
      name: 'switchboard_turn_first_text_seconds',
      help: "From the caller's words to the first text frame sent to the carrier.",
      labelNames: ['mode'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.firstToken = new Histogram({
      name: 'switchboard_turn_first_token_seconds',
      help: "From the caller's words to the webhook's first chunk or the model's first token.",
      labelNames: ['mode'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.deliveries = new Counter({ name: 'switchboard_webhook_deliveries_total', help: 'Webhook delivery attempts, by outcome and attempt number.', labelNames: ['outcome', 'attempt'], registers });
    this.texts = new Counter({ name: 'switchboard_sms_total', help: 'Texts received, and texts the carrier accepted to send.', labelNames: ['direction'], registers });
    this.dials = new Counter({ name: 'switchboard_campaign_dials_total', help: "Campaign dials, by how they went.", labelNames: ['outcome'], registers });
    this.refusals = new Counter({ name: 'switchboard_rate_limit_rejections_total', help: 'Decisions of a rate rule that refused, by rule.', labelNames: ['rule'], registers });
    this.registerReadings(readings, registers);
  }

  private registerReadings({ backlog, pool, now }: ScrapeReadings, registers: Registry[]): void {
    // Both gauges come from one read: the first to collect makes it, the other uses it.
    let reading: Promise<readonly (readonly [string, QueueBacklog])[]> | null = null;
    const read = () => {
      reading ??= backlog.backlog().then((b) => {
        queueMicrotask(() => (reading = null));
        return [['webhook_outbox', b.webhookOutbox], ['call_analysis', b.callAnalyses]] as const;
      });
      return reading;
    };
    const ageOf = (queue: QueueBacklog) => (queue.oldestQueuedAt ? Math.max(0, seconds(now().getTime() - queue.oldestQueuedAt.getTime())) : 0);
    new Gauge({
      name: 'switchboard_queue_depth',
      help: 'Entries waiting in a queue of the store.',
      labelNames: ['queue'],
      registers,
      async collect() {
        for (const [queue, b] of await read()) this.set({ queue }, b.depth);
      },
    });
    new Gauge({
      name: 'switchboard_queue_oldest_age_seconds',
      help: "How long a queue's oldest entry has waited; 0 when empty.",
      labelNames: ['queue'],
      registers,
      async collect() {
        for (const [queue, b] of await read()) this.set({ queue }, ageOf(b));
      },
    });
    new Gauge({
      name: 'switchboard_db_pool_connections',
      help: "The database pool's connections by state (used, idle, waiting requests, max).",
      labelNames: ['state'],
      registers,
      collect() {
        const usage = pool();
        if (!usage) return;
        for (const state of ['used', 'idle', 'waiting', 'max'] as const) this.set({ state }, usage[state]);
      },
    });
  }

  /** The registry's metrics in Prometheus' text format, with its content type. */
  async exposition(): Promise<{ readonly contentType: string; readonly body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  callConnected(kind: CallKind): void {
    this.inProgress.inc({ direction: kind.direction, mode: kind.mode });
  }

  callDisconnected(kind: CallKind): void {
    this.inProgress.dec({ direction: kind.direction, mode: kind.mode });
  }

  callEnded(kind: CallKind, status: 'completed' | 'failed', reason: DisconnectionReason): void {
    this.ended.inc({ direction: kind.direction, mode: kind.mode, status, reason });
  }

  answered(mode: VoiceMode, latency: AnswerLatency): void {
    if (latency.firstTextMs !== null) this.firstText.observe({ mode }, seconds(latency.firstTextMs));
    if (latency.firstTokenMs !== null) this.firstToken.observe({ mode }, seconds(latency.firstTokenMs));
  }

  deliveryAttempted(outcome: DeliveryOutcome, attempt: number): void {
    this.deliveries.inc({ outcome, attempt: attemptLabel(attempt) });
  }

  texted(direction: 'inbound' | 'outbound'): void {
    this.texts.inc({ direction });
  }

  dialled(outcome: string): void {
    this.dials.inc({ outcome });
  }

  rateLimited(rule: string): void {
    this.refusals.inc({ rule });
  }
}
