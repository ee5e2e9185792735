import type { Agent } from '../../../domain/agent.js';
import type { Call } from '../../../domain/call.js';
import { queueAnalysis, unavailableAnalysis, type CallAnalysis } from '../../../domain/call-analysis.js';
import type { AnalysisQueue } from '../../ports/analysis-queue.js';

/**
 * The post-call analysis to store with the end of `call` (in the unit of work that ends it, so
 * it survives a restart), when its agent asks for one; null when none. Without a model it is
 * stored as `unavailable`, with the reason, so the API can say why there is none: only a
 * `pending` one is work for the analyst.
 */
export const analysisOnEnd = (agent: Agent | null, call: Call, queue: AnalysisQueue | undefined, now: Date): CallAnalysis | null => {
  if (!queue || !agent?.analysis) return null;
  const why = queue.unavailableBecause;
  return why === null
    ? queueAnalysis({ callId: call.id, projectId: call.projectId, now })
    : unavailableAnalysis({ callId: call.id, projectId: call.projectId, now, why });
};
