import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Project } from '../../../domain/project.js';
import { notFound, type NotFound } from '../../errors.js';
import type { ProjectQuery } from '../../queries/project-query.js';

export type GetProjectError = NotFound;

/** One project, whoever owns it. */
export class GetProject {
  constructor(private readonly deps: { readonly project: ProjectQuery }) {}

  execute(input: { readonly projectId: string }): TE.TaskEither<GetProjectError, Project> {
    return async () => {
      const project = await this.deps.project.byId(input.projectId);
      return project ? E.right(project) : E.left(notFound('project', input.projectId));
    };
  }
}
