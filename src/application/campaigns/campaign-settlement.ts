import { skip, afterAttempt, type AttemptOutcome, type CampaignRecipient } from '../../domain/campaign-recipient.js';
import type { Campaign } from '../../domain/campaign.js';
import type { Repositories } from '../ports/repositories.js';
import { recipientCompletedEvent } from '../events/campaign-events.js';
import { attemptOutcomeOf } from './campaign-attempt-outcome.js';
import type { CampaignRoundContext } from './campaign-engine-context.js';

/** The recipient after an attempt with this outcome, by the campaign's retry and voicemail policy. */
export function afterOutcome(campaign: Campaign, recipient: CampaignRecipient, outcome: AttemptOutcome, now: Date): CampaignRecipient {
  const next = afterAttempt(recipient, outcome, campaign.retry, campaign.voicemail, now);
  // A cancelled campaign calls nobody again, whatever the retry policy says.
  return next.status === 'retry_scheduled' && campaign.status === 'cancelled' ? skip(next, 'cancelled', now) : next;
}

/** Queues `campaign.recipient_completed` when the recipient's calls are over. */
export async function recipientDone(ctx: CampaignRoundContext, tx: Repositories, campaign: Campaign, recipient: CampaignRecipient): Promise<void> {
  if (recipient.status === 'completed' || recipient.status === 'failed') {
    await ctx.queue(tx, campaign, recipientCompletedEvent(campaign, recipient, ctx.deps.clock.now()));
  }
}

/** The recipient after its attempt's call ended, with the attempt's outcome recorded; null if the call is not over. */
export async function settleAttempt(
  ctx: CampaignRoundContext,
  tx: Repositories,
  campaign: Campaign | null,
  recipient: CampaignRecipient,
): Promise<CampaignRecipient | null> {
  const callId = recipient.lastCallId;
  const call = callId === null ? null : await tx.calls.findByIdInAnyProject(callId);
  const outcome = call ? attemptOutcomeOf(call) : null;
  if (!campaign || !outcome || callId === null) return null;
  const now = ctx.deps.clock.now();
  await tx.campaignAttempts.settle(callId, outcome, call?.endedAt ?? now);
  ctx.inFlight.delete(callId);
  const next = afterOutcome(campaign, recipient, outcome, now);
  await recipientDone(ctx, tx, campaign, next);
  return next;
}

/** Applies the retry policy to attempts whose call ended (any node's, each settled once); says how many it settled. */
export async function settleEnded(ctx: CampaignRoundContext, tx: Repositories): Promise<number> {
  const ended = await tx.campaignRecipients.claimEnded(ctx.options.batchSize);
  const campaigns = new Map<string, Campaign | null>();
  const settled: CampaignRecipient[] = [];
  for (const recipient of ended) {
    if (!campaigns.has(recipient.campaignId)) campaigns.set(recipient.campaignId, await tx.campaigns.findById(recipient.projectId, recipient.campaignId));
    const result = await settleAttempt(ctx, tx, campaigns.get(recipient.campaignId) ?? null, recipient);
    if (result) settled.push(result);
  }
  await tx.campaignRecipients.save(settled, null);
  return ended.length;
}
