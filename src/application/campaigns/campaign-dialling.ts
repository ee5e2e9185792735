import * as E from 'fp-ts/lib/Either.js';
import { NO_CALL_OVERRIDES, pauseFor } from '../../domain/campaign.js';
import { skip } from '../../domain/campaign-recipient.js';
import { errorMessage } from '../kernel/periodic-task.js';
import { NO_TRACING } from '../ports/tracing.js';
import type { CampaignRoundContext } from './campaign-engine-context.js';
import type { Dial } from './campaign-pacing.js';
import { afterOutcome, recipientDone } from './campaign-settlement.js';

/** Places one attempt's call and records it, in a span of its own naming the campaign and how the dial went. */
export async function placeDial(ctx: CampaignRoundContext, dial: Dial): Promise<void> {
  const span = (ctx.deps.tracing ?? NO_TRACING).start('campaign dial');
  if (span.recording) {
    span.set('switchboard.campaign.id', dial.campaign.id);
    span.set('switchboard.campaign.attempt', dial.claimed.attempts);
  }
  try {
    const outcome = await dialOnce(ctx, dial);
    if (span.recording) span.set('switchboard.campaign.dial_outcome', outcome);
    ctx.deps.activity?.dialled(outcome);
  } catch (error) {
    span.fail(errorMessage(error));
    throw error;
  } finally {
    span.end();
  }
}

/** How one dial went: its call placed, or why not. */
export type DialOutcome = 'placed' | 'at_capacity' | 'suppressed' | 'refused' | 'agent_gone' | 'no_number';

/** Places one attempt's call and records it; a call never placed gives the recipient back. */
async function dialOnce(ctx: CampaignRoundContext, dial: Dial): Promise<DialOutcome> {
  const { campaign, claimed } = dial;
  const placed = await ctx.deps.dialer
    .dial({
      projectId: campaign.projectId,
      campaignId: campaign.id,
      agentId: campaign.agentId,
      toNumber: claimed.phoneNumber,
      fromNumberId: dial.fromNumberId,
      systemPrompt: campaign.systemPrompt,
      initialGreeting: campaign.initialGreeting,
      variables: claimed.variables,
      overrides: campaign.callOverrides ?? NO_CALL_OVERRIDES,
    })
    .catch((error: unknown) => E.left({ kind: 'refused' as const, message: errorMessage(error) }));
  const now = ctx.deps.clock.now();
  if (E.isRight(placed)) {
    const { callId } = placed.right;
    ctx.inFlight.set(callId, claimed.id);
    await ctx.transaction(async (tx) => {
      await tx.campaignAttempts.insert({ recipientId: claimed.id, attempt: claimed.attempts, callId, outcome: null, startedAt: now, endedAt: null });
      await tx.campaignRecipients.save([{ ...claimed, lastCallId: callId }], new Date(now.getTime() + ctx.options.leaseMs));
    });
    await listenForEnd(ctx, callId);
    return 'placed';
  }
  const refusal = placed.left;
  if (refusal.kind === 'at_capacity') {
    // The project's other calls hold every slot: not an attempt, the recipient is called later.
    await ctx.transaction(async (tx) => tx.campaignRecipients.save([{ ...dial.before, updatedAt: now }], null));
    return 'at_capacity';
  }
  if (refusal.kind === 'suppressed') {
    await ctx.transaction(async (tx) => {
      const skipped = skip(dial.before, 'do_not_call', now);
      await tx.campaignRecipients.save([skipped], null);
      await recipientDone(ctx, tx, campaign, skipped);
    });
    return 'suppressed';
  }
  if (refusal.kind === 'refused') {
    ctx.deps.logger.warn({ campaignId: campaign.id, recipientId: claimed.id, reason: refusal.message }, 'a campaign call could not be placed');
    await ctx.transaction(async (tx) => {
      const next = afterOutcome(campaign, claimed, 'failed', now);
      await tx.campaignRecipients.save([next], null);
      await recipientDone(ctx, tx, campaign, next);
    });
    return 'refused';
  }
  const reason = refusal.kind === 'agent_gone' ? 'agent_deleted: the campaign\u2019s agent no longer exists' : `no_number: ${refusal.message}`;
  await ctx.transaction(async (tx) => {
    await tx.campaignRecipients.save([{ ...dial.before, updatedAt: now }], null);
    const current = await tx.campaigns.findById(campaign.projectId, campaign.id);
    if (current) await tx.campaigns.save(pauseFor(current, reason, now));
  });
  ctx.deps.logger.warn({ campaignId: campaign.id, reason }, 'campaign paused');
  return refusal.kind;
}

/** Pokes the engine when the attempt's call ends, so it is settled at once rather than on the next poll. */
async function listenForEnd(ctx: CampaignRoundContext, callId: string): Promise<void> {
  const bus = ctx.deps.eventBus;
  if (!bus) return;
  let heard = false;
  let unsubscribe: (() => void) | null = null;
  unsubscribe = await bus
    .subscribe(callId, (event) => {
      if (event.type !== 'ended' || heard) return;
      heard = true;
      unsubscribe?.();
      ctx.poke();
    })
    .catch(() => null);
  if (heard) unsubscribe?.();
}
