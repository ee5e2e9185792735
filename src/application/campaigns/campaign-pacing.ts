import type { Campaign } from '../../domain/campaign.js';
import type { CampaignRecipient } from '../../domain/campaign-recipient.js';
import type { Repositories } from '../ports/repositories.js';

/** A recipient this node dials in this round, and how it stood before the claim (to undo a call never placed). */
export interface Dial {
  readonly campaign: Campaign;
  readonly before: CampaignRecipient;
  readonly claimed: CampaignRecipient;
  readonly fromNumberId: string | null;
}

export interface PaceAllowance {
  readonly calls: number;
  readonly base: Date;
  readonly intervalMs: number;
}

/**
 * How many calls the pace allows now: one every `60 / callsPerMinute` seconds, counted from
 * the campaign's `next_dial_at` (shared by every node), with at most a round's worth of
 * calls saved up while nothing was dialled.
 */
export function paceAllows(campaign: Campaign, nextDialAt: Date | null, now: Date, pollIntervalMs: number): PaceAllowance {
  const intervalMs = 60_000 / campaign.pacing.callsPerMinute;
  const burst = Math.max(1, Math.floor(pollIntervalMs / intervalMs));
  const earliest = now.getTime() - (burst - 1) * intervalMs;
  const base = nextDialAt === null ? earliest : Math.max(nextDialAt.getTime(), earliest);
  const calls = base > now.getTime() ? 0 : Math.floor((now.getTime() - base) / intervalMs) + 1;
  return { calls, base: new Date(base), intervalMs };
}

/** The recipient claimed for its next attempt, from the campaign's single number if it has one. */
export function dialFor(campaign: Campaign, recipient: CampaignRecipient, now: Date): Dial {
  return {
    campaign,
    before: recipient,
    claimed: { ...recipient, status: 'in_progress', attempts: recipient.attempts + 1, lastCallId: null, nextAttemptAt: null, updatedAt: now },
    fromNumberId: campaign.fromNumber.kind === 'single' ? campaign.fromNumber.numberId : null,
  };
}

/** Round robin: each call of the round from the agent's next number, remembering per campaign which came last. */
export class RoundRobinNumbers {
  /** Which of its agent's numbers each round-robin campaign used last. */
  private readonly turns = new Map<string, number>();

  async assign(tx: Repositories, campaign: Campaign, dials: Dial[]): Promise<void> {
    if (campaign.fromNumber.kind !== 'round_robin' || dials.length === 0) return;
    const numbers = await tx.numbers.listByAgents([campaign.agentId]);
    if (numbers.length === 0) return;
    let turn = this.turns.get(campaign.id) ?? -1;
    for (let i = 0; i < dials.length; i++) {
      turn = (turn + 1) % numbers.length;
      dials[i] = { ...dials[i]!, fromNumberId: numbers[turn]!.id };
    }
    this.turns.set(campaign.id, turn);
  }
}
