import * as t from 'io-ts';
import type { KeptAnswer } from '../../application/ports/outbound-text-repositories.js';
import type { AnalysisResult } from '../../domain/call-analysis.js';
import { USER_SENTIMENTS } from '../../domain/call-analysis.js';
import type { CallingSchedule, Weekday } from '../../domain/calling-window.js';
import { ALL_WEEKDAYS } from '../../domain/calling-window.js';
import type { ToolOutcome, ToolTurnDetail, TurnLatency, TurnSource } from '../../domain/call.js';
import { RETRYABLE_OUTCOMES, type CallOverrides, type FromNumberPolicy, type Pacing, type RetryPolicy } from '../../domain/campaign.js';
import { INTERRUPTIBLE_BY } from '../../domain/conversation-settings.js';
import { TOOL_METHODS, type CustomTool } from '../../domain/custom-tool.js';
import type { MessageStatus } from '../../domain/message.js';
import { CONSENT_BASES, type Consent, type ConsentBasis } from '../../domain/consent.js';
import type { OutboundSettings } from '../../domain/outbound-settings.js';

/**
 * The codecs of the jsonb columns, one per column shape: rows are decoded with them on the way
 * out, so a corrupt value stops at the adapter with its table, column and row named instead of
 * reaching the domain as a value of the wrong type. Encoding gives the stored shape (dates as
 * ISO text inside a document).
 */

/** The row a JSON column failed to decode in, and the paths that failed. */
export class CorruptJsonColumn extends Error {
  constructor(
    readonly table: string,
    readonly column: string,
    readonly rowId: string,
    readonly problems: readonly string[],
  ) {
    super(`${table}.${column} of row ${rowId} holds JSON that does not decode: ${problems.join('; ')}`);
    this.name = 'CorruptJsonColumn';
  }
}

const problemsOf = (errors: t.Errors): string[] =>
  errors.slice(0, 5).map((error) => {
    const path = error.context.map((entry) => entry.key).filter((key) => key !== '').join('.');
    return `${path || '(the value)'}: expected ${error.context.at(-1)?.type.name ?? 'another value'}, found ${JSON.stringify(error.value) ?? 'undefined'}`;
  });

/** A column's value as its codec's type; throws {@link CorruptJsonColumn} when it does not decode. */
export const decodeColumn = <A>(codec: t.Decoder<unknown, A>, value: unknown, table: string, column: string, rowId: string): A => {
  const decoded = codec.decode(value);
  if (decoded._tag === 'Left') throw new CorruptJsonColumn(table, column, rowId, problemsOf(decoded.left));
  return decoded.right;
};

/** One of a list of literal values. */
export const oneOf = <V extends string | number>(name: string, values: readonly V[]): t.Type<V, V, unknown> =>
  new t.Type<V, V, unknown>(
    name,
    (u): u is V => (values as readonly unknown[]).includes(u),
    (u, c) => ((values as readonly unknown[]).includes(u) ? t.success(u as V) : t.failure(u, c)),
    t.identity,
  );

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** An instant kept as ISO text inside a document. */
const isoDate = new t.Type<Date, string, unknown>(
  'IsoDate',
  (u): u is Date => u instanceof Date,
  (u, c) => {
    if (typeof u !== 'string') return t.failure(u, c);
    const date = new Date(u);
    return Number.isNaN(date.getTime()) ? t.failure(u, c) : t.success(date);
  },
  (date) => date.toISOString(),
);

const textMap: t.Type<Record<string, string>> = t.record(t.string, t.string);

/** `calls.variables`, `campaign_recipients.variables`: names to text. */
export const VariablesJson = textMap;

/** `calls.metadata`, `conversations.state`, `agents.analysis_schema`: a free-form object. */
export const FreeFormJson = nullable(t.UnknownRecord);

/** `messages.media_urls`. */
export const MediaUrlsJson: t.Type<readonly string[]> = t.readonlyArray(t.string);

/** `campaigns.from_number`. */
export const FromNumberJson: t.Type<FromNumberPolicy> = t.union([
  t.type({ kind: t.literal('single'), numberId: t.string }),
  t.type({ kind: t.literal('round_robin') }),
]);

/** `campaigns.schedule`: the calling window, its instants as ISO text. */
export const ScheduleJson: t.Type<CallingSchedule, { [K in keyof CallingSchedule]: CallingSchedule[K] extends Date | null ? string | null : CallingSchedule[K] }, unknown> =
  t.type({
    startAt: nullable(isoDate),
    endBy: nullable(isoDate),
    weekdays: t.readonlyArray(oneOf<Weekday>('Weekday', ALL_WEEKDAYS)),
    dailyStartMinute: t.number,
    dailyEndMinute: t.number,
    defaultTimeZone: t.string,
  });

const ConsentRecordJson = nullable(
  t.type({ basis: oneOf<ConsentBasis>('ConsentBasis', CONSENT_BASES), source: nullable(t.string), capturedAt: nullable(isoDate), evidence: nullable(t.string) }),
);

