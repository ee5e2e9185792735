import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { changeSubAccount, type SubAccountLimits } from '../../../domain/sub-account-lifecycle.js';
import { fromDomain, notFound, type NotFound, type Validation } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { findChild, isNotFound, subAccountOf, type SubAccount } from './sub-account-reads.js';

export interface UpdateSubAccountInput {
  readonly parentId: string;
  readonly subAccountId: string;
  readonly name?: string;
  readonly limits: SubAccountLimits;
}

export type UpdateSubAccountError = NotFound | Validation;

/** The parent renames one of its sub-accounts or changes its limits. */
export class UpdateSubAccount {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock }) {}

  execute(input: UpdateSubAccountInput): TE.TaskEither<UpdateSubAccountError, SubAccount> {
    const { uow, clock } = this.deps;
    return () =>
      uow.transaction(async (tx): Promise<E.Either<UpdateSubAccountError, SubAccount>> => {
        const child = await findChild(tx, input.parentId, input.subAccountId, { lock: true });
        if (isNotFound(child)) return E.left(child);
        const parent = await tx.projects.findById(input.parentId);
        if (!parent) return E.left(notFound('project', input.parentId));
        const changed = changeSubAccount(parent, child, { name: input.name, limits: input.limits }, clock.now());
        if (E.isLeft(changed)) return E.left(fromDomain(changed.left));
        await tx.projects.save(changed.right);
        return E.right(await subAccountOf(tx, changed.right));
      });
  }
}
