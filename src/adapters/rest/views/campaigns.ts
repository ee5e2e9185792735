import * as t from 'io-ts';
import type { RequiredConsent } from '../../../domain/consent.js';
import type { RecipientCounts } from '../../../application/ports/campaign-repositories.js';
import type { ImportSummary } from '../../../application/use-cases/campaigns/recipient-import.js';
import type { RecipientResult } from '../../../application/use-cases/campaigns/list-campaign-recipients.js';
import type { CampaignPreview } from '../../../application/use-cases/campaigns/preview-campaign.js';
import { timeOfDay } from '../../../domain/calling-window.js';
import { CAMPAIGN_STATUSES, NO_CALL_OVERRIDES, RETRYABLE_OUTCOMES, type CallOverrides, type Campaign } from '../../../domain/campaign.js';
import { ATTEMPT_OUTCOMES, RECIPIENT_STATUSES, SKIP_REASONS } from '../../../domain/campaign-recipient.js';
import { e164, isoDateTime, isoInstant, isoInstantOrNull, nullable, valuesIn, valuesOf, type Wire } from './schema.js';


const CampaignStatusView = valuesIn(CAMPAIGN_STATUSES);
const RecipientStatusView = valuesIn(RECIPIENT_STATUSES);
const OutcomeView = valuesIn(ATTEMPT_OUTCOMES);
const RetryOnView = valuesIn(RETRYABLE_OUTCOMES);
const SkipReasonView = valuesIn(SKIP_REASONS);

const ScheduleView = t.strict({
  startAt: nullable(isoDateTime),
  endBy: nullable(isoDateTime),
  /** ISO weekdays: 1 Monday to 7 Sunday. */
  weekdays: t.array(t.number),
  dailyStart: t.string,
  dailyEnd: t.string,
  timeZone: t.string,
});

/** How many recipients are at each stage (on a single campaign's answer). */
const CountsView = t.strict({
  pending: t.number,
  inProgress: t.number,
  retryScheduled: t.number,
  completed: t.number,
  failed: t.number,
  skipped: t.number,
  total: t.number,
});

const campaignProps = {
  id: t.string,
  name: t.string,
  agentId: t.string,
  status: CampaignStatusView,
  pausedReason: nullable(t.string),
  fromNumberId: nullable(t.string),
  fromNumberPolicy: valuesOf<Campaign['fromNumber']['kind']>({ single: null, round_robin: null }),
  systemPrompt: nullable(t.string),
  initialGreeting: nullable(t.string),
  schedule: ScheduleView,
  pacing: t.strict({ maxConcurrentCalls: t.number, callsPerMinute: t.number }),
  retry: t.strict({ maxAttempts: t.number, backoffSeconds: t.number, backoffMultiplier: t.number, retryOn: t.array(RetryOnView) }),
  voicemail: valuesOf<Campaign['voicemail']>({ leave_message: null, retry: null }),
  /** Only recipients with consent for calls of this basis (or stronger) on record are called. */
  requireConsent: nullable(valuesOf<RequiredConsent>({ express_written: null, express: null, existing_relationship: null })),
  /** Each call's own language, voice and turn-taking; null: the agent's. */
  language: nullable(t.string),
  voice: nullable(t.string),
  interruptionSensitivity: nullable(t.number),
  enableBackchannel: nullable(t.boolean),
  endOfTurnTimeoutMs: nullable(t.number),
  interruptible: nullable(t.string),
  greetingInterruptible: nullable(t.string),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  startedAt: nullable(isoDateTime),
  endedAt: nullable(isoDateTime),
};

/** A campaign; `counts` only where one campaign is asked for. */
export const CampaignView = t.exact(t.intersection([t.type(campaignProps), t.partial({ counts: CountsView })]), 'Campaign');

/** A new campaign, with how many of the recipients sent with it were added. */
export const CreatedCampaignView = t.strict({ ...campaignProps, recipientsImported: t.strict({ added: t.number, merged: t.number, alreadyOnCampaign: t.number, doNotCall: t.number }) }, 'CreatedCampaign');

export const CampaignPageView = t.strict({ data: t.array(CampaignView), hasMore: t.boolean, total: t.number }, 'CampaignPage');

/** What adding recipients did. */
export const RecipientImportView = t.strict({ added: t.number, merged: t.number, alreadyOnCampaign: t.number, doNotCall: t.number }, 'RecipientImport');

const AttemptView = t.strict({ attempt: t.number, callId: t.string, outcome: nullable(OutcomeView), startedAt: isoDateTime, endedAt: nullable(isoDateTime) });

export const RecipientView = t.strict(
  {
    id: t.string,
    phoneNumber: e164,
    contactId: nullable(t.string),
    variables: t.record(t.string, t.string),
    timeZone: t.string,
    status: RecipientStatusView,
    outcome: nullable(OutcomeView),
    skipReason: nullable(SkipReasonView),
    attemptCount: t.number,
    nextAttemptAt: nullable(isoDateTime),
    attempts: t.array(AttemptView),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  },
  'CampaignRecipient',
);

