import { skip, afterAttempt, type AttemptOutcome, type CampaignRecipient } from '../../domain/campaign-recipient.js';
import type { Campaign } from '../../domain/campaign.js';
import type { SettledAttempt } from '../ports/campaign-repositories.js';
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

/** Queues `campaign.recipient_completed` for each of the recipients whose calls are over, together. */
export async function recipientsDone(ctx: CampaignRoundContext, tx: Repositories, campaign: Campaign, recipients: readonly CampaignRecipient[]): Promise<void> {
  const now = ctx.deps.clock.now();
  const events = recipients.filter((r) => r.status === 'completed' || r.status === 'failed').map((r) => recipientCompletedEvent(campaign, r, now));
  if (events.length > 0) await ctx.queue(tx, campaign, ...events);
}

/**
 * The recipients of one campaign after their attempts' calls ended, each attempt's outcome
 * recorded, in the order given; null for one whose call is not over (or not found). The calls
 * are read, and the attempts settled, in one statement each for the whole batch.
 */
export async function settleAttempts(
  ctx: CampaignRoundContext,
  tx: Repositories,
  campaign: Campaign | null,
  recipients: readonly CampaignRecipient[],
): Promise<(CampaignRecipient | null)[]> {
  if (!campaign || recipients.length === 0) return recipients.map(() => null);
  const callIds = recipients.flatMap((r) => (r.lastCallId === null ? [] : [r.lastCallId]));
  const calls = new Map((await tx.calls.findByIdsInAnyProject(callIds)).map((call) => [call.id, call]));
  const now = ctx.deps.clock.now();
  const settled: SettledAttempt[] = [];
  const results = recipients.map((recipient) => {
    const call = recipient.lastCallId === null ? undefined : calls.get(recipient.lastCallId);
    const outcome = call ? attemptOutcomeOf(call) : null;
    if (!call || !outcome) return null;
    settled.push({ callId: call.id, outcome, endedAt: call.endedAt ?? now });
    ctx.inFlight.delete(call.id);
    return afterOutcome(campaign, recipient, outcome, now);
  });
  await tx.campaignAttempts.settle(settled);
  await recipientsDone(ctx, tx, campaign, results.filter((r): r is CampaignRecipient => r !== null));
  return results;
}

/** Applies the retry policy to attempts whose call ended (any node's, each settled once); says how many it settled. */
export async function settleEnded(ctx: CampaignRoundContext, tx: Repositories): Promise<number> {
  const ended = await tx.campaignRecipients.claimEnded(ctx.options.batchSize);
  const byCampaign = new Map<string, CampaignRecipient[]>();
  for (const recipient of ended) byCampaign.set(recipient.campaignId, [...(byCampaign.get(recipient.campaignId) ?? []), recipient]);
  const settled: CampaignRecipient[] = [];
  for (const recipients of byCampaign.values()) {
    const { projectId, campaignId } = recipients[0]!;
    const campaign = await tx.campaigns.findById(projectId, campaignId);
    for (const result of await settleAttempts(ctx, tx, campaign, recipients)) if (result) settled.push(result);
  }
  await tx.campaignRecipients.save(settled, null);
  return ended.length;
}
