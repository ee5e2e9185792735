import type { AgentTest, TestRun } from '../../domain/agent-test.js';

/** Part of `Repositories` (as `agentTests`): the scenario tests kept with agents. */
export interface AgentTestRepository {
  findById(projectId: string, agentId: string, id: string): Promise<AgentTest | null>;
  /** Of these ids, the tests the agent has, in no particular order. */
  findMany(projectId: string, agentId: string, ids: readonly string[]): Promise<readonly AgentTest[]>;
  /** Every test of the agent, oldest first (a run of them all). */
  listAll(projectId: string, agentId: string): Promise<readonly AgentTest[]>;
  countForAgent(projectId: string, agentId: string): Promise<number>;
  save(test: AgentTest): Promise<void>;
  delete(projectId: string, agentId: string, id: string): Promise<void>;
}

/** Part of `Repositories` (as `testRuns`): runs of agents' tests and their results. */
export interface TestRunRepository {
  findById(projectId: string, id: string): Promise<TestRun | null>;
  /** Runs of the project still queued or running. */
  countActive(projectId: string): Promise<number>;
  save(run: TestRun): Promise<void>;
  /**
   * Up to `limit` runs of any project still queued or running that were made before
   * `createdBefore`, oldest first: the sweep of runs a node that stopped left behind. On
   * PostgreSQL the rows stay locked to this transaction, so two nodes never sweep the same run.
   */
  claimStale(createdBefore: Date, limit: number): Promise<readonly TestRun[]>;
}
