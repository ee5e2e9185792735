import { describe, expect, it } from 'vitest';
import type { PassageVector, VectorIndex } from '../../src/application/ports/vector-index.js';

const v = (...xs: number[]) => new Float32Array(xs);
const at = (knowledgeBaseId: string, documentId: string, position: number, vector: Float32Array): PassageVector => ({ knowledgeBaseId, documentId, position, vector });

/** What every VectorIndex adapter answers: nearest first, within the bases asked, a document's vectors replaced whole. */
export const vectorIndexContract = (name: string, make: () => VectorIndex): void => {
  describe(`${name} vector index`, () => {
    it('answers the nearest passages of the bases asked, nearest first, with their cosine distance', async () => {
      const sut = make();
      sut.replaceDocument('kb_a', 'doc_1', [at('kb_a', 'doc_1', 0, v(1, 0, 0)), at('kb_a', 'doc_1', 1, v(0, 1, 0))]);
      sut.replaceDocument('kb_a', 'doc_2', [at('kb_a', 'doc_2', 0, v(0.9, 0.1, 0))]);
      sut.replaceDocument('kb_b', 'doc_3', [at('kb_b', 'doc_3', 0, v(1, 0, 0))]);

      const hits = await sut.nearest(v(1, 0, 0), ['kb_a'], 2);

      expect(hits.map((h) => [h.documentId, h.position])).toEqual([['doc_1', 0], ['doc_2', 0]]);
      expect(hits[0]!.distance).toBeCloseTo(0, 5);
      expect(hits[0]!.knowledgeBaseId).toBe('kb_a');
      expect((await sut.nearest(v(1, 0, 0), ['kb_a', 'kb_b'], 5)).map((h) => h.documentId).sort()).toEqual(['doc_1', 'doc_1', 'doc_2', 'doc_3']);
      expect(await sut.nearest(v(1, 0, 0), ['kb_none'], 5)).toEqual([]);
      expect(sut.size()).toBe(4);
    });

    it('replaces a document whole, forgets one given no vectors, and drops a base', async () => {
      const sut = make();
      sut.replaceDocument('kb_a', 'doc_1', [at('kb_a', 'doc_1', 0, v(1, 0)), at('kb_a', 'doc_1', 1, v(0, 1))]);
      sut.replaceDocument('kb_a', 'doc_2', [at('kb_a', 'doc_2', 0, v(1, 1))]);

      sut.replaceDocument('kb_a', 'doc_1', [at('kb_a', 'doc_1', 0, v(0, 1))]);
      expect(sut.size()).toBe(2);
      expect((await sut.nearest(v(1, 0), ['kb_a'], 1))[0]!.documentId).toBe('doc_2');

      sut.replaceDocument('kb_a', 'doc_2', []);
      expect((await sut.nearest(v(1, 0), ['kb_a'], 5)).map((h) => h.documentId)).toEqual(['doc_1']);

      sut.removeKnowledgeBase('kb_a');
      expect(sut.size()).toBe(0);
      expect(await sut.nearest(v(1, 0), ['kb_a'], 5)).toEqual([]);
    });
  });
};
