import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { KnowledgeBase } from '../../../domain/knowledge-base.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

/** The project's knowledge bases, oldest first. */
export class ListKnowledgeBases {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly page: PageRequest }): TE.TaskEither<never, Page<KnowledgeBase>> {
    return () => this.deps.uow.transaction(async (repos) => E.right(await repos.knowledgeBases.list(input.projectId, input.page)));
  }
}
