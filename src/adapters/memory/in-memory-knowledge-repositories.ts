import type { KnowledgeBaseRepository, KnowledgeDocumentRepository } from '../../application/ports/knowledge-repositories.js';
import type { PassageVector } from '../../application/ports/vector-index.js';
import { embeddedTextOf } from '../../domain/knowledge-chunks.js';
import { byCreation, pageOf, type InMemoryTables } from './in-memory-tables.js';

const documentsOf = (t: InMemoryTables, projectId: string, knowledgeBaseId: string) =>
  [...t.knowledgeDocuments.values()].filter((d) => d.projectId === projectId && d.knowledgeBaseId === knowledgeBaseId);

const vectorKey = (documentId: string, position: number): string => `${documentId} ${position}`;

/** A document's passages and their vectors gone: it is deleted, or re-indexed and its passages are new. */
const forgetPassages = (t: InMemoryTables, documentId: string): void => {
  for (const chunk of t.knowledgeChunks.get(documentId) ?? []) t.knowledgeVectors.delete(vectorKey(documentId, chunk.position));
  t.knowledgeChunks.delete(documentId);
};

export const inMemoryKnowledgeBases = (t: InMemoryTables): KnowledgeBaseRepository => ({
  findById: async (projectId, id) => {
    const found = t.knowledgeBases.get(id);
    return found?.projectId === projectId ? found : null;
  },
  findMany: async (projectId, ids) => [...new Set(ids)].flatMap((id) => {
    const found = t.knowledgeBases.get(id);
    return found?.projectId === projectId ? [found] : [];
  }),
  list: async (projectId, page) => pageOf([...t.knowledgeBases.values()].filter((kb) => kb.projectId === projectId).sort(byCreation), page),
  count: async (projectId) => [...t.knowledgeBases.values()].filter((kb) => kb.projectId === projectId).length,
  save: async (knowledgeBase) => void t.knowledgeBases.set(knowledgeBase.id, knowledgeBase),
  delete: async (projectId, id) => {
    if (t.knowledgeBases.get(id)?.projectId !== projectId) return;
    for (const document of documentsOf(t, projectId, id)) {
      t.knowledgeDocuments.delete(document.id);
      forgetPassages(t, document.id);
    }
    t.knowledgeBases.delete(id);
  },
});

export const inMemoryKnowledgeDocuments = (t: InMemoryTables): KnowledgeDocumentRepository => ({
  findById: async (projectId, knowledgeBaseId, id) => {
    const found = t.knowledgeDocuments.get(id);
    return found?.projectId === projectId && found.knowledgeBaseId === knowledgeBaseId ? found : null;
  },
  list: async (projectId, knowledgeBaseId, page) => pageOf(documentsOf(t, projectId, knowledgeBaseId).sort(byCreation), page),
  count: async (projectId, knowledgeBaseId) => documentsOf(t, projectId, knowledgeBaseId).length,
  save: async (document, chunks) => {
    forgetPassages(t, document.id);
    t.knowledgeDocuments.set(document.id, document);
    t.knowledgeChunks.set(document.id, [...chunks]);
  },
  delete: async (projectId, knowledgeBaseId, id) => {
    const found = t.knowledgeDocuments.get(id);
    if (found?.projectId !== projectId || found.knowledgeBaseId !== knowledgeBaseId) return;
    t.knowledgeDocuments.delete(id);
    forgetPassages(t, id);
  },
  claimUnembedded: async (model, limit, now, staleBefore) => {
    const claimed = [];
    for (const document of [...t.knowledgeDocuments.values()].sort(byCreation)) {
      for (const chunk of t.knowledgeChunks.get(document.id) ?? []) {
        if (claimed.length >= limit) return claimed;
        const key = vectorKey(document.id, chunk.position);
        const held = t.knowledgeVectors.get(key);
        if (held?.model === model && held.vector !== null) continue;
        if (held?.claimedAt && held.claimedAt > staleBefore) continue;
        t.knowledgeVectors.set(key, { model: held?.model ?? null, vector: held?.vector ?? null, claimedAt: now });
        claimed.push({ knowledgeBaseId: chunk.knowledgeBaseId, documentId: chunk.documentId, position: chunk.position, text: embeddedTextOf(chunk) });
      }
    }
    return claimed;
  },
  storeVectors: async (model, claimedAt, vectors) => {
    for (const v of vectors) {
      const key = vectorKey(v.documentId, v.position);
      if (t.knowledgeVectors.get(key)?.claimedAt?.getTime() !== claimedAt.getTime()) continue;
      t.knowledgeVectors.set(key, { model, vector: v.vector, claimedAt });
    }
  },
  vectorsOf: async (model, documentId) => {
    const documents = documentId === null ? [...t.knowledgeChunks.keys()] : [documentId];
    return documents.flatMap((id) =>
      (t.knowledgeChunks.get(id) ?? []).flatMap((chunk): PassageVector[] => {
        const held = t.knowledgeVectors.get(vectorKey(id, chunk.position));
        return held?.model === model && held.vector ? [{ knowledgeBaseId: chunk.knowledgeBaseId, documentId: id, position: chunk.position, vector: held.vector }] : [];
      }),
    );
  },
});
