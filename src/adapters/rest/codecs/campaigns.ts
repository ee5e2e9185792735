import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { instant } from './instant.js';
import { requireConsent } from './consent.js';
import type { FieldProblem } from '../../../application/errors.js';
import { namingByTable } from '../field-names.js';
import { ALL_WEEKDAYS, minuteOfDay, type Weekday } from '../../../domain/calling-window.js';
import { LIMITS, RETRYABLE_OUTCOMES, type RetryableOutcome } from '../../../domain/campaign.js';
import { ATTEMPT_OUTCOMES, RECIPIENT_STATUSES, type AttemptOutcome, type RecipientStatus } from '../../../domain/campaign-recipient.js';
import type { CampaignSettings } from '../../../application/use-cases/campaigns/campaign-settings.js';
import type { RecipientInput } from '../../../application/use-cases/campaigns/recipient-import.js';
import { pageQuery } from '../pagination.js';
import { leniently, nullable, oneOf } from './common.js';
import { describedAs, describedWith } from './described.js';
import { northAmericanNumber } from './phone.js';
import { boundedText, idText, labelText, MAX_LENGTH, nameText } from './text.js';
import { turnTakingFields, turnTakingOverrides } from './conversation.js';

/** Most variables one recipient carries, and the longest name and value. */
export const VARIABLE_LIMITS = { count: 50, name: 64, value: 1000 } as const;

/** A recipient's `{{name}}` values: a flat object of strings, bounded in count and size. */
export const recipientVariables = describedAs(new t.Type<Record<string, string>, Record<string, string>, unknown>(
  'variables',
  (u): u is Record<string, string> => typeof u === 'object' && u !== null,
  (u, c) => {
    if (typeof u !== 'object' || u === null || Array.isArray(u)) return t.failure(u, c, 'must be an object of strings');
    const entries = Object.entries(u);
    if (entries.length > VARIABLE_LIMITS.count) return t.failure(u, c, `must have at most ${VARIABLE_LIMITS.count} entries`);
    const value = boundedText(VARIABLE_LIMITS.value);
    for (const [name, text] of entries) {
      if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) return t.failure(u, c, `has a name that is not 1 to 64 letters, digits, _ . or -: ${name.slice(0, 64)}`);
      if (typeof text !== 'string') return t.failure(u, c, `${name} must be a string`);
      const checked = value.validate(text, c);
      if (checked._tag === 'Left') return t.failure(u, c, `${name} must be at most ${VARIABLE_LIMITS.value} characters of storable text`);
    }
    return t.success(u as Record<string, string>);
  },
  (a) => a,
), {
  type: 'object',
  maxProperties: VARIABLE_LIMITS.count,
  propertyNames: { pattern: '^[A-Za-z0-9_.-]{1,64}$' },
  additionalProperties: { type: 'string', maxLength: VARIABLE_LIMITS.value },
});

const recipientOf = <P extends t.Mixed>(phoneNumber: P) =>
  t.intersection([t.type({ phoneNumber }), t.partial({ contactId: nullable(idText), variables: recipientVariables })]);

const Recipient = recipientOf(northAmericanNumber);

/**
 * A recipient whose number decodes either way: a number that is not one is kept as its problem,
 * for the use case to report with the rest of the request's (see toCampaignRecipients).
 */
const LenientRecipient = recipientOf(leniently(northAmericanNumber));

/** At most `LIMITS.recipientsPerRequest` recipients a request. */
const recipientListOf = <R extends t.Mixed>(recipient: R) => describedWith(new t.Type<t.TypeOf<R>[], unknown, unknown>(
  'recipients',
  (u): u is t.TypeOf<R>[] => Array.isArray(u),
  (u, c) =>
    Array.isArray(u) && u.length > LIMITS.recipientsPerRequest
      ? t.failure(u, c, `must have at most ${LIMITS.recipientsPerRequest} entries; add more with further requests`)
      : t.array(recipient).validate(u, c),
  (a) => a,
), (describe) => ({ type: 'array', maxItems: LIMITS.recipientsPerRequest, items: describe(recipient) }));

const recipientList = recipientListOf(Recipient);

