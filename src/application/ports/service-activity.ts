import type { VoiceMode } from '../../domain/agent.js';
import type { CallDirection, DisconnectionReason } from '../../domain/call.js';

/** A call as the figures group it: never its id or its numbers, so the groups stay few. */
export interface CallKind {
  readonly direction: CallDirection;
  readonly mode: VoiceMode;
}

/** How one attempt to deliver an event went: delivered, failed with another try to come, or failed for good. */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed';

/** An answer's latency from the caller's words, in ms: to the first piece from the webhook or model, to the first text frame sent. */
export interface AnswerLatency {
  readonly firstTokenMs: number | null;
  readonly firstTextMs: number | null;
}

/**
 * What happened in this process that an operator counts: calls connecting and ending, answers and
 * their latency, deliveries, texts, dials, refused requests. The application tells; an adapter
 * (Prometheus' client) keeps the figures. Every argument is one of a few values, by design: a
 * call's id or a phone number would make a series each.
 */
export interface ServiceActivity {
  /** A call's live session opened on this node. */
  callConnected(kind: CallKind): void;
  /** That session ended (the call may go on elsewhere after a warm transfer). */
  callDisconnected(kind: CallKind): void;
  /** A call ended, with why. */
  callEnded(kind: CallKind, status: 'completed' | 'failed', reason: DisconnectionReason): void;
  /** The agent answered a caller's turn. */
  answered(mode: VoiceMode, latency: AnswerLatency): void;
  /** One attempt to deliver an event to a webhook; `attempt` counts from 1. */
  deliveryAttempted(outcome: DeliveryOutcome, attempt: number): void;
  /** A text came in, or was handed to the carrier. */
  texted(direction: 'inbound' | 'outbound'): void;
  /** A campaign's dial, and how it went (`placed`, `suppressed`, …). */
  dialled(outcome: string): void;
  /** A request was refused by the named rate rule. */
  rateLimited(rule: string): void;
}

/** Nobody counts: every report costs a call that does nothing. */
export const NO_ACTIVITY: ServiceActivity = {
  callConnected: () => {},
  callDisconnected: () => {},
  callEnded: () => {},
  answered: () => {},
  deliveryAttempted: () => {},
  texted: () => {},
  dialled: () => {},
  rateLimited: () => {},
};

/** The database pool's connections as a scrape finds them. */
export interface PoolUsage {
  readonly used: number;
  readonly idle: number;
  /** Requests waiting for a connection. */
  readonly waiting: number;
  readonly max: number;
}
