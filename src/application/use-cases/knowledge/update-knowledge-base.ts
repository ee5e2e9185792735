import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { knowledgeBaseName, type KnowledgeBase } from '../../../domain/knowledge-base.js';
import { notFound, validation, type NotFound, type Validation } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { KnowledgeBaseFields } from './create-knowledge-base.js';

export type UpdateKnowledgeBaseError = NotFound | Validation;

/** Renames a knowledge base or changes its description; its documents stay as they are. */
export class UpdateKnowledgeBase {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock }) {}

  execute(input: {
    readonly projectId: string;
    readonly knowledgeBaseId: string;
    readonly changes: Partial<KnowledgeBaseFields>;
  }): TE.TaskEither<UpdateKnowledgeBaseError, KnowledgeBase> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const found = await tx.knowledgeBases.findById(input.projectId, input.knowledgeBaseId);
        if (!found) return E.left(notFound('knowledge base', input.knowledgeBaseId));
        const name = input.changes.name === undefined ? found.name : knowledgeBaseName(input.changes.name);
        if (name === null) return E.left(validation('name', 'must not be empty'));
        const description = input.changes.description === undefined ? found.description : input.changes.description;
        const updated: KnowledgeBase = { ...found, name, description, updatedAt: this.deps.clock.now() };
        await tx.knowledgeBases.save(updated);
        return E.right(updated);
      });
  }
}
