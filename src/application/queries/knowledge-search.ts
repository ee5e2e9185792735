import type { KnowledgePassage } from '../../domain/knowledge-base.js';

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
 * Full-text search over the passages of knowledge bases: the words of the query matched by
 * their stems and ranked, and words spelt a little wrong still matched by their trigrams.
 * Best first; nothing found is an empty answer.
 */
export interface KnowledgeSearch {
  search(query: KnowledgeQuery): Promise<readonly KnowledgePassage[]>;
}
