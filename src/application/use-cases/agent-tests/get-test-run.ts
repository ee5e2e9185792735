import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { TestRun } from '../../../domain/agent-test.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export class GetTestRun {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly runId: string }): TE.TaskEither<NotFound, TestRun> {
    return () =>
      this.deps.uow.transaction(async (repos) => {
        const found = await repos.testRuns.findById(input.projectId, input.runId);
        return found ? E.right(found) : E.left(notFound('test run', input.runId));
      });
  }
}
