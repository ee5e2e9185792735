import * as E from 'fp-ts/lib/Either.js';
import type { Agent, VoiceMode } from './agent.js';
import type { ConversationSettings } from './conversation-settings.js';
import { fillVariables, type CallVariables } from './call-variables.js';

export const CALL_STATUSES = ['in-progress', 'completed', 'failed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
/**
 * What the call log filters by: a status, or one of AgentPhone's finer ones, each a part of one
 * of ours: `ringing` an in-progress call not yet answered (its media not connected), `busy` and
 * `no-answer` a failed call the carrier ended for that reason.
 */
export const CALL_STATUS_FILTERS = [...CALL_STATUSES, 'ringing', 'busy', 'no-answer'] as const;
export type CallStatusFilter = (typeof CALL_STATUS_FILTERS)[number];
/** The disconnection reason of a failed call each of AgentPhone's failed statuses names. */
export const FAILED_STATUS_REASONS = { busy: 'busy', 'no-answer': 'no_answer' } as const satisfies Record<string, DisconnectionReason>;
export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];
export const CALL_TYPES = ['pstn', 'web'] as const;
export type CallType = (typeof CALL_TYPES)[number];

/**
 * Why a call ended. The named ones are what Switchboard itself decides; a carrier's own
 * outcome (`busy`, `no-answer`, `canceled`) is kept as it said it.
 */
export type DisconnectionReason =
  | 'caller_hangup'
  | 'agent_hangup'
  | 'transfer'
  | 'voicemail'
  | 'silence_timeout'
  | 'max_duration'
  | 'error'
  | 'ended_by_api'
  | 'no_answer'
  | 'busy'
  | 'canceled'
  | 'concurrency_limit'
  /** The node holding the call stopped and could not hand it to another within its drain timeout. */
  | 'node_shutdown'
  | (string & {});

/** Who picked up an outbound call, as answering-machine detection told (Twilio's `AnsweredBy`). */
export const ANSWERED_BY = ['human', 'machine_start', 'machine_end_beep', 'machine_end_silence', 'machine_end_other', 'fax', 'unknown'] as const;
export type AnsweredBy = (typeof ANSWERED_BY)[number];

export const isMachine = (answeredBy: AnsweredBy): boolean => answeredBy.startsWith('machine_') || answeredBy === 'fax';

/** One agent passing a live call to another. */
export interface CallHandoff {
  /** Null when the agent handing over has been deleted since. */
  readonly fromAgentId: string | null;
  readonly toAgentId: string;
  /** What the first agent told the next about the caller. */
  readonly summary: string | null;
  readonly at: Date;
}

/** One phone or browser call handled by an agent. */
export interface Call {
  readonly id: string;
  readonly projectId: string;
  /** Null once the agent is deleted. */
  readonly agentId: string | null;
  /** Our number on the call; null for web calls. */
  readonly phoneNumberId: string | null;
  readonly fromNumber: string;
  readonly toNumber: string;
  readonly direction: CallDirection;
  readonly type: CallType;
  readonly status: CallStatus;
  readonly startedAt: Date;
  readonly endedAt: Date | null;
  readonly durationSeconds: number | null;
  readonly disconnectionReason: DisconnectionReason | null;
  /** The carrier's id (Twilio's `CA…` sid), once the carrier has one. */
  readonly providerCallId: string | null;
  readonly recordingUrl: string | null;
  readonly recordingAvailable: boolean;
  /** The recording disclosure said before the greeting because the call is recorded; null: none was said. */
  readonly recordingDisclosure: string | null;
  /** The mode the call started with: changing the agent's mode never switches a live call. */
  readonly voiceMode: VoiceMode;
  /** Spoken on answer; empty: stay silent until spoken to. */
  readonly greeting: string;
  readonly voice: string;
  readonly language: string;
  /** Set by an outbound call's request: this one call is then hosted with this prompt. */
  readonly systemPrompt: string | null;
  /** Values of `{{name}}` placeholders: the request's own, and the built-ins of inbound calls. */
  readonly variables: CallVariables;
  /** Free-form data a web call was started with. */
  readonly metadata: Readonly<Record<string, unknown>> | null;
  /** The last words said, kept when the call ends. */
  readonly lastTranscriptSnippet: string | null;
  /** Outbound calls: answering-machine detection was asked of the carrier. */
  readonly voicemailDetection: boolean;
  /** Who answered, once detection told; null: not known (inbound, web, detection off or pending). */
  readonly answeredBy: AnsweredBy | null;
  /** The person on the line asked not to be called again (the agent's `opt_out`); set once, never cleared. */
  readonly optOut: boolean;
  /** The agent's conversation settings as this call took them (with the call's own overrides); absent: the defaults. */
  readonly conversation?: ConversationSettings;
  /** The agents that passed the call on, oldest first; absent: it stayed with its first agent. */
  readonly handoffs?: readonly CallHandoff[];
}

