import type { Call, CallDirection } from '../../domain/call.js';

/** What every event about one call says of it first: which call, on which number, between whom. */
export interface CallParties {
  readonly callId: string;
  /** Our number on the call; null for a web call. */
  readonly numberId: string | null;
  readonly from: string;
  readonly to: string;
  readonly direction: CallDirection;
}

/**
 * The envelope of an event about one call on channel `voice` that carries no conversation
 * (`agent.call_started`, `agent.call_analyzed`, the transfer events): the call's parties, then
 * the event's own fields. The answer's body is ignored.
 */
export interface CallEvent<Name extends string, Fields> {
  readonly event: Name;
  readonly channel: 'voice';
  readonly timestamp: Date;
  readonly agentId: string | null;
  readonly data: CallParties & Fields;
  readonly conversationState: null;
  readonly recentHistory: readonly never[];
}

export const callEvent = <Name extends string, Fields>(event: Name, call: Call, now: Date, fields: Fields): CallEvent<Name, Fields> => ({
  event,
  channel: 'voice',
  timestamp: now,
  agentId: call.agentId,
  data: { callId: call.id, numberId: call.phoneNumberId, from: call.fromNumber, to: call.toNumber, direction: call.direction, ...fields },
  conversationState: null,
  recentHistory: [],
});
