import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { ApiKey } from '../../../domain/api-key.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type ListApiKeysError = NotFound;

/** The project's API keys, revoked ones included, oldest first. Only prefixes: keys are stored hashed. */
export class ListApiKeys {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string }): TE.TaskEither<ListApiKeysError, readonly ApiKey[]> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        if (!(await tx.projects.findById(input.projectId))) return E.left(notFound('project', input.projectId));
        return E.right(await tx.apiKeys.listByProject(input.projectId));
      });
  }
}
