import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Project } from '../../../domain/project.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type GetProjectError = NotFound;

/** One project, whoever owns it. */
export class GetProject {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string }): TE.TaskEither<GetProjectError, Project> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const project = await tx.projects.findById(input.projectId);
        return project ? E.right(project) : E.left(notFound('project', input.projectId));
      });
  }
}
