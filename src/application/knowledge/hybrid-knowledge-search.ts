import type { KnowledgePassage } from '../../domain/knowledge-base.js';
import { fuseRankings } from '../../domain/rank-fusion.js';
import type { EmbeddingModel } from '../ports/embedding-model.js';
import type { Logger } from '../ports/logger.js';
import type { VectorIndex } from '../ports/vector-index.js';
import type { KnowledgePassageLookup, KnowledgeQuery, KnowledgeSearch } from '../queries/knowledge-search.js';

/** Candidates each ranking gives the fusion: deeper than any answer, so a passage second-best in both still rises. */
const CANDIDATES = 20;

const keyOf = (p: { readonly documentId: string; readonly position: number }): string => `${p.documentId} ${p.position}`;

/**
 * Full text and vectors together: the store's full-text ranking and the vector index's nearest
 * passages to the query's embedding, combined by reciprocal-rank fusion. When the model cannot
 * embed the query, the full-text ranking answers alone: a search never fails for the vectors.
 */
export class HybridKnowledgeSearch implements KnowledgeSearch {
  constructor(
    private readonly deps: {
      readonly fullText: KnowledgeSearch;
      readonly passages: KnowledgePassageLookup;
      readonly index: VectorIndex;
      readonly model: EmbeddingModel;
      readonly logger: Logger;
    },
  ) {}

  async search(query: KnowledgeQuery): Promise<readonly KnowledgePassage[]> {
    if (query.knowledgeBaseIds.length === 0 || query.text.trim() === '') return [];
    const [embedded, words] = await Promise.all([this.deps.model.embed([query.text]), this.fullText(query)]);
    if (!embedded.ok || embedded.vectors.length !== 1) {
      this.deps.logger.warn({ reason: embedded.ok ? 'no vector' : embedded.reason }, 'query not embedded; full text alone answers');
      return words.slice(0, query.limit);
    }
    return this.fuse(query, words, await this.nearest(query, embedded.vectors[0]!));
  }

  /** The same search with the query's vector already made (a benchmark's, or a caller's cache). */
  async searchWithVector(query: KnowledgeQuery, vector: Float32Array): Promise<readonly KnowledgePassage[]> {
    if (query.knowledgeBaseIds.length === 0 || query.text.trim() === '') return [];
    const [words, near] = await Promise.all([this.fullText(query), this.nearest(query, vector)]);
    return this.fuse(query, words, near);
  }

  private fullText(query: KnowledgeQuery): Promise<readonly KnowledgePassage[]> {
    return this.deps.fullText.search({ ...query, limit: Math.max(query.limit, CANDIDATES) });
  }

  private async nearest(query: KnowledgeQuery, vector: Float32Array): Promise<readonly KnowledgePassage[]> {
    const hits = await this.deps.index.nearest(vector, query.knowledgeBaseIds, Math.max(query.limit, CANDIDATES));
    if (hits.length === 0) return [];
    return this.deps.passages.passagesAt(query.projectId, hits);
  }

  private fuse(query: KnowledgeQuery, words: readonly KnowledgePassage[], near: readonly KnowledgePassage[]): readonly KnowledgePassage[] {
    return fuseRankings([words, near], keyOf)
      .slice(0, query.limit)
      .map(({ item, score }) => ({ ...item, score: Math.round(score * 1e6) / 1e6 }));
  }
}
