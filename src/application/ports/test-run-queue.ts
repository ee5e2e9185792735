import type { TestRun } from '../../domain/agent-test.js';

/**
 * Where queued test runs are played, off the request that queued them: told of a run once it
 * is committed, and of a cancel once that is, so it stops playing it.
 */
export interface TestRunQueue {
  enqueue(run: TestRun): void;
  cancel(runId: string): void;
}
