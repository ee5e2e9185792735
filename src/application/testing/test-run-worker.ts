import * as E from 'fp-ts/lib/Either.js';
import { completeRun, isFinished, startRun, withResult, cancelRun, type AgentTest, type TestResult, type TestRun } from '../../domain/agent-test.js';
import { testRunCompletedEvent } from '../events/test-run-completed-event.js';
import type { Clock } from '../ports/clock.js';
import type { Logger } from '../ports/logger.js';
import type { ScenarioStage } from '../ports/scenario-stage.js';
import type { TestedAgents } from '../ports/tested-agents.js';
import type { ScenarioReader } from './scenario-reader.js';
import type { TestRunQueue } from '../ports/test-run-queue.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { DeliveryTrigger } from '../ports/webhook-repositories.js';
import { endpointFor, queueWebhookEvent, type QueueDeps } from '../webhooks/outbox.js';
import type { ScenarioResult } from './scenario-result.js';
import { runScenario, type ScenarioRunnerDeps } from './scenario-runner.js';
import type { ScenarioAgent } from './scenario.js';

export interface TestRunWorkerDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly events: QueueDeps & { readonly deliveryTrigger: DeliveryTrigger | null };
  readonly scenarios: ScenarioReader;
  readonly agents: TestedAgents;
  /** A stage of the run's own, closed when it ends: nothing its contacts leave reaches the project's store. */
  readonly stage: () => Promise<ScenarioStage>;
  readonly runner: ScenarioRunnerDeps;
  readonly logger: Logger;
}

interface Playing {
  readonly runId: string;
  readonly projectId: string;
  aborted: boolean;
  stage: ScenarioStage | null;
}

const resultOf = (test: AgentTest, result: ScenarioResult): TestResult => ({
  testId: test.id,
  name: test.name,
  verdict: result.verdict,
  error: result.error,
  expectations: result.expectations.map((e) => ({ kind: e.expectation.kind, passed: e.passed, message: e.message })),
  transcript: result.transcript,
  durationMs: Math.round(result.durationMs),
});

const erroredResult = (test: Pick<AgentTest, 'id' | 'name'>, error: string): TestResult => ({ testId: test.id, name: test.name, verdict: 'errored', error, expectations: [], transcript: [], durationMs: 0 });

/**
 * Plays queued test runs one after another, each on a stage of its own, through the runner the
 * CLI uses; keeps each scenario's result on the run as it ends, and queues
 * `agent.test_run_completed` when the last one has. A cancel (or the node stopping) stops the
 * run at once: its stage is closed and nothing more is kept but the record.
 */
export class TestRunWorker implements TestRunQueue {
  private tail: Promise<void> = Promise.resolve();
  private readonly pending = new Map<string, Playing>();
  private stopping = false;

  constructor(private readonly deps: TestRunWorkerDeps) {}

  enqueue(run: TestRun): void {
    if (this.stopping) return;
    const playing: Playing = { runId: run.id, projectId: run.projectId, aborted: false, stage: null };
    this.pending.set(run.id, playing);
    this.tail = this.tail
      .then(() => this.play(playing))
      .catch((error: unknown) => this.deps.logger.error({ err: error, testRunId: run.id }, 'a test run failed to play'))
      .finally(() => this.pending.delete(run.id));
  }

  cancel(runId: string): void {
    const playing = this.pending.get(runId);
    if (playing) this.abort(playing);
  }

  /** Cancels every run not yet done (their records say the node stopped) and waits for the one playing to let go. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const playing of this.pending.values()) {
      await this.deps.uow.transaction(async (tx) => {
        const run = await tx.testRuns.findById(playing.projectId, playing.runId);
        const cancelled = run ? cancelRun(run, 'the node stopped', this.deps.clock.now()) : null;
        if (cancelled && E.isRight(cancelled)) await tx.testRuns.save(cancelled.right);
        return E.right(undefined);
      });
      this.abort(playing);
    }
    await this.tail;
  }

  private abort(playing: Playing): void {
    playing.aborted = true;
    const stage = playing.stage;
    playing.stage = null;
    void stage?.close().catch(() => undefined);
  }

  private async play(playing: Playing): Promise<void> {
    if (playing.aborted) return;
    const { uow, clock } = this.deps;
    const begun = await uow.transaction(async (tx) => {
      const run = await tx.testRuns.findById(playing.projectId, playing.runId);
      const started = run ? startRun(run, clock.now()) : null;
      if (!started) return E.right(null);
      await tx.testRuns.save(started);
      const tests = await tx.agentTests.findMany(started.projectId, started.agentId, started.testIds);
      return E.right({ run: started, tests });
    });
    if (E.isLeft(begun) || begun.right === null) return;
    const { run, tests } = begun.right;
    const agent = await this.deps.agents.definitionOf(run.projectId, run.agentId);
    const byId = new Map(tests.map((t) => [t.id, t]));
    const stage = await this.deps.stage();
    playing.stage = stage;
    try {
      for (const testId of run.testIds) {
        if (playing.aborted) return;
        const test = byId.get(testId);
        const result = test ? await this.playOne(test, agent, stage, run.seed) : erroredResult({ id: testId, name: testId }, 'the test was deleted before the run reached it');
        if (playing.aborted || !(await this.keep(run, result))) return;
      }
      await this.complete(run);
    } finally {
      if (playing.stage === stage) {
        playing.stage = null;
        await stage.close().catch(() => undefined);
      }
    }
  }

  private async playOne(test: AgentTest, agent: ScenarioAgent | null, stage: ScenarioStage, seed: number): Promise<TestResult> {
    if (agent === null) return erroredResult(test, 'the agent was deleted before the run reached this test');
    const scenario = this.deps.scenarios.read(test.scenario);
    if (E.isLeft(scenario)) return erroredResult(test, `the scenario did not decode: ${scenario.left.join('; ')}`);
    const result = await runScenario({ scenario: { ...scenario.right, agent }, file: null }, stage, seed, this.deps.runner);
    return resultOf(test, result);
  }

  /** Adds the result to the run unless it was cancelled meanwhile; says whether the run goes on. */
  private async keep(run: TestRun, result: TestResult): Promise<boolean> {
    const kept = await this.deps.uow.transaction(async (tx) => {
      const current = await tx.testRuns.findById(run.projectId, run.id);
      const next = current ? withResult(current, result) : null;
      if (next) await tx.testRuns.save(next);
      return E.right(next !== null);
    });
    return E.isRight(kept) && kept.right;
  }

  private async complete(run: TestRun): Promise<void> {
    const { uow, clock, events } = this.deps;
    const queued = await uow.transaction(async (tx) => {
      const current = await tx.testRuns.findById(run.projectId, run.id);
      const done = current && !isFinished(current) ? completeRun(current, clock.now()) : null;
      if (!done) return E.right(false);
      await tx.testRuns.save(done);
      const webhook = await endpointFor(tx, done.projectId, done.agentId);
      if (webhook) await queueWebhookEvent(tx, events, webhook, testRunCompletedEvent(done, clock.now()));
      return E.right(webhook !== null);
    });
    if (E.isRight(queued) && queued.right) events.deliveryTrigger?.poke();
  }
}
