import type { KnowledgeBase, KnowledgeChunk, KnowledgeDocument } from '../../domain/knowledge-base.js';
import type { Page, PageRequest } from './pagination.js';
import type { PassageKey, PassageVector } from './vector-index.js';

/** Part of `Repositories` (as `knowledgeBases`): the project's knowledge bases. */
export interface KnowledgeBaseRepository {
  findById(projectId: string, id: string): Promise<KnowledgeBase | null>;
  /** Of these ids, the knowledge bases the project has, in no particular order. */
  findMany(projectId: string, ids: readonly string[]): Promise<readonly KnowledgeBase[]>;
  /** Oldest first. */
  list(projectId: string, page: PageRequest): Promise<Page<KnowledgeBase>>;
  count(projectId: string): Promise<number>;
  save(knowledgeBase: KnowledgeBase): Promise<void>;
  /** Removes the knowledge base with its documents and their passages. */
  delete(projectId: string, id: string): Promise<void>;
}

/** Part of `Repositories` (as `knowledgeDocuments`): the documents of knowledge bases and their indexed passages. */
export interface KnowledgeDocumentRepository {
  findById(projectId: string, knowledgeBaseId: string, id: string): Promise<KnowledgeDocument | null>;
  /** Oldest first. */
  list(projectId: string, knowledgeBaseId: string, page: PageRequest): Promise<Page<KnowledgeDocument>>;
  count(projectId: string, knowledgeBaseId: string): Promise<number>;
  /** Stores the document and puts `chunks` in place of the passages it had: it is re-indexed as a whole. */
  save(document: KnowledgeDocument, chunks: readonly KnowledgeChunk[]): Promise<void>;
  /** Removes the document and its passages. */
  delete(projectId: string, knowledgeBaseId: string, id: string): Promise<void>;
  /**
   * Claims up to `limit` passages with no vector of `model` that no embedder claimed after
   * `staleBefore` (one that failed or died), stamping them `now`; oldest documents first.
   */
  claimUnembedded(model: string, limit: number, now: Date, staleBefore: Date): Promise<readonly ClaimedPassage[]>;
  /** Stores the vectors of passages claimed at `claimedAt`; a passage replaced since then (its document re-indexed) is left alone. */
  storeVectors(model: string, claimedAt: Date, vectors: readonly PassageVector[]): Promise<void>;
  /** The stored vectors of `model`: of one document, or (null) of every document, in no particular order. */
  vectorsOf(model: string, documentId: string | null): Promise<readonly PassageVector[]>;
}

/** A passage an embedder took to embed: its key and the text it is embedded from (its headings and its words). */
export interface ClaimedPassage extends PassageKey {
  readonly text: string;
}
