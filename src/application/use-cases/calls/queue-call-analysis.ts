import type { Call } from '../../../domain/call.js';
import { queueAnalysis, unavailableAnalysis } from '../../../domain/call-analysis.js';
import type { Repositories } from '../../ports/repositories.js';
import type { AnalysisQueue } from '../../services/call-analyst.js';

/**
 * Queues the post-call analysis of a call that just ended, in the transaction that ends it
 * (so it survives a restart), when its agent asks for one. Without a model it is stored as
 * `unavailable`, with the reason, so the API can say why there is none. True: one was queued.
 */
export const queueCallAnalysis = async (tx: Repositories, call: Call, queue: AnalysisQueue | undefined, now: Date): Promise<boolean> => {
  if (!queue || !call.agentId) return false;
  const agent = await tx.agents.findById(call.projectId, call.agentId);
  if (!agent?.analysis) return false;
  const why = queue.unavailableBecause;
  if (why !== null) {
    await tx.callAnalyses.save(unavailableAnalysis({ callId: call.id, projectId: call.projectId, now, why }));
    return false;
  }
  await tx.callAnalyses.save(queueAnalysis({ callId: call.id, projectId: call.projectId, now }));
  return true;
};
