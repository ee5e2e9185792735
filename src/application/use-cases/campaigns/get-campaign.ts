import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Campaign } from '../../../domain/campaign.js';
import { notFound, type NotFound } from '../../errors.js';
import type { RecipientCounts } from '../../ports/campaign-repositories.js';
import type { CoreDeps } from '../common/deps.js';

export interface CampaignProgress {
  readonly campaign: Campaign;
  readonly counts: RecipientCounts;
}

export type GetCampaignError = NotFound;

/** A campaign with its recipients counted per state. */
export class GetCampaign {
  constructor(private readonly deps: CoreDeps) {}

  execute(input: { readonly projectId: string; readonly campaignId: string }): TE.TaskEither<GetCampaignError, CampaignProgress> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const campaign = await tx.campaigns.findById(input.projectId, input.campaignId);
        if (!campaign) return E.left(notFound('campaign', input.campaignId));
        return E.right({ campaign, counts: await tx.campaignRecipients.countByStatus(campaign.id) });
      });
  }
}
