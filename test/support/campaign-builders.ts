import type { Campaign } from '../../src/domain/campaign.js';
import type { CampaignRecipient } from '../../src/domain/campaign-recipient.js';
import { at, newId, newNumber } from './builders.js';

// The Object Mothers of campaigns: a valid value of each kind, changed by `overrides`.

/** A draft campaign calling Monday to Friday, 09:00–20:00 in each recipient's zone. */
export const aCampaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  id: newId('cmp'),
  projectId: newId('prj'),
  name: 'Reminders',
  agentId: newId('agt'),
  status: 'draft',
  fromNumber: { kind: 'round_robin' },
  systemPrompt: null,
  initialGreeting: null,
  schedule: { startAt: null, endBy: null, weekdays: [1, 2, 3, 4, 5], dailyStartMinute: 540, dailyEndMinute: 1200, defaultTimeZone: 'America/New_York' },
  pacing: { maxConcurrentCalls: 2, callsPerMinute: 10 },
  retry: { maxAttempts: 3, backoffSeconds: 600, backoffMultiplier: 2, retryOn: ['busy', 'no_answer'] },
  voicemail: 'leave_message',
  requireConsent: null,
  pausedReason: null,
  createdAt: at(0),
  updatedAt: at(0),
  startedAt: null,
  endedAt: null,
  ...overrides,
});

/** A recipient waiting for its first call, due at `at(0)`. */
export const aRecipient = (overrides: Partial<CampaignRecipient> = {}): CampaignRecipient => ({
  id: newId('rcp'),
  campaignId: newId('cmp'),
  projectId: newId('prj'),
  phoneNumber: newNumber(),
  contactId: null,
  variables: {},
  timeZone: 'America/New_York',
  status: 'pending',
  attempts: 0,
  nextAttemptAt: at(0),
  lastCallId: null,
  lastOutcome: null,
  skipReason: null,
  createdAt: at(0),
  updatedAt: at(0),
  ...overrides,
});

/** `count` recipients of `campaign`, created one second apart. */
export const recipientsOf = (campaign: Campaign, count: number, overrides: Partial<CampaignRecipient> = {}): CampaignRecipient[] =>
  Array.from({ length: count }, (_, i) =>
    aRecipient({ campaignId: campaign.id, projectId: campaign.projectId, createdAt: at(i), updatedAt: at(i), ...overrides }),
  );
