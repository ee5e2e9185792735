import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { announce, type KnowledgeEvents } from './knowledge-events.js';

/** Removes a knowledge base with its documents and passages; agents that named it search it no more. */
export class DeleteKnowledgeBase {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly events: KnowledgeEvents }) {}

  execute(input: { readonly projectId: string; readonly knowledgeBaseId: string }): TE.TaskEither<NotFound, void> {
    return async () => {
      const deleted = await this.deps.uow.transaction(async (tx) => {
        const found = await tx.knowledgeBases.findById(input.projectId, input.knowledgeBaseId);
        if (!found) return E.left(notFound('knowledge base', input.knowledgeBaseId));
        await tx.knowledgeBases.delete(input.projectId, input.knowledgeBaseId);
        return E.right(undefined);
      });
      if (E.isRight(deleted)) await announce(this.deps.events, { type: 'knowledge-base-removed', knowledgeBaseId: input.knowledgeBaseId });
      return deleted;
    };
  }
}
