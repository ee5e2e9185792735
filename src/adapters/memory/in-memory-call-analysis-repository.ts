import type { CallAnalysisRepository } from '../../application/ports/call-analysis-repository.js';
import type { InMemoryTables } from './in-memory-tables.js';

export const inMemoryCallAnalyses = (t: InMemoryTables): CallAnalysisRepository => ({
  findByCall: async (callId) => t.callAnalyses.get(callId) ?? null,
  save: async (analysis) => void t.callAnalyses.set(analysis.callId, analysis),
  claimDue: async (now, limit, leaseMs) => {
    const due = [...t.callAnalyses.values()]
      .filter((a) => a.status === 'pending' && a.nextAttemptAt !== null && a.nextAttemptAt <= now)
      .sort((a, b) => a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime() || (a.callId < b.callId ? -1 : 1))
      .slice(0, limit);
    const heldUntil = new Date(now.getTime() + leaseMs);
    for (const analysis of due) t.callAnalyses.set(analysis.callId, { ...analysis, nextAttemptAt: heldUntil });
    return due;
  },
});
