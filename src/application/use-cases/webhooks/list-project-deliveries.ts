import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { DeliveryStatus, WebhookDelivery, WebhookEventType } from '../../../domain/webhook-delivery.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { DeliveryLogQuery } from '../../queries/delivery-log-query.js';

export interface DeliveryFilter {
  readonly status: DeliveryStatus | null;
  readonly eventType: WebhookEventType | null;
  readonly agentId: string | null;
}

/** The project's delivery log, newest first, filtered the way the operator looks for trouble. */
export class ListProjectDeliveries {
  constructor(private readonly deps: { readonly deliveries: DeliveryLogQuery }) {}

  execute(input: { readonly projectId: string; readonly page: PageRequest; readonly filter: DeliveryFilter }): TE.TaskEither<never, Page<WebhookDelivery>> {
    return async () => E.right(await this.deps.deliveries.page(input.projectId, { ...input.page, ...input.filter, since: null }));
  }
}
