import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { cancelRun, type TestRun } from '../../../domain/agent-test.js';
import { conflict, notFound, type Conflict, type NotFound } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { TestRunQueue } from '../../ports/test-run-queue.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type CancelTestRunError = NotFound | Conflict;

/** Stops a queued or running run: it keeps the results it has, and plays no further scenario. */
export class CancelTestRun {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock; readonly runs: TestRunQueue }) {}

  execute(input: { readonly projectId: string; readonly runId: string }): TE.TaskEither<CancelTestRunError, TestRun> {
    return async () => {
      const cancelled = await this.deps.uow.transaction(async (tx): Promise<E.Either<CancelTestRunError, TestRun>> => {
        const found = await tx.testRuns.findById(input.projectId, input.runId);
        if (!found) return E.left(notFound('test run', input.runId));
        const run = cancelRun(found, 'cancelled on request', this.deps.clock.now());
        if (E.isLeft(run)) return E.left(conflict(`test run ${input.runId} is ${run.left.status}; only a queued or running run can be cancelled`));
        await tx.testRuns.save(run.right);
        return E.right(run.right);
      });
      if (E.isRight(cancelled)) this.deps.runs.cancel(cancelled.right.id);
      return cancelled;
    };
  }
}
