import type { Call } from '../../domain/call.js';
import { callEvent, type CallEvent } from './call-event.js';

export const TRANSFER_EVENTS = ['agent.transfer_started', 'agent.transfer_bridged', 'agent.transfer_failed'] as const;
export type TransferEventName = (typeof TRANSFER_EVENTS)[number];

/**
 * A warm transfer's progress on channel `voice`: `agent.transfer_started` (the caller holds, the
 * human is being dialled), then `agent.transfer_bridged` (the human answered, heard the summary
 * and talks to the caller; the call ends for the agent with `transfer`) or
 * `agent.transfer_failed` (no answer, busy, declined: the caller is back with the agent).
 */
export type TransferEvent = CallEvent<
  TransferEventName,
  {
    readonly mode: 'warm';
    /** The human's number. */
    readonly transferTo: string;
    /** What the human hears before being put through. */
    readonly summary: string | null;
    /** Why it failed (`no-answer`, `busy`, `failed`, `canceled`); null otherwise. */
    readonly failureReason: string | null;
  }
>;

export const transferEvent = (
  event: TransferEventName,
  call: Call,
  transfer: { readonly transferTo: string; readonly summary: string | null; readonly failureReason: string | null },
  now: Date,
): TransferEvent =>
  callEvent(event, call, now, { mode: 'warm' as const, transferTo: transfer.transferTo, summary: transfer.summary, failureReason: transfer.failureReason });
