import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AgentTest } from '../../../domain/agent-test.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export class GetAgentTest {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly agentId: string; readonly testId: string }): TE.TaskEither<NotFound, AgentTest> {
    return () =>
      this.deps.uow.transaction(async (repos) => {
        const found = await repos.agentTests.findById(input.projectId, input.agentId, input.testId);
        return found ? E.right(found) : E.left(notFound('test', input.testId));
      });
  }
}
