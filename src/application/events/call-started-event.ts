import type { AnsweredBy, Call, CallDirection, CallStatus, CallType } from '../../domain/call.js';

/**
 * `agent.call_started` on channel `voice`: a call was answered — an inbound call by the agent
 * as it rings in, an outbound one by whoever picked up. With answering-machine detection on, an
 * outbound call's event waits for the verdict and carries it in `answeredBy` (a webhook-mode
 * agent without a voicemail message decides itself what to do with a machine). The answer's
 * body is ignored.
 */
export interface CallStartedEvent {
  readonly event: 'agent.call_started';
  readonly channel: 'voice';
  readonly timestamp: Date;
  readonly agentId: string | null;
  readonly data: {
    readonly callId: string;
    readonly numberId: string | null;
    readonly from: string;
    readonly to: string;
    readonly direction: CallDirection;
    readonly type: CallType;
    readonly status: CallStatus;
    readonly startedAt: Date;
    /** `human`, `machine_end_beep`…; null: not detected (inbound, web, detection off). */
    readonly answeredBy: AnsweredBy | null;
  };
  readonly conversationState: null;
  readonly recentHistory: readonly never[];
}

export const callStartedEvent = (call: Call, now: Date): CallStartedEvent => ({
  event: 'agent.call_started',
  channel: 'voice',
  timestamp: now,
  agentId: call.agentId,
  data: {
    callId: call.id,
    numberId: call.phoneNumberId,
    from: call.fromNumber,
    to: call.toNumber,
    direction: call.direction,
    type: call.type,
    status: call.status,
    startedAt: call.startedAt,
    answeredBy: call.answeredBy,
  },
  conversationState: null,
  recentHistory: [],
});
