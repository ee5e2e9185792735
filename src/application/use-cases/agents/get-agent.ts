import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { AgentWithNumbers } from '../../ports/repositories.js';
import type { AgentQuery } from '../../queries/agent-query.js';

export type GetAgentError = NotFound;

export class GetAgent {
  constructor(private readonly deps: { readonly agent: AgentQuery }) {}

  execute(input: { readonly projectId: string; readonly agentId: string }): TE.TaskEither<GetAgentError, AgentWithNumbers> {
    return async () => {
      const view = await this.deps.agent.withNumbers(input.projectId, input.agentId);
      return view ? E.right(view) : E.left(notFound('agent', input.agentId));
    };
  }
}
