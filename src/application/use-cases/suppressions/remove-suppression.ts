import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { E164 } from '../../../domain/e164.js';
import type { Suppression, SuppressionChannel } from '../../../domain/suppression.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

/** Takes a number off the project's suppression list, for one channel or (null) all of them. */
export class RemoveSuppression {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly phoneNumber: E164; readonly channel: SuppressionChannel | null }): TE.TaskEither<NotFound, readonly Suppression[]> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const removed = await tx.suppressions.remove(input.projectId, input.phoneNumber, input.channel);
        return removed.length === 0 ? E.left(notFound('suppression', input.phoneNumber)) : E.right(removed);
      });
  }
}
