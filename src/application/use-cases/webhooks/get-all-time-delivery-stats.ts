import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { DeliveryTotals } from '../../ports/webhook-repositories.js';
import { successRate } from './get-delivery-stats.js';

export interface AllTimeDeliveryStats extends DeliveryTotals {
  readonly successRate: number;
}

/** Counts of every delivery the project ever had. */
export class GetAllTimeDeliveryStats {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string }): TE.TaskEither<never, AllTimeDeliveryStats> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const totals = await tx.deliveries.allTime(input.projectId);
        return E.right({ ...totals, successRate: successRate(totals) });
      });
  }
}
