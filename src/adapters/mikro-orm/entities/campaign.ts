import { EntitySchema } from '@mikro-orm/core';

/**
 * A row of `campaigns`. The schedule, pacing, retry policy and from-number policy are jsonb
 * (read and written whole); `nextDialAt` is the engine's pace across nodes, not part of the domain.
 */
export interface CampaignRow {
  id: string;
  projectId: string;
  name: string;
  agentId: string;
  status: string;
  fromNumber: Record<string, unknown>;
  systemPrompt: string | null;
  initialGreeting: string | null;
  schedule: Record<string, unknown>;
  pacing: Record<string, unknown>;
  retry: Record<string, unknown>;
  voicemail: string;
  requireConsent: string | null;
  callOverrides: Record<string, unknown> | null;
  pausedReason: string | null;
  nextDialAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
}

export const CampaignSchema = new EntitySchema<CampaignRow>({
  name: 'CampaignRow',
  tableName: 'campaigns',
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    name: { type: 'string', columnType: 'text' },
    agentId: { type: 'string', columnType: 'text' },
    status: { type: 'string', columnType: 'text' },
    fromNumber: { type: 'json', columnType: 'jsonb' },
    systemPrompt: { type: 'string', columnType: 'text', nullable: true },
    initialGreeting: { type: 'string', columnType: 'text', nullable: true },
    schedule: { type: 'json', columnType: 'jsonb' },
    pacing: { type: 'json', columnType: 'jsonb' },
    retry: { type: 'json', columnType: 'jsonb' },
    voicemail: { type: 'string', columnType: 'text' },
    requireConsent: { type: 'string', columnType: 'text', nullable: true },
    callOverrides: { type: 'json', columnType: 'jsonb', nullable: true },
    pausedReason: { type: 'string', columnType: 'text', nullable: true },
    nextDialAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    updatedAt: { type: 'Date', columnType: 'timestamptz' },
    startedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    endedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});

/** A row of `campaign_recipients`; `lockedUntil` is the lease of the node dialling it. */
export interface CampaignRecipientRow {
  id: string;
  campaignId: string;
  projectId: string;
  phoneNumber: string;
  contactId: string | null;
  variables: Record<string, string>;
  timeZone: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date | null;
  lastCallId: string | null;
  lastOutcome: string | null;
  skipReason: string | null;
  lockedUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const CampaignRecipientSchema = new EntitySchema<CampaignRecipientRow>({
  name: 'CampaignRecipientRow',
  tableName: 'campaign_recipients',
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    campaignId: { type: 'string', columnType: 'text' },
    projectId: { type: 'string', columnType: 'text' },
    phoneNumber: { type: 'string', columnType: 'text' },
    contactId: { type: 'string', columnType: 'text', nullable: true },
    variables: { type: 'json', columnType: 'jsonb' },
    timeZone: { type: 'string', columnType: 'text' },
    status: { type: 'string', columnType: 'text' },
    attempts: { type: 'integer' },
    nextAttemptAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    lastCallId: { type: 'string', columnType: 'text', nullable: true },
    lastOutcome: { type: 'string', columnType: 'text', nullable: true },
    skipReason: { type: 'string', columnType: 'text', nullable: true },
    lockedUntil: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    updatedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});

/** A row of `campaign_attempts`, keyed (recipient, attempt number). */
export interface CampaignAttemptRow {
  recipientId: string;
  attempt: number;
  callId: string;
  outcome: string | null;
  startedAt: Date;
  endedAt: Date | null;
}

export const CampaignAttemptSchema = new EntitySchema<CampaignAttemptRow>({
  name: 'CampaignAttemptRow',
  tableName: 'campaign_attempts',
  properties: {
    recipientId: { type: 'string', columnType: 'text', primary: true },
    attempt: { type: 'integer', primary: true },
    callId: { type: 'string', columnType: 'text' },
    outcome: { type: 'string', columnType: 'text', nullable: true },
    startedAt: { type: 'Date', columnType: 'timestamptz' },
    endedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