const timeOfDayText = describedAs(new t.Type<number, string, unknown>(
  'time of day "HH:MM"',
  (u): u is number => typeof u === 'number',
  (u, c) => {
    const minutes = typeof u === 'string' && u.length <= 5 ? minuteOfDay(u) : null;
    return minutes === null ? t.failure(u, c, 'must be a time of day "HH:MM" (00:00 to 24:00)') : t.success(minutes);
  },
  (minutes) => `${minutes}`,
), { type: 'string', pattern: '^([01]\\d|2[0-4]):[0-5]\\d$', examples: ['09:00', '20:00'] });


const weekday = describedAs(new t.Type<Weekday, number, unknown>(
  'integer from 1 to 7',
  (u): u is Weekday => typeof u === 'number' && (ALL_WEEKDAYS as readonly number[]).includes(u),
  (u, c) => (typeof u === 'number' && (ALL_WEEKDAYS as readonly number[]).includes(u) ? t.success(u as Weekday) : t.failure(u, c, 'must be 1 (Monday) to 7 (Sunday)')),
  Number,
), { type: 'integer', minimum: 1, maximum: 7, description: 'ISO weekday: 1 Monday to 7 Sunday' });

const finite = describedAs(new t.Type<number, number, unknown>(
  'number',
  (u): u is number => typeof u === 'number' && Number.isFinite(u),
  (u, c) => (typeof u === 'number' && Number.isFinite(u) ? t.success(u) : t.failure(u, c, 'must be a number')),
  Number,
), { type: 'number' });

/** `POST /v1/calls`' `callingWindow`: a campaign's daily hours and weekdays, without its start and end. */
export const CallingWindowBody = t.partial({
  weekdays: t.array(weekday),
  dailyStart: timeOfDayText,
  dailyEnd: timeOfDayText,
  timeZone: boundedText(MAX_LENGTH.label),
});

/** The window a call asked for, its gaps filled as a campaign's are. */
export const toCallingWindow = (body: t.TypeOf<typeof CallingWindowBody>) => ({
  weekdays: body.weekdays ?? DEFAULTS.weekdays,
  dailyStartMinute: body.dailyStart ?? DEFAULTS.dailyStartMinute,
  dailyEndMinute: body.dailyEnd ?? DEFAULTS.dailyEndMinute,
  defaultTimeZone: body.timeZone ?? DEFAULTS.timeZone,
});

const Schedule = t.partial({
  startAt: nullable(instant),
  endBy: nullable(instant),
  weekdays: t.array(weekday),
  dailyStart: timeOfDayText,
  dailyEnd: timeOfDayText,
  timeZone: boundedText(MAX_LENGTH.label),
});

export const CreateCampaignBody = t.intersection([
  t.type({ name: nameText, agentId: idText }),
  t.partial({
    /** One of the agent's numbers; absent or null: each of the agent's numbers in turn. */
    fromNumberId: nullable(idText),
    systemPrompt: nullable(boundedText(MAX_LENGTH.prompt)),
    initialGreeting: nullable(boundedText(MAX_LENGTH.greeting)),
    schedule: Schedule,
    pacing: t.partial({ maxConcurrentCalls: finite, callsPerMinute: finite }),
    retry: t.partial({
      maxAttempts: finite,
      backoffSeconds: finite,
      backoffMultiplier: finite,
      retryOn: t.array(oneOf<RetryableOutcome>(RETRYABLE_OUTCOMES)),
    }),
    voicemail: oneOf(['leave_message', 'retry'] as const),
    /** Call only recipients whose contact has consent for calls of this basis (or a stronger one) on record; skip the rest (`no_consent`). */
    requireConsent: nullable(requireConsent),
    /** Each call's language: the agent's own or one of its `languages` (spoken in that language's voice unless `voice` is given). */
    language: nullable(labelText),
    voice: nullable(labelText),
    ...turnTakingFields,
    recipients: recipientListOf(LenientRecipient),
  }),
]);

export const AddRecipientsBody = t.type({ recipients: recipientList });

export const ListCampaignsQuery = pageQuery({ defaultLimit: 20, maxLimit: 100 });

