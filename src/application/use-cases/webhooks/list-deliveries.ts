import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { WebhookDelivery } from '../../../domain/webhook-delivery.js';
import type { Clock } from '../../ports/clock.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { DeliveryLogQuery } from '../../queries/delivery-log-query.js';

const HOUR_MS = 3_600_000;

/** The project's delivery log, newest first; `hours` keeps the last N hours only. */
export class ListDeliveries {
  constructor(private readonly deps: { readonly deliveries: DeliveryLogQuery; readonly clock: Clock }) {}

  execute(input: {
    readonly projectId: string;
    readonly page: PageRequest;
    readonly hours: number | null;
  }): TE.TaskEither<never, Page<WebhookDelivery>> {
    const since = input.hours === null ? null : new Date(this.deps.clock.now().getTime() - input.hours * HOUR_MS);
    return async () => E.right(await this.deps.deliveries.page(input.projectId, { ...input.page, since, agentId: null }));
  }
}