export type CallError = { readonly _tag: 'CallNotInProgress'; readonly callId: string; readonly status: CallStatus };

export type NewCall = Omit<
  Call,
  'status' | 'endedAt' | 'durationSeconds' | 'disconnectionReason' | 'recordingUrl' | 'recordingAvailable' | 'lastTranscriptSnippet' | 'voicemailDetection' | 'answeredBy' | 'optOut' | 'recordingDisclosure'
> & { readonly voicemailDetection?: boolean; readonly recordingDisclosure?: string | null };

export const startCall = (props: NewCall): Call => ({
  ...props,
  status: 'in-progress',
  endedAt: null,
  durationSeconds: null,
  disconnectionReason: null,
  recordingUrl: null,
  recordingAvailable: false,
  recordingDisclosure: props.recordingDisclosure ?? null,
  lastTranscriptSnippet: null,
  voicemailDetection: props.voicemailDetection ?? false,
  answeredBy: null,
  optOut: false,
});

/** How the agent speaks on a call it answers: its voice mode, voice and language, and its greeting with the call's variables filled in. */
export const answeredAs = (
  agent: Pick<Agent, 'voiceMode' | 'greeting' | 'voice' | 'language' | 'conversation'>,
  variables: CallVariables,
): Pick<NewCall, 'voiceMode' | 'greeting' | 'voice' | 'language' | 'systemPrompt' | 'variables' | 'conversation'> => ({
  voiceMode: agent.voiceMode,
  greeting: fillVariables(agent.greeting ?? '', variables),
  voice: agent.voice,
  language: agent.language,
  systemPrompt: null,
  variables,
  ...(agent.conversation ? { conversation: agent.conversation } : {}),
});

export const withAnsweredBy = (call: Call, answeredBy: AnsweredBy): Call => ({ ...call, answeredBy });

export const isLive = (call: Call): boolean => call.status === 'in-progress';

/**
 * The number of the person the agent talks to (who called in, or whom we called); null for a
 * web call, which has no phone number on the other end.
 */
export const counterpartNumber = (call: Pick<Call, 'type' | 'direction' | 'fromNumber' | 'toNumber'>): string | null =>
  call.type === 'web' ? null : call.direction === 'inbound' ? call.fromNumber : call.toNumber;

const SNIPPET_LENGTH = 200;

interface Ending {
  readonly now: Date;
  readonly reason: DisconnectionReason;
  /** The carrier's count; else measured from startedAt. */
  readonly durationSeconds?: number | null;
  readonly lastWords?: string | null;
}

/** A call ends once: completed or failed, never back to in-progress. */
const end = (call: Call, status: 'completed' | 'failed', ending: Ending): E.Either<CallError, Call> => {
  if (!isLive(call)) return E.left({ _tag: 'CallNotInProgress', callId: call.id, status: call.status });
  const measured = Math.max(0, Math.round((ending.now.getTime() - call.startedAt.getTime()) / 1000));
  return E.right({
    ...call,
    status,
    endedAt: ending.now,
    durationSeconds: ending.durationSeconds ?? measured,
    disconnectionReason: ending.reason,
    lastTranscriptSnippet: ending.lastWords ? ending.lastWords.slice(0, SNIPPET_LENGTH) : call.lastTranscriptSnippet,
  });
};

