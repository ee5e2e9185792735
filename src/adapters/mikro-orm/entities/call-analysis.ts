import { EntitySchema } from '@mikro-orm/core';

/** A row of `call_analyses`: the post-call analysis job of one call (`id` is the call's id). */
export interface CallAnalysisRow {
  id: string;
  projectId: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date | null;
  result: Record<string, unknown> | null;
  error: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

export const CallAnalysisSchema = new EntitySchema<CallAnalysisRow>({
  name: 'CallAnalysisRow',
  tableName: 'call_analyses',
  indexes: [{ name: 'call_analyses_due_index', properties: ['status', 'nextAttemptAt'] }],
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    status: { type: 'string', columnType: 'text' },
    attempts: { type: 'integer' },
    nextAttemptAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    result: { type: 'json', columnType: 'jsonb', nullable: true },
    error: { type: 'string', columnType: 'text', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    completedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
