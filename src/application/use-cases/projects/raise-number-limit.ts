import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { raiseNumberLimit, type Project } from '../../../domain/project.js';
import { fromDomain, notFound, type NotFound, type Validation } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type RaiseNumberLimitError = NotFound | Validation;

/** The operator lets a project provision more numbers in its lifetime than the default 10. */
export class RaiseNumberLimit {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock }) {}

  execute(input: { readonly projectId: string; readonly limit: number }): TE.TaskEither<RaiseNumberLimitError, Project> {
    const { uow, clock } = this.deps;
    return () =>
      uow.transaction(async (tx): Promise<E.Either<RaiseNumberLimitError, Project>> => {
        const project = await tx.projects.lockById(input.projectId);
        if (!project) return E.left(notFound('project', input.projectId));
        const raised = raiseNumberLimit(project, input.limit, clock.now());
        if (E.isLeft(raised)) return E.left(fromDomain(raised.left));
        await tx.projects.save(raised.right);
        return E.right(raised.right);
      });
  }
}
