import * as t from 'io-ts';
import type { OutboundEvent } from '../../application/events/outbound-event.js';
import { ANSWERED_BY, CALL_DIRECTIONS, CALL_STATUSES, CALL_TYPES, TURN_ROLES } from '../../domain/call.js';
import { USER_SENTIMENTS } from '../../domain/call-analysis.js';
import { CAMPAIGN_STATUSES } from '../../domain/campaign.js';
import { ATTEMPT_OUTCOMES, RECIPIENT_STATUSES, SKIP_REASONS } from '../../domain/campaign-recipient.js';
import { SUPPRESSION_CHANNELS } from '../../domain/suppression.js';
import { TEST_VERDICTS } from '../../domain/agent-test.js';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * A codec of our own says what it accepts as JSON Schema under `jsonSchema`, which the API
 * reference's converter reads.
 */
const describedAs = <C extends t.Any>(codec: C, jsonSchema: Readonly<Record<string, unknown>>): C => Object.assign(codec, { jsonSchema });

/** An instant on the wire: an ISO 8601 UTC string (`toISOString()`), a `Date` inside. */
const IsoInstant = describedAs(new t.Type<Date, string, unknown>(
  'ISO 8601 UTC instant',
  (u): u is Date => u instanceof Date && !Number.isNaN(u.getTime()),
  (u, c) => {
    if (typeof u !== 'string' || !ISO_INSTANT.test(u)) return t.failure(u, c);
    const date = new Date(u);
    return Number.isNaN(date.getTime()) ? t.failure(u, c) : t.success(date);
  },
  (date) => date.toISOString(),
), { type: 'string', format: 'date-time', pattern: ISO_INSTANT.source });

/** One of the domain's listed values, as an enum in the schema. */
const oneOf = <V extends string>(values: readonly V[]) => t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<V, null>);

/** A list that is always empty: `recentHistory` of the events that have none. */
const NoHistory = describedAs(
  new t.Type<readonly never[], readonly never[], unknown>(
    'empty list',
    (u): u is readonly never[] => Array.isArray(u) && u.length === 0,
    (u, c) => (Array.isArray(u) && u.length === 0 ? t.success([]) : t.failure(u, c)),
    t.identity,
  ),
  { type: 'array', maxItems: 0 },
);

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

const Direction = oneOf(CALL_DIRECTIONS);
const Role = oneOf(TURN_ROLES);

const Contact = t.strict({ id: t.string, name: t.string, email: nullable(t.string), phoneNumber: t.string });

/** The envelope of an event on channel `sms`, and which text it is about (its `data` begins so). */
const smsEvent = <N extends string>(name: N) => ({
  event: t.literal(name),
  channel: t.literal('sms'),
  timestamp: IsoInstant,
  agentId: nullable(t.string),
});
const smsTextRefs = { messageId: t.string, conversationId: t.string, numberId: t.string, from: t.string, to: t.string };

const SmsMessage = t.strict({
  ...smsEvent('agent.message'),
  data: t.strict({
    ...smsTextRefs,
    contact: nullable(Contact),
    message: t.string,
    mediaUrls: t.readonlyArray(t.string),
    direction: Direction,
    receivedAt: IsoInstant,
  }),
  conversationState: nullable(t.UnknownRecord),
  recentHistory: t.readonlyArray(
    t.strict({ messageId: t.string, content: t.string, direction: Direction, channel: t.literal('sms'), at: IsoInstant }),
  ),
});

const MessageFailed = t.strict({
  ...smsEvent('agent.message_failed'),
  data: t.strict({
    ...smsTextRefs,
    message: t.string,
    errorCode: nullable(t.string),
    errorMessage: t.string,
  }),
  conversationState: t.null,
  recentHistory: NoHistory,
});

const VoiceTurn = t.strict({
  event: t.literal('agent.message'),
  channel: t.literal('voice'),
  timestamp: IsoInstant,
  agentId: nullable(t.string),
  data: t.exact(
    t.intersection([
      t.type({
        callId: t.string,
        numberId: nullable(t.string),
        from: t.string,
        to: t.string,
        status: t.literal('in-progress'),
        transcript: t.string,
        confidence: nullable(t.number),
        direction: Direction,
      }),
      t.partial({ dtmf: t.string }),
    ]),
  ),
  conversationState: t.null,
  recentHistory: t.readonlyArray(
    t.exact(
      t.intersection([
        t.type({ turnId: t.string, role: Role, content: t.string, direction: Direction, channel: t.literal('voice'), at: IsoInstant }),
        t.partial({ interrupted: t.literal(true) }),
      ]),
    ),
  ),
});

const CallEnded = t.strict({
  event: t.literal('agent.call_ended'),
  channel: t.literal('voice'),
  timestamp: IsoInstant,
  agentId: nullable(t.string),
  data: t.strict({
    callId: t.string,
    numberId: nullable(t.string),
    from: t.string,
    to: t.string,
    contact: nullable(Contact),
    direction: Direction,
    type: oneOf(CALL_TYPES),
    status: oneOf(CALL_STATUSES),
    startedAt: IsoInstant,
    endedAt: nullable(IsoInstant),
    durationSeconds: nullable(t.number),
    disconnectionReason: nullable(t.string),
    answeredBy: nullable(oneOf(ANSWERED_BY)),
    transcript: t.readonlyArray(t.strict({ role: Role, content: t.string })),
    recordingUrl: nullable(t.string),
  }),
  conversationState: t.null,
  recentHistory: NoHistory,
});

