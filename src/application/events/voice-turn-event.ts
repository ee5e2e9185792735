import type { Call, CallDirection, TranscriptTurn, TurnRole } from '../../domain/call.js';

/** An earlier turn of the call, as `recentHistory` lists it (inbound = the caller). */
export interface VoiceHistoryEntry {
  readonly turnId: string;
  readonly role: TurnRole;
  readonly content: string;
  readonly direction: CallDirection;
  readonly channel: 'voice';
  readonly at: Date;
  /** Present (true) only when the caller cut the turn short. */
  readonly interrupted?: true;
}

/** `agent.message` on channel `voice`: the caller finished a turn; the answer is spoken. */
export interface VoiceTurnEvent {
  readonly event: 'agent.message';
  readonly channel: 'voice';
  readonly timestamp: Date;
  readonly agentId: string | null;
  readonly data: {
    readonly callId: string;
    readonly numberId: string | null;
    readonly from: string;
    readonly to: string;
    readonly status: 'in-progress';
    /** The caller's words. */
    readonly transcript: string;
    readonly confidence: number | null;
    readonly direction: CallDirection;
    /** Present only when the turn was a keypad press. */
    readonly dtmf?: string;
  };
  readonly conversationState: null;
  readonly recentHistory: readonly VoiceHistoryEntry[];
}

/** The event of one caller turn; `history` is the call's earlier turns, cut to `contextLimit` (0: none). */
export const voiceTurnEvent = (props: {
  readonly call: Call;
  readonly utterance: string;
  readonly confidence: number | null;
  readonly dtmf: string | null;
  readonly history: readonly TranscriptTurn[];
  readonly contextLimit: number;
  readonly now: Date;
}): VoiceTurnEvent => {
  const { call } = props;
  const history = props.contextLimit > 0 ? props.history.slice(-props.contextLimit) : [];
  return {
    event: 'agent.message',
    channel: 'voice',
    timestamp: props.now,
    agentId: call.agentId,
    data: {
      callId: call.id,
      numberId: call.phoneNumberId,
      from: call.fromNumber,
      to: call.toNumber,
      status: 'in-progress',
      transcript: props.utterance,
      confidence: props.confidence,
      direction: call.direction,
      ...(props.dtmf !== null ? { dtmf: props.dtmf } : {}),
    },
    conversationState: null,
    recentHistory: history.map((t) => ({
      turnId: t.id,
      role: t.role,
      content: t.content,
      direction: t.role === 'user' ? 'inbound' : 'outbound',
      channel: 'voice',
      at: t.createdAt,
      ...(t.interrupted ? { interrupted: true as const } : {}),
    })),
  };
};
