import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { checkAgent, findTargetWebhook, type WebhookTarget } from './webhook-target.js';

export type DeleteWebhookError = NotFound;

/**
 * Removes the webhook (nothing to remove is fine too). Deliveries already queued for it fail
 * at their next attempt; the delivery log stays.
 */
export class DeleteWebhook {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: WebhookTarget): TE.TaskEither<DeleteWebhookError, void> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const agent = await checkAgent(tx, input);
        if (E.isLeft(agent)) return agent;
        const webhook = await findTargetWebhook(tx, input);
        if (webhook) await tx.webhooks.delete(input.projectId, webhook.id);
        return E.right(undefined);
      });
  }
}
