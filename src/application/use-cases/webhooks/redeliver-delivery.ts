import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { redeliverNow, type WebhookDelivery } from '../../../domain/webhook-delivery.js';
import { fromDomain, notFound, type Conflict, type NotFound } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { DeliveryTrigger } from '../../ports/webhook-repositories.js';

export type RedeliverDeliveryError = NotFound | Conflict;

/**
 * The operator sends a failed delivery again, now: it goes back to the outbox, due at once,
 * and the dispatcher is woken to send it (its outcome lands in the delivery log as usual).
 */
export class RedeliverDelivery {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock; readonly deliveryTrigger: DeliveryTrigger }) {}

  execute(input: { readonly projectId: string; readonly deliveryId: string }): TE.TaskEither<RedeliverDeliveryError, WebhookDelivery> {
    return async () => {
      const result = await this.deps.uow.transaction(async (tx): Promise<E.Either<RedeliverDeliveryError, WebhookDelivery>> => {
        const delivery = await tx.deliveries.findById(input.projectId, input.deliveryId);
        if (!delivery) return E.left(notFound('delivery', input.deliveryId));
        const requeued = redeliverNow(delivery, this.deps.clock.now());
        if (E.isLeft(requeued)) return E.left(fromDomain(requeued.left));
        await tx.deliveries.reschedule(requeued.right);
        return E.right(requeued.right);
      });
      if (E.isRight(result)) this.deps.deliveryTrigger.poke();
      return result;
    };
  }
}
