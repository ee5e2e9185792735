import type { KnowledgePassage } from '../../domain/knowledge-base.js';
import type { PassageKey } from '../ports/vector-index.js';

/** What to look for, and where. */
export interface KnowledgeQuery {
  readonly projectId: string;
  /** The knowledge bases searched together (of the project only). */
  readonly knowledgeBaseIds: readonly string[];
  /** Words as a person types them: `"quoted phrases"`, `-excluded`, `or`. */
  readonly text: string;
  readonly limit: number;
}

/**
 * Search over the passages of knowledge bases, best first; nothing found is an empty answer.
 * The store answers it by full text: the words of the query matched by their stems and ranked,
 * and words spelt a little wrong still matched by their trigrams.
 */
export interface KnowledgeSearch {
  search(query: KnowledgeQuery): Promise<readonly KnowledgePassage[]>;
}

/** Passages read by where they are (a vector index's hits), of the project's knowledge bases only, in the order asked; `score` is 0. */
export interface KnowledgePassageLookup {
  passagesAt(projectId: string, keys: readonly PassageKey[]): Promise<readonly KnowledgePassage[]>;
}
