import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { announce, type KnowledgeEvents } from './knowledge-events.js';

/** Removes a document and its passages: no search finds them after. */
export class DeleteDocument {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly events: KnowledgeEvents }) {}

  execute(input: { readonly projectId: string; readonly knowledgeBaseId: string; readonly documentId: string }): TE.TaskEither<NotFound, void> {
    return async () => {
      const deleted = await this.deps.uow.transaction(async (tx) => {
        if (!(await tx.knowledgeDocuments.findById(input.projectId, input.knowledgeBaseId, input.documentId))) return E.left(notFound('document', input.documentId));
        await tx.knowledgeDocuments.delete(input.projectId, input.knowledgeBaseId, input.documentId);
        return E.right(undefined);
      });
      if (E.isRight(deleted)) await announce(this.deps.events, { type: 'document-changed', knowledgeBaseId: input.knowledgeBaseId, documentId: input.documentId });
      return deleted;
    };
  }
}
