import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Suppression } from '../../../domain/suppression.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

/** The project's suppression list, newest first. */
export class ListSuppressions {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly page: PageRequest }): TE.TaskEither<never, Page<Suppression>> {
    return () => this.deps.uow.transaction(async (repos) => E.right(await repos.suppressions.list(input.projectId, input.page)));
  }
}