export const completeCall = (call: Call, ending: Ending): E.Either<CallError, Call> => end(call, 'completed', ending);

export const failCall = (call: Call, ending: Ending): E.Either<CallError, Call> => end(call, 'failed', ending);

/** A recording exists from now on, whatever the add-on does later. */
export const attachRecording = (call: Call, url: string): Call => ({ ...call, recordingUrl: url, recordingAvailable: true });

export const withProviderCallId = (call: Call, providerCallId: string): Call => ({ ...call, providerCallId });

/** `tool_call` / `tool_result`: a custom HTTP tool the model called in hosted mode, and what came back. */
export type TurnRole = 'user' | 'agent' | 'tool_call' | 'tool_result';
export const TURN_ROLES: readonly TurnRole[] = ['user', 'agent', 'tool_call', 'tool_result'];

/** How a tool call ended: `ok` (a 2xx), `http_error`, `timeout`, `error` (refused, unreachable, bad arguments). */
export type ToolOutcome = 'ok' | 'http_error' | 'timeout' | 'error';

/** What a tool turn names: the model's call id ties a result to its call. */
export interface ToolTurnDetail {
  readonly toolCallId: string;
  readonly name: string;
  /** On a `tool_call`: the arguments the model gave. */
  readonly arguments?: Readonly<Record<string, unknown>>;
  /** On a `tool_result`. */
  readonly outcome?: ToolOutcome;
  readonly httpStatus?: number | null;
}

/** A knowledge-base passage a hosted agent was given to answer from (its `search_knowledge` tool). */
export interface TurnSource {
  readonly knowledgeBaseId: string;
  readonly documentId: string;
  readonly documentTitle: string;
  readonly position: number;
  readonly heading: string | null;
}

/** Spoken words (the caller's or the agent's), as opposed to a tool turn. */
export const isSpokenTurn = (turn: { readonly role: TurnRole }): boolean => turn.role === 'user' || turn.role === 'agent';

/** One utterance of the caller or the agent. `sequence` rises strictly within a call. */
export interface TranscriptTurn {
  readonly id: string;
  readonly callId: string;
  readonly role: TurnRole;
  readonly content: string;
  readonly createdAt: Date;
  /** The caller cut the agent off: `content` is what was actually spoken. */
  readonly interrupted: boolean;
  readonly sequence: number;
  /** The agent could not answer as asked (e.g. the language model failed): why. `content` is what was said instead. */
  readonly error?: string;
  /** On tool turns only. `content` is the call (`name {json}`) or the result in words, as the model saw it. */
  readonly tool?: ToolTurnDetail;
  /** On the agent's answers to a caller's turn: how long it took, from the caller's words. */
  readonly latency?: TurnLatency;
  /** On the caller's turns: the language the carrier heard them speak (ConversationRelay's `lang`). */
  readonly language?: string;
  /** On a `search_knowledge` tool result, or an answer given passages before it: the passages the model was given, best first. */
  readonly sources?: readonly TurnSource[];
}

/**
 * One answer's timings, in milliseconds from the moment the caller's words arrived: the first
 * piece of the answer from the webhook or the model (`firstTokenMs`), the first text handed to
 * the carrier (`firstTextMs`), and the time spent in tool calls meanwhile (`toolMs`, 0 without any).
 * Null when that moment never came (an answer cut before its first piece).
 */
export interface TurnLatency {
  readonly firstTokenMs: number | null;
  readonly firstTextMs: number | null;
  readonly toolMs: number;
}

/** Barge-in: the agent's turn keeps only what the caller heard before cutting in. */
export const truncateTurn = (turn: TranscriptTurn, heard: string): TranscriptTurn => ({
  ...turn,
  content: heard,
  interrupted: true,
});
