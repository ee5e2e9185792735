import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { NotFound } from '../../errors.js';
import type { Credentials } from '../../ports/credentials.js';
import { mintKeyFor, type IssuedApiKey } from '../api-keys/new-api-key.js';
import type { CoreDeps } from '../common/deps.js';
import { findChild, isNotFound } from './sub-account-reads.js';

export type IssueSubAccountKeyError = NotFound;

/** The parent issues one more key of a sub-account's own (to hand to the customer it serves). */
export class IssueSubAccountKey {
  constructor(private readonly deps: CoreDeps & { readonly credentials: Credentials }) {}

  execute(input: { readonly parentId: string; readonly subAccountId: string; readonly name: string | null }): TE.TaskEither<IssueSubAccountKeyError, IssuedApiKey> {
    const { uow, clock } = this.deps;
    return () =>
      uow.transaction(async (tx): Promise<E.Either<IssueSubAccountKeyError, IssuedApiKey>> => {
        const child = await findChild(tx, input.parentId, input.subAccountId);
        if (isNotFound(child)) return E.left(child);
        return E.right(await mintKeyFor(tx, this.deps, child.id, clock.now(), input.name));
      });
  }
}
