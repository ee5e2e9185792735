import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { CoreDeps } from '../common/deps.js';
import { withAttempts, type RecipientResult } from './list-campaign-recipients.js';

const PAGE = 1000;

export type ExportCampaignResultsError = NotFound;

/**
 * Every recipient of a campaign with its attempts, for the results file: read a thousand at a
 * time, handed to `write` page by page so a large campaign is never held whole.
 */
export class ExportCampaignResults {
  constructor(private readonly deps: CoreDeps) {}

  execute(input: {
    readonly projectId: string;
    readonly campaignId: string;
    readonly write: (rows: readonly RecipientResult[]) => Promise<void>;
  }): TE.TaskEither<ExportCampaignResultsError, { readonly rows: number }> {
    return async () => {
      let offset = 0;
      for (;;) {
        const page = await this.deps.uow.transaction(async (tx) => {
          const campaign = await tx.campaigns.findById(input.projectId, input.campaignId);
          if (!campaign) return E.left(notFound('campaign', input.campaignId));
          const found = await tx.campaignRecipients.list(campaign.id, { limit: PAGE, offset, status: null, outcome: null });
          return E.right(await withAttempts(tx, found.items));
        });
        if (E.isLeft(page)) return page;
        if (page.right.length > 0) await input.write(page.right);
        offset += page.right.length;
        if (page.right.length < PAGE) return E.right({ rows: offset });
      }
    };
  }
}
