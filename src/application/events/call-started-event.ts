import type { AnsweredBy, Call, CallStatus, CallType } from '../../domain/call.js';
import { callEvent, type CallEvent } from './call-event.js';

/**
 * `agent.call_started` on channel `voice`: a call was answered — an inbound call by the agent
 * as it rings in, an outbound one by whoever picked up. With answering-machine detection on, an
 * outbound call's event waits for the verdict and carries it in `answeredBy` (a webhook-mode
 * agent without a voicemail message decides itself what to do with a machine).
 */
export type CallStartedEvent = CallEvent<
  'agent.call_started',
  {
    readonly type: CallType;
    readonly status: CallStatus;
    readonly startedAt: Date;
    /** `human`, `machine_end_beep`…; null: not detected (inbound, web, detection off). */
    readonly answeredBy: AnsweredBy | null;
  }
>;

export const callStartedEvent = (call: Call, now: Date): CallStartedEvent =>
  callEvent('agent.call_started', call, now, { type: call.type, status: call.status, startedAt: call.startedAt, answeredBy: call.answeredBy });
