import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

/** Forgets a test; the runs that played it keep their results. */
export class DeleteAgentTest {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly agentId: string; readonly testId: string }): TE.TaskEither<NotFound, void> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        if (!(await tx.agentTests.findById(input.projectId, input.agentId, input.testId))) return E.left(notFound('test', input.testId));
        await tx.agentTests.delete(input.projectId, input.agentId, input.testId);
        return E.right(undefined);
      });
  }
}
