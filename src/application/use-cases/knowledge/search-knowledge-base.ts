import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { KNOWLEDGE_LIMITS, type KnowledgePassage } from '../../../domain/knowledge-base.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { KnowledgeSearch } from '../../queries/knowledge-search.js';

/** A developer's try of a query on one knowledge base: the passages a hosted agent would be given. */
export class SearchKnowledgeBase {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly search: KnowledgeSearch }) {}

  execute(input: { readonly projectId: string; readonly knowledgeBaseId: string; readonly text: string; readonly limit: number }): TE.TaskEither<NotFound, readonly KnowledgePassage[]> {
    return async () => {
      const found = await this.deps.uow.transaction(async (repos) => E.right(await repos.knowledgeBases.findById(input.projectId, input.knowledgeBaseId)));
      if (E.isRight(found) && found.right === null) return E.left(notFound('knowledge base', input.knowledgeBaseId));
      const limit = Math.min(Math.max(1, input.limit), KNOWLEDGE_LIMITS.searchResults);
      return E.right(await this.deps.search.search({ projectId: input.projectId, knowledgeBaseIds: [input.knowledgeBaseId], text: input.text, limit }));
    };
  }
}
