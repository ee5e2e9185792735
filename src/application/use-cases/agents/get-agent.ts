import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import { readOnly, type UnitOfWork } from '../../ports/unit-of-work.js';
import { withNumbers, type AgentWithNumbers } from './agent-with-numbers.js';

export type GetAgentError = NotFound;

export class GetAgent {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly agentId: string }): TE.TaskEither<GetAgentError, AgentWithNumbers> {
    return () =>
      readOnly(this.deps.uow, async (tx) => {
        const agent = await tx.agents.findById(input.projectId, input.agentId);
        if (!agent) return E.left(notFound('agent', input.agentId));
        const [view] = await withNumbers(tx, [agent]);
        return E.right(view!);
      });
  }
}
