import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { WebhookDelivery } from '../../../domain/webhook-delivery.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type ListAgentDeliveriesError = NotFound;

/** The deliveries of one agent's events (to its own webhook or the default), newest first. */
export class ListAgentDeliveries {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: {
    readonly projectId: string;
    readonly agentId: string;
    readonly limit: number;
  }): TE.TaskEither<ListAgentDeliveriesError, readonly WebhookDelivery[]> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        if (!(await tx.agents.findById(input.projectId, input.agentId))) return E.left(notFound('agent', input.agentId));
        const page = await tx.deliveries.list(input.projectId, {
          limit: input.limit,
          offset: 0,
          since: null,
          agentId: input.agentId,
        });
        return E.right(page.items);
      });
  }
}