export const ListRecipientsQuery = t.intersection([
  pageQuery({ defaultLimit: 50, maxLimit: 500 }),
  t.partial({
    status: oneOf<RecipientStatus>(RECIPIENT_STATUSES),
    outcome: oneOf<AttemptOutcome>(ATTEMPT_OUTCOMES),
  }),
]);

export const DEFAULTS = {
  weekdays: [1, 2, 3, 4, 5] as Weekday[],
  dailyStartMinute: 9 * 60,
  dailyEndMinute: 20 * 60,
  timeZone: 'America/New_York',
  maxConcurrentCalls: 5,
  callsPerMinute: 30,
  maxAttempts: 3,
  backoffSeconds: 600,
  backoffMultiplier: 2,
  retryOn: ['busy', 'no_answer'] as RetryableOutcome[],
} as const;

export const toCampaignSettings = (body: t.TypeOf<typeof CreateCampaignBody>): CampaignSettings => ({
  name: body.name,
  agentId: body.agentId,
  fromNumber: body.fromNumberId ? { kind: 'single', numberId: body.fromNumberId } : { kind: 'round_robin' },
  systemPrompt: body.systemPrompt ?? null,
  initialGreeting: body.initialGreeting ?? null,
  schedule: {
    startAt: body.schedule?.startAt ?? null,
    endBy: body.schedule?.endBy ?? null,
    weekdays: body.schedule?.weekdays ?? DEFAULTS.weekdays,
    dailyStartMinute: body.schedule?.dailyStart ?? DEFAULTS.dailyStartMinute,
    dailyEndMinute: body.schedule?.dailyEnd ?? DEFAULTS.dailyEndMinute,
    defaultTimeZone: body.schedule?.timeZone ?? DEFAULTS.timeZone,
  },
  pacing: {
    maxConcurrentCalls: body.pacing?.maxConcurrentCalls ?? DEFAULTS.maxConcurrentCalls,
    callsPerMinute: body.pacing?.callsPerMinute ?? DEFAULTS.callsPerMinute,
  },
  retry: {
    maxAttempts: body.retry?.maxAttempts ?? DEFAULTS.maxAttempts,
    backoffSeconds: body.retry?.backoffSeconds ?? DEFAULTS.backoffSeconds,
    backoffMultiplier: body.retry?.backoffMultiplier ?? DEFAULTS.backoffMultiplier,
    retryOn: body.retry?.retryOn ?? DEFAULTS.retryOn,
  },
  voicemail: body.voicemail ?? 'leave_message',
  requireConsent: body.requireConsent ?? null,
  callOverrides: { language: body.language ?? null, voice: body.voice ?? null, turnTaking: turnTakingOverrides(body) ?? {} },
});

const recipientInput = (r: t.TypeOf<typeof Recipient>, i: number): RecipientInput => ({
  phoneNumber: r.phoneNumber,
  contactId: r.contactId ?? null,
  variables: r.variables ?? {},
  source: `recipients.${i}`,
});

export const toRecipientInputs = (recipients: readonly t.TypeOf<typeof Recipient>[] | undefined): RecipientInput[] => (recipients ?? []).map(recipientInput);

/** A new campaign's recipients, and the problems of those whose number is not one (by their place in the list). */
export const toCampaignRecipients = (
  recipients: readonly t.TypeOf<typeof LenientRecipient>[] | undefined,
): { readonly recipients: RecipientInput[]; readonly problems: FieldProblem[] } => {
  const inputs: RecipientInput[] = [];
  const problems: FieldProblem[] = [];
  (recipients ?? []).forEach((r, i) => {
    if (E.isLeft(r.phoneNumber)) problems.push({ field: `recipients.${i}.phoneNumber`, message: r.phoneNumber.left, type: 'value_error' });
    else inputs.push(recipientInput({ ...r, phoneNumber: r.phoneNumber.right }, i));
  });
  return { recipients: inputs, problems };
};

/** The settings' paths a campaign's use cases name, as the request spells them. */
export const campaignFieldNames = namingByTable({
  fromNumber: 'fromNumberId',
  'fromNumber.numberId': 'fromNumberId',
  'schedule.defaultTimeZone': 'schedule.timeZone',
  'schedule.dailyStartMinute': 'schedule.dailyStart',
  'schedule.dailyEndMinute': 'schedule.dailyEnd',
});
