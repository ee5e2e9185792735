import type { Call, CallDirection } from '../../domain/call.js';
import type { AnalysisResult, UserSentiment } from '../../domain/call-analysis.js';

/**
 * `agent.call_analyzed` on channel `voice`: the post-call analysis of a call is ready. Sent
 * after `agent.call_ended` (which never waits for it); the answer's body is ignored.
 */
export interface CallAnalyzedEvent {
  readonly event: 'agent.call_analyzed';
  readonly channel: 'voice';
  readonly timestamp: Date;
  readonly agentId: string | null;
  readonly data: {
    readonly callId: string;
    readonly numberId: string | null;
    readonly from: string;
    readonly to: string;
    readonly direction: CallDirection;
    readonly summary: string;
    readonly userSentiment: UserSentiment;
    readonly callSuccessful: boolean;
    /** The fields of the agent's `analysisSchema`; null when it has none. */
    readonly extracted: Readonly<Record<string, unknown>> | null;
  };
  readonly conversationState: null;
  readonly recentHistory: readonly never[];
}

export const callAnalyzedEvent = (call: Call, result: AnalysisResult, now: Date): CallAnalyzedEvent => ({
  event: 'agent.call_analyzed',
  channel: 'voice',
  timestamp: now,
  agentId: call.agentId,
  data: {
    callId: call.id,
    numberId: call.phoneNumberId,
    from: call.fromNumber,
    to: call.toNumber,
    direction: call.direction,
    summary: result.summary,
    userSentiment: result.userSentiment,
    callSuccessful: result.callSuccessful,
    extracted: result.extracted,
  },
  conversationState: null,
  recentHistory: [],
});
