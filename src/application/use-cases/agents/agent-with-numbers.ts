import type { Agent } from '../../../domain/agent.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import type { Repositories } from '../../ports/repositories.js';

/** An agent as the API shows it: with the live numbers attached to it. */
export interface AgentWithNumbers {
  readonly agent: Agent;
  readonly numbers: readonly PhoneNumber[];
}

export const withNumbers = async (
  tx: Repositories,
  agents: readonly Agent[],
): Promise<AgentWithNumbers[]> => {
  const numbers = agents.length === 0 ? [] : await tx.numbers.listByAgents(agents.map((a) => a.id));
  return agents.map((agent) => ({ agent, numbers: numbers.filter((n) => n.agentId === agent.id) }));
};
