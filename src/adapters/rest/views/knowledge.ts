import * as t from 'io-ts';
import type { KnowledgeBase, KnowledgeDocument, KnowledgePassage } from '../../../domain/knowledge-base.js';
import { DOCUMENT_FORMATS } from '../../../domain/knowledge-base.js';
import { isoDateTime, isoInstant, nullable, valuesIn, type Wire } from './schema.js';

export const KnowledgeBaseView = t.strict({
  id: t.string,
  name: t.string,
  description: nullable(t.string),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
}, 'KnowledgeBase');

export const knowledgeBaseView = (kb: KnowledgeBase): Wire<typeof KnowledgeBaseView> => ({
  id: kb.id,
  name: kb.name,
  description: kb.description,
  createdAt: isoInstant(kb.createdAt),
  updatedAt: isoInstant(kb.updatedAt),
});

const documentFields = {
  id: t.string,
  knowledgeBaseId: t.string,
  title: t.string,
  format: valuesIn(DOCUMENT_FORMATS),
  /** Where a `url` document was fetched from. */
  sourceUrl: nullable(t.string),
  /** Characters of the text indexed. */
  characters: t.number,
  /** Passages the text was cut into. */
  chunkCount: t.number,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
};

export const KnowledgeDocumentView = t.strict(documentFields, 'KnowledgeDocument');
/** With the text as indexed (HTML and fetched pages reduced to text). */
export const KnowledgeDocumentDetailView = t.strict({ ...documentFields, content: t.string }, 'KnowledgeDocumentDetail');

export const knowledgeDocumentView = (d: KnowledgeDocument): Wire<typeof KnowledgeDocumentView> => ({
  id: d.id,
  knowledgeBaseId: d.knowledgeBaseId,
  title: d.title,
  format: d.format,
  sourceUrl: d.sourceUrl,
  characters: d.content.length,
  chunkCount: d.chunkCount,
  createdAt: isoInstant(d.createdAt),
  updatedAt: isoInstant(d.updatedAt),
});

export const knowledgeDocumentDetailView = (d: KnowledgeDocument): Wire<typeof KnowledgeDocumentDetailView> => ({ ...knowledgeDocumentView(d), content: d.content });

export const KnowledgePassageView = t.strict({
  knowledgeBaseId: t.string,
  documentId: t.string,
  documentTitle: t.string,
  /** The passage's place in its document, from 0. */
  position: t.number,
  /** The headings it sits under, joined with ` › `. */
  heading: nullable(t.string),
  content: t.string,
  /** Higher is better; comparable within one answer. */
  score: t.number,
}, 'KnowledgePassage');

export const KnowledgeSearchView = t.strict({ query: t.string, data: t.array(KnowledgePassageView) }, 'KnowledgeSearch');

export const knowledgePassageView = (p: KnowledgePassage): Wire<typeof KnowledgePassageView> => ({
  knowledgeBaseId: p.knowledgeBaseId,
  documentId: p.documentId,
  documentTitle: p.documentTitle,
  position: p.position,
  heading: p.heading,
  content: p.content,
  score: Math.round(p.score * 10_000) / 10_000,
});
