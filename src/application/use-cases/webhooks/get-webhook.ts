import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Webhook } from '../../../domain/webhook.js';
import type { NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { checkAgent, findTargetWebhook, type WebhookTarget } from './webhook-target.js';

export type GetWebhookError = NotFound;

/** The account default or the agent's own webhook; null when none is configured. */
export class GetWebhook {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: WebhookTarget): TE.TaskEither<GetWebhookError, Webhook | null> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const agent = await checkAgent(tx, input);
        if (E.isLeft(agent)) return agent;
        return E.right(await findTargetWebhook(tx, input));
      });
  }
}
