import type { Call, CallDirection } from '../../domain/call.js';

export const TRANSFER_EVENTS = ['agent.transfer_started', 'agent.transfer_bridged', 'agent.transfer_failed'] as const;
export type TransferEventName = (typeof TRANSFER_EVENTS)[number];

/**
 * A warm transfer's progress on channel `voice`: `agent.transfer_started` (the caller holds, the
 * human is being dialled), then `agent.transfer_bridged` (the human answered, heard the summary
 * and talks to the caller; the call ends for the agent with `transfer`) or
 * `agent.transfer_failed` (no answer, busy, declined: the caller is back with the agent).
 */
export interface TransferEvent {
  readonly event: TransferEventName;
  readonly channel: 'voice';
  readonly timestamp: Date;
  readonly agentId: string | null;
  readonly data: {
    readonly callId: string;
    readonly numberId: string | null;
    readonly from: string;
    readonly to: string;
    readonly direction: CallDirection;
    readonly mode: 'warm';
    /** The human's number. */
    readonly transferTo: string;
    /** What the human hears before being put through. */
    readonly summary: string | null;
    /** Why it failed (`no-answer`, `busy`, `failed`, `canceled`); null otherwise. */
    readonly failureReason: string | null;
  };
  readonly conversationState: null;
  readonly recentHistory: readonly never[];
}

export const transferEvent = (
  event: TransferEventName,
  call: Call,
  transfer: { readonly transferTo: string; readonly summary: string | null; readonly failureReason: string | null },
  now: Date,
): TransferEvent => ({
  event,
  channel: 'voice',
  timestamp: now,
  agentId: call.agentId,
  data: {
    callId: call.id,
    numberId: call.phoneNumberId,
    from: call.fromNumber,
    to: call.toNumber,
    direction: call.direction,
    mode: 'warm',
    transferTo: transfer.transferTo,
    summary: transfer.summary,
    failureReason: transfer.failureReason,
  },
  conversationState: null,
  recentHistory: [],
});
