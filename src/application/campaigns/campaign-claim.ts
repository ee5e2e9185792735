import { completeIfDone, type Campaign } from '../../domain/campaign.js';
import { skip, type CampaignRecipient } from '../../domain/campaign-recipient.js';
import type { Repositories } from '../ports/repositories.js';
import { campaignStatusEvent } from '../events/campaign-events.js';
import type { CampaignRoundContext } from './campaign-engine-context.js';
import { dialFor, paceAllows, type Dial, type RoundRobinNumbers } from './campaign-pacing.js';
import { settleAttempts } from './campaign-settlement.js';
import { screeningFacts, screenRecipient } from './recipient-screening.js';

const RUNNING_OUT = new Set(['pending', 'in_progress', 'retry_scheduled']);

/**
 * One campaign's claim, in one short unit of work: what the pace allows now, the due
 * recipients (each checked against its calling window, the suppression list, the
 * contacts marked do-not-call and the consent the campaign requires), their
 * leases, and the campaign's next dial time. The calls are placed after it commits.
 */
export async function claimRound(ctx: CampaignRoundContext, numbers: RoundRobinNumbers, tx: Repositories, campaignId: string): Promise<Dial[]> {
  const now = ctx.deps.clock.now();
  const locked = await tx.campaigns.lockForDialling(campaignId);
  if (!locked) return [];
  const { campaign, nextDialAt } = locked;
  if (campaign.schedule.endBy && campaign.schedule.endBy.getTime() <= now.getTime()) {
    await tx.campaignRecipients.skipRemaining(campaign.id, 'schedule_ended', now);
    await completeCampaign(ctx, tx, campaign, now);
    return [];
  }
  const inFlight = await tx.campaignRecipients.countInFlight(campaign.id, now);
  const cap = await ctx.deps.projectCallCap(tx, campaign.projectId);
  const concurrency = Math.min(campaign.pacing.maxConcurrentCalls, cap ?? Infinity) - inFlight;
  const pace = paceAllows(campaign, nextDialAt, now, ctx.options.pollIntervalMs);
  const budget = Math.min(concurrency, pace.calls, ctx.options.batchSize);
  if (budget <= 0) return [];

  const due = await tx.campaignRecipients.claimDue(campaign.id, now, budget);
  if (due.length === 0) {
    if (inFlight === 0) await completeIfNobodyLeft(ctx, tx, campaign, now);
    return [];
  }
  const facts = await screeningFacts(tx, campaign, due);
  const stale = due.filter((r) => r.status === 'in_progress');
  const settledStale = new Map((await settleAttempts(ctx, tx, campaign, stale)).map((settled, i) => [stale[i]!.id, settled]));
  const released: CampaignRecipient[] = [];
  const dials: Dial[] = [];
  for (const recipient of due) {
    if (recipient.status === 'in_progress') {
      // Its node died mid-attempt: settle the attempt if its call ended, keep waiting if it goes on.
      const settled = settledStale.get(recipient.id) ?? null;
      if (settled) released.push(settled);
      else if (recipient.lastCallId !== null && (await tx.calls.findByIdInAnyProject(recipient.lastCallId))) {
        await tx.campaignRecipients.renewLeases([recipient.id], new Date(now.getTime() + ctx.options.leaseMs));
      } else dials.push(dialFor(campaign, { ...recipient, attempts: recipient.attempts - 1, status: 'pending' }, now));
      continue;
    }
    const verdict = screenRecipient(facts, campaign, recipient, now, ctx.deps.calendar);
    if (verdict.kind === 'skip') released.push(skip(recipient, verdict.reason, now));
    else if (verdict.kind === 'wait') released.push({ ...recipient, nextAttemptAt: verdict.until, updatedAt: now });
    else dials.push(dialFor(campaign, recipient, now));
  }
  await tx.campaignRecipients.save(released, null);
  await tx.campaignRecipients.save(
    dials.map((d) => d.claimed),
    new Date(now.getTime() + ctx.options.leaseMs),
  );
  if (dials.length > 0) await tx.campaigns.setNextDialAt(campaign.id, new Date(pace.base.getTime() + dials.length * pace.intervalMs));
  await numbers.assign(tx, campaign, dials);
  return dials;
}

async function completeIfNobodyLeft(ctx: CampaignRoundContext, tx: Repositories, campaign: Campaign, now: Date): Promise<void> {
  const counts = await tx.campaignRecipients.countByStatus(campaign.id);
  const left = Object.entries(counts).some(([status, count]) => RUNNING_OUT.has(status) && count > 0);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  // A campaign with nobody on it yet waits for its recipients rather than completing empty.
  if (!left && total > 0) await completeCampaign(ctx, tx, campaign, now);
}

async function completeCampaign(ctx: CampaignRoundContext, tx: Repositories, campaign: Campaign, now: Date): Promise<void> {
  const completed = completeIfDone(campaign, true, now);
  if (completed === campaign) return;
  await tx.campaigns.save(completed);
  await ctx.queue(tx, completed, campaignStatusEvent('campaign.completed', completed, now));
}
