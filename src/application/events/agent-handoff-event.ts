import type { CallHandoff } from '../../domain/call-handoff.js';
import type { Call } from '../../domain/call.js';
import { callEvent, type CallEvent } from './call-event.js';

/**
 * `agent.handoff` on channel `voice`: one agent passed a live call to another of the project (a
 * hosted agent's `handoff_to_…` tool, a webhook's `{"action":"handoff"}`). The call goes on with
 * the new agent; `agentId` is the new one's.
 */
export type AgentHandoffEvent = CallEvent<
  'agent.handoff',
  {
    readonly fromAgentId: string | null;
    readonly toAgentId: string;
    /** What the first agent told the next about the caller. */
    readonly summary: string | null;
    /** Handoffs of the call so far, this one included. */
    readonly handoffCount: number;
  }
>;

export const agentHandoffEvent = (call: Call, handoff: CallHandoff, now: Date): AgentHandoffEvent =>
  callEvent('agent.handoff', call, now, {
    fromAgentId: handoff.fromAgentId,
    toAgentId: handoff.toAgentId,
    summary: handoff.summary,
    handoffCount: call.handoffs?.length ?? 0,
  });
