import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Agent } from '../../../domain/agent.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type DeleteAgentError = NotFound;

/** Deletes the agent; its numbers, conversations and calls stay, with no agent. */
export class DeleteAgent {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly agentId: string }): TE.TaskEither<DeleteAgentError, Agent> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const agent = await tx.agents.findById(input.projectId, input.agentId);
        if (!agent) return E.left(notFound('agent', input.agentId));
        await tx.numbers.detachAgent(agent.id);
        await tx.conversations.detachAgent(agent.id);
        await tx.calls.detachAgent(agent.id);
        const webhook = await tx.webhooks.findForAgent(input.projectId, agent.id);
        if (webhook) await tx.webhooks.delete(input.projectId, webhook.id);
        await tx.agents.delete(input.projectId, agent.id);
        return E.right(agent);
      });
  }
}
