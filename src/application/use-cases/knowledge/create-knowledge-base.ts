import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { KNOWLEDGE_LIMITS, knowledgeBaseName, type KnowledgeBase } from '../../../domain/knowledge-base.js';
import { validation, type Validation } from '../../errors.js';
import type { CoreDeps } from '../common/deps.js';

export interface KnowledgeBaseFields {
  readonly name: string;
  readonly description: string | null;
}

export type CreateKnowledgeBaseError = Validation;

/** A new, empty knowledge base; a project has at most {@link KNOWLEDGE_LIMITS.knowledgeBasesPerProject}. */
export class CreateKnowledgeBase {
  constructor(private readonly deps: CoreDeps) {}

  execute(input: { readonly projectId: string; readonly fields: KnowledgeBaseFields }): TE.TaskEither<CreateKnowledgeBaseError, KnowledgeBase> {
    const { uow, clock, ids } = this.deps;
    return () =>
      uow.transaction(async (tx) => {
        const name = knowledgeBaseName(input.fields.name);
        if (name === null) return E.left(validation('name', 'must not be empty'));
        const limit = KNOWLEDGE_LIMITS.knowledgeBasesPerProject;
        if ((await tx.knowledgeBases.count(input.projectId)) >= limit) {
          return E.left(validation('knowledgeBases', `limit reached: a project may have at most ${limit} knowledge bases`, 'limit_exceeded'));
        }
        const now = clock.now();
        const knowledgeBase: KnowledgeBase = {
          id: ids.next('kb'),
          projectId: input.projectId,
          name,
          description: input.fields.description,
          createdAt: now,
          updatedAt: now,
        };
        await tx.knowledgeBases.save(knowledgeBase);
        return E.right(knowledgeBase);
      });
  }
}
