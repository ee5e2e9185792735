import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AuditActor } from '../../../domain/audit-event.js';
import type { E164 } from '../../../domain/e164.js';
import type { Suppression, SuppressionChannel, SuppressionSource } from '../../../domain/suppression.js';
import { recordSuppressionChanges } from '../../compliance/audit-records.js';
import type { Clock } from '../../ports/clock.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export interface SuppressionInput {
  readonly phoneNumber: E164;
  readonly channel: SuppressionChannel;
  readonly reason: string | null;
}

export interface AddedSuppressions {
  /** The entries this request put on the list; one already there is kept as it was and counted below. */
  readonly added: readonly Suppression[];
  readonly alreadyListed: number;
}

/**
 * Puts numbers on the project's suppression list (the operator's one, or a CSV import's many),
 * all in one unit of work; a number already listed for the channel keeps its first entry.
 * Waiting campaign recipients of a number suppressed for calls are skipped with it, and each
 * entry added goes on the audit trail with who added it.
 */
export class AddSuppressions {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock; readonly ids: IdGenerator }) {}

  execute(input: {
    readonly projectId: string;
    readonly entries: readonly SuppressionInput[];
    readonly source: Extract<SuppressionSource, 'operator' | 'import'>;
    readonly actor: AuditActor;
  }): TE.TaskEither<never, AddedSuppressions> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const now = this.deps.clock.now();
        const added: Suppression[] = [];
        for (const entry of input.entries) {
          const suppression: Suppression = { projectId: input.projectId, ...entry, source: input.source, createdAt: now };
          if (!(await tx.suppressions.add(suppression))) continue;
          added.push(suppression);
          if (entry.channel !== 'sms') await tx.campaignRecipients.skipNumber(input.projectId, entry.phoneNumber, 'do_not_call', now);
        }
        await recordSuppressionChanges(tx, this.deps.ids, { kind: 'suppression.added', actor: input.actor, at: now }, added);
        return E.right({ added, alreadyListed: input.entries.length - added.length });
      });
  }
}