/** `contacts.consent`: a record per channel (null: nothing on record), its instant as ISO text. */
export const ConsentJson: t.Type<Consent, { voice: t.OutputOf<typeof ConsentRecordJson>; sms: t.OutputOf<typeof ConsentRecordJson> }, unknown> = t.type({
  voice: ConsentRecordJson,
  sms: ConsentRecordJson,
});

/** `projects.outbound_settings`: a key left out follows the node's setting; the cap as null is off. */
export const OutboundSettingsJson: t.Type<OutboundSettings> = t.partial({
  attemptCap: nullable(t.type({ points: t.number, durationSeconds: t.number })),
  callingWindow: nullable(
    t.type({ weekdays: t.readonlyArray(oneOf<Weekday>('Weekday', ALL_WEEKDAYS)), dailyStartMinute: t.number, dailyEndMinute: t.number, defaultTimeZone: t.string }),
  ),
  recordingDisclosure: nullable(t.string),
});

/** `campaigns.pacing`. */
export const PacingJson: t.Type<Pacing> = t.type({ maxConcurrentCalls: t.number, callsPerMinute: t.number });

/** `campaigns.retry`. */
export const RetryJson: t.Type<RetryPolicy> = t.type({
  maxAttempts: t.number,
  backoffSeconds: t.number,
  backoffMultiplier: t.number,
  retryOn: t.readonlyArray(oneOf('RetryableOutcome', RETRYABLE_OUTCOMES)),
});

const TOOL_OUTCOMES: readonly ToolOutcome[] = ['ok', 'http_error', 'timeout', 'error'];

/** `transcript_turns.tool`: the tool's name, the model's call id, the arguments or the outcome. */
export const ToolTurnJson: t.Type<ToolTurnDetail> = t.intersection([
  t.type({ toolCallId: t.string, name: t.string }),
  t.partial({
    arguments: t.UnknownRecord,
    outcome: oneOf('ToolOutcome', TOOL_OUTCOMES),
    httpStatus: nullable(t.number),
  }),
]);

/** `transcript_turns.latency`: an answer's milliseconds from the caller's words. */
export const TurnLatencyJson: t.Type<TurnLatency> = t.type({
  firstTokenMs: nullable(t.number),
  firstTextMs: nullable(t.number),
  toolMs: t.number,
});

/** `transcript_turns.sources`: the knowledge-base passages a tool result gave the model. */
export const TurnSourcesJson: t.Type<readonly TurnSource[]> = t.readonlyArray(
  t.type({ knowledgeBaseId: t.string, documentId: t.string, documentTitle: t.string, position: t.number, heading: nullable(t.string) }),
);

/** `call_analyses.result`. */
export const AnalysisResultJson: t.Type<AnalysisResult> = t.type({
  summary: t.string,
  userSentiment: oneOf('UserSentiment', USER_SENTIMENTS),
  callSuccessful: t.boolean,
  extracted: nullable(t.UnknownRecord),
});

/** `agents.custom_tools`. */
export const CustomToolsJson: t.Type<readonly CustomTool[]> = t.readonlyArray(
  t.type({
    name: t.string,
    description: t.string,
    url: t.string,
    method: oneOf('ToolMethod', TOOL_METHODS),
    headers: textMap,
    parameters: t.UnknownRecord,
    timeoutMs: t.number,
    speakDuringExecution: t.boolean,
    executionMessage: nullable(t.string),
  }),
);

/** `agents.call_behaviour`: an object whose fields callBehaviourFromJson reads, each missing one taking its default. */
export const CallBehaviourJson = nullable(t.UnknownRecord);
/** `agents.conversation`, `calls.conversation`: an object whose fields conversationFromJson reads, each missing one taking its default. */
export const ConversationJson = nullable(t.UnknownRecord);

/** `campaigns.call_overrides`: each call's language, voice and turn-taking over the agent's. */
export const CallOverridesJson: t.Type<CallOverrides> = t.type({
  language: nullable(t.string),
  voice: nullable(t.string),
  turnTaking: t.partial({
    interruptionSensitivity: t.number,
    enableBackchannel: t.boolean,
    endOfTurnTimeoutMs: nullable(t.number),
    interruptible: oneOf('interruptible', INTERRUPTIBLE_BY),
    greetingInterruptible: oneOf('greetingInterruptible', INTERRUPTIBLE_BY),
  }),
});

const MESSAGE_STATUSES: readonly MessageStatus[] = ['received', 'queued', 'sent', 'delivered', 'failed'];

/** `idempotency_keys.answer`: the first answer a key's request got. */
export const KeptAnswerJson: t.Type<KeptAnswer> = t.union([
  t.type({ kind: t.literal('accepted'), status: oneOf('MessageStatus', MESSAGE_STATUSES), providerMessageId: nullable(t.string), errorCode: nullable(t.string) }),
  t.type({ kind: t.literal('refused'), message: t.string, providerCode: nullable(t.string) }),
]);
