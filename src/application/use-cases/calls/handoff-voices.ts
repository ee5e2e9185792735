import type { Agent } from '../../../domain/agent.js';
import type { AgentLanguage } from '../../../domain/conversation-settings.js';
import { handoffVoiceOf } from '../../../domain/handoff-voices.js';
import type { Repositories } from '../../ports/repositories.js';

/**
 * The voices of the agents the call's agent may hand it to, read as the call is answered: the
 * carrier declares them then, as it can switch only among voices declared at answer. A target
 * deleted since is left out (its handoff is refused anyway).
 */
export const handoffVoicesFor = async (repos: Pick<Repositories, 'agents'>, agent: Agent | null): Promise<readonly AgentLanguage[]> => {
  const handoffs = agent?.handoffs ?? [];
  if (!agent || handoffs.length === 0) return [];
  const targets = await Promise.all(handoffs.map((h) => repos.agents.findById(agent.projectId, h.agentId)));
  return targets.flatMap((target) => (target ? [handoffVoiceOf(target)] : []));
};
