import type { Campaign } from '../../domain/campaign.js';
import type { AttemptOutcome, CampaignAttempt, CampaignRecipient, RecipientStatus } from '../../domain/campaign-recipient.js';
import type { E164 } from '../../domain/e164.js';
import type { Page, PageRequest } from './pagination.js';

/**
 * Part of `Repositories` (as `campaigns`, `campaignRecipients` and `campaignAttempts`), bound
 * to the unit of work. Several nodes run one campaign: the claims below lock rows with SKIP
 * LOCKED and hold recipients by a lease, so nobody is dialled twice and a node that dies
 * strands nobody (its leases run out and another node takes them).
 */
export interface CampaignRepository {
  findById(projectId: string, id: string): Promise<Campaign | null>;
  /** Newest first. */
  list(projectId: string, page: PageRequest): Promise<Page<Campaign>>;
  save(campaign: Campaign): Promise<void>;
  /** Running campaigns, and scheduled ones whose start has come (any project): what the engine looks at. */
  listActive(now: Date): Promise<readonly Campaign[]>;
  /**
   * Takes the campaign for one dialling round: holds its row until the unit of work ends
   * (another node's round skips it rather than waiting), and says when the pace allows the
   * next call. Null when another node holds it, or when it is not running.
   */
  lockForDialling(id: string): Promise<{ readonly campaign: Campaign; readonly nextDialAt: Date | null } | null>;
  /** Stores when the pace allows the campaign's next call (after a round that dialled). */
  setNextDialAt(id: string, at: Date): Promise<void>;
}

/** Recipients in each state. */
export type RecipientCounts = Readonly<Record<RecipientStatus, number>>;

export interface RecipientListQuery extends PageRequest {
  readonly status: RecipientStatus | null;
  readonly outcome: AttemptOutcome | null;
}

export interface CampaignRecipientRepository {
  /** Inserts new recipients (one statement); a number already on the campaign is a DuplicateKey. */
  insert(recipients: readonly CampaignRecipient[]): Promise<void>;
  /** Which of these numbers the campaign already has. */
  existingNumbers(campaignId: string, phoneNumbers: readonly E164[]): Promise<readonly E164[]>;
  findById(campaignId: string, id: string): Promise<CampaignRecipient | null>;
  /** In the order they were added. */
  list(campaignId: string, query: RecipientListQuery): Promise<Page<CampaignRecipient>>;
  countByStatus(campaignId: string): Promise<RecipientCounts>;
  /** Recipients whose call is under way and whose lease has not run out. */
  countInFlight(campaignId: string, now: Date): Promise<number>;
  /**
   * Up to `limit` recipients of the campaign to look at now, oldest due first, locked until
   * the unit of work ends (rows another node holds are skipped): pending or retry_scheduled
   * ones due at `now` that nobody holds, and in_progress ones whose lease ran out (a node
   * died with them). The caller stores each with its new state and lease through {@link save}.
   */
  claimDue(campaignId: string, now: Date, limit: number): Promise<readonly CampaignRecipient[]>;
  /**
   * Up to `limit` in_progress recipients (any campaign) whose last call has ended, locked
   * until the unit of work ends (rows another node holds are skipped).
   */
  claimEnded(limit: number): Promise<readonly CampaignRecipient[]>;
  /** Stores the recipients' new states; `leaseUntil` holds them (null releases them). */
  save(recipients: readonly CampaignRecipient[], leaseUntil: Date | null): Promise<void>;
  /** Extends the lease of these in_progress recipients (their calls go on). */
  renewLeases(ids: readonly string[], until: Date): Promise<void>;
  /** Marks every pending or retry_scheduled recipient of the project with this number skipped. */
  skipNumber(projectId: string, phoneNumber: E164, reason: 'do_not_call', now: Date): Promise<number>;
  /** Marks every pending or retry_scheduled recipient of the campaign skipped (it was cancelled or ended). */
  skipRemaining(campaignId: string, reason: 'cancelled' | 'schedule_ended', now: Date): Promise<number>;
}

/** How the attempt whose call this was ended. */
export interface SettledAttempt {
  readonly callId: string;
  readonly outcome: AttemptOutcome;
  readonly endedAt: Date;
}

export interface CampaignAttemptRepository {
  /** One statement for any number of attempts; an attempt already recorded (recipient and number) is a DuplicateKey. */
  insert(attempts: readonly CampaignAttempt[]): Promise<void>;
  /** Records how the attempts with these calls ended, one statement for any number of them. */
  settle(settled: readonly SettledAttempt[]): Promise<void>;
  /** Every attempt of these recipients, by recipient then attempt number. */
  listByRecipients(recipientIds: readonly string[]): Promise<readonly CampaignAttempt[]>;
}
