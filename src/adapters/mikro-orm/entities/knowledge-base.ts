import { EntitySchema } from '@mikro-orm/core';

/** A row of `knowledge_bases`. */
export interface KnowledgeBaseRow {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const KnowledgeBaseSchema = new EntitySchema<KnowledgeBaseRow>({
  name: 'KnowledgeBaseRow',
  tableName: 'knowledge_bases',
  indexes: [{ name: 'knowledge_bases_project_index', properties: ['projectId', 'createdAt', 'id'] }],
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    name: { type: 'string', columnType: 'text' },
    description: { type: 'string', columnType: 'text', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    updatedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});

/** A row of `knowledge_documents`, as MikroORM writes it; its passages in `knowledge_chunks` stay native statements. */
export interface KnowledgeDocumentRow {
  id: string;
  projectId: string;
  knowledgeBaseId: string;
  title: string;
  format: string;
  sourceUrl: string | null;
  content: string;
  chunkCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export const KnowledgeDocumentSchema = new EntitySchema<KnowledgeDocumentRow>({
  name: 'KnowledgeDocumentRow',
  tableName: 'knowledge_documents',
  indexes: [{ name: 'knowledge_documents_base_index', properties: ['knowledgeBaseId', 'createdAt', 'id'] }],
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    knowledgeBaseId: { type: 'string', columnType: 'text' },
    title: { type: 'string', columnType: 'text' },
    format: { type: 'string', columnType: 'text' },
    sourceUrl: { type: 'string', columnType: 'text', nullable: true },
    content: { type: 'string', columnType: 'text' },
    chunkCount: { type: 'integer' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    updatedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
