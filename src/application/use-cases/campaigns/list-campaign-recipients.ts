import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { CampaignAttempt, CampaignRecipient } from '../../../domain/campaign-recipient.js';
import { notFound, type NotFound } from '../../errors.js';
import type { RecipientListQuery } from '../../ports/campaign-repositories.js';
import type { Page } from '../../ports/pagination.js';
import type { Repositories } from '../../ports/repositories.js';
import type { CoreDeps } from '../common/deps.js';

export interface RecipientResult {
  readonly recipient: CampaignRecipient;
  /** Each call made for the recipient, first first. */
  readonly attempts: readonly CampaignAttempt[];
}

/** The page's recipients, each with its attempts (one read for the page's attempts). */
export const withAttempts = async (tx: Repositories, recipients: readonly CampaignRecipient[]): Promise<RecipientResult[]> => {
  const attempts = await tx.campaignAttempts.listByRecipients(recipients.map((r) => r.id));
  return recipients.map((recipient) => ({ recipient, attempts: attempts.filter((a) => a.recipientId === recipient.id) }));
};

export type ListCampaignRecipientsError = NotFound;

/** A campaign's recipients in the order they were added, filtered by state or last outcome. */
export class ListCampaignRecipients {
  constructor(private readonly deps: CoreDeps) {}

  execute(input: {
    readonly projectId: string;
    readonly campaignId: string;
    readonly query: RecipientListQuery;
  }): TE.TaskEither<ListCampaignRecipientsError, Page<RecipientResult>> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const campaign = await tx.campaigns.findById(input.projectId, input.campaignId);
        if (!campaign) return E.left(notFound('campaign', input.campaignId));
        const page = await tx.campaignRecipients.list(campaign.id, input.query);
        return E.right({ items: await withAttempts(tx, page.items), total: page.total });
      });
  }
}
