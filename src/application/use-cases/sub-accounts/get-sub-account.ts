import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { findChild, isNotFound, subAccountOf, type SubAccount } from './sub-account-reads.js';

export type GetSubAccountError = NotFound;

/** One of the project's open sub-accounts. */
export class GetSubAccount {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly parentId: string; readonly subAccountId: string }): TE.TaskEither<GetSubAccountError, SubAccount> {
    return () =>
      this.deps.uow.transaction(async (tx): Promise<E.Either<GetSubAccountError, SubAccount>> => {
        const child = await findChild(tx, input.parentId, input.subAccountId);
        return isNotFound(child) ? E.left(child) : E.right(await subAccountOf(tx, child));
      });
  }
}
