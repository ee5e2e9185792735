import * as E from 'fp-ts/lib/Either.js';
import { NO_CALL_OVERRIDES, pauseFor, type Campaign } from '../../domain/campaign.js';
import { skip, type CampaignAttempt, type CampaignRecipient } from '../../domain/campaign-recipient.js';
import { errorMessage } from '../kernel/periodic-task.js';
import type { CampaignCallRefusal } from '../ports/campaign-engine.js';
import type { Repositories } from '../ports/repositories.js';
import { NO_TRACING, type TraceSpan } from '../ports/tracing.js';
import type { CampaignRoundContext } from './campaign-engine-context.js';
import type { Dial } from './campaign-pacing.js';
import { afterOutcome, recipientsDone } from './campaign-settlement.js';

/** How one dial went: its call placed, or why not. */
export type DialOutcome = 'placed' | 'at_capacity' | 'suppressed' | 'refused' | 'agent_gone' | 'no_number';

type Answer = E.Either<CampaignCallRefusal, { readonly callId: string }>;

/**
 * Places one campaign round's claimed attempts together and records how each went, in one unit
 * of work for the whole round; each dial has a span of its own naming the campaign and how it went.
 */
export async function placeDials(ctx: CampaignRoundContext, dials: readonly Dial[]): Promise<void> {
  const first = dials[0];
  if (!first) return;
  const spans = dials.map((dial) => dialSpan(ctx, dial));
  try {
    const answers = await dialAll(ctx, first.campaign, dials);
    const outcomes = await record(ctx, first.campaign, dials, answers);
    outcomes.forEach((outcome, i) => {
      const span = spans[i]!;
      if (span.recording) span.set('switchboard.campaign.dial_outcome', outcome);
      ctx.deps.activity?.dialled(outcome);
    });
    await Promise.all(answers.map((answer) => (E.isRight(answer) ? listenForEnd(ctx, answer.right.callId) : undefined)));
  } catch (error) {
    for (const span of spans) span.fail(errorMessage(error));
    throw error;
  } finally {
    for (const span of spans) span.end();
  }
}

function dialSpan(ctx: CampaignRoundContext, dial: Dial): TraceSpan {
  const span = (ctx.deps.tracing ?? NO_TRACING).start('campaign dial');
  if (span.recording) {
    span.set('switchboard.campaign.id', dial.campaign.id);
    span.set('switchboard.campaign.attempt', dial.claimed.attempts);
  }
  return span;
}

/** The round's calls asked of the dialler; a dialler that throws refuses them all. */
async function dialAll(ctx: CampaignRoundContext, campaign: Campaign, dials: readonly Dial[]): Promise<readonly Answer[]> {
  const answers = await ctx.deps.dialer
    .dial({
      projectId: campaign.projectId,
      campaignId: campaign.id,
      agentId: campaign.agentId,
      systemPrompt: campaign.systemPrompt,
      initialGreeting: campaign.initialGreeting,
      overrides: campaign.callOverrides ?? NO_CALL_OVERRIDES,
      calls: dials.map((dial) => ({ toNumber: dial.claimed.phoneNumber, fromNumberId: dial.fromNumberId, variables: dial.claimed.variables })),
    })
    .catch((error: unknown): Answer[] => dials.map(() => E.left({ kind: 'refused', message: errorMessage(error) })));
  return dials.map((_, i) => answers[i] ?? E.left({ kind: 'refused', message: 'the dialler gave no answer for this call' }));
}

/**
 * Records the round in one unit of work: each placed call's attempt and lease; a call never
 * placed gives its recipient back (at capacity), skips it (suppressed), fails the attempt
 * (refused), or pauses the campaign (its agent or numbers gone).
 */
async function record(ctx: CampaignRoundContext, campaign: Campaign, dials: readonly Dial[], answers: readonly Answer[]): Promise<DialOutcome[]> {
  const now = ctx.deps.clock.now();
  const attempts: CampaignAttempt[] = [];
  const leased: CampaignRecipient[] = [];
  const released: CampaignRecipient[] = [];
  const done: CampaignRecipient[] = [];
  let paused: string | null = null;
  const outcomes = dials.map((dial, i): DialOutcome => {
    const answer = answers[i]!;
    const { claimed } = dial;
    if (E.isRight(answer)) {
      const { callId } = answer.right;
      ctx.inFlight.set(callId, claimed.id);
      attempts.push({ recipientId: claimed.id, attempt: claimed.attempts, callId, outcome: null, startedAt: now, endedAt: null });
      leased.push({ ...claimed, lastCallId: callId });
      return 'placed';
    }
    const refusal = answer.left;
    if (refusal.kind === 'at_capacity') {
      // The project's other calls hold every slot: not an attempt, the recipient is called later.
      released.push({ ...dial.before, updatedAt: now });
      return 'at_capacity';
    }
    if (refusal.kind === 'suppressed') {
      const skipped = skip(dial.before, 'do_not_call', now);
      released.push(skipped);
      done.push(skipped);
      return 'suppressed';
    }
    if (refusal.kind === 'refused') {
      ctx.deps.logger.warn({ campaignId: campaign.id, recipientId: claimed.id, reason: refusal.message }, 'a campaign call could not be placed');
      const next = afterOutcome(campaign, claimed, 'failed', now);
      released.push(next);
      done.push(next);
      return 'refused';
    }
    paused ??= refusal.kind === 'agent_gone' ? 'agent_deleted: the campaign\u2019s agent no longer exists' : `no_number: ${refusal.message}`;
    released.push({ ...dial.before, updatedAt: now });
    return refusal.kind;
  });
  await ctx.transaction(async (tx) => {
    await tx.campaignAttempts.insert(attempts);
    await tx.campaignRecipients.save(leased, new Date(now.getTime() + ctx.options.leaseMs));
    await tx.campaignRecipients.save(released, null);
    await recipientsDone(ctx, tx, campaign, done);
    if (paused !== null) await pause(tx, campaign, paused, now);
  });
  if (paused !== null) ctx.deps.logger.warn({ campaignId: campaign.id, reason: paused }, 'campaign paused');
  return outcomes;
}

async function pause(tx: Repositories, campaign: Campaign, reason: string, now: Date): Promise<void> {
  const current = await tx.campaigns.findById(campaign.projectId, campaign.id);
  if (current) await tx.campaigns.save(pauseFor(current, reason, now));
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
