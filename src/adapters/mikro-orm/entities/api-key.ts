import { EntitySchema } from '@mikro-orm/core';

/** A row of `api_keys`. */
export interface ApiKeyRow {
  id: string;
  projectId: string;
  prefix: string;
  hash: string;
  name: string | null;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export const ApiKeySchema = new EntitySchema<ApiKeyRow>({
  name: 'ApiKeyRow',
  tableName: 'api_keys',
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text', index: 'api_keys_project_id_index' },
    prefix: { type: 'string', columnType: 'text' },
    hash: { type: 'string', columnType: 'text', unique: 'api_keys_hash_unique' },
    name: { type: 'string', columnType: 'text', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    revokedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    lastUsedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
