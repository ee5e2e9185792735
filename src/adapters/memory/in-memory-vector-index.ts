import type { PassageVector, VectorHit, VectorIndex } from '../../application/ports/vector-index.js';

const cosineDistance = (a: Float32Array, b: Float32Array): number => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 1 : 1 - dot / Math.sqrt(na * nb);
};

/** Exact nearest neighbours by comparing with every vector: for tests and small embedded stores. */
export class InMemoryVectorIndex implements VectorIndex {
  /** Vectors by knowledge base, then by document. */
  private readonly bases = new Map<string, Map<string, readonly PassageVector[]>>();

  replaceDocument(knowledgeBaseId: string, documentId: string, vectors: readonly PassageVector[]): void {
    const base = this.bases.get(knowledgeBaseId) ?? new Map<string, readonly PassageVector[]>();
    if (vectors.length === 0) base.delete(documentId);
    else base.set(documentId, vectors);
    if (base.size === 0) this.bases.delete(knowledgeBaseId);
    else this.bases.set(knowledgeBaseId, base);
  }

  removeKnowledgeBase(knowledgeBaseId: string): void {
    this.bases.delete(knowledgeBaseId);
  }

  clear(): void {
    this.bases.clear();
  }

  async nearest(vector: Float32Array, knowledgeBaseIds: readonly string[], limit: number): Promise<readonly VectorHit[]> {
    const hits: VectorHit[] = [];
    for (const id of new Set(knowledgeBaseIds)) {
      for (const vectors of this.bases.get(id)?.values() ?? []) {
        for (const v of vectors) {
          if (v.vector.length === vector.length) hits.push({ knowledgeBaseId: id, documentId: v.documentId, position: v.position, distance: cosineDistance(vector, v.vector) });
        }
      }
    }
    return hits.sort((a, b) => a.distance - b.distance || a.documentId.localeCompare(b.documentId) || a.position - b.position).slice(0, limit);
  }

  size(): number {
    let total = 0;
    for (const base of this.bases.values()) for (const vectors of base.values()) total += vectors.length;
    return total;
  }
}
