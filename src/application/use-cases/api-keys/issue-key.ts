import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Credentials } from '../../ports/credentials.js';
import { mintKeyFor, type IssuedApiKey } from './new-api-key.js';
import type { CoreDeps } from '../common/deps.js';

export type IssueKeyError = NotFound;

/** The operator issues one more API key for a project; a project may hold several. */
export class IssueKey {
  constructor(private readonly deps: CoreDeps & { readonly credentials: Credentials }) {}

  execute(input: { readonly projectId: string; readonly name: string | null }): TE.TaskEither<IssueKeyError, IssuedApiKey> {
    const { uow, clock } = this.deps;
    return () =>
      uow.transaction(async (tx) => {
        const project = await tx.projects.findById(input.projectId);
        if (!project) return E.left(notFound('project', input.projectId));
        return E.right(await mintKeyFor(tx, this.deps, project.id, clock.now(), input.name));
      });
  }
}
