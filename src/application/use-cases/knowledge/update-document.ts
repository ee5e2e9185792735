import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { KnowledgeDocument } from '../../../domain/knowledge-base.js';
import { passagesOf } from '../../../domain/knowledge-chunks.js';
import { notFound, type NotFound, type TooLarge, type Validation } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { CHUNK_BOUNDS } from './add-document.js';
import { readDocument, type DocumentReading, type DocumentSource } from './document-text.js';
import { announce, type KnowledgeEvents } from './knowledge-events.js';

export type UpdateDocumentError = NotFound | Validation | TooLarge;

/**
 * Retitles a document, or gives it new text (or a URL, fetched again): then it is re-indexed,
 * its old passages replaced in the same unit of work.
 */
export class UpdateDocument {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock; readonly reading: DocumentReading; readonly events: KnowledgeEvents }) {}

  execute(input: {
    readonly projectId: string;
    readonly knowledgeBaseId: string;
    readonly documentId: string;
    readonly title: string | null;
    readonly source: DocumentSource | null;
  }): TE.TaskEither<UpdateDocumentError, KnowledgeDocument> {
    const { uow, clock } = this.deps;
    const missing = notFound('document', input.documentId);
    return async () => {
      const read = input.source === null ? null : await readDocument(input.source, this.deps.reading);
      if (read !== null && E.isLeft(read)) return read;
      const updated = await uow.transaction(async (tx): Promise<E.Either<UpdateDocumentError, KnowledgeDocument>> => {
        const found = await tx.knowledgeDocuments.findById(input.projectId, input.knowledgeBaseId, input.documentId);
        if (!found) return E.left(missing);
        const title = input.title?.trim() || found.title;
        if (read === null) {
          const retitled = { ...found, title, updatedAt: clock.now() };
          const chunks = passagesOf(found, found.content, CHUNK_BOUNDS);
          await tx.knowledgeDocuments.save(retitled, chunks);
          return E.right(retitled);
        }
        const { text, format, sourceUrl } = read.right;
        const chunks = passagesOf(found, text, CHUNK_BOUNDS);
        const updated: KnowledgeDocument = { ...found, title, format, sourceUrl, content: text, chunkCount: chunks.length, updatedAt: clock.now() };
        await tx.knowledgeDocuments.save(updated, chunks);
        return E.right(updated);
      });
      if (E.isRight(updated)) await announce(this.deps.events, { type: 'document-changed', knowledgeBaseId: input.knowledgeBaseId, documentId: input.documentId });
      return updated;
    };
  }
}
