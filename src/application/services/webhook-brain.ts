import { newDelivery, recordAttempt, type AttemptOutcome } from '../../domain/webhook-delivery.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Logger } from '../ports/logger.js';
import type { RecordedAttempt } from '../ports/webhook-repositories.js';
import type { VoiceTurnTransport } from '../ports/voice-turn-transport.js';
import type { AgentAction, AgentBrain, BrainTurn } from './agent-brain.js';
import { callIdentity, voiceEventHead } from './call-event.js';

export interface WebhookBrainDeps {
  readonly transport: VoiceTurnTransport;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Monotonic milliseconds. */
  readonly now: () => number;
  /** Keeps the delivery log row of each voice turn (written off the hot path). */
  readonly recordDelivery: (entry: RecordedAttempt) => void;
}

const TIMED_OUT = Symbol('timed out');
const DIGITS = /^[0-9*#wW]+$/;

/** The answer keys of wire.md, aliases included, as actions in speaking order. */
export const actionsOf = (chunk: unknown): AgentAction[] => {
  if (Array.isArray(chunk)) return chunk.flatMap(actionsOf);
  if (typeof chunk !== 'object' || chunk === null) return [];
  const c = chunk as Record<string, unknown>;
  const actions: AgentAction[] = [];
  if (typeof c.text === 'string' && c.text !== '') actions.push({ kind: 'say', text: c.text, interim: c.interim === true });
  for (const key of ['digits', 'press_digit', 'dtmf']) {
    const value = c[key];
    const digits = typeof value === 'number' ? String(value) : value;
    if (typeof digits === 'string' && DIGITS.test(digits)) actions.push({ kind: 'digits', digits });
  }
  if (c.action === 'transfer') actions.push({ kind: 'transfer' });
  if (c.action === 'hangup' || c.hangup === true) actions.push({ kind: 'hangup' });
  return actions;
};

/**
 * The `webhook` voice mode: each caller turn is POSTed, signed like every delivery, to the
 * agent's webhook (else the account default), and the answer is read as it arrives. The
 * webhook's `timeout` bounds the whole exchange; past it the caller hears nothing more for
 * that turn. Every turn is logged as a delivery (`agent.message`, channel voice, no retries).
 */
export class WebhookBrain implements AgentBrain {
  constructor(private readonly deps: WebhookBrainDeps) {}

  async *answer(turn: BrainTurn, signal: AbortSignal): AsyncIterable<AgentAction> {
    const { call, webhook } = turn;
    const log = this.deps.logger.child({ callId: call.id });
    if (!webhook) {
      log.warn({ agentId: call.agentId }, 'voice turn not sent: no webhook is configured for the agent or the account');
      return;
    }
    const deliveryId = this.deps.ids.next('whd');
    const body = JSON.stringify(envelopeOf(turn, this.deps.clock.now()));
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const timeoutMs = webhook.timeoutSeconds * 1000;
    const timer = setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);
    const started = this.deps.now();
    let httpStatus: number | null = null;
    let failure: string | null = null;
    let chunks = 0;
    try {
      turn.timing.requestedAt = started;
      const response = await this.deps.transport.postVoiceTurn({
        url: webhook.url,
        secret: webhook.secret,
        deliveryId,
        eventType: 'agent.message',
        body,
        signal: controller.signal,
      });
      httpStatus = response.httpStatus;
      if (httpStatus < 200 || httpStatus >= 300) failure = `HTTP ${httpStatus}`;
      for await (const chunk of response.chunks) {
        if (controller.signal.aborted) break;
        if (chunks++ === 0) turn.timing.firstChunkAt = this.deps.now();
        for (const action of actionsOf(chunk)) yield action;
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
      } else if (controller.signal.aborted) {
        errorMessage = httpStatus === null ? 'cancelled before the answer: the caller spoke again or hung up' : (failure ?? 'answer cancelled: the caller interrupted');
      } else if (failure) {
        log.warn({ deliveryId, webhookId: webhook.id, httpStatus, error: failure }, 'voice webhook failed');
      }
      const ok = failure === null && httpStatus !== null && controller.signal.reason !== TIMED_OUT;
      const outcome: AttemptOutcome = { ok, httpStatus, errorMessage, responseBody: null };
      this.deps.recordDelivery(this.logEntry(turn, deliveryId, body, outcome, this.deps.now() - started));
    }
  }

  private logEntry(turn: BrainTurn, deliveryId: string, body: string, outcome: AttemptOutcome, ms: number): RecordedAttempt {
    const now = this.deps.clock.now();
    const queued = newDelivery({
      id: deliveryId,
      webhook: turn.webhook!,
      agentId: turn.call.agentId,
      eventType: 'agent.message',
      channel: 'voice',
      messageId: null,
      callId: turn.call.id,
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

const describe = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return (error as { code?: string })?.code ?? cause?.code ?? (error as Error)?.message ?? String(error);
};

/** `agent.message`, channel voice (wire.md). */
export const envelopeOf = (turn: BrainTurn, now: Date) => {
  const { call } = turn;
  const limit = turn.webhook?.contextLimit ?? 0;
  const history = limit > 0 ? turn.history.slice(-limit) : [];
  return {
    ...voiceEventHead('agent.message', call, now),
    data: {
      ...callIdentity(call),
      status: 'in-progress',
      transcript: turn.utterance,
      confidence: turn.confidence,
      direction: call.direction,
      ...(turn.dtmf !== null ? { dtmf: turn.dtmf } : {}),
    },
    conversationState: null,
    recentHistory: history.map((t) => ({
      turnId: t.id,
      role: t.role,
      content: t.content,
      direction: t.role === 'user' ? 'inbound' : 'outbound',
      channel: 'voice',
      at: t.createdAt.toISOString(),
      ...(t.interrupted ? { interrupted: true } : {}),
    })),
  };
};
