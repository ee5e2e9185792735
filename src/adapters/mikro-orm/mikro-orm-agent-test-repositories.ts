import type { EntityManager } from '@mikro-orm/postgresql';
import * as t from 'io-ts';
import type { AgentTestRepository, TestRunRepository } from '../../application/ports/agent-test-repositories.js';
import { TEST_RUN_STATUSES, TEST_VERDICTS, type AgentTest, type TestRun } from '../../domain/agent-test.js';
import { decodeColumn, oneOf } from './json-columns.js';
import { AgentTestSchema } from './entities/agent-test.js';
import { TestRunSchema } from './entities/test-run.js';
import { runSelect } from './native-select.js';
import { ormDelete, ormUpsert } from './orm-writes.js';
import { dateOf } from './storage-support.js';

const PREPARED = { prepare: true } as const;
const READ = { prepare: true, effect: 'read' } as const;
export const TEST_COLUMNS = 'id, project_id, agent_id, name, scenario, created_at, updated_at';
export const RUN_COLUMNS = 'id, project_id, agent_id, status, test_ids, seed, results, cancel_reason, created_at, started_at, completed_at';

type Row = Record<string, unknown>;

/** A text column's value; anything else is a row this table cannot hold. */
const text = (row: Row, column: string): string => {
  const value = row[column];
  if (typeof value !== 'string') throw new Error(`${column} is not text: ${JSON.stringify(value)}`);
  return value;
};

const ScenarioJson = t.UnknownRecord;
const TestIdsJson = t.array(t.string);
const ResultsJson = t.array(
  t.type({
    testId: t.string,
    name: t.string,
    verdict: oneOf('verdict', TEST_VERDICTS),
    error: t.union([t.string, t.null]),
    expectations: t.array(t.type({ kind: t.string, passed: t.boolean, message: t.string })),
    transcript: t.array(t.string),
    durationMs: t.number,
  }),
);

/** A jsonb value as the driver gives it: parsed already, or text where a session reads every value as text. */
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

export const toAgentTest = (row: Row): AgentTest => ({
  id: text(row, 'id'),
  projectId: text(row, 'project_id'),
  agentId: text(row, 'agent_id'),
  name: text(row, 'name'),
  scenario: decodeColumn(ScenarioJson, json(row.scenario), 'agent_tests', 'scenario', text(row, 'id')),
  createdAt: dateOf(row.created_at)!,
  updatedAt: dateOf(row.updated_at)!,
});

export const toTestRun = (row: Row): TestRun => ({
  id: text(row, 'id'),
  projectId: text(row, 'project_id'),
  agentId: text(row, 'agent_id'),
  status: decodeColumn(oneOf('status', TEST_RUN_STATUSES), row.status, 'test_runs', 'status', text(row, 'id')),
  testIds: decodeColumn(TestIdsJson, json(row.test_ids), 'test_runs', 'test_ids', text(row, 'id')),
  seed: Number(row.seed),
  results: decodeColumn(ResultsJson, json(row.results), 'test_runs', 'results', text(row, 'id')),
  cancelReason: row.cancel_reason === null || row.cancel_reason === undefined ? null : text(row, 'cancel_reason'),
  createdAt: dateOf(row.created_at)!,
  startedAt: dateOf(row.started_at),
  completedAt: dateOf(row.completed_at),
});

/** Scenario tests in `agent_tests`; an agent's go when it is deleted (the foreign key cascades). */
export class MikroOrmAgentTestRepository implements AgentTestRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(projectId: string, agentId: string, id: string): Promise<AgentTest | null> {
    const [row] = await runSelect(this.em, `select ${TEST_COLUMNS} from agent_tests where project_id = ? and agent_id = ? and id = ?`, [projectId, agentId, id], READ);
    return row ? toAgentTest(row) : null;
  }

  async findMany(projectId: string, agentId: string, ids: readonly string[]): Promise<readonly AgentTest[]> {
    if (ids.length === 0) return [];
    const rows = await runSelect(
      this.em,
      `select ${TEST_COLUMNS} from agent_tests where project_id = ? and agent_id = ? and id in (select jsonb_array_elements_text(?::jsonb)) order by created_at, id`,
      [projectId, agentId, JSON.stringify([...new Set(ids)])],
      READ,
    );
    return rows.map(toAgentTest);
  }

  async listAll(projectId: string, agentId: string): Promise<readonly AgentTest[]> {
    const rows = await runSelect(this.em, `select ${TEST_COLUMNS} from agent_tests where project_id = ? and agent_id = ? order by created_at, id`, [projectId, agentId], READ);
    return rows.map(toAgentTest);
  }

  async countForAgent(projectId: string, agentId: string): Promise<number> {
    const [row] = await runSelect(this.em, 'select count(*) as total from agent_tests where project_id = ? and agent_id = ?', [projectId, agentId], READ);
    return Number(row?.total ?? 0);
  }

  async save(test: AgentTest): Promise<void> {
    await ormUpsert(this.em, AgentTestSchema, { ...test, scenario: { ...test.scenario } });
  }

  async delete(projectId: string, agentId: string, id: string): Promise<void> {
    await ormDelete(this.em, AgentTestSchema, { projectId, agentId, id });
  }
}

/** Runs in `test_runs`, their results a jsonb list written as each scenario ends. */
export class MikroOrmTestRunRepository implements TestRunRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(projectId: string, id: string): Promise<TestRun | null> {
    const [row] = await runSelect(this.em, `select ${RUN_COLUMNS} from test_runs where project_id = ? and id = ?`, [projectId, id], READ);
    return row ? toTestRun(row) : null;
  }

  async countActive(projectId: string): Promise<number> {
    const [row] = await runSelect(this.em, `select count(*) as total from test_runs where project_id = ? and status in ('queued', 'running')`, [projectId], READ);
    return Number(row?.total ?? 0);
  }

  async claimStale(createdBefore: Date, limit: number): Promise<readonly TestRun[]> {
    const rows = await runSelect(
      this.em,
      `select ${RUN_COLUMNS} from test_runs where status in ('queued', 'running') and created_at < ? order by created_at, id limit ? for update skip locked`,
      [createdBefore.toISOString(), limit],
      PREPARED,
    );
    return rows.map(toTestRun);
  }

  /** The whole row, as each scenario ends: what a run is made of never changes, so writing it again is harmless. */
  async save(run: TestRun): Promise<void> {
    await ormUpsert(this.em, TestRunSchema, {
      ...run,
      testIds: [...run.testIds],
      results: run.results.map((result) => ({ ...result })),
    });
  }
}
