import * as E from 'fp-ts/lib/Either.js';

/** What a project may keep of scenario tests, and how much one run may take on. */
export const AGENT_TEST_LIMITS = {
  testsPerAgent: 100,
  /** The scenario document as JSON, in characters: a test is a script, not a recording. */
  scenarioChars: 64_000,
  testsPerRun: 100,
  /** Runs of one project queued or running at once. */
  activeRunsPerProject: 5,
} as const;

/**
 * A scenario test kept with its agent: the scenario document as it was given (without its
 * `agent`, which is always the agent it belongs to), decoded again when it runs.
 */
export interface AgentTest {
  readonly id: string;
  readonly projectId: string;
  readonly agentId: string;
  readonly name: string;
  readonly scenario: Readonly<Record<string, unknown>>;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const TEST_RUN_STATUSES = ['queued', 'running', 'completed', 'cancelled'] as const;
export type TestRunStatus = (typeof TEST_RUN_STATUSES)[number];

export const TEST_VERDICTS = ['passed', 'failed', 'errored'] as const;
export type TestVerdict = (typeof TEST_VERDICTS)[number];

/** One expectation's outcome as a run keeps it. */
export interface ExpectationOutcome {
  readonly kind: string;
  readonly passed: boolean;
  readonly message: string;
}

/** One scenario's outcome in a run. */
export interface TestResult {
  readonly testId: string;
  readonly name: string;
  readonly verdict: TestVerdict;
  readonly error: string | null;
  readonly expectations: readonly ExpectationOutcome[];
  readonly transcript: readonly string[];
  readonly durationMs: number;
}

/** A run of some of an agent's tests, played on the server away from the project's real data. */
export interface TestRun {
  readonly id: string;
  readonly projectId: string;
  readonly agentId: string;
  readonly status: TestRunStatus;
  readonly testIds: readonly string[];
  readonly seed: number;
  /** In the order of `testIds`, one a scenario played so far. */
  readonly results: readonly TestResult[];
  /** Why a cancelled run stopped (asked for, or the node stopping); null otherwise. */
  readonly cancelReason: string | null;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly completedAt: Date | null;
}

export interface TestRunCounts {
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  readonly errored: number;
}

export const countsOf = (run: TestRun): TestRunCounts => ({
  total: run.testIds.length,
  passed: run.results.filter((r) => r.verdict === 'passed').length,
  failed: run.results.filter((r) => r.verdict === 'failed').length,
  errored: run.results.filter((r) => r.verdict === 'errored').length,
});

export const isFinished = (run: TestRun): boolean => run.status === 'completed' || run.status === 'cancelled';

/** A run's refusal of a change its status does not allow. */
export interface RunFinished {
  readonly _tag: 'RunFinished';
  readonly runId: string;
  readonly status: TestRunStatus;
}

export const queuedRun = (props: { id: string; projectId: string; agentId: string; testIds: readonly string[]; seed: number; now: Date }): TestRun => ({
  id: props.id,
  projectId: props.projectId,
  agentId: props.agentId,
  status: 'queued',
  testIds: props.testIds,
  seed: props.seed,
  results: [],
  cancelReason: null,
  createdAt: props.now,
  startedAt: null,
  completedAt: null,
});

/** A queued run begins; any other stays as it is (a second node, or a cancel, got there first). */
export const startRun = (run: TestRun, now: Date): TestRun | null => (run.status === 'queued' ? { ...run, status: 'running', startedAt: now } : null);

/** One more scenario's outcome, kept while the run is running. */
export const withResult = (run: TestRun, result: TestResult): TestRun | null => (run.status === 'running' ? { ...run, results: [...run.results, result] } : null);

export const completeRun = (run: TestRun, now: Date): TestRun | null => (run.status === 'running' ? { ...run, status: 'completed', completedAt: now } : null);

/** Stops a run that has not finished; its results so far are kept. */
export const cancelRun = (run: TestRun, reason: string, now: Date): E.Either<RunFinished, TestRun> =>
  isFinished(run) ? E.left({ _tag: 'RunFinished', runId: run.id, status: run.status }) : E.right({ ...run, status: 'cancelled', cancelReason: reason, completedAt: now });
