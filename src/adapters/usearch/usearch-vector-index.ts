import { Index, MetricKind, ScalarKind } from 'usearch';
import type { PassageKey, PassageVector, VectorHit, VectorIndex } from '../../application/ports/vector-index.js';

/** usearch's defaults: links each vector keeps, and how widely a graph is walked to add and to search. */
const GRAPH = { connectivity: 16, expansionAdd: 128, expansionSearch: 64 } as const;

/** One knowledge base's graph, and what each of its keys stands for. */
interface BaseGraph {
  readonly index: Index;
  readonly passages: Map<bigint, PassageKey>;
  readonly byDocument: Map<string, bigint[]>;
}

/**
 * Approximate nearest neighbours in process with usearch (HNSW graphs, cosine distance): one
 * graph per knowledge base, so a search walks only the bases asked for and a deleted base is
 * dropped whole. Vectors are replaced a document at a time; usearch marks removed keys and
 * reuses their room.
 */
export class UsearchVectorIndex implements VectorIndex {
  private readonly bases = new Map<string, BaseGraph>();
  private nextKey = 1n;

  replaceDocument(knowledgeBaseId: string, documentId: string, vectors: readonly PassageVector[]): void {
    const base = this.bases.get(knowledgeBaseId);
    for (const key of base?.byDocument.get(documentId) ?? []) {
      base!.index.remove(key);
      base!.passages.delete(key);
    }
    base?.byDocument.delete(documentId);
    if (vectors.length === 0) {
      if (base && base.passages.size === 0) this.bases.delete(knowledgeBaseId);
      return;
    }
    const graph = base ?? this.graphFor(knowledgeBaseId, vectors[0]!.vector.length);
    const keys: bigint[] = [];
    for (const v of vectors) {
      if (v.vector.length !== graph.index.dimensions()) continue;
      const key = this.nextKey++;
      graph.index.add(key, v.vector);
      graph.passages.set(key, { knowledgeBaseId, documentId, position: v.position });
      keys.push(key);
    }
    graph.byDocument.set(documentId, keys);
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
      const graph = this.bases.get(id);
      if (!graph || graph.passages.size === 0 || vector.length !== graph.index.dimensions()) continue;
      const found = graph.index.search(vector, Math.min(limit, graph.passages.size), 0);
      found.keys.forEach((key, i) => {
        const passage = graph.passages.get(key);
        if (passage) hits.push({ ...passage, distance: found.distances[i]! });
      });
    }
    return hits.sort((a, b) => a.distance - b.distance).slice(0, limit);
  }

  size(): number {
    let total = 0;
    for (const graph of this.bases.values()) total += graph.passages.size;
    return total;
  }

  private graphFor(knowledgeBaseId: string, dimensions: number): BaseGraph {
    const graph: BaseGraph = {
      index: new Index(dimensions, MetricKind.Cos, ScalarKind.F32, GRAPH.connectivity, GRAPH.expansionAdd, GRAPH.expansionSearch, false),
      passages: new Map(),
      byDocument: new Map(),
    };
    this.bases.set(knowledgeBaseId, graph);
    return graph;
  }
}
