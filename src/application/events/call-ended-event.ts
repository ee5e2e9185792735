import type { AnsweredBy, Call, CallDirection, CallStatus, CallType, DisconnectionReason, TranscriptTurn, TurnRole } from '../../domain/call.js';
import type { Contact } from '../../domain/contact.js';
import { eventContactOf, type EventContact } from './event-parts.js';

/** `agent.call_ended` on channel `voice`: a call is over; the answer's body is ignored. */
export interface CallEndedEvent {
  readonly event: 'agent.call_ended';
  readonly channel: 'voice';
  readonly timestamp: Date;
  readonly agentId: string | null;
  readonly data: {
    readonly callId: string;
    readonly numberId: string | null;
    readonly from: string;
    readonly to: string;
    readonly contact: EventContact | null;
    readonly direction: CallDirection;
    readonly type: CallType;
    readonly status: CallStatus;
    readonly startedAt: Date;
    readonly endedAt: Date | null;
    readonly durationSeconds: number | null;
    readonly disconnectionReason: DisconnectionReason | null;
    /** Who answered an outbound call, when answering-machine detection told. */
    readonly answeredBy: AnsweredBy | null;
    /** Every turn of the call, never cut by `contextLimit`. */
    readonly transcript: readonly { readonly role: TurnRole; readonly content: string }[];
    readonly recordingUrl: string | null;
  };
  readonly conversationState: null;
  readonly recentHistory: readonly never[];
}

/** The event of a call that ended, with its complete transcript. */
export const callEndedEvent = (call: Call, turns: readonly TranscriptTurn[], contact: Contact | null, now: Date): CallEndedEvent => ({
  event: 'agent.call_ended',
  channel: 'voice',
  timestamp: now,
  agentId: call.agentId,
  data: {
    callId: call.id,
    numberId: call.phoneNumberId,
    from: call.fromNumber,
    to: call.toNumber,
    contact: eventContactOf(contact),
    direction: call.direction,
    type: call.type,
    status: call.status,
    startedAt: call.startedAt,
    endedAt: call.endedAt,
    durationSeconds: call.durationSeconds,
    disconnectionReason: call.disconnectionReason,
    answeredBy: call.answeredBy,
    transcript: turns.map((t) => ({ role: t.role, content: t.content })),
    recordingUrl: call.recordingUrl,
  },
  conversationState: null,
  recentHistory: [],
});
