import { invalidField, type InvalidField } from './errors.js';
import * as E from 'fp-ts/lib/Either.js';

/** Another agent of the project this agent may pass the caller to, in the same call. */
export interface AgentHandoff {
  readonly agentId: string;
  /** When to hand over, as the model (or the developer of a webhook agent) reads it. */
  readonly description: string;
  /** What follows `handoff_to_` in a hosted agent's tool; made from the target's name when it is saved. */
  readonly name: string;
}

export const MAX_AGENT_HANDOFFS = 10;
/** Handoffs one call may make: past it the tool is not offered and a webhook's handoff is refused, so agents cannot pass a caller round forever. */
export const MAX_HANDOFFS_PER_CALL = 5;

export const HANDOFF_TOOL_PREFIX = 'handoff_to_';

const HANDOFF_NAME = /^[a-z0-9_]{1,40}$/;

/** A tool-name part from an agent's name: lower case, words joined by `_`. */
export const handoffNameOf = (agentName: string): string => {
  const slug = agentName.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40);
  return slug === '' ? 'agent' : slug;
};

export const handoffToolName = (handoff: Pick<AgentHandoff, 'name'>): string => `${HANDOFF_TOOL_PREFIX}${handoff.name}`;

/** The rules an agent's handoff list keeps by itself; that each target is an agent of the project is checked where agents are read. */
export const checkHandoffs = (selfId: string, handoffs: readonly AgentHandoff[]): E.Either<InvalidField, readonly AgentHandoff[]> => {
  if (handoffs.length > MAX_AGENT_HANDOFFS) return E.left(invalidField('handoffs', `must hold at most ${MAX_AGENT_HANDOFFS} agents`));
  const agents = new Set<string>();
  const names = new Set<string>();
  for (const [index, handoff] of handoffs.entries()) {
    if (handoff.agentId === selfId) return E.left(invalidField(`handoffs.${index}.agentId`, 'names this agent itself'));
    if (agents.has(handoff.agentId)) return E.left(invalidField(`handoffs.${index}.agentId`, 'names an agent twice'));
    agents.add(handoff.agentId);
    if (handoff.description.trim() === '') return E.left(invalidField(`handoffs.${index}.description`, 'must not be empty'));
    if (!HANDOFF_NAME.test(handoff.name)) return E.left(invalidField(`handoffs.${index}.name`, 'must be 1-40 lower-case letters, digits or _'));
    if (names.has(handoff.name)) return E.left(invalidField(`handoffs.${index}.name`, 'is used by another handoff of this agent'));
    names.add(handoff.name);
  }
  return E.right(handoffs);
};
