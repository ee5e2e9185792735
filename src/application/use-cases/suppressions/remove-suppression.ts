import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AuditActor } from '../../../domain/audit-event.js';
import type { E164 } from '../../../domain/e164.js';
import type { Suppression, SuppressionChannel } from '../../../domain/suppression.js';
import { notFound, type NotFound } from '../../errors.js';
import { recordSuppressionChanges } from '../../compliance/audit-records.js';
import type { CoreDeps } from '../common/deps.js';

/** Takes a number off the project's suppression list, for one channel or (null) all of them; each entry removed goes on the audit trail. */
export class RemoveSuppression {
  constructor(private readonly deps: CoreDeps) {}

  execute(input: { readonly projectId: string; readonly phoneNumber: E164; readonly channel: SuppressionChannel | null; readonly actor: AuditActor }): TE.TaskEither<NotFound, readonly Suppression[]> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const removed = await tx.suppressions.remove(input.projectId, input.phoneNumber, input.channel);
        if (removed.length === 0) return E.left(notFound('suppression', input.phoneNumber));
        await recordSuppressionChanges(tx, this.deps.ids, { kind: 'suppression.removed', actor: input.actor, at: this.deps.clock.now() }, removed);
        return E.right(removed);
      });
  }
}
