import * as E from 'fp-ts/lib/Either.js';
import type { RequiredConsent } from './consent.js';
import type { CallingSchedule } from './calling-window.js';
import type { TurnTaking } from './conversation-settings.js';

/**
 * A list of people for one agent to call, within calling hours, at a pace, with retries.
 * `draft → scheduled → running ⇄ paused → completed | cancelled`; `scheduled` waits for the
 * schedule's start, `completed` comes when nobody is left to call or the schedule has ended.
 */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export type CampaignAction = 'start' | 'pause' | 'resume' | 'cancel';

/** Which of the agent's numbers is the caller ID: one, or each in turn. */
export type FromNumberPolicy = { readonly kind: 'single'; readonly numberId: string } | { readonly kind: 'round_robin' };

/** Outcomes of an attempt a retry policy may name; a machine is retried when the campaign's voicemail handling is `retry`. */
export type RetryableOutcome = 'busy' | 'no_answer' | 'failed' | 'voicemail';
export const RETRYABLE_OUTCOMES: readonly RetryableOutcome[] = ['busy', 'no_answer', 'failed', 'voicemail'];

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** Wait before the second attempt; each later wait is `backoffMultiplier` times the one before. */
  readonly backoffSeconds: number;
  readonly backoffMultiplier: number;
  readonly retryOn: readonly RetryableOutcome[];
}

/** On an answering machine: leave the agent's voicemail message, or hang up and try again later. */
export type VoicemailHandling = 'leave_message' | 'retry';

export interface Pacing {
  /** Calls of this campaign in progress at once, at most (within the project's own cap). */
  readonly maxConcurrentCalls: number;
  /** New calls a minute, at most. */
  readonly callsPerMinute: number;
}

/**
 * What each call of a campaign speaks over its agent's settings, as `POST /v1/calls` takes them
 * for one call: a language the agent declares, a voice, the turn-taking fields.
 */
export interface CallOverrides {
  /** Null: the agent's own language. */
  readonly language: string | null;
  /** Null: the language's voice. */
  readonly voice: string | null;
  readonly turnTaking: Partial<TurnTaking>;
}

export const NO_CALL_OVERRIDES: CallOverrides = { language: null, voice: null, turnTaking: {} };

export interface Campaign {
  readonly id: string;
  readonly projectId: string;
  readonly name: string;
  readonly agentId: string;
  readonly status: CampaignStatus;
  readonly fromNumber: FromNumberPolicy;
  readonly systemPrompt: string | null;
  readonly initialGreeting: string | null;
  readonly schedule: CallingSchedule;
  readonly pacing: Pacing;
  readonly retry: RetryPolicy;
  readonly voicemail: VoicemailHandling;
  /** Call only recipients whose contact has consent for calls of this basis (or stronger) on record; the rest are skipped (`no_consent`). */
  readonly requireConsent: RequiredConsent | null;
  /** Each call's own language, voice and turn-taking; absent (campaigns stored before them): none. */
  readonly callOverrides?: CallOverrides;
  /** Why the campaign is paused when the system paused it (its agent was deleted, say). */
  readonly pausedReason: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly startedAt: Date | null;
  readonly endedAt: Date | null;
}

export const LIMITS = {
  maxConcurrentCalls: { min: 1, max: 100 },
  callsPerMinute: { min: 1, max: 600 },
  maxAttempts: { min: 1, max: 10 },
  backoffSeconds: { min: 60, max: 7 * 24 * 3600 },
  backoffMultiplier: { min: 1, max: 10 },
  recipientsPerRequest: 10_000,
} as const;

export interface CampaignTransitionRefused {
  readonly _tag: 'CampaignTransitionRefused';
  readonly action: CampaignAction;
  readonly status: CampaignStatus;
}

const refused = (campaign: Campaign, action: CampaignAction): E.Either<CampaignTransitionRefused, Campaign> =>
  E.left({ _tag: 'CampaignTransitionRefused', action, status: campaign.status });

/** Running now, or waiting for the schedule's start. */
const activeStatusAt = (campaign: Campaign, now: Date): 'scheduled' | 'running' =>
  campaign.schedule.startAt && campaign.schedule.startAt.getTime() > now.getTime() ? 'scheduled' : 'running';

/** What a user's `POST …/start|pause|resume|cancel` does to the campaign. */
export const applyAction = (campaign: Campaign, action: CampaignAction, now: Date): E.Either<CampaignTransitionRefused, Campaign> => {
  const to = (status: CampaignStatus, changes: Partial<Campaign> = {}) => E.right<CampaignTransitionRefused, Campaign>({ ...campaign, status, updatedAt: now, ...changes });
  switch (action) {
    case 'start':
      return campaign.status === 'draft' ? to(activeStatusAt(campaign, now), { startedAt: now }) : refused(campaign, action);
    case 'pause':
      return campaign.status === 'running' || campaign.status === 'scheduled' ? to('paused', { pausedReason: null }) : refused(campaign, action);
    case 'resume':
      return campaign.status === 'paused' ? to(activeStatusAt(campaign, now), { pausedReason: null }) : refused(campaign, action);
    case 'cancel':
      return campaign.status === 'completed' || campaign.status === 'cancelled' ? refused(campaign, action) : to('cancelled', { endedAt: now });
  }
};

/** The scheduler's own moves: a scheduled campaign whose start has come runs. */
export const activateIfDue = (campaign: Campaign, now: Date): Campaign =>
  campaign.status === 'scheduled' && activeStatusAt(campaign, now) === 'running' ? { ...campaign, status: 'running', updatedAt: now } : campaign;

/** The system pauses a campaign it cannot go on with, saying why (the user may resume it). */
export const pauseFor = (campaign: Campaign, reason: string, now: Date): Campaign =>
  campaign.status === 'running' || campaign.status === 'scheduled' ? { ...campaign, status: 'paused', pausedReason: reason, updatedAt: now } : campaign;

/** A running campaign with nobody left to call, or past its end, is complete. */
export const completeIfDone = (campaign: Campaign, nobodyLeft: boolean, now: Date): Campaign => {
  const ended = campaign.schedule.endBy !== null && campaign.schedule.endBy.getTime() <= now.getTime();
  return campaign.status === 'running' && (nobodyLeft || ended) ? { ...campaign, status: 'completed', endedAt: now, updatedAt: now } : campaign;
};

/** Whether recipients may be added: not once the campaign is over. */
export const acceptsRecipients = (campaign: Campaign): boolean => campaign.status !== 'completed' && campaign.status !== 'cancelled';

/** Whether the engine may dial for this campaign. */
export const isDialling = (campaign: Campaign): boolean => campaign.status === 'running';

/**
 * The earliest a new call may start under `callsPerMinute`, given when the last one started:
 * calls are spread evenly over the minute rather than sent in a burst at its start.
 */
export const nextDialAllowedAt = (pacing: Pacing, lastDialAt: Date | null): Date | null =>
  lastDialAt ? new Date(lastDialAt.getTime() + Math.ceil(60_000 / pacing.callsPerMinute)) : null;
