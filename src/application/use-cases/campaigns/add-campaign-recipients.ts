import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { acceptsRecipients } from '../../../domain/campaign.js';
import { conflict, notFound, type Conflict, type NotFound, type Validation } from '../../errors.js';
import type { CampaignDeps } from './deps.js';
import { importRecipients, type ImportSummary, type RecipientInput } from './recipient-import.js';

export type AddCampaignRecipientsError = NotFound | Conflict | Validation;

/** More people for a campaign, also while it runs; none once it is over. All or nothing. */
export class AddCampaignRecipients {
  constructor(private readonly deps: CampaignDeps) {}

  execute(input: {
    readonly projectId: string;
    readonly campaignId: string;
    readonly recipients: readonly RecipientInput[];
  }): TE.TaskEither<AddCampaignRecipientsError, ImportSummary> {
    return async () => {
      const result = await this.deps.uow.transaction(async (tx): Promise<E.Either<AddCampaignRecipientsError, ImportSummary>> => {
        const campaign = await tx.campaigns.findById(input.projectId, input.campaignId);
        if (!campaign) return E.left(notFound('campaign', input.campaignId));
        if (!acceptsRecipients(campaign)) return E.left(conflict(`campaign ${campaign.id} is ${campaign.status}; recipients can no longer be added`));
        return importRecipients(tx, this.deps, campaign, input.recipients);
      });
      if (E.isRight(result)) this.deps.campaignTrigger?.poke();
      return result;
    };
  }
}
