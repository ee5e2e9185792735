import type { AgentTest, TestRun } from '../../domain/agent-test.js';
import type { Page, PageRequest } from '../ports/pagination.js';

/** The read side of scenario tests: an agent's tests, and the runs of a project (or of one agent). */
export interface AgentTestQueries {
  /** Oldest first. */
  listTests(projectId: string, agentId: string, page: PageRequest): Promise<Page<AgentTest>>;
  /** Newest first. */
  listRuns(projectId: string, agentId: string | null, page: PageRequest): Promise<Page<TestRun>>;
}
