/** Where a passage is: its document and its place in it. */
export interface PassageKey {
  readonly knowledgeBaseId: string;
  readonly documentId: string;
  readonly position: number;
}

/** A passage's vector, as the embedding model made it. */
export interface PassageVector extends PassageKey {
  readonly vector: Float32Array;
}

/** A passage near a query's vector: `distance` is the cosine distance, 0 the same direction. */
export interface VectorHit extends PassageKey {
  readonly distance: number;
}

/**
 * Passages' vectors searched by nearness. The in-process adapter holds them in memory (loaded
 * from the store at start, kept current through the event bus); an adapter over pgvector would
 * keep nothing and ask the database, so the writes here are what a node must learn, not the
 * store's own writes.
 */
export interface VectorIndex {
  /** Puts `vectors` in place of every vector the document had; none forgets the document. */
  replaceDocument(knowledgeBaseId: string, documentId: string, vectors: readonly PassageVector[]): void;
  removeKnowledgeBase(knowledgeBaseId: string): void;
  /** Forgets every vector (before a reload). */
  clear(): void;
  /** The `limit` passages of these knowledge bases nearest `vector`, nearest first. */
  nearest(vector: Float32Array, knowledgeBaseIds: readonly string[], limit: number): Promise<readonly VectorHit[]>;
  /** Vectors held. */
  size(): number;
}
