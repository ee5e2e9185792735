import { EntitySchema } from '@mikro-orm/core';

/** A row of `knowledge_bases`; its documents and their passages are written with native statements. */
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
