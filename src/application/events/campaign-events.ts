import type { Campaign, CampaignStatus } from '../../domain/campaign.js';
import type { AttemptOutcome, CampaignRecipient, RecipientStatus, SkipReason } from '../../domain/campaign-recipient.js';

/** `campaign.started` / `campaign.completed`: a campaign began dialling, or has nobody left to call. */
export interface CampaignStatusEvent {
  readonly event: 'campaign.started' | 'campaign.completed';
  readonly channel: 'voice';
  readonly timestamp: Date;
  readonly agentId: string;
  readonly data: {
    readonly campaignId: string;
    readonly name: string;
    readonly status: CampaignStatus;
    readonly startedAt: Date | null;
    readonly endedAt: Date | null;
  };
  readonly conversationState: null;
  readonly recentHistory: readonly never[];
}

/** `campaign.recipient_completed`: a recipient's calls are over (reached, voicemail left, or attempts spent). */
export interface CampaignRecipientCompletedEvent {
  readonly event: 'campaign.recipient_completed';
  readonly channel: 'voice';
  readonly timestamp: Date;
  readonly agentId: string;
  readonly data: {
    readonly campaignId: string;
    readonly recipientId: string;
    readonly phoneNumber: string;
    readonly contactId: string | null;
    readonly status: RecipientStatus;
    readonly outcome: AttemptOutcome | null;
    readonly skipReason: SkipReason | null;
    readonly attempts: number;
    /** The last attempt's call (its transcript: `GET /v1/calls/{callId}`). */
    readonly callId: string | null;
    readonly variables: Readonly<Record<string, string>>;
  };
  readonly conversationState: null;
  readonly recentHistory: readonly never[];
}

export const campaignStatusEvent = (event: CampaignStatusEvent['event'], campaign: Campaign, now: Date): CampaignStatusEvent => ({
  event,
  channel: 'voice',
  timestamp: now,
  agentId: campaign.agentId,
  data: { campaignId: campaign.id, name: campaign.name, status: campaign.status, startedAt: campaign.startedAt, endedAt: campaign.endedAt },
  conversationState: null,
  recentHistory: [],
});

export const recipientCompletedEvent = (campaign: Campaign, recipient: CampaignRecipient, now: Date): CampaignRecipientCompletedEvent => ({
  event: 'campaign.recipient_completed',
  channel: 'voice',
  timestamp: now,
  agentId: campaign.agentId,
  data: {
    campaignId: campaign.id,
    recipientId: recipient.id,
    phoneNumber: recipient.phoneNumber,
    contactId: recipient.contactId,
    status: recipient.status,
    outcome: recipient.lastOutcome,
    skipReason: recipient.skipReason,
    attempts: recipient.attempts,
    callId: recipient.lastCallId,
    variables: recipient.variables,
  },
  conversationState: null,
  recentHistory: [],
});
