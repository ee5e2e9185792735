import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Webhook } from '../../../domain/webhook.js';
import type { WebhookListQuery } from '../../queries/webhook-list-query.js';

/** The project's account default webhook and its agents' webhooks. */
export class ListProjectWebhooks {
  constructor(private readonly deps: { readonly webhooks: WebhookListQuery }) {}

  execute(input: { readonly projectId: string }): TE.TaskEither<never, readonly Webhook[]> {
    return async () => E.right(await this.deps.webhooks.ofProject(input.projectId));
  }
}
