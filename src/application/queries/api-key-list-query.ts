import type { ApiKey } from '../../domain/api-key.js';

/** A project's API keys as the operator's console lists them: revoked ones included, oldest first. */
export interface ApiKeyListQuery {
  /** Null when there is no such project. */
  ofProject(projectId: string): Promise<readonly ApiKey[] | null>;
}
