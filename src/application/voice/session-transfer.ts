import type { Agent } from '../../domain/agent.js';
import { behaviourOf } from '../../domain/call-behaviour.js';
import type { Call } from '../../domain/call.js';
import type { AgentAction } from '../ports/agent-brain.js';

/** What a transfer the brain asked for comes to: a cold one, a warm one with its briefing, or a refusal to log. */
export type TransferPlan =
  | { readonly kind: 'cold'; readonly to: string }
  | { readonly kind: 'warm'; readonly to: string; readonly briefing: string; readonly timeoutSeconds: number }
  | { readonly kind: 'refused'; readonly warning: string };

/**
 * A cold transfer goes to the agent's transfer number. A warm one hands the caller to a human
 * who is briefed first: without a summary the human hears who is calling.
 */
export function transferPlanOf(action: Extract<AgentAction, { readonly kind: 'transfer' }>, call: Call, agent: Agent | null): TransferPlan {
  if (action.mode === 'warm') {
    const to = action.to ?? agent?.transferNumber ?? null;
    if (to === null) return { kind: 'refused', warning: 'warm transfer refused: no number given and the agent has no transferNumber' };
    const briefing = action.summary?.trim() || `A caller from ${call.direction === 'inbound' ? call.fromNumber : call.toNumber} needs help.`;
    return { kind: 'warm', to, briefing, timeoutSeconds: behaviourOf(agent).transferTimeoutSeconds };
  }
  const to = agent?.transferNumber ?? null;
  if (to === null) return { kind: 'refused', warning: 'transfer refused: the agent has no transferNumber; set one on the agent to allow cold transfers' };
  return { kind: 'cold', to };
}
