import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { BalanceMode } from '../../../domain/sub-account.js';
import { openSubAccount, type SubAccountLimits } from '../../../domain/sub-account-lifecycle.js';
import { fromDomain, notFound, type Conflict, type Forbidden, type NotFound, type Validation } from '../../errors.js';
import type { Credentials } from '../../ports/credentials.js';
import { mintKeyFor, type IssuedApiKey } from '../api-keys/new-api-key.js';
import type { CoreDeps } from '../common/deps.js';
import { subAccountOf, type SubAccount } from './sub-account-reads.js';

export interface CreateSubAccountInput {
  readonly parentId: string;
  readonly name: string;
  readonly balance: BalanceMode;
  readonly limits: SubAccountLimits;
}

export interface CreatedSubAccount extends SubAccount {
  /** The sub-account's own first key: shown once, it sees only the sub-account. */
  readonly apiKey: IssuedApiKey;
}

export type CreateSubAccountError = NotFound | Validation | Forbidden | Conflict;

/**
 * A project opens a sub-account with a key of its own. Under the parent's lock, so two at once
 * cannot both take the last place under the limit.
 */
export class CreateSubAccount {
  constructor(private readonly deps: CoreDeps & { readonly credentials: Credentials }) {}

  execute(input: CreateSubAccountInput): TE.TaskEither<CreateSubAccountError, CreatedSubAccount> {
    const { uow, clock, ids } = this.deps;
    return () =>
      uow.transaction(async (tx): Promise<E.Either<CreateSubAccountError, CreatedSubAccount>> => {
        const parent = await tx.projects.lockById(input.parentId);
        if (!parent) return E.left(notFound('project', input.parentId));
        const open = await tx.projects.listChildren(parent.id, { limit: 1, offset: 0 });
        const now = clock.now();
        const opened = openSubAccount(parent, open.total, { id: ids.next('proj'), name: input.name, balance: input.balance, limits: input.limits, now });
        if (E.isLeft(opened)) return E.left(fromDomain(opened.left));
        await tx.projects.save(opened.right);
        const apiKey = await mintKeyFor(tx, this.deps, opened.right.id, now);
        return E.right({ ...(await subAccountOf(tx, opened.right)), apiKey });
      });
  }
}