/** An event about one call with no conversation (CallEvent): the call's parties, then `fields`. */
const callEventCodec = <N extends string, P extends t.Props>(name: N, fields: P) =>
  t.strict({
    event: t.literal(name),
    channel: t.literal('voice'),
    timestamp: IsoInstant,
    agentId: nullable(t.string),
    data: t.strict({ callId: t.string, numberId: nullable(t.string), from: t.string, to: t.string, direction: Direction, ...fields }),
    conversationState: t.null,
    recentHistory: NoHistory,
  });

const CallAnalyzed = callEventCodec('agent.call_analyzed', {
  summary: t.string,
  userSentiment: oneOf(USER_SENTIMENTS),
  callSuccessful: t.boolean,
  extracted: nullable(t.UnknownRecord),
});

const CampaignStatusChange = t.strict({
  event: oneOf(['campaign.started', 'campaign.completed'] as const),
  channel: t.literal('voice'),
  timestamp: IsoInstant,
  agentId: t.string,
  data: t.strict({
    campaignId: t.string,
    name: t.string,
    status: oneOf(CAMPAIGN_STATUSES),
    startedAt: nullable(IsoInstant),
    endedAt: nullable(IsoInstant),
  }),
  conversationState: t.null,
  recentHistory: NoHistory,
});

const CallStarted = callEventCodec('agent.call_started', {
  type: oneOf(CALL_TYPES),
  status: oneOf(CALL_STATUSES),
  startedAt: IsoInstant,
  answeredBy: nullable(oneOf(ANSWERED_BY)),
});

const RecipientCompleted = t.strict({
  event: t.literal('campaign.recipient_completed'),
  channel: t.literal('voice'),
  timestamp: IsoInstant,
  agentId: t.string,
  data: t.strict({
    campaignId: t.string,
    recipientId: t.string,
    phoneNumber: t.string,
    contactId: nullable(t.string),
    status: oneOf(RECIPIENT_STATUSES),
    outcome: nullable(oneOf(ATTEMPT_OUTCOMES)),
    skipReason: nullable(oneOf(SKIP_REASONS)),
    attempts: t.number,
    callId: nullable(t.string),
    variables: t.record(t.string, t.string),
  }),
  conversationState: t.null,
  recentHistory: NoHistory,
});

const transferCodec = <N extends string>(name: N) =>
  callEventCodec(name, { mode: t.literal('warm'), transferTo: t.string, summary: nullable(t.string), failureReason: nullable(t.string) });
const TransferStarted = transferCodec('agent.transfer_started');
const TransferBridged = transferCodec('agent.transfer_bridged');
const TransferFailed = transferCodec('agent.transfer_failed');

const ContactOptedOut = callEventCodec('agent.contact_opted_out', {
  phoneNumber: nullable(t.string),
  suppressedFor: oneOf(SUPPRESSION_CHANNELS),
  source: oneOf(['agent_tool', 'webhook_answer'] as const),
  reason: nullable(t.string),
});

const TestRunCompleted = t.strict({
  event: t.literal('agent.test_run_completed'),
  channel: t.null,
  timestamp: IsoInstant,
  agentId: t.string,
  data: t.strict({
    testRunId: t.string,
    status: t.literal('completed'),
    seed: t.number,
    total: t.number,
    passed: t.number,
    failed: t.number,
    errored: t.number,
    startedAt: nullable(IsoInstant),
    completedAt: nullable(IsoInstant),
    results: t.array(t.strict({ testId: t.string, name: t.string, verdict: oneOf(TEST_VERDICTS) })),
  }),
  conversationState: t.null,
  recentHistory: NoHistory,
});

const AgentHandoff = callEventCodec('agent.handoff', {
  fromAgentId: nullable(t.string),
  toAgentId: t.string,
  summary: nullable(t.string),
  handoffCount: t.number,
});

/**
 * The catalogue on the wire: every event Switchboard POSTs, decoded from and encoded to its
 * JSON form. Decoding drops keys the catalogue does not name; encoding writes only those keys,
 * in the order the constructors give them.
 */
export const OutboundEventCodec = t.union(
  [SmsMessage, MessageFailed, VoiceTurn, CallEnded, CallAnalyzed, CallStarted, TransferStarted, TransferBridged, TransferFailed, ContactOptedOut, AgentHandoff, CampaignStatusChange, RecipientCompleted, TestRunCompleted],
  'OutboundEvent',
);

/** Each event's codec by `event` and `channel`, so a decode failure can name the fields of the right one. */
export const EVENT_CODECS: Readonly<Record<string, t.Decoder<unknown, OutboundEvent>>> = {
  'agent.message sms': SmsMessage,
  'agent.message_failed sms': MessageFailed,
  'agent.message voice': VoiceTurn,
  'agent.call_ended voice': CallEnded,
  'agent.call_analyzed voice': CallAnalyzed,
  'agent.call_started voice': CallStarted,
  'agent.transfer_started voice': TransferStarted,
  'agent.transfer_bridged voice': TransferBridged,
  'agent.transfer_failed voice': TransferFailed,
  'agent.contact_opted_out voice': ContactOptedOut,
  'agent.handoff voice': AgentHandoff,
  'campaign.started voice': CampaignStatusChange,
  'campaign.completed voice': CampaignStatusChange,
  'campaign.recipient_completed voice': RecipientCompleted,
  'agent.test_run_completed null': TestRunCompleted,
};

/** The JSON form of an event, before it is serialised. */
export type OutboundEventJson = t.OutputOf<typeof OutboundEventCodec>;

// The catalogue's types and its codecs must describe the same events: adding an event to one
// and not the other fails to compile here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameEvents: Same<t.TypeOf<typeof OutboundEventCodec>, OutboundEvent> = true;
void sameEvents;
