import * as t from 'io-ts';
import type { CreatedWebCall } from '../../../application/use-cases/calls/create-web-call.js';
import { ANSWERED_BY, type AnsweredBy, type Call, type CallDirection, type CallStatus, type CallType, type ToolOutcome, type TranscriptTurn, type TurnRole } from '../../../domain/call.js';
import { callLatencyOf } from '../../../domain/turn-latency.js';
import { agentsOfCall } from '../../../domain/call-handoff.js';
import type { AnalysisStatus, CallAnalysis, UserSentiment } from '../../../domain/call-analysis.js';
import { e164, isoDateTime, isoInstant, isoInstantOrNull, nullable, valuesOf, type Wire } from './schema.js';

const CallStatusView = valuesOf<CallStatus>({ 'in-progress': null, completed: null, failed: null });
const callFields = {
  id: t.string,
  agentId: nullable(t.string),
  phoneNumberId: nullable(t.string),
  fromNumber: t.string,
  toNumber: t.string,
  direction: valuesOf<CallDirection>({ inbound: null, outbound: null }),
  type: valuesOf<CallType>({ pstn: null, web: null }),
  status: CallStatusView,
  startedAt: isoDateTime,
};

const shownCallFields = {
  ...callFields,
  /** Our own number on the call (null for web calls). */
  phoneNumber: nullable(e164),
  endedAt: nullable(isoDateTime),
  durationSeconds: nullable(t.number),
  disconnectionReason: nullable(t.string),
  /** Outbound calls with answering-machine detection: who (or what) picked up. */
  answeredBy: nullable(valuesOf<AnsweredBy>(Object.fromEntries(ANSWERED_BY.map((a) => [a, null])) as Record<AnsweredBy, null>)),
  lastTranscriptSnippet: nullable(t.string),
  recordingAvailable: t.boolean,
  /** What the call said before its greeting because it was recorded (after the AI disclosure of an outbound call); null: nothing. */
  recordingDisclosure: nullable(t.string),
  /** The person asked on the call not to be called again (the agent's `opt_out`): their number is on the suppression list. */
  optOut: t.boolean,
  /** The agents of the call, first to last: the one it started with, then each it was handed to. */
  agents: t.array(t.strict({ agentId: nullable(t.string), since: isoDateTime, summary: nullable(t.string) }, 'CallAgent')),
};
/** Only while the recording add-on is active. */
const recordingUrl = t.partial({ recordingUrl: t.string });

export const CallView = t.exact(t.intersection([t.type(shownCallFields), recordingUrl]), 'Call');

/** What a tool turn names: the model's call id ties a result to its call. */
const ToolTurnView = t.exact(
  t.intersection([
    t.type({ toolCallId: t.string, name: t.string }),
    t.partial({
      arguments: t.UnknownRecord,
      outcome: valuesOf<ToolOutcome>({ ok: null, http_error: null, timeout: null, error: null }),
      httpStatus: nullable(t.number),
    }),
  ]),
  'ToolTurn',
);

/** A knowledge-base passage a `search_knowledge` result gave the model. */
const TurnSourceView = t.strict(
  { knowledgeBaseId: t.string, documentId: t.string, documentTitle: t.string, position: t.number, heading: nullable(t.string) },
  'TurnSource',
);

/** An agent's answer: milliseconds from the caller's words to its first token and first text, and spent in tools. */
const TurnLatencyView = t.strict({ firstTokenMs: nullable(t.number), firstTextMs: nullable(t.number), toolMs: t.number }, 'TurnLatency');

export const TurnView = t.exact(
  t.intersection([
    t.type({
      id: t.string,
      role: valuesOf<TurnRole>({ user: null, agent: null, tool_call: null, tool_result: null }),
      content: t.string,
      createdAt: isoDateTime,
    }),
    t.partial({ interrupted: t.literal(true), error: t.string, tool: ToolTurnView, latency: TurnLatencyView, language: t.string, sources: t.array(TurnSourceView) }),
  ]),
  'TranscriptTurn',
);

/**
 * A call's post-call analysis: `status` pending | completed | failed | unavailable (`error`
 * says why: no model, or what the model got wrong); null when its agent asks for none.
 */
export const AnalysisView = nullable(
  t.strict(
    {
      status: valuesOf<AnalysisStatus>({ pending: null, completed: null, failed: null, unavailable: null }),
      summary: nullable(t.string),
      userSentiment: nullable(valuesOf<UserSentiment>({ positive: null, neutral: null, negative: null })),
      callSuccessful: nullable(t.boolean),
      extracted: nullable(t.UnknownRecord),
      error: nullable(t.string),
      attempts: t.number,
      completedAt: nullable(isoDateTime),
    },
    'CallAnalysis',
  ),
);