export const RecipientPageView = t.strict({ data: t.array(RecipientView), hasMore: t.boolean, total: t.number }, 'CampaignRecipientPage');

const countsView = (counts: RecipientCounts): Wire<typeof CountsView> => ({
  pending: counts.pending,
  inProgress: counts.in_progress,
  retryScheduled: counts.retry_scheduled,
  completed: counts.completed,
  failed: counts.failed,
  skipped: counts.skipped,
  total: Object.values(counts).reduce((a, b) => a + b, 0),
});

const callOverridesView = ({ language, voice, turnTaking }: CallOverrides) => ({
  language,
  voice,
  interruptionSensitivity: turnTaking.interruptionSensitivity ?? null,
  enableBackchannel: turnTaking.enableBackchannel ?? null,
  endOfTurnTimeoutMs: turnTaking.endOfTurnTimeoutMs ?? null,
  interruptible: turnTaking.interruptible ?? null,
  greetingInterruptible: turnTaking.greetingInterruptible ?? null,
});

export const campaignView = (campaign: Campaign, counts?: RecipientCounts): Wire<typeof CampaignView> => ({
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
    startAt: isoInstantOrNull(campaign.schedule.startAt),
    endBy: isoInstantOrNull(campaign.schedule.endBy),
    weekdays: [...campaign.schedule.weekdays],
    dailyStart: timeOfDay(campaign.schedule.dailyStartMinute),
    dailyEnd: timeOfDay(campaign.schedule.dailyEndMinute),
    timeZone: campaign.schedule.defaultTimeZone,
  },
  pacing: { maxConcurrentCalls: campaign.pacing.maxConcurrentCalls, callsPerMinute: campaign.pacing.callsPerMinute },
  retry: {
    maxAttempts: campaign.retry.maxAttempts,
    backoffSeconds: campaign.retry.backoffSeconds,
    backoffMultiplier: campaign.retry.backoffMultiplier,
    retryOn: [...campaign.retry.retryOn],
  },
  voicemail: campaign.voicemail,
  requireConsent: campaign.requireConsent,
  ...callOverridesView(campaign.callOverrides ?? NO_CALL_OVERRIDES),
  ...(counts ? { counts: countsView(counts) } : {}),
  createdAt: isoInstant(campaign.createdAt),
  updatedAt: isoInstant(campaign.updatedAt),
  startedAt: isoInstantOrNull(campaign.startedAt),
  endedAt: isoInstantOrNull(campaign.endedAt),
});

export const createdCampaignView = (campaign: Campaign, imported: ImportSummary): Wire<typeof CreatedCampaignView> => ({
  ...campaignView(campaign),
  recipientsImported: importView(imported),
});

export const importView = (summary: ImportSummary): Wire<typeof RecipientImportView> => ({
  added: summary.added,
  merged: summary.merged,
  alreadyOnCampaign: summary.alreadyOnCampaign,
  doNotCall: summary.doNotCall,
});

export const recipientView = ({ recipient, attempts }: RecipientResult): Wire<typeof RecipientView> => ({
  id: recipient.id,
  phoneNumber: recipient.phoneNumber,
  contactId: recipient.contactId,
  variables: recipient.variables,
  timeZone: recipient.timeZone,
  status: recipient.status,
  outcome: recipient.lastOutcome,
  skipReason: recipient.skipReason,
  attemptCount: recipient.attempts,
  nextAttemptAt: isoInstantOrNull(recipient.nextAttemptAt),
  attempts: attempts.map((a) => ({ attempt: a.attempt, callId: a.callId, outcome: a.outcome, startedAt: isoInstant(a.startedAt), endedAt: isoInstantOrNull(a.endedAt) })),
  createdAt: isoInstant(recipient.createdAt),
  updatedAt: isoInstant(recipient.updatedAt),
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

export const CampaignPreviewView = t.strict({
  at: isoDateTime,
  toCall: t.number,
  willDial: t.number,
  skipped: t.strict({ suppressed: t.number, noConsent: t.number, attemptCap: t.number, invalidNumber: t.number, scheduleEnded: t.number }),
  waiting: t.array(t.strict({ opensAt: isoDateTime, count: t.number })),
}, 'CampaignPreview');

export const campaignPreviewView = (preview: CampaignPreview): Wire<typeof CampaignPreviewView> => ({
  at: isoInstant(preview.at),
  toCall: preview.toCall,
  willDial: preview.willDial,
  skipped: { ...preview.skipped },
  waiting: preview.waiting.map((group) => ({ opensAt: isoInstant(group.opensAt), count: group.count })),
});
