import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { applyAction, type Campaign, type CampaignAction } from '../../../domain/campaign.js';
import { conflict, notFound, type Conflict, type NotFound } from '../../errors.js';
import type { CampaignTrigger } from '../../ports/campaign-engine.js';
import type { CoreDeps } from '../common/deps.js';
import { campaignStatusEvent } from '../../events/campaign-events.js';
import { queueCampaignEvent, type CampaignEventDeps } from '../../webhooks/campaign-outbox.js';

export interface ChangeCampaignStatusDeps extends CoreDeps {
  readonly campaignTrigger: CampaignTrigger | null;
  /** Where `campaign.started` goes when a start runs at once; none: no event. */
  readonly events: CampaignEventDeps | null;
}

export type ChangeCampaignStatusError = NotFound | Conflict;

/**
 * `POST …/start|pause|resume|cancel`. A move the lifecycle does not allow is a Conflict (409).
 * Cancelling skips everyone still waiting; calls under way finish and are recorded. A start or
 * a resume wakes the engine.
 */
export class ChangeCampaignStatus {
  constructor(private readonly deps: ChangeCampaignStatusDeps) {}

  execute(input: { readonly projectId: string; readonly campaignId: string; readonly action: CampaignAction }): TE.TaskEither<ChangeCampaignStatusError, Campaign> {
    return async () => {
      let queued = false;
      const result = await this.deps.uow.transaction(async (tx): Promise<E.Either<ChangeCampaignStatusError, Campaign>> => {
        const campaign = await tx.campaigns.findById(input.projectId, input.campaignId);
        if (!campaign) return E.left(notFound('campaign', input.campaignId));
        const now = this.deps.clock.now();
        const changed = applyAction(campaign, input.action, now);
        if (E.isLeft(changed)) return E.left(conflict(`campaign ${campaign.id} is ${campaign.status}; it cannot ${input.action}`));
        await tx.campaigns.save(changed.right);
        if (changed.right.status === 'cancelled') await tx.campaignRecipients.skipRemaining(campaign.id, 'cancelled', now);
        if (input.action === 'start' && changed.right.status === 'running' && this.deps.events) {
          queued = await queueCampaignEvent(tx, this.deps.events, changed.right, campaignStatusEvent('campaign.started', changed.right, now));
        }
        return E.right(changed.right);
      });
      if (E.isRight(result) && queued) this.deps.events?.deliveryTrigger?.poke();
      if (E.isRight(result) && (input.action === 'start' || input.action === 'resume')) this.deps.campaignTrigger?.poke();
      return result;
    };
  }
}
