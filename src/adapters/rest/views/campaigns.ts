import type { RecipientCounts } from '../../../application/ports/campaign-repositories.js';
import type { ImportSummary } from '../../../application/use-cases/campaigns/recipient-import.js';
import type { RecipientResult } from '../../../application/use-cases/campaigns/list-campaign-recipients.js';
import { timeOfDay } from '../../../domain/calling-window.js';
import type { Campaign } from '../../../domain/campaign.js';

const iso = (at: Date | null) => at?.toISOString() ?? null;

export const campaignView = (campaign: Campaign, counts?: RecipientCounts) => ({
  id: campaign.id,
  name: campaign.name,
  agentId: campaign.agentId,
  status: campaign.status,
  pausedReason: campaign.pausedReason,
  fromNumberId: campaign.fromNumber.kind === 'single' ? campaign.fromNumber.numberId : null,
  fromNumberPolicy: campaign.fromNumber.kind,
  systemPrompt: campaign.systemPrompt,
  initialGreeting: campaign.initialGreeting,
  schedule: {
    startAt: iso(campaign.schedule.startAt),
    endBy: iso(campaign.schedule.endBy),
    weekdays: campaign.schedule.weekdays,
    dailyStart: timeOfDay(campaign.schedule.dailyStartMinute),
    dailyEnd: timeOfDay(campaign.schedule.dailyEndMinute),
    timeZone: campaign.schedule.defaultTimeZone,
  },
  pacing: campaign.pacing,
  retry: campaign.retry,
  voicemail: campaign.voicemail,
  ...(counts
    ? {
        counts: {
          pending: counts.pending,
          inProgress: counts.in_progress,
          retryScheduled: counts.retry_scheduled,
          completed: counts.completed,
          failed: counts.failed,
          skipped: counts.skipped,
          total: Object.values(counts).reduce((a, b) => a + b, 0),
        },
      }
    : {}),
  createdAt: campaign.createdAt.toISOString(),
  updatedAt: campaign.updatedAt.toISOString(),
  startedAt: iso(campaign.startedAt),
  endedAt: iso(campaign.endedAt),
});

export const importView = (summary: ImportSummary) => summary;

export const recipientView = ({ recipient, attempts }: RecipientResult) => ({
  id: recipient.id,
  phoneNumber: recipient.phoneNumber,
  contactId: recipient.contactId,
  variables: recipient.variables,
  timeZone: recipient.timeZone,
  status: recipient.status,
  outcome: recipient.lastOutcome,
  skipReason: recipient.skipReason,
  attemptCount: recipient.attempts,
  nextAttemptAt: iso(recipient.nextAttemptAt),
  attempts: attempts.map((a) => ({ attempt: a.attempt, callId: a.callId, outcome: a.outcome, startedAt: a.startedAt.toISOString(), endedAt: iso(a.endedAt) })),
  createdAt: recipient.createdAt.toISOString(),
  updatedAt: recipient.updatedAt.toISOString(),
});

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading =+-@ is defused for spreadsheets. */
const csvField = (value: string | number | null): string => {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string' && !/^\+\d+$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const RESULTS_HEADER = ['recipientId', 'phoneNumber', 'contactId', 'status', 'outcome', 'skipReason', 'attempts', 'lastCallId', 'callIds', 'variables'];

/** One line of the results file per recipient. */
export const resultsCsvLine = ({ recipient, attempts }: RecipientResult): string =>
  [
    recipient.id,
    recipient.phoneNumber,
    recipient.contactId,
    recipient.status,
    recipient.lastOutcome,
    recipient.skipReason,
    recipient.attempts,
    recipient.lastCallId,
    attempts.map((a) => `${a.callId}:${a.outcome ?? 'in_progress'}`).join(' '),
    JSON.stringify(recipient.variables),
  ]
    .map(csvField)
    .join(',');
