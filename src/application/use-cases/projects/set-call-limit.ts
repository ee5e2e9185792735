import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { setCallLimit, type Project } from '../../../domain/project.js';
import { fromDomain, notFound, type NotFound, type Validation } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type SetCallLimitError = NotFound | Validation;

/** The operator sets how many calls a project may have in progress at once (default 10). */
export class SetCallLimit {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock }) {}

  execute(input: { readonly projectId: string; readonly limit: number }): TE.TaskEither<SetCallLimitError, Project> {
    const { uow, clock } = this.deps;
    return () =>
      uow.transaction(async (tx): Promise<E.Either<SetCallLimitError, Project>> => {
        const project = await tx.projects.lockById(input.projectId);
        if (!project) return E.left(notFound('project', input.projectId));
        const set = setCallLimit(project, input.limit, clock.now());
        if (E.isLeft(set)) return E.left(fromDomain(set.left));
        await tx.projects.save(set.right);
        return E.right(set.right);
      });
  }
}
