import type { Call } from '../../domain/call.js';
import type { AnalysisResult, UserSentiment } from '../../domain/call-analysis.js';
import { callEvent, type CallEvent } from './call-event.js';

/**
 * `agent.call_analyzed` on channel `voice`: the post-call analysis of a call is ready. Sent
 * after `agent.call_ended` (which never waits for it).
 */
export type CallAnalyzedEvent = CallEvent<
  'agent.call_analyzed',
  {
    readonly summary: string;
    readonly userSentiment: UserSentiment;
    readonly callSuccessful: boolean;
    /** The fields of the agent's `analysisSchema`; null when it has none. */
    readonly extracted: Readonly<Record<string, unknown>> | null;
  }
>;

export const callAnalyzedEvent = (call: Call, result: AnalysisResult, now: Date): CallAnalyzedEvent =>
  callEvent('agent.call_analyzed', call, now, {
    summary: result.summary,
    userSentiment: result.userSentiment,
    callSuccessful: result.callSuccessful,
    extracted: result.extracted,
  });
