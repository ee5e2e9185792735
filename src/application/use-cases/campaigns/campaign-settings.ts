import { ALL_WEEKDAYS, scheduleProblem, type CallingSchedule } from '../../../domain/calling-window.js';
import { LIMITS, RETRYABLE_OUTCOMES, type CallOverrides, type FromNumberPolicy, type Pacing, type RetryPolicy, type VoicemailHandling } from '../../../domain/campaign.js';
import type { FieldProblem } from '../../errors.js';
import type { RequiredConsent } from '../../../domain/consent.js';
import type { TimeZoneCalendar } from '../../ports/time-zones.js';

/** What a user sets on a campaign (everything but its recipients and its state). */
export interface CampaignSettings {
  readonly name: string;
  readonly agentId: string;
  readonly fromNumber: FromNumberPolicy;
  readonly systemPrompt: string | null;
  readonly initialGreeting: string | null;
  readonly schedule: CallingSchedule;
  readonly pacing: Pacing;
  readonly retry: RetryPolicy;
  readonly voicemail: VoicemailHandling;
  readonly requireConsent: RequiredConsent | null;
  /** Each call's own language, voice and turn-taking over the agent's; absent: none. */
  readonly callOverrides?: CallOverrides;
}

const problem = (field: string, message: string): FieldProblem => ({ field, message, type: 'value_error' });

const within = (field: string, value: number, range: { readonly min: number; readonly max: number }, integer = true): FieldProblem[] =>
  (integer && !Number.isInteger(value)) || value < range.min || value > range.max
    ? [problem(field, `must be ${integer ? 'a whole number ' : ''}from ${range.min} to ${range.max}`)]
    : [];

/** Every problem of the settings that needs no storage: limits, the schedule, the time zone. */
export const settingsProblems = (settings: CampaignSettings, calendar: TimeZoneCalendar): FieldProblem[] => {
  const { schedule, pacing, retry } = settings;
  const problems: FieldProblem[] = [
    ...(settings.name.trim() === '' ? [problem('name', 'must not be empty')] : []),
    ...within('pacing.maxConcurrentCalls', pacing.maxConcurrentCalls, LIMITS.maxConcurrentCalls),
    ...within('pacing.callsPerMinute', pacing.callsPerMinute, LIMITS.callsPerMinute),
    ...within('retry.maxAttempts', retry.maxAttempts, LIMITS.maxAttempts),
    ...within('retry.backoffSeconds', retry.backoffSeconds, LIMITS.backoffSeconds),
    ...within('retry.backoffMultiplier', retry.backoffMultiplier, LIMITS.backoffMultiplier, false),
  ];
  if (retry.retryOn.some((o) => !RETRYABLE_OUTCOMES.includes(o))) problems.push(problem('retry.retryOn', `may only name ${RETRYABLE_OUTCOMES.join(', ')}`));
  if (schedule.weekdays.some((d) => !ALL_WEEKDAYS.includes(d))) problems.push(problem('schedule.weekdays', 'must be ISO weekdays, 1 (Monday) to 7 (Sunday)'));
  const window = scheduleProblem(schedule);
  if (window) problems.push(problem(window.field, window.message));
  if (!calendar.isKnownZone(schedule.defaultTimeZone)) problems.push(problem('schedule.defaultTimeZone', 'is not a known IANA time zone'));
  return problems;
};
