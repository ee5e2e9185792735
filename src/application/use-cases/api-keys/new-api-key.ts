import type { ApiKey } from '../../../domain/api-key.js';
import type { Credentials } from '../../ports/credentials.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';

export interface IssuedApiKey {
  readonly key: ApiKey;
  /** The clear key: returned to the caller once, never stored. */
  readonly clear: string;
}

/** Mints a key for the project inside the caller's unit of work. */
export const mintKeyFor = async (
  tx: Repositories,
  deps: { readonly credentials: Credentials; readonly ids: IdGenerator },
  projectId: string,
  now: Date,
  name: string | null = null,
): Promise<IssuedApiKey> => {
  const minted = deps.credentials.mintApiKey();
  const key: ApiKey = {
    id: deps.ids.next('key'),
    projectId,
    prefix: minted.prefix,
    hash: minted.hash,
    name,
    createdAt: now,
    revokedAt: null,
    lastUsedAt: null,
  };
  await tx.apiKeys.save(key);
  return { key, clear: minted.clear };
};
