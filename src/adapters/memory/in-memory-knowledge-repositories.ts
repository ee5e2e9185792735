import type { KnowledgeBaseRepository, KnowledgeDocumentRepository } from '../../application/ports/knowledge-repositories.js';
import { byCreation, pageOf, type InMemoryTables } from './in-memory-tables.js';

const documentsOf = (t: InMemoryTables, projectId: string, knowledgeBaseId: string) =>
  [...t.knowledgeDocuments.values()].filter((d) => d.projectId === projectId && d.knowledgeBaseId === knowledgeBaseId);

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
      t.knowledgeChunks.delete(document.id);
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
    t.knowledgeDocuments.set(document.id, document);
    t.knowledgeChunks.set(document.id, [...chunks]);
  },
  delete: async (projectId, knowledgeBaseId, id) => {
    const found = t.knowledgeDocuments.get(id);
    if (found?.projectId !== projectId || found.knowledgeBaseId !== knowledgeBaseId) return;
    t.knowledgeDocuments.delete(id);
    t.knowledgeChunks.delete(id);
  },
});
