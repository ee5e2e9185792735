import { newDelivery, recordAttempt, type AttemptOutcome } from '../../domain/webhook-delivery.js';
import { deliveryKeysOf } from '../events/outbound-event.js';
import { voiceTurnEvent, type VoiceTurnEvent } from '../events/voice-turn-event.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Logger } from '../ports/logger.js';
import type { OutboundEventEncoder } from '../ports/outbound-event-encoder.js';
import type { RecordedAttempt } from '../ports/webhook-repositories.js';
import type { VoiceTurnTransport } from '../ports/voice-turn-transport.js';
import type { ActionTaker, AgentBrain, BrainTurn } from '../ports/agent-brain.js';
import type { AnswerRead } from '../ports/call-answered-listener.js';
import { lazyChildLogger } from '../kernel/lazy-child-logger.js';
import { NO_SPAN } from '../ports/tracing.js';

export interface WebhookBrainDeps {
  readonly transport: VoiceTurnTransport;
  readonly eventEncoder: OutboundEventEncoder;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Monotonic milliseconds. */
  readonly now: () => number;
  /** Keeps the delivery log row of each voice turn (written off the hot path). */
  readonly recordDelivery: (entry: RecordedAttempt) => void;
}

const TIMED_OUT = Symbol('timed out');

/**
 * The `webhook` voice mode: each caller turn is POSTed, signed like every delivery, to the
 * agent's webhook (else the account default), and the answer is read as it arrives. The
 * webhook's `timeout` bounds the whole exchange; past it the caller hears nothing more for
 * that turn. Every turn is logged as a delivery (`agent.message`, channel voice, no retries).
 */
export class WebhookBrain implements AgentBrain {
  constructor(private readonly deps: WebhookBrainDeps) {}

  warmUp({ webhook }: AnswerRead): void {
    if (webhook) void this.deps.transport.warmUp?.(webhook.url);
  }

  async answer(turn: BrainTurn, signal: AbortSignal, act: ActionTaker): Promise<void> {
    const { call, webhook } = turn;
    // Made on first use: most turns log nothing.
    const log = lazyChildLogger(this.deps.logger, { callId: call.id });
    if (!webhook) {
      log.warn({ agentId: call.agentId }, 'voice turn not sent: no webhook is configured for the agent or the account');
      act({ kind: 'unanswered', reason: { kind: 'no_webhook' } });
      return;
    }
    const deliveryId = this.deps.ids.next('whd');
    const event = eventOf(turn, this.deps.clock.now());
    const body = this.deps.eventEncoder.encode(event);
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const timeoutMs = webhook.timeoutSeconds * 1000;
    const timer = setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);
    const started = this.deps.now();
    const span = (turn.span ?? NO_SPAN).child('webhook request');
    if (span.recording) {
      span.set('switchboard.delivery.id', deliveryId);
      span.set('switchboard.webhook.id', webhook.id);
      span.set('server.address', hostOf(webhook.url));
    }
    let httpStatus: number | null = null;
    let failure: string | null = null;
    let chunks = 0;
    try {
      turn.timing.requestedAt = started;
      const response = await this.deps.transport.postVoiceTurn({
        url: webhook.url,
        secret: webhook.secret,
        deliveryId,
        eventType: event.event,
        body,
        signal: controller.signal,
        traceparent: span.traceparent(),
      });
      httpStatus = response.httpStatus;
      if (httpStatus < 200 || httpStatus >= 300) failure = `HTTP ${httpStatus}`;
      reading: for await (const part of response.chunks) {
        if (controller.signal.aborted) break;
        if (part.kind === 'unreadable') {
          log.warn({ deliveryId, webhookId: webhook.id, reason: part.reason }, 'unreadable part of a voice answer ignored');
          continue;
        }
        if (chunks++ === 0) {
          turn.timing.firstChunkAt = this.deps.now();
          span.event('first token');
        }
        // The session stopped listening (an action ended the call): the rest is not read.
        for (const action of part.actions) if (!act(action)) break reading;
      }
    } catch (error) {
      if (!controller.signal.aborted) failure = describe(error);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      let errorMessage = failure;
      if (controller.signal.reason === TIMED_OUT) {
        errorMessage = `timed out after ${webhook.timeoutSeconds} s (the webhook's timeout); the caller heard nothing more for this turn`;
        log.warn({ deliveryId, webhookId: webhook.id, timeoutSeconds: webhook.timeoutSeconds }, 'voice webhook timed out');
        act({ kind: 'unanswered', reason: { kind: 'webhook_timed_out', timeoutSeconds: webhook.timeoutSeconds } });
      } else if (controller.signal.aborted) {
        errorMessage = httpStatus === null ? 'cancelled before the answer: the caller spoke again or hung up' : (failure ?? 'answer cancelled: the caller interrupted');
      } else if (failure) {
        log.warn({ deliveryId, webhookId: webhook.id, httpStatus, error: failure }, 'voice webhook failed');
        act({ kind: 'unanswered', reason: { kind: 'webhook_failed', httpStatus, error: failure } });
      }
      const ok = failure === null && httpStatus !== null && controller.signal.reason !== TIMED_OUT;
      const outcome: AttemptOutcome = { ok, httpStatus, errorMessage, responseBody: null };
      this.deps.recordDelivery(this.logEntry(turn, event, deliveryId, body, outcome, this.deps.now() - started));
      if (span.recording) {
        if (httpStatus !== null) span.set('http.response.status_code', httpStatus);
        if (!ok && errorMessage) span.fail(errorMessage);
      }
      span.end();
    }
  }

  private logEntry(turn: BrainTurn, event: VoiceTurnEvent, deliveryId: string, body: string, outcome: AttemptOutcome, ms: number): RecordedAttempt {
    const now = this.deps.clock.now();
    const queued = newDelivery({
      id: deliveryId,
      webhook: turn.webhook!,
      ...deliveryKeysOf(event),
      body,
      now,
      dueAt: null,
    });
    // No retry schedule: a voice turn is answered now or never.
    const delivery = recordAttempt(queued, outcome, [], now);
    return {
      delivery,
      attempt: {
        deliveryId,
        attempt: 1,
        attemptedAt: now,
        httpStatus: outcome.httpStatus,
        errorMessage: outcome.errorMessage,
        durationMs: Math.round(ms),
      },
    };
  }
}

/** The host a URL names, for a span (never its path or query, which may carry secrets). */
const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return 'unknown';
  }
};

const describe = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return (error as { code?: string })?.code ?? cause?.code ?? (error as Error)?.message ?? String(error);
};

const eventOf = (turn: BrainTurn, now: Date): VoiceTurnEvent =>
  voiceTurnEvent({
    call: turn.call,
    utterance: turn.utterance,
    confidence: turn.confidence,
    dtmf: turn.dtmf,
    history: turn.history,
    contextLimit: turn.webhook?.contextLimit ?? 0,
    now,
  });
