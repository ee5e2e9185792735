import { ledgerAccountFor } from '../../../domain/project.js';
import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { startOfMonth } from '../../../domain/billing.js';
import type { Cents } from '../../../domain/money.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export interface Usage {
  readonly balanceCents: Cents;
  readonly numbers: { readonly active: number; readonly provisionedLifetime: number; readonly limit: number };
  /** Charges since the first of the current calendar month (UTC), as a positive amount. */
  readonly chargesThisMonthCents: Cents;
  readonly recordingEnabled: boolean;
}

export type GetUsageError = NotFound;

/**
 * The project's balance, number counts and this month's charges, all read from one snapshot. The
 * balance and charges are those of the ledger the project draws on: its parent's, for a
 * sub-account sharing its parent's balance.
 */
export class GetUsage {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock }) {}

  execute(input: { readonly projectId: string }): TE.TaskEither<GetUsageError, Usage> {
    const { uow, clock } = this.deps;
    return () =>
      uow.transaction(async (tx) => {
        const project = await tx.projects.findById(input.projectId);
        if (!project) return E.left(notFound('project', input.projectId));
        const live = await tx.numbers.listLive(project.id, { limit: 1, offset: 0 });
        return E.right({
          balanceCents: await tx.ledger.balanceOf(ledgerAccountFor(project)),
          numbers: {
            active: live.total,
            provisionedLifetime: await tx.numbers.countEverProvisioned(project.id),
            limit: project.numberLimit,
          },
          chargesThisMonthCents: await tx.ledger.chargesSince(ledgerAccountFor(project), startOfMonth(clock.now())),
          recordingEnabled: project.recordingEnabled,
        });
      });
  }
}
