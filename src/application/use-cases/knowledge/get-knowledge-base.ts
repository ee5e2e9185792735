import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { KnowledgeBase } from '../../../domain/knowledge-base.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export class GetKnowledgeBase {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly knowledgeBaseId: string }): TE.TaskEither<NotFound, KnowledgeBase> {
    return () =>
      this.deps.uow.transaction(async (repos) => {
        const found = await repos.knowledgeBases.findById(input.projectId, input.knowledgeBaseId);
        return found ? E.right(found) : E.left(notFound('knowledge base', input.knowledgeBaseId));
      });
  }
}
