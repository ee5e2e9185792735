import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { AgentWithNumbers } from '../../ports/repositories.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type GetAgentError = NotFound;

export class GetAgent {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly agentId: string }): TE.TaskEither<GetAgentError, AgentWithNumbers> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const view = await tx.agents.findWithNumbers(input.projectId, input.agentId);
        return view ? E.right(view) : E.left(notFound('agent', input.agentId));
      });
  }
}
