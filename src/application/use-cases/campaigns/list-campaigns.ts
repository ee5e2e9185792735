import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Campaign } from '../../../domain/campaign.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { CoreDeps } from '../common/deps.js';

/** The project's campaigns, newest first. */
export class ListCampaigns {
  constructor(private readonly deps: CoreDeps) {}

  execute(input: { readonly projectId: string; readonly page: PageRequest }): TE.TaskEither<never, Page<Campaign>> {
    return () => this.deps.uow.transaction(async (tx) => E.right(await tx.campaigns.list(input.projectId, input.page)));
  }
}
