import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { KnowledgeDocument } from '../../../domain/knowledge-base.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

/** A knowledge base's documents, oldest first. */
export class ListDocuments {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly knowledgeBaseId: string; readonly page: PageRequest }): TE.TaskEither<NotFound, Page<KnowledgeDocument>> {
    return () =>
      this.deps.uow.transaction(async (repos) => {
        if (!(await repos.knowledgeBases.findById(input.projectId, input.knowledgeBaseId))) return E.left(notFound('knowledge base', input.knowledgeBaseId));
        return E.right(await repos.knowledgeDocuments.list(input.projectId, input.knowledgeBaseId, input.page));
      });
  }
}
