import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { ApiKey } from '../../../domain/api-key.js';
import { notFound, type NotFound } from '../../errors.js';
import type { ApiKeyListQuery } from '../../queries/api-key-list-query.js';

export type ListApiKeysError = NotFound;

/** The project's API keys, revoked ones included, oldest first. Only prefixes: keys are stored hashed. */
export class ListApiKeys {
  constructor(private readonly deps: { readonly apiKeys: ApiKeyListQuery }) {}

  execute(input: { readonly projectId: string }): TE.TaskEither<ListApiKeysError, readonly ApiKey[]> {
    return async () => {
      const keys = await this.deps.apiKeys.ofProject(input.projectId);
      return keys ? E.right(keys) : E.left(notFound('project', input.projectId));
    };
  }
}
