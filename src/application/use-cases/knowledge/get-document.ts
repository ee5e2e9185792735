import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { KnowledgeDocument } from '../../../domain/knowledge-base.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export class GetDocument {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly knowledgeBaseId: string; readonly documentId: string }): TE.TaskEither<NotFound, KnowledgeDocument> {
    return () =>
      this.deps.uow.transaction(async (repos) => {
        const found = await repos.knowledgeDocuments.findById(input.projectId, input.knowledgeBaseId, input.documentId);
        return found ? E.right(found) : E.left(notFound('document', input.documentId));
      });
  }
}
