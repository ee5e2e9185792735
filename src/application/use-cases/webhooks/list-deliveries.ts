import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { WebhookDelivery } from '../../../domain/webhook-delivery.js';
import type { Clock } from '../../ports/clock.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

const HOUR_MS = 3_600_000;

/** The project's delivery log, newest first; `hours` keeps the last N hours only. */
export class ListDeliveries {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock }) {}

  execute(input: {
    readonly projectId: string;
    readonly page: PageRequest;
    readonly hours: number | null;
  }): TE.TaskEither<never, Page<WebhookDelivery>> {
    const since = input.hours === null ? null : new Date(this.deps.clock.now().getTime() - input.hours * HOUR_MS);
    return () =>
      this.deps.uow.transaction(async (tx) =>
        E.right(await tx.deliveries.list(input.projectId, { ...input.page, since, agentId: null })),
      );
  }
}