export const CallDetailView = t.exact(
  t.intersection([
    t.type({ ...shownCallFields, latencyP50Ms: nullable(t.number), latencyP95Ms: nullable(t.number), analysis: AnalysisView, transcript: t.array(TurnView) }),
    recordingUrl,
  ]),
  'CallDetail',
);
export const TranscriptView = t.strict({ callId: t.string, status: CallStatusView, transcript: t.array(TurnView) }, 'Transcript');
export const PlacedCallView = t.strict(callFields, 'PlacedCall');
export const EndingCallView = t.strict({ id: t.string, status: t.literal('ending') }, 'EndingCall');
export const WebCallView = t.strict({ callId: t.string, accessToken: t.string, expiresAt: isoDateTime }, 'WebCall');
export const CallPageView = t.strict({ data: t.array(CallView), hasMore: t.boolean, total: t.number }, 'CallPage');

/** Our own number on the call (null for web calls). */
const ourNumber = (call: Call): string | null =>
  call.type === 'web' ? null : call.direction === 'inbound' ? call.toNumber : call.fromNumber;

/** A call as the API shows it; `recordingUrl` only while the recording add-on is active. */
export const callView = (call: Call, recordingEnabled: boolean): Wire<typeof CallView> => ({
  id: call.id,
  agentId: call.agentId,
  phoneNumberId: call.phoneNumberId,
  phoneNumber: ourNumber(call),
  fromNumber: call.fromNumber,
  toNumber: call.toNumber,
  direction: call.direction,
  type: call.type,
  status: call.status,
  startedAt: isoInstant(call.startedAt),
  endedAt: isoInstantOrNull(call.endedAt),
  durationSeconds: call.durationSeconds,
  disconnectionReason: call.disconnectionReason,
  answeredBy: call.answeredBy,
  lastTranscriptSnippet: call.lastTranscriptSnippet,
  ...(recordingEnabled && call.recordingUrl ? { recordingUrl: call.recordingUrl } : {}),
  recordingAvailable: call.recordingAvailable,
  recordingDisclosure: call.recordingDisclosure,
  optOut: call.optOut,
  agents: agentsOfCall(call).map((a) => ({ agentId: a.agentId, since: isoInstant(a.since), summary: a.summary })),
});

export const turnView = (turn: TranscriptTurn): Wire<typeof TurnView> => ({
  id: turn.id,
  role: turn.role,
  content: turn.content,
  createdAt: isoInstant(turn.createdAt),
  ...(turn.interrupted ? { interrupted: true as const } : {}),
  ...(turn.error !== undefined ? { error: turn.error } : {}),
  ...(turn.tool ? { tool: turn.tool } : {}),
  ...(turn.latency ? { latency: turn.latency } : {}),
  ...(turn.language ? { language: turn.language } : {}),
  ...(turn.sources ? { sources: turn.sources.map((s) => ({ ...s })) } : {}),
});

export const analysisView = (analysis: CallAnalysis | null | undefined): Wire<typeof AnalysisView> =>
  analysis
    ? {
        status: analysis.status,
        summary: analysis.result?.summary ?? null,
        userSentiment: analysis.result?.userSentiment ?? null,
        callSuccessful: analysis.result?.callSuccessful ?? null,
        extracted: analysis.result?.extracted ?? null,
        error: analysis.status === 'completed' ? null : analysis.error,
        attempts: analysis.attempts,
        completedAt: isoInstantOrNull(analysis.completedAt),
      }
    : null;

export const callDetailView = (
  call: Call,
  transcript: readonly TranscriptTurn[],
  recordingEnabled: boolean,
  analysis: CallAnalysis | null | undefined,
): Wire<typeof CallDetailView> => ({
  ...callView(call, recordingEnabled),
  ...callLatencyOf(transcript),
  analysis: analysisView(analysis),
  transcript: transcript.map(turnView),
});

export const transcriptView = (call: Call, transcript: readonly TranscriptTurn[]): Wire<typeof TranscriptView> => ({
  callId: call.id,
  status: call.status,
  transcript: transcript.map(turnView),
});

/** POST /v1/calls. */
export const placedCallView = (call: Call): Wire<typeof PlacedCallView> => ({
  id: call.id,
  agentId: call.agentId,
  phoneNumberId: call.phoneNumberId,
  fromNumber: call.fromNumber,
  toNumber: call.toNumber,
  direction: call.direction,
  type: call.type,
  status: call.status,
  startedAt: isoInstant(call.startedAt),
});

export const endingCallView = (call: Call): Wire<typeof EndingCallView> => ({ id: call.id, status: 'ending' });

export const webCallView = (web: CreatedWebCall): Wire<typeof WebCallView> => ({
  callId: web.call.id,
  accessToken: web.accessToken,
  expiresAt: isoInstant(web.expiresAt),
});
