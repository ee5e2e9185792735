import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { TestRun } from '../../../domain/agent-test.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { AgentTestQueries } from '../../queries/agent-test-queries.js';

/** The project's test runs (or one agent's), newest first. */
export class ListTestRuns {
  constructor(private readonly deps: { readonly queries: AgentTestQueries }) {}

  execute(input: { readonly projectId: string; readonly agentId: string | null; readonly page: PageRequest }): TE.TaskEither<never, Page<TestRun>> {
    return async () => E.right(await this.deps.queries.listRuns(input.projectId, input.agentId, input.page));
  }
}
