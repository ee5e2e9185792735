import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Webhook } from '../../../domain/webhook.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

/** The project's account default webhook and its agents' webhooks. */
export class ListProjectWebhooks {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string }): TE.TaskEither<never, readonly Webhook[]> {
    return () => this.deps.uow.transaction(async (tx) => E.right(await tx.webhooks.listByProject(input.projectId)));
  }
}
