import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { WebhookDelivery } from '../../../domain/webhook-delivery.js';
import { notFound, type NotFound } from '../../errors.js';
import type { DeliveryLogQuery } from '../../queries/delivery-log-query.js';

export type ListAgentDeliveriesError = NotFound;

/** The deliveries of one agent's events (to its own webhook or the default), newest first. */
export class ListAgentDeliveries {
  constructor(private readonly deps: { readonly deliveries: DeliveryLogQuery }) {}

  execute(input: {
    readonly projectId: string;
    readonly agentId: string;
    readonly limit: number;
  }): TE.TaskEither<ListAgentDeliveriesError, readonly WebhookDelivery[]> {
    return async () => {
      const found = await this.deps.deliveries.ofAgent(input.projectId, input.agentId, input.limit);
      return found ? E.right(found) : E.left(notFound('agent', input.agentId));
    };
  }
}
