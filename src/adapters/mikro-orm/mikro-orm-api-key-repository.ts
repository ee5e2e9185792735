import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiKeyRepository } from '../../application/ports/repositories.js';
import type { ApiKey } from '../../domain/api-key.js';
import { ApiKeySchema, type ApiKeyRow } from './entities/api-key.js';
import { ormUpdate, ormUpsert } from './orm-writes.js';
import { findRow } from './storage-support.js';

export const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  projectId: row.projectId,
  prefix: row.prefix,
  hash: row.hash,
  name: row.name,
  createdAt: row.createdAt,
  revokedAt: row.revokedAt,
  lastUsedAt: row.lastUsedAt,
});

export const toApiKeyRow = (key: ApiKey): ApiKeyRow => ({
  id: key.id,
  projectId: key.projectId,
  prefix: key.prefix,
  hash: key.hash,
  name: key.name,
  createdAt: key.createdAt,
  revokedAt: key.revokedAt,
  lastUsedAt: key.lastUsedAt,
});

export class MikroOrmApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly em: EntityManager) {}

  async findByHash(hash: string): Promise<ApiKey | null> {
    const row = await findRow(this.em, ApiKeySchema, { hash });
    return row && toApiKey(row);
  }

  async findById(id: string): Promise<ApiKey | null> {
    const row = await findRow(this.em, ApiKeySchema, { id });
    return row && toApiKey(row);
  }

  async save(key: ApiKey): Promise<void> {
    await ormUpsert(this.em, ApiKeySchema, toApiKeyRow(key));
  }

  async revokeAll(projectId: string, at: Date): Promise<void> {
    await ormUpdate(this.em, ApiKeySchema, { projectId, revokedAt: null }, { revokedAt: at });
  }
}
