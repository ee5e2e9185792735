import type { EntityManager } from '@mikro-orm/postgresql';
import type { CallAnalysisRepository } from '../../application/ports/call-analysis-repository.js';
import type { AnalysisStatus, CallAnalysis } from '../../domain/call-analysis.js';
import { CallAnalysisSchema, type CallAnalysisRow } from './entities/call-analysis.js';
import { AnalysisResultJson, decodeColumn } from './json-columns.js';
import { findRow, selectRows, upsertRow } from './storage-support.js';

export const toCallAnalysis = (row: CallAnalysisRow): CallAnalysis => ({
  callId: row.id,
  projectId: row.projectId,
  status: row.status as AnalysisStatus,
  attempts: row.attempts,
  nextAttemptAt: row.nextAttemptAt,
  result: row.result == null ? null : decodeColumn(AnalysisResultJson, row.result, 'call_analyses', 'result', row.id),
  error: row.error,
  createdAt: row.createdAt,
  completedAt: row.completedAt,
});

export const toCallAnalysisRow = (analysis: CallAnalysis): CallAnalysisRow => ({
  id: analysis.callId,
  projectId: analysis.projectId,
  status: analysis.status,
  attempts: analysis.attempts,
  nextAttemptAt: analysis.nextAttemptAt,
  result: analysis.result ? { ...AnalysisResultJson.encode(analysis.result) } : null,
  error: analysis.error,
  createdAt: analysis.createdAt,
  completedAt: analysis.completedAt,
});

export class MikroOrmCallAnalysisRepository implements CallAnalysisRepository {
  constructor(private readonly em: EntityManager) {}

  async findByCall(callId: string): Promise<CallAnalysis | null> {
    const row = await findRow(this.em, CallAnalysisSchema, { id: callId });
    return row && toCallAnalysis(row);
  }

  save(analysis: CallAnalysis): Promise<void> {
    return upsertRow(this.em, CallAnalysisSchema, toCallAnalysisRow(analysis));
  }

  /** One statement: lock the due rows (skipping those another worker holds) and push them past the lease. */
  async claimDue(now: Date, limit: number, leaseMs: number): Promise<readonly CallAnalysis[]> {
    const rows = await selectRows(
      this.em,
      CallAnalysisSchema,
      `with due as (
         select id, next_attempt_at from call_analyses
         where status = 'pending' and next_attempt_at <= ?
         order by next_attempt_at, id
         limit ?
         for update skip locked)
       update call_analyses c set next_attempt_at = ?
       from due where c.id = due.id
       returning c.id, c.project_id, c.status, c.attempts, due.next_attempt_at, c.result, c.error, c.created_at, c.completed_at`,
      [now, limit, new Date(now.getTime() + leaseMs)],
    );
    return rows.map(toCallAnalysis).sort((a, b) => a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime());
  }
}
