import * as E from 'fp-ts/lib/Either.js';
import type { KnowledgeCopy } from '../../application/ports/scenario-stage.js';
import type { StageSwitchboard } from './stage-switchboard.js';

/**
 * Makes the copies of a project's knowledge bases in the scenario's project of a stage, each
 * document added from its stored text (so the stage cuts it into the passages the project has);
 * Right: the stage's id of each, by the project's.
 */
export const copyKnowledge = async (
  switchboard: StageSwitchboard,
  projectId: string,
  copies: readonly KnowledgeCopy[],
): Promise<E.Either<string, ReadonlyMap<string, string>>> => {
  const knowledge = switchboard.useCases().knowledge;
  const ids = new Map<string, string>();
  for (const copy of copies) {
    const made = await knowledge.createKnowledgeBase.execute({ projectId, fields: { name: copy.name, description: copy.description } })();
    if (E.isLeft(made)) return E.left(`the knowledge base ${copy.id} could not be copied: ${made.left._tag}`);
    for (const document of copy.documents) {
      // The stored text is already what was indexed: HTML reduced, PDFs read, headings kept as Markdown's.
      const added = await knowledge.addDocument.execute({ projectId, knowledgeBaseId: made.right.id, title: document.title, source: { format: 'markdown', content: document.content } })();
      if (E.isLeft(added)) return E.left(`a document of the knowledge base ${copy.id} could not be copied: ${added.left._tag}`);
    }
    ids.set(copy.id, made.right.id);
  }
  return E.right(ids);
};

/** The agent's definition naming the stage's copies of its knowledge bases in place of the project's. */
export const renamedKnowledge = (definition: Readonly<Record<string, unknown>>, ids: ReadonlyMap<string, string>): Readonly<Record<string, unknown>> => {
  const named = definition.knowledgeBaseIds;
  if (ids.size === 0 || !Array.isArray(named)) return definition;
  return { ...definition, knowledgeBaseIds: named.flatMap((id: unknown) => (typeof id === 'string' && ids.has(id) ? [ids.get(id)!] : [])) };
};
