import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Project } from '../../../domain/project.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { ProjectListQuery } from '../../queries/project-list-query.js';

/** Every project, oldest first; `email` keeps those whose address contains it (any case). */
export class ListProjects {
  constructor(private readonly deps: { readonly projects: ProjectListQuery }) {}

  execute(input: { readonly page: PageRequest; readonly email: string | null }): TE.TaskEither<never, Page<Project>> {
    const email = input.email?.trim() || null;
    return async () => E.right(await this.deps.projects.page({ ...input.page, email }));
  }
}
