import { EntitySchema } from '@mikro-orm/core';

/** A row of `test_runs`, as MikroORM writes it: its tests' ids and their results kept as JSON. Read with native statements. */
export interface TestRunRow {
  id: string;
  projectId: string;
  agentId: string;
  status: string;
  testIds: string[];
  seed: number;
  results: unknown[];
  cancelReason: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

export const TestRunSchema = new EntitySchema<TestRunRow>({
  name: 'TestRunRow',
  tableName: 'test_runs',
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    agentId: { type: 'string', columnType: 'text' },
    status: { type: 'string', columnType: 'text' },
    testIds: { type: 'json', columnType: 'jsonb' },
    seed: { type: 'integer', columnType: 'bigint' },
    results: { type: 'json', columnType: 'jsonb' },
    cancelReason: { type: 'string', columnType: 'text', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    startedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    completedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
