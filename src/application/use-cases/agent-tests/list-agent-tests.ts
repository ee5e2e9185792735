import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AgentTest } from '../../../domain/agent-test.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { AgentTestQueries } from '../../queries/agent-test-queries.js';

/** An agent's tests, oldest first. */
export class ListAgentTests {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly queries: AgentTestQueries }) {}

  execute(input: { readonly projectId: string; readonly agentId: string; readonly page: PageRequest }): TE.TaskEither<NotFound, Page<AgentTest>> {
    return async () => {
      const agent = await this.deps.uow.transaction(async (repos) => E.right(await repos.agents.findById(input.projectId, input.agentId)));
      if (E.isRight(agent) && agent.right === null) return E.left(notFound('agent', input.agentId));
      return E.right(await this.deps.queries.listTests(input.projectId, input.agentId, input.page));
    };
  }
}
