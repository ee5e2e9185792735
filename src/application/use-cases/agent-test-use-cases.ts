import type { CancelTestRun } from './agent-tests/cancel-test-run.js';
import type { CreateAgentTest } from './agent-tests/create-agent-test.js';
import type { DeleteAgentTest } from './agent-tests/delete-agent-test.js';
import type { GetAgentTest } from './agent-tests/get-agent-test.js';
import type { GetTestRun } from './agent-tests/get-test-run.js';
import type { ListAgentTests } from './agent-tests/list-agent-tests.js';
import type { ListTestRuns } from './agent-tests/list-test-runs.js';
import type { StartTestRun } from './agent-tests/start-test-run.js';
import type { UpdateAgentTest } from './agent-tests/update-agent-test.js';

/** Agents' scenario tests and the runs of them on the server: `useCases.agentTests` of the one registry. */
export interface AgentTestUseCases {
  readonly createAgentTest: CreateAgentTest;
  readonly listAgentTests: ListAgentTests;
  readonly getAgentTest: GetAgentTest;
  readonly updateAgentTest: UpdateAgentTest;
  readonly deleteAgentTest: DeleteAgentTest;
  readonly startTestRun: StartTestRun;
  readonly getTestRun: GetTestRun;
  readonly listTestRuns: ListTestRuns;
  readonly cancelTestRun: CancelTestRun;
}
