import * as E from 'fp-ts/lib/Either.js';
import type { Agent } from '../../../domain/agent.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Repositories } from '../../ports/repositories.js';

export interface AgentNumberInput {
  readonly projectId: string;
  readonly agentId: string;
  readonly numberId: string;
}

/** The project's agent and number named by the path, for attaching and detaching. */
export const findAgentAndNumber = async (
  tx: Repositories,
  input: AgentNumberInput,
): Promise<E.Either<NotFound, { readonly agent: Agent; readonly number: PhoneNumber }>> => {
  const agent = await tx.agents.findById(input.projectId, input.agentId);
  if (!agent) return E.left(notFound('agent', input.agentId));
  const number = await tx.numbers.findById(input.projectId, input.numberId);
  if (!number) return E.left(notFound('number', input.numberId));
  return E.right({ agent, number });
};
