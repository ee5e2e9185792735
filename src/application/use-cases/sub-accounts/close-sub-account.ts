import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { closeSubAccount } from '../../../domain/sub-account-lifecycle.js';
import { fromDomain, type Conflict, type Forbidden, type NotFound } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { EventBus } from '../../ports/event-bus.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { findChild, isNotFound, subAccountOf, type SubAccount } from './sub-account-reads.js';

/** Forbidden only by type: closing never refuses as nesting does (see `SubAccountRefused`). */
export type CloseSubAccountError = NotFound | Conflict | Forbidden;

/**
 * The parent closes a sub-account (`DELETE`): it leaves the parent's list, its keys are revoked
 * and every process forgets them at once (announced like a suspension); its records stay.
 */
export class CloseSubAccount {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock; readonly eventBus: EventBus }) {}

  execute(input: { readonly parentId: string; readonly subAccountId: string }): TE.TaskEither<CloseSubAccountError, SubAccount> {
    const { uow, clock, eventBus } = this.deps;
    return async () => {
      const result = await uow.transaction(async (tx): Promise<E.Either<CloseSubAccountError, SubAccount>> => {
        const child = await findChild(tx, input.parentId, input.subAccountId, { lock: true });
        if (isNotFound(child)) return E.left(child);
        const now = clock.now();
        const live = await tx.numbers.listLive(child.id, { limit: 1, offset: 0 });
        const closed = closeSubAccount(child, live.total, now);
        if (E.isLeft(closed)) return E.left(fromDomain(closed.left));
        await tx.projects.save(closed.right);
        await tx.apiKeys.revokeAll(child.id, now);
        return E.right(await subAccountOf(tx, closed.right));
      });
      if (E.isRight(result)) await eventBus.publishAccess({ type: 'project-suspended', projectId: result.right.project.id });
      return result;
    };
  }
}
