import type { CallAnalysis } from '../../domain/call-analysis.js';

/** Part of `Repositories` (as `callAnalyses`): the post-call analysis jobs and their results. */
export interface CallAnalysisRepository {
  findByCall(callId: string): Promise<CallAnalysis | null>;
  /** Inserts or overwrites the call's analysis. */
  save(analysis: CallAnalysis): Promise<void>;
  /**
   * Pending analyses due by `now`, oldest first, at most `limit`, held for `leaseMs` (their
   * `nextAttemptAt` moves past the lease) so no other worker takes them meanwhile; a worker
   * that dies leaves them to be taken again once the lease runs out.
   */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<readonly CallAnalysis[]>;
}
