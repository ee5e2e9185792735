import type { E164 } from './e164.js';
import type { RetryPolicy, VoicemailHandling } from './campaign.js';

/**
 * One person on a campaign's list, and where they stand. `pending` and `retry_scheduled` wait
 * for their `nextAttemptAt`; `in_progress` has a call under way (held by a lease, so a node
 * that dies mid-call does not strand them); the other three are final.
 */
export const RECIPIENT_STATUSES = ['pending', 'in_progress', 'retry_scheduled', 'completed', 'failed', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** How one attempt ended, as the campaign sees it. */
export const ATTEMPT_OUTCOMES = ['answered', 'voicemail', 'busy', 'no_answer', 'failed'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/** Why a recipient was never (or no longer) called. */
export const SKIP_REASONS = ['do_not_call', 'schedule_ended', 'cancelled', 'invalid_number', 'no_consent'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface CampaignRecipient {
  readonly id: string;
  readonly campaignId: string;
  readonly projectId: string;
  readonly phoneNumber: E164;
  readonly contactId: string | null;
  /** Substituted as `{{name}}` in the call's greeting and prompts. */
  readonly variables: Readonly<Record<string, string>>;
  /** IANA zone whose local hours apply: from the number, else the campaign's default. */
  readonly timeZone: string;
  readonly status: RecipientStatus;
  readonly attempts: number;
  readonly nextAttemptAt: Date | null;
  readonly lastCallId: string | null;
  readonly lastOutcome: AttemptOutcome | null;
  readonly skipReason: SkipReason | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** One call made for a recipient: the results list shows each. */
export interface CampaignAttempt {
  readonly recipientId: string;
  readonly attempt: number;
  readonly callId: string;
  readonly outcome: AttemptOutcome | null;
  readonly startedAt: Date;
  readonly endedAt: Date | null;
}

export const isFinal = (status: RecipientStatus): boolean => status === 'completed' || status === 'failed' || status === 'skipped';

/** The wait before attempt `attempts + 1`: the backoff, grown by the multiplier after each retry. */
export const retryDelaySeconds = (policy: RetryPolicy, attempts: number): number =>
  Math.round(policy.backoffSeconds * policy.backoffMultiplier ** Math.max(0, attempts - 1));

/**
 * Where a recipient stands after an attempt ended with `outcome`. A person reached is done; a
 * machine is done when the agent left its message, and retried when the campaign says to try
 * again later; anything else is retried while the policy names it and attempts remain, else
 * it failed.
 */
export const afterAttempt = (
  recipient: CampaignRecipient,
  outcome: AttemptOutcome,
  policy: RetryPolicy,
  voicemail: VoicemailHandling,
  now: Date,
): CampaignRecipient => {
  const settled = (status: RecipientStatus): CampaignRecipient => ({ ...recipient, status, lastOutcome: outcome, nextAttemptAt: null, updatedAt: now });
  if (outcome === 'answered') return settled('completed');
  if (outcome === 'voicemail' && voicemail === 'leave_message') return settled('completed');
  const retryable = outcome === 'voicemail' ? voicemail === 'retry' : policy.retryOn.includes(outcome);
  if (!retryable || recipient.attempts >= policy.maxAttempts) return settled('failed');
  return {
    ...recipient,
    status: 'retry_scheduled',
    lastOutcome: outcome,
    nextAttemptAt: new Date(now.getTime() + retryDelaySeconds(policy, recipient.attempts) * 1000),
    updatedAt: now,
  };
};

/** Never called, for `reason`; a recipient already settled keeps its result. */
export const skip = (recipient: CampaignRecipient, reason: SkipReason, now: Date): CampaignRecipient =>
  isFinal(recipient.status) ? recipient : { ...recipient, status: 'skipped', skipReason: reason, nextAttemptAt: null, updatedAt: now };

/**
 * The words by which a texter opts out of (or back into) being contacted, as US carriers
 * require them honoured (CTIA): the whole message, any case, surrounding spaces ignored.
 */
const OPT_OUT_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const OPT_IN_WORDS = new Set(['START', 'UNSTOP', 'YES']);

export type OptChange = 'opt_out' | 'opt_in' | null;

export const optChangeOf = (body: string): OptChange => {
  const word = body.trim().replace(/[.!]+$/, '').toUpperCase();
  if (OPT_OUT_WORDS.has(word)) return 'opt_out';
  if (OPT_IN_WORDS.has(word)) return 'opt_in';
  return null;
};

