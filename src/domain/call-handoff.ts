import * as E from 'fp-ts/lib/Either.js';
import { MAX_HANDOFFS_PER_CALL } from './agent-handoff.js';
import type { Agent } from './agent.js';
import type { Call, CallHandoff } from './call.js';

export type { CallHandoff } from './call.js';

export type HandoffRefusal =
  | { readonly _tag: 'HandoffLimitReached'; readonly limit: number }
  | { readonly _tag: 'HandoffNotAllowed'; readonly toAgentId: string }
  | { readonly _tag: 'CallNotLive' };

/** A summary is a briefing: a few sentences. */
const MAX_SUMMARY = 1000;

/** How many more handoffs the call may make. */
export const handoffsLeft = (call: Pick<Call, 'handoffs'>): number => MAX_HANDOFFS_PER_CALL - (call.handoffs?.length ?? 0);

/**
 * The call goes on with `to`: its agent, voice mode, voice and language become the new agent's,
 * the handoff joins the call's history. Refused past the call's limit, or to an agent the one on
 * the call does not list.
 */
export const handOffCall = (call: Call, from: Agent | null, to: Agent, summary: string | null, now: Date): E.Either<HandoffRefusal, Call> => {
  if (call.status !== 'in-progress') return E.left({ _tag: 'CallNotLive' });
  if (handoffsLeft(call) <= 0) return E.left({ _tag: 'HandoffLimitReached', limit: MAX_HANDOFFS_PER_CALL });
  if (!from?.handoffs?.some((h) => h.agentId === to.id) || to.projectId !== call.projectId) return E.left({ _tag: 'HandoffNotAllowed', toAgentId: to.id });
  const handoff: CallHandoff = { fromAgentId: call.agentId, toAgentId: to.id, summary: summary?.trim().slice(0, MAX_SUMMARY) || null, at: now };
  return E.right({
    ...call,
    agentId: to.id,
    voiceMode: to.voiceMode,
    voice: to.voice,
    language: to.language,
    ...(to.conversation ? { conversation: to.conversation } : {}),
    handoffs: [...(call.handoffs ?? []), handoff],
  });
};

/** The agents of a call, first to last: the one it started with, then each it was handed to. */
export const agentsOfCall = (call: Pick<Call, 'agentId' | 'handoffs' | 'startedAt'>): { readonly agentId: string | null; readonly since: Date; readonly summary: string | null }[] => {
  const handoffs = call.handoffs ?? [];
  const first = handoffs.length > 0 ? handoffs[0]!.fromAgentId : call.agentId;
  return [{ agentId: first, since: call.startedAt, summary: null }, ...handoffs.map((h) => ({ agentId: h.toAgentId, since: h.at, summary: h.summary }))];
};
