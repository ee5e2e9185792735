import { countsOf, type TestRun, type TestVerdict } from '../../domain/agent-test.js';

/** `agent.test_run_completed`: every scenario of a run was played; each one's verdict, the details in `GET /v1/test-runs/{id}`. */
export interface TestRunCompletedEvent {
  readonly event: 'agent.test_run_completed';
  /** A run is no call and no text: it has no channel. */
  readonly channel: null;
  readonly timestamp: Date;
  readonly agentId: string;
  readonly data: {
    readonly testRunId: string;
    readonly status: 'completed';
    readonly seed: number;
    readonly total: number;
    readonly passed: number;
    readonly failed: number;
    readonly errored: number;
    readonly startedAt: Date | null;
    readonly completedAt: Date | null;
    readonly results: { readonly testId: string; readonly name: string; readonly verdict: TestVerdict }[];
  };
  readonly conversationState: null;
  readonly recentHistory: readonly never[];
}

export const testRunCompletedEvent = (run: TestRun, now: Date): TestRunCompletedEvent => ({
  event: 'agent.test_run_completed',
  channel: null,
  timestamp: now,
  agentId: run.agentId,
  data: {
    testRunId: run.id,
    status: 'completed',
    seed: run.seed,
    ...countsOf(run),
    startedAt: run.startedAt,
    completedAt: run.completedAt,
    results: run.results.map((r) => ({ testId: r.testId, name: r.name, verdict: r.verdict })),
  },
  conversationState: null,
  recentHistory: [],
});
