import { EntitySchema } from '@mikro-orm/core';

/** A row of `projects`, as the ORM sees it. */
export interface ProjectRow {
  id: string;
  email: string;
  name: string;
  status: string;
  numberLimit: number;
  recordingEnabled: boolean;
  maxConcurrentCalls: number | null;
  outboundSettings: Record<string, unknown> | null;
  parentId: string | null;
  balanceMode: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ProjectSchema = new EntitySchema<ProjectRow>({
  name: 'ProjectRow',
  tableName: 'projects',
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    // Unique among top-level projects only (a partial index: see the sub-accounts migration).
    email: { type: 'string', columnType: 'text' },
    name: { type: 'string', columnType: 'text' },
    status: { type: 'string', columnType: 'text' },
    numberLimit: { type: 'integer' },
    recordingEnabled: { type: 'boolean' },
    maxConcurrentCalls: { type: 'integer', nullable: true },
    outboundSettings: { type: 'json', columnType: 'jsonb', nullable: true },
    parentId: { type: 'string', columnType: 'text', nullable: true },
    balanceMode: { type: 'string', columnType: 'text', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    updatedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
