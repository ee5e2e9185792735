import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { KNOWLEDGE_LIMITS, titleOf, type KnowledgeDocument } from '../../../domain/knowledge-base.js';
import { passagesOf } from '../../../domain/knowledge-chunks.js';
import { notFound, validation, type NotFound, type TooLarge, type Validation } from '../../errors.js';
import type { CoreDeps } from '../common/deps.js';
import { readDocument, type DocumentReading, type DocumentSource } from './document-text.js';
import { announce, type KnowledgeEvents } from './knowledge-events.js';

export type AddDocumentError = NotFound | Validation | TooLarge;

export const CHUNK_BOUNDS = { maxChars: KNOWLEDGE_LIMITS.chunkChars, overlapChars: KNOWLEDGE_LIMITS.overlapChars } as const;

/**
 * Adds a document to a knowledge base: its text read (HTML reduced, a URL fetched) before the
 * unit of work, then cut into passages and stored with them in one, so a search never sees it
 * half indexed. Nothing is stored when the text is too large or cannot be read. Its vectors,
 * where an embedding model is configured, are made afterwards by the embedder it announces itself to.
 */
export class AddDocument {
  constructor(private readonly deps: CoreDeps & { readonly reading: DocumentReading; readonly events: KnowledgeEvents }) {}

  execute(input: {
    readonly projectId: string;
    readonly knowledgeBaseId: string;
    readonly title: string | null;
    readonly source: DocumentSource;
  }): TE.TaskEither<AddDocumentError, KnowledgeDocument> {
    const { uow, clock, ids } = this.deps;
    return async () => {
      const known = await uow.transaction(async (repos) => E.right(await repos.knowledgeBases.findById(input.projectId, input.knowledgeBaseId)));
      if (E.isRight(known) && known.right === null) return E.left(notFound('knowledge base', input.knowledgeBaseId));
      const read = await readDocument(input.source, this.deps.reading);
      if (E.isLeft(read)) return read;
      const added = await uow.transaction(async (tx): Promise<E.Either<AddDocumentError, KnowledgeDocument>> => {
        if (!(await tx.knowledgeBases.findById(input.projectId, input.knowledgeBaseId))) return E.left(notFound('knowledge base', input.knowledgeBaseId));
        const limit = KNOWLEDGE_LIMITS.documentsPerKnowledgeBase;
        if ((await tx.knowledgeDocuments.count(input.projectId, input.knowledgeBaseId)) >= limit) {
          return E.left(validation('documents', `limit reached: a knowledge base may have at most ${limit} documents`, 'limit_exceeded'));
        }
        const now = clock.now();
        const { text, format, sourceUrl } = read.right;
        const key = { id: ids.next('kdoc'), projectId: input.projectId, knowledgeBaseId: input.knowledgeBaseId };
        const chunks = passagesOf(key, text, CHUNK_BOUNDS);
        const title = input.title?.trim() || titleOf(text, sourceUrl);
        const document: KnowledgeDocument = { ...key, title, format, sourceUrl, content: text, chunkCount: chunks.length, createdAt: now, updatedAt: now };
        await tx.knowledgeDocuments.save(document, chunks);
        return E.right(document);
      });
      if (E.isRight(added)) await announce(this.deps.events, { type: 'document-changed', knowledgeBaseId: input.knowledgeBaseId, documentId: added.right.id });
      return added;
    };
  }
}
